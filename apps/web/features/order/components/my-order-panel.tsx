import { formatCents } from '@storefront/contracts/money';
import { pluralLabel } from '@storefront/contracts/text';
import type { Order } from '@storefront/contracts/orders';
import { MyOrderSheet } from './my-order-sheet';
import { OrderLines, orderItemCount, type MenuType } from './order-lines';

/**
 * The My Order panel of the store page: a sticky, scrollable side panel on desktop (>= 768 px) and a bottom bar
 * opening a sheet on mobile. `order` comes from `getCurrentOrder(locationId)` (null = empty).
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
    <>
      {/* Spec section 9: the desktop panel's max-height is the viewport minus an offset of at least 310 px
          (header, sticky offsets and footer room); the min-height keeps it usable on very short windows. */}
      <aside
        aria-labelledby="my-order-heading"
        className="sticky top-20 hidden max-h-[calc(100dvh-310px)] min-h-[240px] w-full flex-col overflow-y-auto rounded-2xl bg-white p-5 shadow-sm md:flex"
      >
        <h2 id="my-order-heading" className="mb-2 font-display text-2xl font-bold">
          My Order
        </h2>
        {lines}
      </aside>
      <div className="h-20 md:hidden" aria-hidden />
      <MyOrderSheet
        countLabel={pluralLabel(count, 'item')}
        subtotalLabel={order && count > 0 ? formatCents(Math.round(order.totals.subtotal * 100)) : null}
      >
        {lines}
      </MyOrderSheet>
    </>
  );
}
