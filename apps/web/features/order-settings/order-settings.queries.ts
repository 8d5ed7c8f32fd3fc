import 'server-only';
import { FULFILLMENT_METHOD, type FulfillmentMethod, type PickupType } from '@storefront/contracts/enums';
import {
  FulfillmentSettingsSchema,
  OrderTimeOptionsSchema,
  type PickupMethod,
} from '@storefront/contracts/locations';
import { NO_ASAP_TIME_MESSAGE, type AsapTimeResult } from '@storefront/contracts/store-hours';
import type { Store } from '@storefront/contracts/locations';
import {
  DEFAULT_ASAP_MINUTES,
  chooseFulfillmentMethod,
  isSchedulingRequired,
  storePrompt,
  type OrderTime,
  type StorePrompt,
} from '@storefront/contracts/order-settings';
import { z } from 'zod';
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
  // An open store's ASAP estimate is its first free ready time (a full kitchen slot pushes it out), never
  // less than the store's average.
  const asapTime =
    prompt === null && method !== null && time.kind === 'ASAP'
      ? await getAsapTime(store.id, catering, method)
      : null;
  const untilAsap = asapTime?.ok === true ? Math.ceil((Date.parse(asapTime.time) - Date.now()) / 60_000) : 0;
  const asap = Math.max(average, untilAsap);
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
    asapProblem: asapTime?.ok === false ? asapTime.message : null,
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
 * The earliest ready time an ASAP order gets now (today's first slot the store offers for the method), or
 * 'Could not find an ASAP time.'; cached for the minute per store, menu type and method. An API failure is not a
 * missing time: it answers null and the page keeps the store's average.
 */
async function getAsapTime(
  locationId: number,
  catering: boolean,
  method: FulfillmentMethod,
): Promise<AsapTimeResult | null> {
  const result = await cachedEstimate(
    { locationId, isCatering: catering, method },
    () =>
      apiRequest(z.array(OrderTimeOptionsSchema), `locations/${locationId}/order-times`, {
        query: { fulfillmentMethod: method, catering },
      }),
    (answer) => answer.ok,
  );
  if (!result.ok) return null;
  // Today's first slot (the list starts today in the store's zone): none left today means no ASAP time.
  const time = result.value[0]?.times[0];
  return time ? { ok: true, time } : { ok: false, message: NO_ASAP_TIME_MESSAGE };
}

/** The store's pickup options (walk-in, curbside, drive-thru) with their rules; empty when unavailable. */
export async function getPickupMethods(locationId: number): Promise<PickupMethod[]> {
  const result = await apiRequest(FulfillmentSettingsSchema, `locations/${locationId}/fulfillment-settings`, {
    revalidate: 60,
  });
  return result.ok ? result.value.availablePickupMethods : [];
}
