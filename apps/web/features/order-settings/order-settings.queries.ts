import 'server-only';
import { FULFILLMENT_METHOD, type FulfillmentMethod, type PickupType } from '@storefront/contracts/enums';
import { FulfillmentSettingsSchema, type PickupMethod } from '@storefront/contracts/locations';
import type { Store } from '@storefront/contracts/locations';
import {
  AsapEstimateSchema,
  DEFAULT_ASAP_MINUTES,
  type AsapEstimate,
  chooseFulfillmentMethod,
  isSchedulingRequired,
  storePrompt,
  type OrderTime,
  type StorePrompt,
} from '@storefront/contracts/order-settings';
import { apiRequest } from '@/lib/api';
import { DATE_FORMAT, formatInZone } from '@/lib/dates';
import { cachedEstimate } from '@/lib/estimate-cache';
import { getDeliveryChoice } from '@/lib/delivery-address-cookie';
import { getStoredOrderSettings } from '@/lib/order-settings-cookie';

export interface StoreOrderSettings {
  locationId: number;
  catering: boolean;
  /** null when the store offers neither pickup nor delivery. */
  fulfillmentMethod: FulfillmentMethod | null;
  enabledMethods: FulfillmentMethod[];
  time: OrderTime;
  /** The scheduled time as the header shows it ('Tue 11/24 5:30 PM', the store's zone); null for ASAP. */
  scheduledLabel: string | null;
  timeZone: string;
  schedulingRequired: boolean;
  asapMinutes: number;
  /** 'Could not find an ASAP time.' when the store offers no ready time at all for the method; else null. */
  asapProblem: string | null;
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
  const average =
    method === FULFILLMENT_METHOD.Delivery
      ? store.averageDeliveryEtaInMinutes
      : store.averagePickupEtaInMinutes;
  const prompt = storePrompt({
    isOnline: store.isOnline ?? false,
    locationStatus,
    acceptOrdersWhenClosed,
    requestedMethod: requested,
    enabledMethods: enabled,
    time,
  });
  // The one ASAP estimate (the API's, by the rule that places the order), the same that checkout shows. An API
  // failure keeps the store's average rather than failing the page.
  const estimate =
    prompt === null && method !== null && time.kind === 'ASAP'
      ? await getAsapEstimate(store.id, catering, method)
      : null;
  const asap = estimate ? (estimate.minutes ?? 0) : average;
  return {
    locationId: store.id,
    catering,
    fulfillmentMethod: method,
    enabledMethods: enabled,
    time,
    scheduledLabel:
      time.kind === 'SCHEDULED' ? formatInZone(time.at, store.timeZone, DATE_FORMAT.dayTime) : null,
    timeZone: store.timeZone,
    schedulingRequired: isSchedulingRequired({ catering, locationStatus, acceptOrdersWhenClosed }),
    asapMinutes: asap > 0 ? asap : DEFAULT_ASAP_MINUTES,
    asapProblem: estimate?.message ?? null,
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
    prompt,
  };
}

/**
 * The API's ASAP estimate for an order of `items` items at a store (GET locations/{id}/asap-estimate): when it
 * would be ready or arrive, in minutes from now, or the spec's 'Could not find an ASAP time.'. Cached for the
 * minute per store, menu type, method and item count, so the store page and checkout read one answer. An API
 * failure answers null (the caller keeps the store's average).
 */
async function getAsapEstimate(
  locationId: number,
  catering: boolean,
  method: FulfillmentMethod,
  items = 1,
): Promise<AsapEstimate | null> {
  const result = await cachedEstimate(
    { locationId, isCatering: catering, method, extra: items === 1 ? undefined : `items:${items}` },
    () =>
      apiRequest(AsapEstimateSchema, `locations/${locationId}/asap-estimate`, {
        query: { fulfillmentMethod: method, catering, items },
      }),
    (answer) => answer.ok,
  );
  return result.ok ? result.value : null;
}

/** The store's pickup options (walk-in, curbside, drive-thru) with their rules; empty when unavailable. */
export async function getPickupMethods(locationId: number): Promise<PickupMethod[]> {
  const result = await apiRequest(FulfillmentSettingsSchema, `locations/${locationId}/fulfillment-settings`, {
    revalidate: 60,
  });
  return result.ok ? result.value.availablePickupMethods : [];
}
