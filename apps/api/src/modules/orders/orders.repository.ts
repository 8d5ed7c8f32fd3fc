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

/**
 * What pricing reads of a new order's row before it is written (repeat order prices first, then inserts): the
 * schema's defaults, which the migrations give the columns. Checked at load: a default made non-constant (an SQL
 * expression) fails here, not in a price.
 */
export const NEW_ORDER_PRICING_COLUMNS = {
  taxRateBasisPoints: constantDefault(orders.taxRateBasisPoints),
  tipCents: constantDefault(orders.tipCents),
  deliveryFeeCents: constantDefault(orders.deliveryFeeCents),
  driverTipCents: null,
  scheduledReadyAt: null,
} satisfies Partial<OrderRow>;

function constantDefault(column: { name: string; default: unknown }): number {
  if (typeof column.default !== 'number') throw new Error(`orders.${column.name} has no constant default`);
  return column.default;
}

// A new order, its lines and their modifiers in one statement (so atomic without a transaction): the lines'
// ids are drawn in the lines' order first, so that each modifier names its line and the lines keep their order.
const INSERT_ORDER_WITH_LINES = statement(
  'insert_order_with_lines',
  `with o as (
     insert into orders (session_id, user_id, location_id, snapshot_id, order_channel, fulfillment_method,
       subtotal_cents, discount_cents, service_charge_cents, discount_lines, service_charge_lines,
       sales_tax_cents, total_cents)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10::jsonb, $11::jsonb, $12, $13)
     returning *
   ), l as (
     select nextval('order_items_id_seq'::regclass)::int as id, x.*
     from json_to_recordset($14::json) as x(item_path_key text, title text, quantity smallint, portion_id int,
       portion_title text, unit_price_cents int, total_cents int, note text, cross_sell_offer_id text,
       modifiers json)
   ), i as (
     insert into order_items (id, order_id, item_path_key, title, quantity, portion_id, portion_title,
       unit_price_cents, total_cents, note, cross_sell_offer_id)
     select l.id, o.id, l.item_path_key, l.title, l.quantity, l.portion_id, l.portion_title, l.unit_price_cents,
       l.total_cents, l.note, l.cross_sell_offer_id
     from l, o
     returning *
   ), m as (
     insert into order_item_modifiers (order_item_id, item_path_key, title, quantity, portion_id,
       unit_price_cents, included_quantity, price_cents, position)
     select l.id, x.item_path_key, x.title, x.quantity, x.portion_id, x.unit_price_cents, x.included_quantity,
       x.price_cents, x.position
     from l, json_to_recordset(l.modifiers) as x(item_path_key text, title text, quantity smallint,
       portion_id int, unit_price_cents int, included_quantity smallint, price_cents int, position smallint)
     returning *
   )
   select row_to_json(o) as "order",
     coalesce((select json_agg(json_build_object('item', row_to_json(i),
         'modifiers', coalesce((select json_agg(row_to_json(m) order by m.position, m.id) from m
           where m.order_item_id = i.id), '[]'::json)) order by i.id) from i), '[]'::json) as lines
   from o`,
);

/**
 * A new order (as insertOrder makes it, the other columns at their defaults) with its totals and its lines, in
 * one round trip: answers the row and the lines as findOrder and findOrderItems read them.
 */
export async function insertOrderWithLines(
  db: Db,
  values: Pick<
    typeof orders.$inferInsert,
    'sessionId' | 'userId' | 'locationId' | 'snapshotId' | 'orderChannel' | 'fulfillmentMethod'
  >,
  totals: {
    subtotalCents: number;
    discountCents: number;
    serviceChargeCents: number;
    discountLines: OrderRow['discountLines'];
    serviceChargeLines: OrderRow['serviceChargeLines'];
    salesTaxCents: number;
    totalCents: number;
  },
  lines: readonly { item: NewOrderItem; modifiers: readonly NewOrderItemModifier[] }[],
): Promise<{ order: OrderRow; items: (OrderItemRow & { modifiers: OrderItemModifierRow[] })[] }> {
  const [row] = await runStatement<{
    order: Record<string, unknown>;
    lines: { item: Record<string, unknown>; modifiers: Record<string, unknown>[] }[];
  }>(db, INSERT_ORDER_WITH_LINES, [
    values.sessionId,
    values.userId ?? null,
    values.locationId,
    values.snapshotId,
    values.orderChannel,
    values.fulfillmentMethod ?? 1,
    totals.subtotalCents,
    totals.discountCents,
    totals.serviceChargeCents,
    JSON.stringify(totals.discountLines),
    JSON.stringify(totals.serviceChargeLines),
    totals.salesTaxCents,
    totals.totalCents,
    JSON.stringify(
      lines.map(({ item, modifiers }) => ({
        item_path_key: item.itemPathKey,
        title: item.title,
        quantity: item.quantity,
        portion_id: item.portionId ?? null,
        portion_title: item.portionTitle ?? null,
        unit_price_cents: item.unitPriceCents,
        total_cents: item.totalCents,
        note: item.note ?? null,
        cross_sell_offer_id: item.crossSellOfferId ?? null,
        modifiers: modifiers.map((m) => ({
          item_path_key: m.itemPathKey,
          title: m.title,
          quantity: m.quantity,
          portion_id: m.portionId ?? null,
          unit_price_cents: m.unitPriceCents,
          included_quantity: m.includedQuantity ?? 0,
          price_cents: m.priceCents,
          position: m.position,
        })),
      })),
    ),
  ]);
  if (!row) throw new Error('order insert returned nothing');
  return {
    order: rowOf(orders, row.order),
    items: row.lines.map((line) => ({
      ...rowOf(orderItems, line.item),
      modifiers: line.modifiers.map((m) => rowOf(orderItemModifiers, m)),
    })),
  };
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
