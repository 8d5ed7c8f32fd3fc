import { formatCents } from '@storefront/contracts/money';
import { pluralLabel } from '@storefront/contracts/text';
import type { Order } from '@storefront/contracts/orders';
import { AddedToOrder, MyOrderAside } from './added-to-order';
import { MyOrderSheet } from './my-order-sheet';
import { OrderLines, orderItemCount, type MenuType } from './order-lines';

/**
 * The My Order panel of the store page: a sticky, scrollable side panel on desktop (>= 768 px) and, once the
 * order has something in it, a bottom bar opening a sheet on mobile. `order` comes from
 * `getCurrentOrder(locationId)` (null = empty). An add made on the item page is confirmed here (AddedToOrder).
 */
export function MyOrderPanel({
  locationId,
  menuType,
  order,
  utensilsOption,
}: {
  locationId: number;
  menuType: MenuType;
  order: Order | null;
  utensilsOption: boolean;
}) {
  const count = orderItemCount(order);
  const lines = (
    <OrderLines locationId={locationId} menuType={menuType} order={order} utensilsOption={utensilsOption} />
  );
  return (
    <AddedToOrder orderVersion={order ? `${order.id}@${order.updatedAt}` : ''}>
      <MyOrderAside>
        <h2 id="my-order-heading" className="mb-2 font-display text-2xl font-bold">
          My Order
        </h2>
        {lines}
      </MyOrderAside>
      {/* Room under the menu for the phone's My Order bar. */}
      <div className="h-20 md:hidden" aria-hidden />
      <MyOrderSheet
        countLabel={pluralLabel(count, 'item')}
        subtotalLabel={order && count > 0 ? formatCents(Math.round(order.totals.subtotal * 100)) : null}
      >
        {lines}
      </MyOrderSheet>
    </AddedToOrder>
  );
}
