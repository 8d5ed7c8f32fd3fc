/**
 * The guest's order settings for one store: how (fulfilment method, pickup option, place) and when (ASAP or a
 * scheduled time) they want their food. The storefront keeps them for the session (before an order exists, and
 * to remember the previous method), the API keeps the same facts on the order once there is one.
 */
import { z } from 'zod';
import { BooleanQuerySchema, envelope } from './api';
import { DateTimeSchema, IdSchema, refuseNul } from './bounds';
import {
  FULFILLMENT_METHOD,
  FulfillmentMethodQuerySchema,
  FulfillmentMethodSchema,
  PickupTypeSchema,
  type FulfillmentMethod,
} from './enums';

/** Order time kind (spec: ASAP or SCHEDULED). */
export const ORDER_TIME_KIND = ['ASAP', 'SCHEDULED'] as const;
export type OrderTimeKind = (typeof ORDER_TIME_KIND)[number];

export const OrderTimeSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('ASAP') }),
  /** `at`: ISO 8601 with offset, one of the store's order-times for the method. */
  z.object({ kind: z.literal('SCHEDULED'), at: DateTimeSchema }),
]);
export type OrderTime = z.infer<typeof OrderTimeSchema>;

export const OrderSettingsSchema = z.object({
  locationId: IdSchema,
  catering: z.boolean(),
  fulfillmentMethod: FulfillmentMethodSchema,
  time: OrderTimeSchema,
  /** Pickup only: walk-in, curbside or drive-thru; null = walk-in / not chosen. */
  pickupOption: PickupTypeSchema.nullable(),
  /** The table number (dine-in) or the parking place (curbside), as the fv query parameter carries it. */
  fulfillmentPlace: refuseNul(z.string().trim().min(1).max(20)).nullable(),
  /** Curbside and drive-thru: the car (VEHICLE_TYPE and VEHICLE_COLOR values). */
  carType: z.number().int().min(0).max(100).nullable().default(null),
  carColor: z.number().int().min(0).max(100).nullable().default(null),
});
export type OrderSettings = z.infer<typeof OrderSettingsSchema>;

/** Settings for a store the guest has not configured yet: ASAP, no pickup option, no place. */
export function defaultOrderSettings(
  locationId: number,
  catering: boolean,
  fulfillmentMethod: FulfillmentMethod,
): OrderSettings {
  return {
    locationId,
    catering,
    fulfillmentMethod,
    time: { kind: 'ASAP' },
    pickupOption: null,
    fulfillmentPlace: null,
    carType: null,
    carColor: null,
  };
}

/**
 * The fulfilment method to use at a store (spec section 4, Fulfillment method selection): the previous method
 * when the store offers it; otherwise Pickup if enabled, then Delivery, then none (null). DineIn is only chosen
 * when it was asked for (a table link), never as a fallback.
 */
export function chooseFulfillmentMethod(
  previous: FulfillmentMethod | null,
  enabled: readonly FulfillmentMethod[],
): FulfillmentMethod | null {
  if (previous !== null && enabled.includes(previous)) return previous;
  if (enabled.includes(FULFILLMENT_METHOD.Pickup)) return FULFILLMENT_METHOD.Pickup;
  if (enabled.includes(FULFILLMENT_METHOD.Delivery)) return FULFILLMENT_METHOD.Delivery;
  return null;
}

/** Spec (checkout section 9): the ASAP estimate shown when the store gives none. */
export const DEFAULT_ASAP_MINUTES = 5;

/** Items an estimate can be asked for (kitchen slots count items as well as orders). */
export const ESTIMATE_ITEMS_MAX = 10_000;

/** GET /v1/locations/{id}/asap-estimate: the method, the menu, and the order's item count (1 before an order). */
export const AsapEstimateQuerySchema = z.object({
  fulfillmentMethod: FulfillmentMethodQuerySchema,
  catering: BooleanQuerySchema.optional().default(false),
  items: z.coerce.number().int().min(1).max(ESTIMATE_ITEMS_MAX).optional().default(1),
});
export type AsapEstimateQuery = z.infer<typeof AsapEstimateQuerySchema>;

