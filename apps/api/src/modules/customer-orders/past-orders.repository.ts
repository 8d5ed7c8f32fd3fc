/**
 * A customer's placed orders and their lines (order history, the reorder strip, repeat order). Every query is
 * keyed by the customer and reads placed orders only, along orders_user_placed_idx (user_id, id): its predicate
 * (user_id and placed_at not null) is repeated in each WHERE so that the planner may use the partial index.
 */
import { and, desc, eq, inArray, isNotNull, lt, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { locations } from '../../db/schema/locations';
import { menuSnapshots } from '../../db/schema/menus';
import { orderItemModifiers, orderItems, orders } from '../../db/schema/orders';

/** A customer's placed orders, by the index's predicate. */
const placedBy = (userId: number) =>
  and(eq(orders.userId, userId), isNotNull(orders.userId), isNotNull(orders.placedAt));

const summaryColumns = {
  id: orders.id,
  referenceNumber: orders.referenceNumber,
  locationId: orders.locationId,
  locationName: locations.name,
  timeZone: locations.timeZone,
  snapshotId: orders.snapshotId,
  orderChannel: orders.orderChannel,
  fulfillmentMethod: orders.fulfillmentMethod,
  expectedReadyAt: orders.expectedReadyAt,
  placedAt: orders.placedAt,
  cancelledAt: orders.cancelledAt,
  totalCents: orders.totalCents,
  itemCount: sql<number>`(select coalesce(sum(${orderItems.quantity}), 0)::int from ${orderItems} where ${orderItems.orderId} = ${orders.id})`,
};

export type PastOrderSummaryRow = Awaited<ReturnType<typeof findPastOrders>>[number];

/**
 * A page of the customer's placed orders, newest first (by id): `limit` rows after `before` (an id of the
 * previous page), optionally of one order channel.
 */
export async function findPastOrders(
  db: Db,
  userId: number,
  page: { limit: number; before?: number | undefined; orderChannel?: number | undefined },
) {
  return db
    .select(summaryColumns)
    .from(orders)
    .innerJoin(locations, eq(locations.id, orders.locationId))
    .where(
      and(
        placedBy(userId),
        page.before === undefined ? undefined : lt(orders.id, page.before),
        page.orderChannel === undefined ? undefined : eq(orders.orderChannel, page.orderChannel),
      ),
    )
    .orderBy(desc(orders.id))
    .limit(page.limit);
}

/** One of the customer's placed orders with every column and its store's address; null for any other order. */
export async function findPastOrder(db: Db, userId: number, orderId: number) {
  const [row] = await db
    .select({
      order: orders,
      locationName: locations.name,
      timeZone: locations.timeZone,
      address1: locations.address1,
      address2: locations.address2,
      city: locations.city,
      stateCode: locations.stateCode,
      postalCode: locations.postalCode,
      catering: menuSnapshots.catering,
    })
    .from(orders)
    .innerJoin(locations, eq(locations.id, orders.locationId))
    .innerJoin(menuSnapshots, eq(menuSnapshots.id, orders.snapshotId))
    .where(and(placedBy(userId), eq(orders.id, orderId)))
    .limit(1);
  return row ?? null;
}

export type PastOrderRow = NonNullable<Awaited<ReturnType<typeof findPastOrder>>>;

/**
 * The lines of the customer's most recent placed orders (at most `orderLimit` orders), newest order first and,
 * within an order, in the order they were added; optionally at one location and of one order channel.
 */
export async function findRecentPastLines(
  db: Db,
  userId: number,
  filter: { orderLimit: number; locationId?: number | undefined; orderChannel?: number | undefined },
) {
  const recent = await db
    .select({ id: orders.id, placedAt: orders.placedAt })
    .from(orders)
    .where(
      and(
        placedBy(userId),
        filter.locationId === undefined ? undefined : eq(orders.locationId, filter.locationId),
        filter.orderChannel === undefined ? undefined : eq(orders.orderChannel, filter.orderChannel),
      ),
    )
    .orderBy(desc(orders.id))
    .limit(filter.orderLimit);
  if (recent.length === 0) return [];
  const placedAt = new Map(recent.map((o) => [o.id, o.placedAt]));
  const lines = await findLinesWithModifiers(
    db,
    inArray(
      orderItems.orderId,
      recent.map((o) => o.id),
    ),
  );
  const rank = new Map(recent.map((o, i) => [o.id, i]));
  return lines
    .map((line) => ({ ...line, placedAt: placedAt.get(line.orderId) ?? null }))
    .sort((a, b) => (rank.get(a.orderId) ?? 0) - (rank.get(b.orderId) ?? 0) || a.id - b.id);
}

/** One line of the customer's placed orders (the item page's pastItemId); null for any other line. */
export async function findPastLine(db: Db, userId: number, lineId: number) {
  const [owner] = await db
    .select({ placedAt: orders.placedAt })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .where(and(placedBy(userId), eq(orderItems.id, lineId)))
    .limit(1);
  if (!owner) return null;
  const [line] = await findLinesWithModifiers(db, eq(orderItems.id, lineId));
  return line ? { ...line, placedAt: owner.placedAt } : null;
}

async function findLinesWithModifiers(db: Db, where: SQL) {
  const items = await db.select().from(orderItems).where(where);
  if (items.length === 0) return [];
  const modifiers = await db
    .select()
    .from(orderItemModifiers)
    .where(
      inArray(
        orderItemModifiers.orderItemId,
        items.map((i) => i.id),
      ),
    )
    .orderBy(orderItemModifiers.orderItemId, orderItemModifiers.position);
  const byLine = new Map<number, (typeof modifiers)[number][]>();
  for (const m of modifiers) {
    const list = byLine.get(m.orderItemId) ?? [];
    list.push(m);
    byLine.set(m.orderItemId, list);
  }
  return items.map((item) => ({ ...item, modifiers: byLine.get(item.id) ?? [] }));
}

export type PastLine = Awaited<ReturnType<typeof findLinesWithModifiers>>[number] & { placedAt: Date | null };
