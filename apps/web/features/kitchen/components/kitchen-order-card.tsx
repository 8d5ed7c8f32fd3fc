import { Banknote } from 'lucide-react';
import { unpaidBadgeText } from '@storefront/contracts/pay-later';
import { STAFF_STATUS_ACTION, nextOrderStatus, type StaffOrder } from '@storefront/contracts/staff';
import { Price } from '@/components/ui/price';
import { AdvanceOrderButton } from './advance-order-button';
import { CancelOrderButton } from './cancel-order-button';
import { KitchenTicket } from './kitchen-ticket';

/** One placed order on the kitchen board: the ticket's head (timing, handoff) over its items and action. */
export function KitchenOrderCard({ order, renderedAt }: { order: StaffOrder; renderedAt: number }) {
  const cancelled = Boolean(order.cancelledAt);
  const next = cancelled ? null : nextOrderStatus(order.statusId);
  const action = STAFF_STATUS_ACTION[order.statusId];
  return (
    <KitchenTicket order={order} renderedAt={renderedAt}>
      {cancelled ? (
        // Words, not colour alone: the ticket is no longer to be made.
        <p className="self-start rounded-lg border-2 border-red-800 px-3 py-1 font-bold text-red-800">
          Cancelled{order.cancelReason ? `: ${order.cancelReason}` : ''}
        </p>
      ) : null}
      {order.unpaidAmount !== null ? (
        // Paid at the store: the counter collects it before handing the order over. Words, not colour alone.
        <p className="inline-flex items-center gap-2 self-start rounded-lg border-2 border-amber-700 bg-amber-100 px-3 py-1 font-bold text-gray-950">
          <Banknote aria-hidden className="size-5" />
          {unpaidBadgeText(order.unpaidAmount)}
        </p>
      ) : null}
      <ul className="flex flex-col gap-2">
        {order.items.map((item) => (
          <li key={item.id}>
            <p className="text-lg font-semibold">
              {item.quantity} x {item.title}
              {item.portionTitle ? (
                <span className="font-normal text-gray-700"> ({item.portionTitle})</span>
              ) : null}
            </p>
            {item.modifiers.length > 0 ? (
              <ul className="pl-4 text-gray-800">
                {item.modifiers.map((m, index) => (
                  <li key={`${m.title}-${index}`}>
                    {m.quantity > 1 ? `${m.quantity} x ${m.title}` : m.title}
                  </li>
                ))}
              </ul>
            ) : null}
            {item.notes ? <p className="pl-4 italic text-gray-800">Note: {item.notes}</p> : null}
          </li>
        ))}
      </ul>
      {order.notes ? (
        <p className="rounded-lg bg-amber-50 p-2 text-gray-900">
          <span className="font-semibold">Order notes:</span> {order.notes}
        </p>
      ) : null}
      <p className="text-sm text-gray-700">
        Total <Price dollars={order.total} className="font-semibold text-gray-900" />
      </p>
      {next !== null && action ? (
        <AdvanceOrderButton
          orderId={order.id}
          nextStatusId={next}
          label={action}
          referenceNumber={order.referenceNumber}
        />
      ) : null}
      {next !== null ? (
        <CancelOrderButton orderId={order.id} referenceNumber={order.referenceNumber} />
      ) : null}
    </KitchenTicket>
  );
}
