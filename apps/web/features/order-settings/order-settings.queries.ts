import 'server-only';
import { FULFILLMENT_METHOD, type FulfillmentMethod } from '@storefront/contracts/enums';
import type { Store } from '@storefront/contracts/locations';
import {
  DEFAULT_ASAP_MINUTES,
  chooseFulfillmentMethod,
  isSchedulingRequired,
  storePrompt,
  type OrderTime,
  type StorePrompt,
} from '@storefront/contracts/order-settings';
import { getDeliveryChoice } from '@/lib/delivery-address-cookie';
import { getStoredOrderSettings } from '@/lib/order-settings-cookie';

export interface StoreOrderSettings {
  locationId: number;
  catering: boolean;
  /** null when the store offers neither pickup nor delivery. */
  fulfillmentMethod: FulfillmentMethod | null;
  enabledMethods: FulfillmentMethod[];
  time: OrderTime;
  timeZone: string;
  schedulingRequired: boolean;
  asapMinutes: number;
  /** The delivery address chosen for this store (search page or Order Settings), if any. */
  deliveryAddress: { line1: string; line2: string; city: string; stateCode: string; zipCode: string } | null;
  prompt: StorePrompt | null;
}

const FM_QUERY: Record<'pickup' | 'delivery', FulfillmentMethod> = {
  pickup: FULFILLMENT_METHOD.Pickup,
  delivery: FULFILLMENT_METHOD.Delivery,
};

/**
 * The guest's order settings at this store and the prompt the page must open, if any. The method asked for is
 * fm= first, then the remembered method (any store), then Delivery when the search page chose this store for a
 * delivery address; a stored time counts only for this store and menu type.
 */
export async function getStoreOrderSettings(
  store: Store,
  catering: boolean,
  fm: 'pickup' | 'delivery' | undefined,
): Promise<StoreOrderSettings> {
  const [stored, delivery] = await Promise.all([getStoredOrderSettings(), getDeliveryChoice()]);
  const deliveryHere = delivery?.locationId === store.id ? delivery : null;
  const requested =
    (fm ? FM_QUERY[fm] : null) ??
    stored?.fulfillmentMethod ??
    (deliveryHere ? FULFILLMENT_METHOD.Delivery : null);
  const enabled = store.fulfillmentMethods.filter((m) => m !== FULFILLMENT_METHOD.DineIn);
  const method = chooseFulfillmentMethod(requested, enabled);
  const sameStore = stored && stored.locationId === store.id && stored.catering === catering;
  const time: OrderTime = sameStore ? stored.time : { kind: 'ASAP' };
  const locationStatus = store.status?.locationStatus;
  const acceptOrdersWhenClosed = store.acceptOrdersWhenClosed ?? false;
  const asap =
    method === FULFILLMENT_METHOD.Delivery
      ? store.averageDeliveryEtaInMinutes
      : store.averagePickupEtaInMinutes;
  return {
    locationId: store.id,
    catering,
    fulfillmentMethod: method,
    enabledMethods: enabled,
    time,
    timeZone: store.timeZone,
    schedulingRequired: isSchedulingRequired({ catering, locationStatus, acceptOrdersWhenClosed }),
    asapMinutes: asap > 0 ? asap : DEFAULT_ASAP_MINUTES,
    deliveryAddress: deliveryHere
      ? {
          line1: deliveryHere.address.line1,
          line2: deliveryHere.address.line2,
          city: deliveryHere.address.city,
          stateCode: deliveryHere.address.stateCode,
          zipCode: deliveryHere.address.zipCode,
        }
      : null,
    prompt: storePrompt({
      isOnline: store.isOnline ?? false,
      locationStatus,
      acceptOrdersWhenClosed,
      requestedMethod: requested,
      enabledMethods: enabled,
      time,
    }),
  };
}
