import type { PastOrderDetail } from '@storefront/contracts/accounts';
import { totalsRows } from '@storefront/contracts/pricing';
import { OrderLineList } from '@/components/ui/order-line-details';
import { TotalsList } from '@/components/ui/totals-list';
import { formatReadyDateTime, itemCountLabel } from '../account-view';

/**
 * A past order's details: when and where, its lines with portion, modifiers and note, and the totals (rows only
 * when nonzero). `headingLevel` lets the same body sit in a page (h2) or a dialog whose title is the heading.
 */
export function PastOrderDetails({
  order,
  actions,
  showTitle = true,
}: {
  order: PastOrderDetail;
  actions?: React.ReactNode;
  showTitle?: boolean;
}) {
  const when = formatReadyDateTime(order.readyDateTime ?? order.placedAt);
  return (
    <div className="flex flex-col gap-4">
      {showTitle ? <h2 className="text-2xl font-bold">Order Details</h2> : null}
      <div>
        <p className="font-semibold">{order.locationName}</p>
        <p className="text-sm text-gray-700">{order.locationAddress}</p>
        <p className="text-sm text-gray-700">
          {when}
          {order.referenceNumber ? ` · Order #${order.referenceNumber}` : ''} ·{' '}
          {itemCountLabel(order.itemCount)}
        </p>
      </div>
      <OrderLineList label="Items" lines={order.items} />
      <TotalsList {...totalsRows(order.totals)} />
      {actions ? <div className="flex flex-wrap justify-end gap-3">{actions}</div> : null}
    </div>
  );
}
