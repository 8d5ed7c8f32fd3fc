/**
 * Kitchen capacity rules: a placed order takes room in its 15-minute ready-time slot (ASAP rolls forward to
 * the next slot with room), order-times leaves full slots out, and staff see the load per slot.
 */
import {
  ASAP_ROLL_SLOTS,
  KITCHEN_FULL_MESSAGE,
  asapReadyTime,
  isSlotFull,
  nextSlotStart,
  slotStartOf,
  type KitchenLoad,
  type SlotCapacity,
} from '@storefront/contracts/capacity';
import { ORDER_ERROR } from '@storefront/contracts/errors';
import { FulfillmentMethodSchema } from '@storefront/contracts/enums';
import {
  addDays,
  dayNumberOf,
  formatZonedIso,
  localDateOf,
  zonedInstant,
  type OrderTimeOptions,
} from '@storefront/contracts/store-hours';
import type { Db } from '../../db/client';
import { badRequest, ruleBroken } from '../../lib/errors';
import { findCapacities, findCapacity, findSlotLoads, releaseSlot, reserveSlot } from './capacity.repository';

export interface SlotReservation {
  locationId: number;
  fulfillmentMethod: number;
  slotStart: Date;
  items: number;
  /** The order's expected ready time within the slot. */
  readyAt: Date;
}

export const kitchenFull = () =>
  ruleBroken('KitchenCapacity', ORDER_ERROR.InvalidOrderTime, KITCHEN_FULL_MESSAGE);

const limitsOf = (row: SlotCapacity | null): SlotCapacity => ({
  maxOrders: row?.maxOrders ?? null,
  maxItems: row?.maxItems ?? null,
});

/**
 * Takes room for an order in the kitchen, inside the placing transaction. A scheduled order needs room in its
 * own slot; an ASAP order takes the earliest slot with room from `earliest`, looking ASAP_ROLL_SLOTS ahead.
 * Throws 422 (21037) when there is none.
 */
export async function reserveKitchenSlot(
  tx: Db,
  input: {
    locationId: number;
    fulfillmentMethod: number;
    items: number;
    scheduledAt: Date | null;
    earliest: Date;
    /** The kitchen's capacity row when the caller read it already (null: none); read here when undefined. */
    capacity?: SlotCapacity | null;
  },
): Promise<SlotReservation> {
  const limits = limitsOf(
    input.capacity === undefined
      ? await findCapacity(tx, input.locationId, input.fulfillmentMethod)
      : input.capacity,
  );
  const base = {
    locationId: input.locationId,
    fulfillmentMethod: input.fulfillmentMethod,
    items: input.items,
  };
  if (input.scheduledAt) {
    const slotStart = new Date(slotStartOf(input.scheduledAt.getTime()));
    if (!(await reserveSlot(tx, { ...base, slotStart }, limits))) throw kitchenFull();
    return { ...base, slotStart, readyAt: input.scheduledAt };
  }
  let start = slotStartOf(input.earliest.getTime());
  for (let i = 0; i <= ASAP_ROLL_SLOTS; i += 1, start = nextSlotStart(start)) {
    const slotStart = new Date(start);
    if (await reserveSlot(tx, { ...base, slotStart }, limits)) {
      return { ...base, slotStart, readyAt: i === 0 ? input.earliest : slotStart };
    }
  }
  throw kitchenFull();
}

/**
 * The ready time an ASAP order of `items` items placed now would get, without taking any room: the same walk
 * from `earliest` as reserveKitchenSlot (asapReadyTime in contracts), on the loads as they are. Null when the
 * kitchen has no room in the slots ASAP looks at.
 */
export async function estimateKitchenReadyTime(
  db: Db,
  input: { locationId: number; fulfillmentMethod: number; items: number; earliest: Date },
): Promise<Date | null> {
  const capacity = await findCapacity(db, input.locationId, input.fulfillmentMethod);
  const earliest = input.earliest.getTime();
  if (!capacity) return input.earliest;
  let to = slotStartOf(earliest);
  for (let i = 0; i <= ASAP_ROLL_SLOTS; i += 1) to = nextSlotStart(to);
  const rows = await findSlotLoads(
    db,
    input.locationId,
    new Date(slotStartOf(earliest)),
    new Date(to),
    input.fulfillmentMethod,
  );
  const loads = new Map(rows.map((l) => [l.slotStart.getTime(), l]));
  const at = asapReadyTime(
    earliest,
    limitsOf(capacity),
    (start) => loads.get(start) ?? { orders: 0, items: 0 },
    input.items,
  );
  return at === null ? null : new Date(at);
}

/** A slot's load as the placement's own read gives it. */
export interface KnownLoad {
  slotStart: Date;
  orders: number;
  items: number;
}

/**
 * estimateKitchenReadyTime on a capacity and loads read already: `loads` must hold every slot from the one of
 * `earliest` to ASAP_ROLL_SLOTS after it (missing ones are empty).
 */
export function readyTimeFrom(
  capacity: SlotCapacity | null,
  loads: KnownLoad[],
  items: number,
  earliest: Date,
): Date | null {
  if (!capacity) return earliest;
  const byStart = new Map(loads.map((l) => [l.slotStart.getTime(), l]));
  const at = asapReadyTime(
    earliest.getTime(),
    limitsOf(capacity),
    (start) => byStart.get(start) ?? { orders: 0, items: 0 },
    items,
  );
  return at === null ? null : new Date(at);
}

