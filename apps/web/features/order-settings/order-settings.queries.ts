import 'server-only';
import { FULFILLMENT_METHOD, type FulfillmentMethod, type PickupType } from '@storefront/contracts/enums';
import { FulfillmentSettingsSchema, type PickupMethod } from '@storefront/contracts/locations';
import type { Store } from '@storefront/contracts/locations';
import {
  DEFAULT_ASAP_MINUTES,
  chooseFulfillmentMethod,
  isSchedulingRequired,
  storePrompt,
  type OrderTime,
  type StorePrompt,
} from '@storefront/contracts/order-settings';
import { apiRequest } from '@/lib/api';
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
  pickupOption: PickupType | null;
  /** Table number (dine-in) or parking place (curbside). */
  fulfillmentPlace: string | null;
  carType: number | null;
  carColor: number | null;
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
  // Dine-in is only ever chosen through a table link (kept in the settings), never as a fallback.
  const method = chooseFulfillmentMethod(requested, store.fulfillmentMethods);
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
    pickupOption: sameStore ? stored.pickupOption : null,
    fulfillmentPlace: sameStore ? stored.fulfillmentPlace : null,
    carType: sameStore ? stored.carType : null,
    carColor: sameStore ? stored.carColor : null,
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

/** The store's pickup options (walk-in, curbside, drive-thru) with their rules; empty when unavailable. */
export async function getPickupMethods(locationId: number): Promise<PickupMethod[]> {
  const result = await apiRequest(FulfillmentSettingsSchema, `locations/${locationId}/fulfillment-settings`, {
    revalidate: 60,
  });
  return result.ok ? result.value.availablePickupMethods : [];
}