/**
 * The one ASAP estimate (issue 24): what an order placed now would get, computed by the API with the rule that
 * places it (now plus the preparation time, rolled to the first kitchen slot with room). The store page, Order
 * Settings and checkout all show `minutes`; the tracking page later shows the time the placement kept.
 */
export const AsapEstimateSchema = z.object({
  locationId: IdSchema,
  fulfillmentMethod: FulfillmentMethodSchema,
  /** When the kitchen would have it ready (ISO 8601 with the store's offset); null when there is no ASAP time. */
  readyAt: z.string().nullable(),
  /** Delivery: when it would arrive (ISO 8601 with the store's offset). */
  arrival: z.object({ start: z.string(), end: z.string() }).nullable(),
  /** Whole minutes from now until the guest has it (pickup: readyAt; delivery: arrival start), rounded up. */
  minutes: z.number().int().min(0).nullable(),
  /** 'Could not find an ASAP time.' when the store has no ready time left today; else null. */
  message: z.string().nullable(),
});
export type AsapEstimate = z.infer<typeof AsapEstimateSchema>;
export const AsapEstimateResponseSchema = envelope(AsapEstimateSchema);

/**
 * Scheduling is required when the store is closed but accepts orders when closed, or in catering mode
 * (ordering spec section 4, Order time).
 */
export function isSchedulingRequired(input: {
  catering: boolean;
  locationStatus: 'Open' | 'Closes Soon' | 'Closed' | undefined;
  acceptOrdersWhenClosed: boolean;
}): boolean {
  return input.catering || (input.locationStatus === 'Closed' && input.acceptOrdersWhenClosed);
}

/**
 * A schedule is valid when scheduling is not required and the type is not scheduled, or a time has been chosen
 * (ordering spec section 4). A SCHEDULED time always carries its `at`, so only ASAP under a requirement fails.
 */
export function isScheduleValid(required: boolean, time: OrderTime): boolean {
  return time.kind === 'SCHEDULED' || !required;
}

/** Which blocking prompt the store page opens on arrival, most serious first; null when the guest can order. */
export type StorePrompt =
  | { kind: 'offline' }
  | { kind: 'method-unavailable'; requested: FulfillmentMethod; switchTo: FulfillmentMethod | null }
  | { kind: 'closed-schedule' }
  | { kind: 'closed-search' };

/**
 * Store ordering state (ordering spec section 4): a store can take orders when online and either not closed, or
 * accepting orders when closed with a scheduled time. Offline wins; then a method the store lacks (the guest
 * asked for it on the search page or with fm=); then a closed store: 'Store Closed!' with scheduling when it
 * accepts orders when closed and no time is set yet, else the search-only 'Please, don't go away'.
 */
export function storePrompt(input: {
  isOnline: boolean;
  locationStatus: 'Open' | 'Closes Soon' | 'Closed' | undefined;
  acceptOrdersWhenClosed: boolean;
  requestedMethod: FulfillmentMethod | null;
  enabledMethods: readonly FulfillmentMethod[];
  time: OrderTime;
}): StorePrompt | null {
  if (!input.isOnline) return { kind: 'offline' };
  const requested = input.requestedMethod;
  if (
    requested !== null &&
    requested !== FULFILLMENT_METHOD.DineIn &&
    !input.enabledMethods.includes(requested)
  ) {
    return {
      kind: 'method-unavailable',
      requested,
      switchTo: chooseFulfillmentMethod(null, input.enabledMethods),
    };
  }
  if (input.locationStatus === 'Closed') {
    if (!input.acceptOrdersWhenClosed) return { kind: 'closed-search' };
    if (input.time.kind !== 'SCHEDULED') return { kind: 'closed-schedule' };
  }
  return null;
}
