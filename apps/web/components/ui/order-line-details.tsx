import { Price } from './price';

/**
 * One order line as the guest reads it in summaries (checkout, tracking): 'quantity x title', the portion, the
 * modifiers ('2 x Bacon, Swiss') and the line's note.
 */
export function OrderLineDetails({
  quantity,
  title,
  portionTitle,
  modifiers,
  note,
}: {
  quantity: number;
  title: string;
  portionTitle: string | null;
  modifiers: readonly { title: string; quantity: number }[];
  note: string | null;
}) {
  return (
    <div className="min-w-0">
      <p className="font-semibold">
        {quantity} x {title}
      </p>
      {portionTitle ? <p className="text-sm text-gray-700">{portionTitle}</p> : null}
      {modifiers.length > 0 ? (
        <p className="text-sm text-gray-700">
          {modifiers.map((m) => (m.quantity > 1 ? `${m.quantity} x ${m.title}` : m.title)).join(', ')}
        </p>
      ) : null}
      {note ? <p className="text-sm italic text-gray-700">{note}</p> : null}
    </div>
  );
}

/** An order line as the summaries list it: its details and its total. */
export type OrderLineSummary = {
  id: number | string;
  quantity: number;
  title: string;
  portionTitle: string | null;
  modifiers: readonly { title: string; quantity: number }[];
  note: string | null;
  /** The line's total in dollars, as the API answers it. */
  total: number;
};

/** The lines of an order in a summary (checkout, tracking, a past order): details left, total right. */
export function OrderLineList({ lines, label }: { lines: readonly OrderLineSummary[]; label?: string }) {
  return (
    <ul aria-label={label} className="flex flex-col divide-y divide-gray-100">
      {lines.map((line) => (
        <li key={line.id} className="flex items-start justify-between gap-4 py-2">
          <OrderLineDetails
            quantity={line.quantity}
            title={line.title}
            portionTitle={line.portionTitle}
            modifiers={line.modifiers}
            note={line.note}
          />
          <Price dollars={line.total} className="shrink-0 tabular-nums" />
        </li>
      ))}
    </ul>
  );
}