/** hasKitchenRoom on a capacity and loads read already (`loads` must hold the slot of `at`). */
export function roomFrom(
  capacity: SlotCapacity | null,
  loads: KnownLoad[],
  at: Date,
  items: number,
): boolean {
  if (!capacity) return true;
  const start = slotStartOf(at.getTime());
  const load = loads.find((l) => l.slotStart.getTime() === start);
  const current = { orders: load?.orders ?? 0, items: load?.items ?? 0 };
  if (capacity.maxOrders !== null && current.orders + 1 > capacity.maxOrders) return false;
  return capacity.maxItems === null || current.items + items <= capacity.maxItems;
}

/** The last slot start an ASAP order from `earliest` may look at (for a caller that reads the loads itself). */
export function lastAsapSlot(earliest: Date): number {
  let start = slotStartOf(earliest.getTime());
  for (let i = 0; i < ASAP_ROLL_SLOTS; i += 1) start = nextSlotStart(start);
  return start;
}

/** Gives the room back (the payment was declined and the order stays open). */
export async function releaseKitchenSlot(tx: Db, reservation: SlotReservation): Promise<void> {
  await releaseSlot(tx, reservation);
}

/** Whether the slot of `at` still takes an order of `items` items (ready-time changes). */
export async function hasKitchenRoom(
  db: Db,
  locationId: number,
  fulfillmentMethod: number,
  at: Date,
  items: number,
): Promise<boolean> {
  const capacity = await findCapacity(db, locationId, fulfillmentMethod);
  if (!capacity) return true;
  const start = slotStartOf(at.getTime());
  const [load] = await findSlotLoads(
    db,
    locationId,
    new Date(start),
    new Date(nextSlotStart(start)),
    fulfillmentMethod,
  );
  const current = { orders: load?.orders ?? 0, items: load?.items ?? 0 };
  if (capacity.maxOrders !== null && current.orders + 1 > capacity.maxOrders) return false;
  return capacity.maxItems === null || current.items + items <= capacity.maxItems;
}

/** The order times without the slots the kitchen has no room left in. */
export async function withoutFullSlots(
  db: Db,
  locationId: number,
  fulfillmentMethod: number,
  days: OrderTimeOptions[],
): Promise<OrderTimeOptions[]> {
  const capacity = await findCapacity(db, locationId, fulfillmentMethod);
  const all = days.flatMap((d) => d.times.map((t) => Date.parse(t)));
  if (!capacity || all.length === 0) return days;
  const from = new Date(slotStartOf(Math.min(...all)));
  const to = new Date(nextSlotStart(slotStartOf(Math.max(...all))));
  const loads = new Map(
    (await findSlotLoads(db, locationId, from, to, fulfillmentMethod)).map((l) => [l.slotStart.getTime(), l]),
  );
  return days.map((day) => ({
    date: day.date,
    times: day.times.filter((t) => {
      const load = loads.get(slotStartOf(Date.parse(t)));
      return !load || !isSlotFull(capacity, load);
    }),
  }));
}

/**
 * The kitchen's load per slot on a local date (today by default), with the capacities and the online flag.
 * 400 for a date that is not a calendar date (the route's schema also keeps it within a year of today).
 */
export async function getKitchenLoad(
  db: Db,
  location: { id: number; timeZone: string; isOnline: boolean },
  date: string | undefined,
  now: number = Date.now(),
): Promise<KitchenLoad> {
  const day = date ?? localDateOf(now, location.timeZone);
  if (Number.isNaN(dayNumberOf(day))) throw badRequest('querystring.date', 'date must be a date YYYY-MM-DD');
  const from = new Date(zonedInstant(day, 0, location.timeZone));
  const to = new Date(zonedInstant(addDays(day, 1), 0, location.timeZone));
  const [capacities, loads] = await Promise.all([
    findCapacities(db, location.id),
    findSlotLoads(db, location.id, from, to),
  ]);
  const capacityOf = new Map(capacities.map((c) => [c.fulfillmentMethod, c]));
  return {
    locationId: location.id,
    date: day,
    timeZone: location.timeZone,
    isOnline: location.isOnline,
    capacities: capacities.map((c) => ({
      fulfillmentMethod: FulfillmentMethodSchema.parse(c.fulfillmentMethod),
      maxOrders: c.maxOrders,
      maxItems: c.maxItems,
    })),
    slots: loads
      .filter((l) => l.orders > 0)
      .map((l) => {
        const capacity = capacityOf.get(l.fulfillmentMethod) ?? null;
        return {
          slotStart: formatZonedIso(l.slotStart.getTime(), location.timeZone),
          fulfillmentMethod: FulfillmentMethodSchema.parse(l.fulfillmentMethod),
          orders: l.orders,
          items: l.items,
          maxOrders: capacity?.maxOrders ?? null,
          maxItems: capacity?.maxItems ?? null,
          isFull: isSlotFull(capacity ? limitsOf(capacity) : null, l),
        };
      }),
  };
}
