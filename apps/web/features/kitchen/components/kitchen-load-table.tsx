import { FULFILLMENT_METHOD_LABEL } from '@storefront/contracts/enums';
import type { KitchenLoad } from '@storefront/contracts/capacity';
import { DATE_FORMAT, formatInZone, formatLocalDate } from '@/lib/dates';

const limit = (taken: number, max: number | null) => (max === null ? String(taken) : `${taken} / ${max}`);

/** Today's load per 15-minute ready-time slot: orders and items taken against the kitchen's capacity. */
export function KitchenLoadTable({ load }: { load: KitchenLoad }) {
  const capacityText =
    load.capacities.length === 0
      ? 'No capacity limits are set: every slot takes any number of orders.'
      : load.capacities
          .map(
            (c) =>
              `${FULFILLMENT_METHOD_LABEL[c.fulfillmentMethod]}: ${c.maxOrders ?? 'any'} orders, ${c.maxItems ?? 'any'} items per 15 minutes`,
          )
          .join(' · ');
  return (
    <section aria-labelledby="kitchen-load-title" className="rounded-2xl bg-white p-4 shadow-sm">
      <h2 id="kitchen-load-title" className="text-lg font-bold">
        Kitchen load, {formatLocalDate(load.date)}
      </h2>
      <p className="text-sm text-gray-700">{capacityText}</p>
      {load.slots.length === 0 ? (
        <p className="py-3 text-sm text-gray-700">No orders booked for today yet.</p>
      ) : (
        <div className="mt-2 overflow-x-auto">
          <table className="w-full text-left text-sm">
            <caption className="sr-only">Orders and items per 15-minute slot</caption>
            <thead>
              <tr className="border-b border-gray-200">
                <th scope="col" className="py-2 pr-4">
                  Slot
                </th>
                <th scope="col" className="py-2 pr-4">
                  Method
                </th>
                <th scope="col" className="py-2 pr-4">
                  Orders
                </th>
                <th scope="col" className="py-2 pr-4">
                  Items
                </th>
                <th scope="col" className="py-2">
                  State
                </th>
              </tr>
            </thead>
            <tbody>
              {load.slots.map((slot) => (
                <tr key={`${slot.slotStart}-${slot.fulfillmentMethod}`} className="border-b border-gray-100">
                  <td className="py-2 pr-4 tabular-nums">
                    {formatInZone(slot.slotStart, load.timeZone, DATE_FORMAT.time)}
                  </td>
                  <td className="py-2 pr-4">{FULFILLMENT_METHOD_LABEL[slot.fulfillmentMethod]}</td>
                  <td className="py-2 pr-4 tabular-nums">{limit(slot.orders, slot.maxOrders)}</td>
                  <td className="py-2 pr-4 tabular-nums">{limit(slot.items, slot.maxItems)}</td>
                  <td className="py-2 font-semibold">{slot.isFull ? 'Full' : 'Open'}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
