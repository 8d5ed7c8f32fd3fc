import 'server-only';
import { apiRequest } from '@/lib/api';
import { getOrderRef } from '@/lib/order-cookie';
import { FULFILLMENT_METHOD } from '@storefront/contracts/enums';
import { OrderSettingsSchema } from '@storefront/contracts/locations';
import { OrderSchema, type Order } from '@storefront/contracts/orders';

/**
 * The current order of this browser session (from the order cookie), or null when there is none, when the API
 * does not know it or it belongs to another session (403/404), or when it is for another location than
 * `locationId` (the caller then starts a new order on the first add). Other API failures throw to the error
 * boundary: an empty cart must not be shown for an order that exists.
 */
export async function getCurrentOrder(locationId?: number): Promise<Order | null> {
  const ref = await getOrderRef();
  if (!ref) return null;
  if (locationId !== undefined && ref.locationId !== locationId) return null;
  const result = await apiRequest(OrderSchema, `sales/orders/${ref.orderId}`);
  if (!result.ok) {
    if (result.status >= 400 && result.status < 500) return null;
    throw new Error(`Could not load order ${ref.orderId}: ${result.errors.map((e) => e.message).join(', ')}`);
  }
  if (result.value.context.locationId !== ref.locationId) return null;
  return result.value;
}

/** Whether the store offers 'Include Utensils' in the My Order panel; false when its settings are unavailable. */
export async function getUtensilsOption(locationId: number, catering: boolean): Promise<boolean> {
  const result = await apiRequest(OrderSettingsSchema, `locations/${locationId}/order-settings`, {
    query: { fulfillmentMethod: FULFILLMENT_METHOD.Pickup, catering },
    revalidate: 60,
  });
  return result.ok ? result.value.includeUtensilsOption : false;
}
