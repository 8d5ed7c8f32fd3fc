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
  const tableClass = 'w-full max-w-xl text-left';
  return (
    <div className="flex flex-col gap-6">
      <p className="text-gray-800">
        {report.total} page {report.total === 1 ? 'visit' : 'visits'} in the last {report.days} days. Visitors
        who ask not to be tracked (Do Not Track, Global Privacy Control) are not counted.
      </p>
      <table className={tableClass}>
        <caption className="mb-2 text-left text-lg font-bold">By page</caption>
        <thead>
          <tr className="border-b border-gray-300">
            <th scope="col" className="py-1">
              Page
            </th>
            <th scope="col" className="py-1 text-right">
              Visits
            </th>
          </tr>
        </thead>
        <tbody>
          {report.byPageType.map((row) => (
            <tr key={row.pageType} className="border-b border-gray-100">
              <th scope="row" className="py-1 font-normal">
                {PAGE_TYPE_LABEL[row.pageType]}
              </th>
              <td className="py-1 text-right tabular-nums">{row.visits}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <table className={tableClass}>
        <caption className="mb-2 text-left text-lg font-bold">By store</caption>
        <thead>
          <tr className="border-b border-gray-300">
            <th scope="col" className="py-1">
              Store
            </th>
            <th scope="col" className="py-1 text-right">
              Visits
            </th>
          </tr>
        </thead>
        <tbody>
          {report.byLocation.map((row) => (
            <tr key={row.locationId} className="border-b border-gray-100">
              <th scope="row" className="py-1 font-normal">
                {row.name}
              </th>
              <td className="py-1 text-right tabular-nums">{row.visits}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
