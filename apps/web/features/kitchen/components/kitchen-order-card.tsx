import { STAFF_STATUS_ACTION, nextOrderStatus, type StaffOrder } from '@storefront/contracts/staff';
import { describeHandover } from '@storefront/contracts/pickup';
import { Price } from '@/components/ui/price';
import { AdvanceOrderButton } from './advance-order-button';

/** '2026-11-22T18:05:00-05:00' -> '6:05 PM' in the store's own time (the API sends the store's offset). */
export function storeClockTime(iso: string): string {
  const match = /T(\d{2}):(\d{2})/.exec(iso);
  if (!match) return '';
  const hours = Number(match[1]);
  const suffix = hours >= 12 ? 'PM' : 'AM';
  return `${hours % 12 === 0 ? 12 : hours % 12}:${match[2]} ${suffix}`;
}

/** One placed order on the kitchen board. */
export function KitchenOrderCard({ order }: { order: StaffOrder }) {
  const next = nextOrderStatus(order.statusId);
  const action = STAFF_STATUS_ACTION[order.statusId];
  const name = [order.contact.firstName, order.contact.lastName].filter(Boolean).join(' ') || 'Guest';
  const titleId = `kitchen-order-${order.id}`;
  const handover = describeHandover(order.pickup);
  return (
    <article aria-labelledby={titleId} className="flex flex-col gap-3 rounded-xl bg-white p-4 shadow-sm">
      <header className="flex items-baseline justify-between gap-2">
        <h3 id={titleId} className="text-lg font-bold">
          #{order.referenceNumber}
        </h3>
        <time dateTime={order.placedAt} className="text-sm text-gray-700">
          {storeClockTime(order.placedAt)}
        </time>
      </header>
      <p className="text-sm">
        <span className="font-semibold">{name}</span>
        {order.contact.phone ? <span className="text-gray-700"> · {order.contact.phone}</span> : null}
      </p>
      {handover ? (
        <p className="rounded-lg bg-sky-50 p-2 text-sm font-semibold text-gray-900">{handover}</p>
      ) : null}
      {order.delivery ? (
        <p className="rounded-lg bg-amber-50 p-2 text-sm text-gray-900">
          <span className="font-semibold">Delivery</span> to {order.delivery.address}
          {order.delivery.providerReference ? (
            <>
              <br />
              Driver booking: <span className="font-mono">{order.delivery.providerReference}</span>
            </>
          ) : null}
        </p>
      ) : null}
      <ul className="flex flex-col gap-2">
        {order.items.map((item) => (
          <li key={item.id}>
            <p className="font-semibold">
              {item.quantity} x {item.title}
              {item.portionTitle ? (
                <span className="font-normal text-gray-700"> ({item.portionTitle})</span>
              ) : null}
            </p>
            {item.modifiers.length > 0 ? (
              <ul className="pl-4 text-sm text-gray-700">
                {item.modifiers.map((m, index) => (
                  <li key={`${m.title}-${index}`}>
                    {m.quantity > 1 ? `${m.quantity} x ${m.title}` : m.title}
                  </li>
                ))}
              </ul>
            ) : null}
            {item.notes ? <p className="pl-4 text-sm italic text-gray-800">Note: {item.notes}</p> : null}
          </li>
        ))}
      </ul>
      {order.notes ? (
        <p className="rounded-lg bg-amber-50 p-2 text-sm text-gray-900">
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
    </article>
  );
}
