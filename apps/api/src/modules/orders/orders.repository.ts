import { PAYMENT_METHOD } from '@storefront/contracts/enums';
import { and, asc, eq, inArray, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { orderItemModifiers, orderItems, orders } from '../../db/schema/orders';
import { payments } from '../../db/schema/payments';
import { rowOf, runStatement, statement } from '../../db/statements';

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

const INSERT_NEW_ORDER = statement(
  'insert_new_order',
  `insert into orders (session_id, user_id, location_id, snapshot_id, order_channel, fulfillment_method,
     order_date_time)
   values ($1, $2, $3, $4, $5, $6, $7) returning row_to_json(orders) as "order"`,
);

/** A new, empty order as insertOrder makes it (the other columns at their defaults), by a named statement. */
export async function insertNewOrder(
  db: Db,
  values: Pick<
    typeof orders.$inferInsert,
    'sessionId' | 'userId' | 'locationId' | 'snapshotId' | 'orderChannel' | 'fulfillmentMethod'
  >,
): Promise<OrderRow> {
  const [row] = await runStatement<{ order: Record<string, unknown> }>(db, INSERT_NEW_ORDER, [
    values.sessionId,
    values.userId ?? null,
    values.locationId,
    values.snapshotId,
    values.orderChannel,
    values.fulfillmentMethod ?? 1,
    null,
  ]);
  if (!row) throw new Error('order insert returned nothing');
  return rowOf(orders, row.order);
}

const UPDATE_ORDER_TOTALS = statement(
  'update_order_totals',
  `update orders set subtotal_cents = $2, discount_cents = $3, service_charge_cents = $4,
     discount_lines = $5::jsonb, service_charge_lines = $6::jsonb, sales_tax_cents = $7, total_cents = $8,
     updated_at = now()
   where id = $1 returning row_to_json(orders) as "order"`,
);

/** The totals recomputeTotals stores, as updateOrder stores them; answers the updated row (null: no order). */
export async function updateOrderTotals(
  db: Db,
  id: number,
  values: {
    subtotalCents: number;
    discountCents: number;
    serviceChargeCents: number;
    discountLines: OrderRow['discountLines'];
    serviceChargeLines: OrderRow['serviceChargeLines'];
    salesTaxCents: number;
    totalCents: number;
  },
): Promise<OrderRow | null> {
  const [row] = await runStatement<{ order: Record<string, unknown> }>(db, UPDATE_ORDER_TOTALS, [
    id,
    values.subtotalCents,
    values.discountCents,
    values.serviceChargeCents,
    JSON.stringify(values.discountLines),
    JSON.stringify(values.serviceChargeLines),
    values.salesTaxCents,
    values.totalCents,
  ]);
  return row ? rowOf(orders, row.order) : null;
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

// A line and its modifiers in one statement (the modifiers given as JSON), answering both as stored.
const INSERT_LINE = statement(
  'insert_order_line',
  `with i as (
     insert into order_items (order_id, item_path_key, title, quantity, portion_id, portion_title,
       unit_price_cents, total_cents, note, cross_sell_offer_id)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) returning *
   ), m as (
     insert into order_item_modifiers (order_item_id, item_path_key, title, quantity, portion_id,
       unit_price_cents, included_quantity, price_cents, position)
     select i.id, x.item_path_key, x.title, x.quantity, x.portion_id, x.unit_price_cents, x.included_quantity,
       x.price_cents, x.position
     from i, json_to_recordset($11::json) as x(item_path_key text, title text, quantity smallint, portion_id int,
       unit_price_cents int, included_quantity smallint, price_cents int, position smallint)
     returning *
   )
   select row_to_json(i) as item,
     coalesce((select json_agg(row_to_json(m) order by m.position, m.id) from m), '[]'::json) as modifiers
   from i`,
);

/**
 * insertOrderItem in one round trip (a named statement): the line and its modifiers, answered as
 * findOrderItems reads them.
 */
export async function insertOrderLine(
  db: Db,
  orderId: number,
  item: NewOrderItem,
  modifiers: readonly NewOrderItemModifier[],
): Promise<OrderItemRow & { modifiers: OrderItemModifierRow[] }> {
  const [row] = await runStatement<{ item: Record<string, unknown>; modifiers: Record<string, unknown>[] }>(
    db,
    INSERT_LINE,
    [
      orderId,
      item.itemPathKey,
      item.title,
      item.quantity,
      item.portionId ?? null,
      item.portionTitle ?? null,
      item.unitPriceCents,
      item.totalCents,
      item.note ?? null,
      item.crossSellOfferId ?? null,
      JSON.stringify(
        modifiers.map((m) => ({
          item_path_key: m.itemPathKey,
          title: m.title,
          quantity: m.quantity,
          portion_id: m.portionId ?? null,
          unit_price_cents: m.unitPriceCents,
          included_quantity: m.includedQuantity ?? 0,
          price_cents: m.priceCents,
          position: m.position,
        })),
      ),
    ],
  );
  if (!row) throw new Error('order item insert returned nothing');
  return {
    ...rowOf(orderItems, row.item),
    modifiers: row.modifiers.map((m) => rowOf(orderItemModifiers, m)),
  };
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
