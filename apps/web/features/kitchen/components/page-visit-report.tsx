import type { PageType, PageVisitReport } from '@storefront/contracts/analytics';

const PAGE_TYPE_LABEL: Record<PageType, string> = {
  search: 'Store search',
  store: 'Store menu',
  item: 'Item',
  checkout: 'Checkout',
  payment: 'Payment',
  confirmation: 'Confirmation',
  tracking: 'Order tracking',
  account: 'My account',
  other: 'Other',
};

/**
 * The kitchen's small page-visit report (ordering spec section 7, first-party analytics): visits of the last
 * days by page and by store. Browsers that sent Do Not Track or Global Privacy Control are not counted.
 */
export function PageVisitReportView({ report }: { report: PageVisitReport }) {
  return (
    <div className="flex flex-col gap-6">
      <p className="text-gray-800">
        {report.total} page {report.total === 1 ? 'visit' : 'visits'} in the last {report.days} days. Visitors
        who ask not to be tracked (Do Not Track, Global Privacy Control) are not counted.
      </p>
      <VisitTable
        caption="By page"
        heading="Page"
        rows={report.byPageType.map((row) => ({
          key: row.pageType,
          label: PAGE_TYPE_LABEL[row.pageType],
          visits: row.visits,
        }))}
      />
      <VisitTable
        caption="By store"
        heading="Store"
        rows={report.byLocation.map((row) => ({ key: row.locationId, label: row.name, visits: row.visits }))}
      />
    </div>
  );
}

/** One breakdown of the report: a row per page type or store with its visits. */
function VisitTable({
  caption,
  heading,
  rows,
}: {
  caption: string;
  heading: string;
  rows: { key: string | number; label: string; visits: number }[];
}) {
  return (
    <table className="w-full max-w-xl text-left">
      <caption className="mb-2 text-left text-lg font-bold">{caption}</caption>
      <thead>
        <tr className="border-b border-gray-300">
          <th scope="col" className="py-1">
            {heading}
          </th>
          <th scope="col" className="py-1 text-right">
            Visits
          </th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.key} className="border-b border-gray-100">
            <th scope="row" className="py-1 font-normal">
              {row.label}
            </th>
            <td className="py-1 text-right tabular-nums">{row.visits}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
