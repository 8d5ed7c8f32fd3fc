/**
 * A customer's placed orders and their lines (order history, the reorder strip, repeat order). Every query is
 * keyed by the customer and reads placed orders only, along orders_user_placed_idx (user_id, id): its predicate
 * (user_id and placed_at not null) is repeated in each WHERE so that the planner may use the partial index.
 */
import { and, desc, eq, inArray, isNotNull, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { epochMs, runStatement, statement } from '../../db/statements';
import { sessionActiveCondition } from '../accounts/accounts.repository';
import { locations } from '../../db/schema/locations';
import { menuSnapshots } from '../../db/schema/menus';
import { orderItemModifiers, orderItems, orders } from '../../db/schema/orders';

/** A customer's placed orders, by the index's predicate. */
const placedBy = (userId: number) =>
  and(eq(orders.userId, userId), isNotNull(orders.userId), isNotNull(orders.placedAt));

/** A summary row of the customer's history page (GET guests/past-orders). */
export interface PastOrderSummaryRow {
  id: number;
  referenceNumber: string | null;
  locationId: number;
  locationName: string;
  timeZone: string;
  snapshotId: number;
  orderChannel: number;
  fulfillmentMethod: number | null;
  /** Instants as epoch milliseconds (a number from the driver, not a Date it parses). */
  expectedReadyAtMs: number | null;
  placedAtMs: number | null;
  cancelledAtMs: number | null;
  totalCents: number;
  itemCount: number;
}

const PAGE_COLUMNS = `o.id, o.reference_number as "referenceNumber", o.location_id as "locationId",
  l.name as "locationName", l.time_zone as "timeZone", o.snapshot_id as "snapshotId",
  o.order_channel as "orderChannel", o.fulfillment_method as "fulfillmentMethod",
  ${epochMs('o.expected_ready_at')} as "expectedReadyAtMs", ${epochMs('o.placed_at')} as "placedAtMs",
  ${epochMs('o.cancelled_at')} as "cancelledAtMs",
  o.total_cents as "totalCents",
  (select coalesce(sum(i.quantity), 0)::int from order_items i where i.order_id = o.id) as "itemCount"`;

// The index's predicate (user_id and placed_at not null) is in the WHERE, and the order channel is a filter:
// the page is read backwards along orders_user_placed_idx, from the newest or from `before`. The customer
// session's check is a one-time filter of the same statement: no rows when it fails. Exported for the scale
// bench's EXPLAIN (bench/scale.ts), which shows the plan of the statement the route sends.
export const PAGE_FIRST = statement(
  'past_orders_first_page',
  `select ${PAGE_COLUMNS} from orders o join locations l on l.id = o.location_id
   where o.user_id = $1 and o.user_id is not null and o.placed_at is not null
     and ($2::int is null or o.order_channel = $2) and ${sessionActiveCondition('$4', '$1', '$5')}
   order by o.id desc limit $3`,
);
const PAGE_BEFORE = statement(
  'past_orders_page_before',
  `select ${PAGE_COLUMNS} from orders o join locations l on l.id = o.location_id
   where o.user_id = $1 and o.user_id is not null and o.placed_at is not null
     and ($2::int is null or o.order_channel = $2) and ${sessionActiveCondition('$4', '$1', '$5')}
     and o.id < $6
   order by o.id desc limit $3`,
);

/**
 * A page of the customer's placed orders, newest first (by id): `limit` rows after `before` (an id of the
 * previous page), optionally of one order channel; none unless the customer session `customerSessionId` is
 * active at `now` (the caller tells an empty history from a closed session). A named statement: the page is
 * the account's most read list, and Drizzle's building of it cost more CPU than PostgreSQL's answer.
 */
export async function findPastOrders(
  db: Db,
  customer: { userId: number; customerSessionId: string; now: Date },
  page: { limit: number; before?: number | undefined; orderChannel?: number | undefined },
): Promise<PastOrderSummaryRow[]> {
  const values = [
    customer.userId,
    page.orderChannel ?? null,
    page.limit,
    customer.customerSessionId,
    customer.now.toISOString(),
  ];
  return page.before === undefined
    ? runStatement<PastOrderSummaryRow>(db, PAGE_FIRST, values)
    : runStatement<PastOrderSummaryRow>(db, PAGE_BEFORE, [...values, page.before]);
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

/** What repeating a past order reads of it: where and how it was ordered, and its lines as add-item inputs. */
export interface PastOrderToRepeat {
  locationId: number;
  fulfillmentMethod: number;
  catering: boolean;
  /** The snapshot the store serves now for that kind of menu (findLocationMenu); null when it has none. */
  currentSnapshotId: number | null;
  /** In the order they were added, each with its modifiers in their positions. */
  lines: {
    itemPathKey: string;
    title: string;
    quantity: number;
    portionId: number | null;
    note: string | null;
    modifiers: { itemPathKey: string; quantity: number; portionId: number | null }[];
  }[];
  /** The store's automatic discounts and active service charges (by id), as row_to_json gives them. */
  discounts: Record<string, unknown>[];
  serviceCharges: Record<string, unknown>[];
}

// findPastOrder's predicate, with the order's lines and modifiers, the store's current menu of the same kind
// (findLocationMenu) and what pricing a new order at its store reads (findAutomaticDiscounts,
// findServiceCharges), under the customer session's check (a one-time filter): everything repeat order reads,
// in one round trip. Exported for the scale bench's EXPLAIN.
export const PAST_ORDER_TO_REPEAT = statement(
  'past_order_to_repeat',
  `select o.location_id as "locationId", o.fulfillment_method as "fulfillmentMethod", s.catering,
     (select lm.snapshot_id from location_menus lm
       where lm.location_id = o.location_id and lm.catering = s.catering limit 1) as "currentSnapshotId",
     coalesce((select json_agg(json_build_object('itemPathKey', i.item_path_key, 'title', i.title,
         'quantity', i.quantity, 'portionId', i.portion_id, 'note', i.note,
         'modifiers', coalesce((select json_agg(json_build_object('itemPathKey', m.item_path_key,
             'quantity', m.quantity, 'portionId', m.portion_id) order by m.position, m.id)
           from order_item_modifiers m where m.order_item_id = i.id), '[]'::json))
       order by i.id) from order_items i where i.order_id = o.id), '[]'::json) as lines,
     coalesce((select json_agg(row_to_json(d) order by d.id) from discounts d
       where d.code is null and d.active = true and (d.location_ids is null or o.location_id = any(d.location_ids))),
       '[]'::json) as discounts,
     coalesce((select json_agg(row_to_json(c) order by c.id) from service_charges c
       where c.location_id = o.location_id and c.active = true), '[]'::json) as "serviceCharges"
   from orders o
   join locations l on l.id = o.location_id
   join menu_snapshots s on s.id = o.snapshot_id
   where o.user_id = $1 and o.user_id is not null and o.placed_at is not null and o.id = $2
     and ${sessionActiveCondition('$3', '$1', '$4')}
   limit 1`,
);

/**
 * The customer's placed order to repeat, with its lines and its store's pricing rules; null for any other, and
 * when the customer session `customerSessionId` is not active at `now` (the caller tells which).
 */
export async function findPastOrderToRepeat(
  db: Db,
  customer: { userId: number; customerSessionId: string; now: Date },
  orderId: number,
): Promise<PastOrderToRepeat | null> {
  const [row] = await runStatement<PastOrderToRepeat>(db, PAST_ORDER_TO_REPEAT, [
    customer.userId,
    orderId,
    customer.customerSessionId,
    customer.now.toISOString(),
  ]);
  return row ?? null;
}

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
