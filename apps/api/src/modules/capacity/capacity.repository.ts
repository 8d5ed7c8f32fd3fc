/** Drizzle access for kitchen capacity: per-slot capacities and the loads slots have taken. */
import { and, asc, eq, gte, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { runStatement, statement } from '../../db/statements';
import { kitchenSlotLoads, locationSlotCapacities } from '../../db/schema/capacity';

export async function findCapacities(db: Db, locationId: number) {
  return db.select().from(locationSlotCapacities).where(eq(locationSlotCapacities.locationId, locationId));
}

export async function findCapacity(db: Db, locationId: number, fulfillmentMethod: number) {
  const [row] = await db
    .select()
    .from(locationSlotCapacities)
    .where(
      and(
        eq(locationSlotCapacities.locationId, locationId),
        eq(locationSlotCapacities.fulfillmentMethod, fulfillmentMethod),
      ),
    )
    .limit(1);
  return row ?? null;
}

export async function findSlotLoads(
  db: Db,
  locationId: number,
  from: Date,
  to: Date,
  fulfillmentMethod?: number,
) {
  return db
    .select()
    .from(kitchenSlotLoads)
    .where(
      and(
        eq(kitchenSlotLoads.locationId, locationId),
        gte(kitchenSlotLoads.slotStart, from),
        lt(kitchenSlotLoads.slotStart, to),
        fulfillmentMethod === undefined
          ? undefined
          : eq(kitchenSlotLoads.fulfillmentMethod, fulfillmentMethod),
      ),
    )
    .orderBy(asc(kitchenSlotLoads.slotStart), asc(kitchenSlotLoads.fulfillmentMethod));
}

/**
 * Adds one order of `items` items to a slot in one guarded upsert: the row is created or, when it exists,
 * updated only while the result stays within the limits (null = none). Concurrent calls on one slot queue on
 * the row, and each re-checks the guard on the latest counts, so a slot is never overbooked.
 * Returns false when the slot had no room.
 */
export async function reserveSlot(
  db: Db,
  slot: { locationId: number; fulfillmentMethod: number; slotStart: Date; items: number },
  limits: { maxOrders: number | null; maxItems: number | null },
): Promise<boolean> {
  if (limits.maxOrders !== null && limits.maxOrders < 1) return false;
  if (limits.maxItems !== null && slot.items > limits.maxItems) return false;
  const rows = await runStatement(db, RESERVE_SLOT, [
    slot.locationId,
    slot.fulfillmentMethod,
    slot.slotStart,
    slot.items,
    limits.maxOrders,
    limits.maxItems,
  ]);
  return rows.length > 0;
}

/** reserveSlot's guarded upsert, written once (placement's last statement before COMMIT). */
const RESERVE_SLOT = statement(
  'kitchen_slot_reserve',
  `insert into kitchen_slot_loads (location_id, fulfillment_method, slot_start, orders, items)
  values ($1, $2, $3, 1, $4::integer)
  on conflict (location_id, fulfillment_method, slot_start) do update
    set orders = kitchen_slot_loads.orders + 1, items = kitchen_slot_loads.items + $4::integer
    where ($5::integer is null or kitchen_slot_loads.orders + 1 <= $5::integer)
      and ($6::integer is null or kitchen_slot_loads.items + $4::integer <= $6::integer)
  returning orders`,
);

/** Gives a reserved order back to its slot (a declined payment). */
export async function releaseSlot(
  db: Db,
  slot: { locationId: number; fulfillmentMethod: number; slotStart: Date; items: number },
): Promise<void> {
  await db
    .update(kitchenSlotLoads)
    .set({
      orders: sql`greatest(${kitchenSlotLoads.orders} - 1, 0)`,
      items: sql`greatest(${kitchenSlotLoads.items} - ${slot.items}, 0)`,
    })
    .where(
      and(
        eq(kitchenSlotLoads.locationId, slot.locationId),
        eq(kitchenSlotLoads.fulfillmentMethod, slot.fulfillmentMethod),
        eq(kitchenSlotLoads.slotStart, slot.slotStart),
      ),
    );
}
