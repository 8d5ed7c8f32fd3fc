/**
 * Kitchen capacity per 15-minute ready-time slot and fulfilment method (issue 4, beyond the spec): a slot
 * takes at most `maxOrders` orders and `maxItems` items; null means no limit.
 */
import { z } from 'zod';
import { envelope } from './api';
import { NearDateSchema } from './bounds';
import { FulfillmentMethodSchema } from './enums';

export const KITCHEN_SLOT_MINUTES = 15;
const SLOT_MS = KITCHEN_SLOT_MINUTES * 60_000;
/** How far ASAP rolls forward looking for a slot with room (8 slots: two hours). */
export const ASAP_ROLL_SLOTS = 8;

export interface SlotCapacity {
  maxOrders: number | null;
  maxItems: number | null;
}

export interface SlotLoad {
  orders: number;
  items: number;
}

/**
 * The start of the slot an instant falls in. Slots are whole quarter hours on the wall clock: every IANA
 * offset is a whole number of quarter hours, so UTC alignment is wall-clock alignment.
 */
export function slotStartOf(instant: number): number {
  return Math.floor(instant / SLOT_MS) * SLOT_MS;
}

/** The next slot's start after the one `slotStart` begins. */
export function nextSlotStart(slotStart: number): number {
  return slotStart + SLOT_MS;
}

/** Whether a slot with `load` can take one more order of `items` items. */
export function slotHasRoom(capacity: SlotCapacity | null, load: SlotLoad, items: number): boolean {
  if (!capacity) return true;
  if (capacity.maxOrders !== null && load.orders + 1 > capacity.maxOrders) return false;
  if (capacity.maxItems !== null && load.items + items > capacity.maxItems) return false;
  return true;
}

/** Whether a slot can take no order at all any more (full by orders, or no item left). */
export function isSlotFull(capacity: SlotCapacity | null, load: SlotLoad): boolean {
  return !slotHasRoom(capacity, load, 1);
}

/**
 * The ready time an ASAP order of `items` items gets, by the rule placing it applies: `earliest` (now plus the
 * preparation time) when that slot has room, else the start of the first later slot with room, looking
 * ASAP_ROLL_SLOTS ahead. `loadOf` gives a slot's current load by its start. Null when every slot is full.
 */
export function asapReadyTime(
  earliest: number,
  capacity: SlotCapacity | null,
  loadOf: (slotStart: number) => SlotLoad,
  items: number,
): number | null {
  let start = slotStartOf(earliest);
  for (let i = 0; i <= ASAP_ROLL_SLOTS; i += 1, start = nextSlotStart(start)) {
    if (slotHasRoom(capacity, loadOf(start), items)) return i === 0 ? earliest : start;
  }
  return null;
}

export const KITCHEN_FULL_MESSAGE = 'The kitchen is fully booked at this time. Please choose another time.';

// Staff API: the load per slot and the pause switch

export const SlotLoadsQuerySchema = z.object({
  /** The store's local date 'YYYY-MM-DD', within a year of today; today when omitted. */
  date: NearDateSchema.optional(),
});

export const SlotLoadRowSchema = z.object({
  /** ISO 8601 with the store's offset. */
  slotStart: z.string(),
  fulfillmentMethod: FulfillmentMethodSchema,
  orders: z.number().int(),
  items: z.number().int(),
  maxOrders: z.number().int().nullable(),
  maxItems: z.number().int().nullable(),
  isFull: z.boolean(),
});
export type SlotLoadRow = z.infer<typeof SlotLoadRowSchema>;

export const KitchenLoadSchema = z.object({
  locationId: z.number().int(),
  date: z.string(),
  timeZone: z.string(),
  isOnline: z.boolean(),
  capacities: z.array(
    z.object({
      fulfillmentMethod: FulfillmentMethodSchema,
      maxOrders: z.number().int().nullable(),
      maxItems: z.number().int().nullable(),
    }),
  ),
  /** Slots of the date that have taken orders, or have a capacity, in time order. */
  slots: z.array(SlotLoadRowSchema),
});
export type KitchenLoad = z.infer<typeof KitchenLoadSchema>;
export const KitchenLoadResponseSchema = envelope(KitchenLoadSchema);

export const OnlineOrderingBodySchema = z.object({ isOnline: z.boolean() });
export const OnlineOrderingValueSchema = z.object({ locationId: z.number().int(), isOnline: z.boolean() });
export const OnlineOrderingResponseSchema = envelope(OnlineOrderingValueSchema);
