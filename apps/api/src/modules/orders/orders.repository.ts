import { PAYMENT_METHOD } from '@storefront/contracts/enums';
import { and, asc, eq, inArray, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { orderItemModifiers, orderItems, orders } from '../../db/schema/orders';
import { payments } from '../../db/schema/payments';

export type OrderRow = typeof orders.$inferSelect;
export type OrderItemRow = typeof orderItems.$inferSelect;
export type OrderItemModifierRow = typeof orderItemModifiers.$inferSelect;
export type NewOrderItem = Omit<typeof orderItems.$inferInsert, 'orderId' | 'id'>;
export type NewOrderItemModifier = Omit<typeof orderItemModifiers.$inferInsert, 'orderItemId' | 'id'>;

export async function insertOrder(db: Db, values: typeof orders.$inferInsert): Promise<OrderRow> {
  const [row] = await db.insert(orders).values(values).returning();
  if (!row) throw new Error('order insert returned nothing');
  return row;
}

/** The order row; `lock` takes a row lock (inside a transaction) so concurrent edits serialise. */
export async function findOrder(db: Db, id: number, lock = false): Promise<OrderRow | null> {
  const query = db.select().from(orders).where(eq(orders.id, id)).limit(1);
  const [row] = lock ? await query.for('update') : await query;
  return row ?? null;
}

export async function updateOrder(db: Db, id: number, values: Partial<typeof orders.$inferInsert>) {
  await db
    .update(orders)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(orders.id, id));
}

/**
 * What the order's payments already cover, cents: its gift cards, applied (Pending) or captured (Approved),
 * and any other payment once charged (Approved). A pending card, wallet or offline-credit payment covers
 * nothing yet: it is what is still due.
 */
export async function findCoveredCents(db: Db, orderId: number): Promise<number> {
  const [row] = await db
    .select({
      cents: sql<string | number>`coalesce(sum(${payments.baseAmountCents} + ${payments.tipAmountCents}), 0)`,
    })
    .from(payments)
    .where(
      and(
        eq(payments.orderId, orderId),
        or(
          and(
            eq(payments.paymentMethod, PAYMENT_METHOD.GiftCard),
            inArray(payments.status, ['Pending', 'Approved']),
          ),
          eq(payments.status, 'Approved'),
        ),
      ),
    );
  return Number(row?.cents ?? 0);
}

/** Items of the given orders with their modifiers, in insertion order. */
export async function findItemsOfOrders(db: Db, orderIds: number[]) {
  if (orderIds.length === 0) return [];
  const items = await db
    .select()
    .from(orderItems)
    .where(inArray(orderItems.orderId, orderIds))
    .orderBy(asc(orderItems.id));
  const modifiers =
    items.length === 0
      ? []
      : await db
          .select()
          .from(orderItemModifiers)
          .where(
            inArray(
              orderItemModifiers.orderItemId,
              items.map((i) => i.id),
            ),
          )
          .orderBy(asc(orderItemModifiers.orderItemId), asc(orderItemModifiers.position));
  // Grouped once: a kitchen board reads hundreds of orders' lines at a time.
  const modifiersOf = new Map<number, (typeof modifiers)[number][]>();
  for (const modifier of modifiers) {
    const group = modifiersOf.get(modifier.orderItemId);
    if (group) group.push(modifier);
    else modifiersOf.set(modifier.orderItemId, [modifier]);
  }
  return items.map((item) => ({ ...item, modifiers: modifiersOf.get(item.id) ?? [] }));
}

export function findOrderItems(db: Db, orderId: number) {
  return findItemsOfOrders(db, [orderId]);
}
export type LoadedOrderItem = Awaited<ReturnType<typeof findOrderItems>>[number];

export async function insertOrderItem(
  db: Db,
  orderId: number,
  item: NewOrderItem,
  modifiers: readonly NewOrderItemModifier[],
): Promise<number> {
  const [row] = await db
    .insert(orderItems)
    .values({ ...item, orderId })
    .returning({ id: orderItems.id });
  if (!row) throw new Error('order item insert returned nothing');
  if (modifiers.length > 0) {
    await db.insert(orderItemModifiers).values(modifiers.map((m) => ({ ...m, orderItemId: row.id })));
  }
  return row.id;
}

export async function replaceOrderItem(
  db: Db,
  itemId: number,
  item: Partial<NewOrderItem>,
  modifiers: readonly NewOrderItemModifier[],
) {
  await db.update(orderItems).set(item).where(eq(orderItems.id, itemId));
  await db.delete(orderItemModifiers).where(eq(orderItemModifiers.orderItemId, itemId));
  if (modifiers.length > 0) {
    await db.insert(orderItemModifiers).values(modifiers.map((m) => ({ ...m, orderItemId: itemId })));
  }
}

export async function deleteOrderItem(db: Db, orderId: number, itemId: number) {
  await db.delete(orderItems).where(and(eq(orderItems.orderId, orderId), eq(orderItems.id, itemId)));
}
