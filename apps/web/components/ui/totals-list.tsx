import { Price } from './price';

export interface TotalsRow {
  label: string;
  dollars: number;
}

/**
 * Order totals as a definition list: every row but the last shows only when nonzero (spec: Item Total,
 * Discounts, Service Charge, Tax, Tip); the last row (Total) always shows, in bold.
 */
export function TotalsList({ rows, total }: { rows: readonly TotalsRow[]; total: TotalsRow }) {
  return (
    <dl className="flex flex-col gap-1 text-sm">
      {rows
        .filter((row) => Math.round(row.dollars * 100) !== 0)
        .map((row) => (
          <div key={row.label} className="flex justify-between gap-4">
            <dt className="text-gray-700">{row.label}</dt>
            <dd className="tabular-nums">
              <Price dollars={row.dollars} />
            </dd>
          </div>
        ))}
      <div className="mt-1 flex justify-between gap-4 border-t border-gray-200 pt-2 text-base font-bold">
        <dt>{total.label}</dt>
        <dd className="tabular-nums">
          <Price dollars={total.dollars} />
        </dd>
      </div>
    </dl>
  );
}
