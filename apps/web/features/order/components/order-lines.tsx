import Link from 'next/link';
import { isNestedItemKey } from '@storefront/contracts/menu';
import { Price } from '@/components/ui/price';
import type { Order } from '@storefront/contracts/orders';
import { dollarsToCents, formatCents } from '@storefront/contracts/money';
import { parseOrderNotes } from '@storefront/contracts/text';
import { CartLineQuantity } from './cart-line-quantity';
import { CheckoutButton } from './checkout-button';
import { IncludeUtensils } from './include-utensils';

export type MenuType = 'menu' | 'catering';

/**
 * The order's lines ('quantity x title', modifiers, price, Edit and the quantity picker), 'Include Utensils'
 * when the store offers it, the Subtotal and Checkout.
 */
export function OrderLines({
  locationId,
  menuType,
  order,
  utensilsOption,
}: {
  locationId: number;
  menuType: MenuType;
  order: Order | null;
  /** The store's includeUtensilsOption. */
  utensilsOption: boolean;
}) {
  const items = order?.items ?? [];
  const delivery = order?.fulfillmentInformation?.delivery ?? null;
  if (!order || items.length === 0) {
    return <p className="py-8 text-center text-gray-700">Your order will be shown here!</p>;
  }
  return (
    <div className="flex flex-col gap-4">
      <ul className="flex flex-col divide-y divide-gray-200" aria-label="Order items">
        {items.map((item) => {
          const label = `${item.quantity} x ${item.title}`;
          return (
            <li key={item.id} className="flex flex-col gap-1 py-3">
              <div className="flex items-start justify-between gap-3">
                <p className="font-semibold">{label}</p>
                <Price dollars={item.total} className="font-semibold tabular-nums" />
              </div>
              {item.portionTitle || item.selectedModifiers.length > 0 ? (
                <ul className="text-sm text-gray-700" aria-label={`Customizations of ${item.title}`}>
                  {item.portionTitle ? <li>{item.portionTitle}</li> : null}
                  {item.selectedModifiers.map((m) => (
                    <li key={m.itemPathKey} className={isNestedItemKey(m.itemPathKey) ? 'pl-4' : undefined}>
                      {m.quantity > 1 ? `${m.quantity} x ${m.title}` : m.title}
                    </li>
                  ))}
                </ul>
              ) : null}
              {item.note ? <p className="text-sm italic text-gray-700">{item.note}</p> : null}
              <div className="flex items-center justify-between">
                <Link
                  href={`/${locationId}/${menuType}/${item.itemPathKey}?instance=${item.id}`}
                  aria-label={`Edit ${item.title}`}
                  className="rounded text-sm font-semibold text-gray-900 underline underline-offset-4"
                >
                  Edit
                </Link>
                <CartLineQuantity
                  locationId={locationId}
                  menuType={menuType}
                  itemId={item.id}
                  title={item.title}
                  quantity={item.quantity}
                />
              </div>
            </li>
          );
        })}
      </ul>
      {utensilsOption ? (
        <IncludeUtensils
          locationId={locationId}
          menuType={menuType}
          checked={parseOrderNotes(order.notes).includeUtensils}
        />
      ) : null}
      {/* Announced politely when a debounced quantity change lands, so screen-reader users hear the new price. */}
      <div
        aria-live="polite"
        aria-atomic="true"
        className="flex items-center justify-between border-t border-gray-300 pt-3 text-lg font-bold"
      >
        <span>Subtotal</span>
        <Price dollars={order.totals.subtotal} className="tabular-nums" />
      </div>
      {delivery ? <DeliveryCharges delivery={delivery} subtotal={order.totals.subtotal} /> : null}
      <CheckoutButton
        crossSell={
          order ? { orderId: order.id, locationId, menuType, snapshotId: order.context.snapshotId } : null
        }
      />
    </div>
  );
}

/**
 * A delivery order's zone fee, and what is missing to reach the zone's minimum order (checkout refuses the
 * order below it with 'Order Total issue!'), shown before checkout.
 */
function DeliveryCharges({
  delivery,
  subtotal,
}: {
  delivery: { feeAmount: number; minimumOrderAmount?: number | null | undefined };
  subtotal: number;
}) {
  const minimum = delivery.minimumOrderAmount ?? null;
  const missingCents = minimum === null ? 0 : dollarsToCents(minimum) - dollarsToCents(subtotal);
  return (
    <div className="-mt-2 flex flex-col gap-1 text-sm text-gray-800">
      <div className="flex items-center justify-between">
        <span>Delivery fee</span>
        <Price dollars={delivery.feeAmount} className="tabular-nums" />
      </div>
      {minimum !== null && missingCents > 0 ? (
        <p role="status" className="rounded-lg bg-amber-50 p-2 text-gray-900">
          Add {formatCents(missingCents)} more to reach the {formatCents(dollarsToCents(minimum))} delivery
          minimum.
        </p>
      ) : null}
    </div>
  );
}

/** Number of units in the order (sum of line quantities). */
export function orderItemCount(order: Order | null): number {
  return order?.items.reduce((sum, item) => sum + item.quantity, 0) ?? 0;
}
