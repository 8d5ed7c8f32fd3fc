/** Drizzle access for checkout and order placement: the order's checkout columns, items, status history. */
import { and, asc, eq, inArray, isNotNull, isNull, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { locationPickupMethods, locations } from '../../db/schema/locations';
import { orderItemModifiers, orderItems, orderStatusHistory, orders } from '../../db/schema/orders';
import { closeRequests } from '../../db/schema/payments';
import { findItemsOfOrders } from '../orders/orders.repository';

export type OrderRow = typeof orders.$inferSelect;
export type OrderUpdate = Partial<typeof orders.$inferInsert>;

export async function findOrder(db: Db, orderId: number) {
  const [row] = await db.select().from(orders).where(eq(orders.id, orderId)).limit(1);
  return row ?? null;
}

/** The order row locked until the end of the transaction (serialises placement and status changes). */
export async function findOrderForUpdate(db: Db, orderId: number) {
  const [row] = await db.select().from(orders).where(eq(orders.id, orderId)).for('update').limit(1);
  return row ?? null;
}

export async function updateOrder(db: Db, orderId: number, values: OrderUpdate) {
  const [row] = await db
    .update(orders)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(orders.id, orderId))
    .returning();
  return row ?? null;
}

export async function insertStatusHistory(
  db: Db,
  orderId: number,
  status: number,
  source: 'guest' | 'staff' | 'system',
) {
  await db.insert(orderStatusHistory).values({ orderId, status, source });
}

export async function insertCloseRequest(db: Db, values: typeof closeRequests.$inferInsert) {
  await db.insert(closeRequests).values(values);
}

/** How many close requests of the order ended without placing it (declined, failed): numbers its tries. */
export async function countUnplacedCloseRequests(db: Db, orderId: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(closeRequests)
    .where(and(eq(closeRequests.orderId, orderId), ne(closeRequests.outcome, 'placed')));
  return row?.n ?? 0;
}

/** The 'placed' close request made with an Idempotency-Key on an order, or null (the placement did not commit). */
export async function findPlacedCloseRequest(db: Db, orderId: number, idempotencyKey: string) {
  const [row] = await db
    .select()
    .from(closeRequests)
    .where(
      and(
        eq(closeRequests.orderId, orderId),
        eq(closeRequests.idempotencyKey, idempotencyKey),
        eq(closeRequests.outcome, 'placed'),
      ),
    )
    .limit(1);
  return row ?? null;
}

export type ItemWithModifiers = typeof orderItems.$inferSelect & {
  modifiers: (typeof orderItemModifiers.$inferSelect)[];
};

export { findItemsOfOrders };

export async function findLocation(db: Db, locationId: number) {
  const [row] = await db.select().from(locations).where(eq(locations.id, locationId)).limit(1);
  return row ?? null;
}

/** Pauses or resumes online ordering at a location (the kitchen screen). */
export async function updateLocationOnline(db: Db, locationId: number, isOnline: boolean) {
  const [row] = await db
    .update(locations)
    .set({ isOnline, updatedAt: new Date() })
    .where(eq(locations.id, locationId))
    .returning();
  return row ?? null;
}

export async function findPickupMethods(db: Db, locationId: number) {
  return db
    .select()
    .from(locationPickupMethods)
    .where(eq(locationPickupMethods.locationId, locationId))
    .orderBy(asc(locationPickupMethods.pickupOption));
}

export async function listLocations(db: Db) {
  return db.select().from(locations).orderBy(asc(locations.id));
}

export async function findOpenOrderStatuses(db: Db) {
  return db
    .select({ locationId: orders.locationId, status: orders.status })
    .from(orders)
    .where(and(isNotNull(orders.placedAt), inArray(orders.status, [1, 2, 3]), isNull(orders.cancelledAt)));
}
