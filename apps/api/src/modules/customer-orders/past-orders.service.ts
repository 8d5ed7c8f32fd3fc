/**
 * A signed-in customer's order history (past orders and their details) and the reorder strip (past ordered
 * items, repriced on today's menu). Only orders placed with the customer's token belong to them; another
 * customer's or a guest's order answers exactly like a missing one (404), so ids cannot be probed.
 */
import {
  PAST_ORDERED_ITEMS_LIMIT,
  type PastOrderDetail,
  type PastOrderSummary,
  type RecentOrderedItem,
} from '@storefront/contracts/accounts';
import { ORDER_ERROR } from '@storefront/contracts/errors';
import {
  FULFILLMENT_METHOD,
  ITEM_TYPE,
  ORDER_CHANNEL,
  OrderChannelSchema,
  type FulfillmentMethod,
  type OrderChannel,
} from '@storefront/contracts/enums';
import { isTopLevelItemKey, ItemPathKeySchema } from '@storefront/contracts/menu';
import { centsToDollars } from '@storefront/contracts/money';
import { ItemNoteSchema, type AddOrderItem } from '@storefront/contracts/orders';
import { formatZonedIso } from '@storefront/contracts/store-hours';
import type { Db } from '../../db/client';
import { notFound, unauthorized } from '../../lib/errors';
import type { Session } from '../../lib/tokens';
import { isSessionActive, sessionInvalid } from '../accounts/sessions.service';
import type { LoadedSnapshot } from '../menus/menu-snapshots';
import { priceSelection, requireSnapshot } from '../menus/menus.service';
import { findItemsOfOrders } from '../orders/orders.repository';
import {
  findPastLine,
  findPastOrder,
  findPastOrders,
  findRecentPastLines,
  type PastLine,
  type PastOrderSummaryRow,
} from './past-orders.repository';

/** Past orders per page when the client does not say. */
export const PAST_ORDERS_PAGE_DEFAULT = 20;
/**
 * The reorder strip looks at the lines of this many of the customer's latest orders: enough for 5 distinct
 * items, bounded whatever the history's length.
 */
export const PAST_ORDERED_ITEMS_ORDERS_SCANNED = 50;

/**
 * The customer of a user token. A guest token (no user id) is 401: these routes need a signed-in customer, and
 * a guest has no history to be refused a part of (a 404 would tell the storefront nothing it can act on).
 */
export function requireCustomer(session: Session): number {
  if (session.userId === null) throw unauthorized('Sign in to see your orders');
  return session.userId;
}

export const pastOrderNotFound = (pastOrderId: number) =>
  notFound('InvalidOrderId', `Order ${pastOrderId} not found`, ORDER_ERROR.InvalidOrderId);

const isoIn = (epochMs: number | null, timeZone: string) =>
  epochMs === null ? null : formatZonedIso(epochMs, timeZone);

// The channels an order is placed on, checked without zod (a zod union of literals builds an issue for each
// option it passes over: web, the usual one, is the last); any other value goes through the schema.
const orderChannelOf = (channel: number): OrderChannel =>
  channel === ORDER_CHANNEL.web || channel === ORDER_CHANNEL.inStore || channel === ORDER_CHANNEL.catering
    ? channel
    : OrderChannelSchema.parse(channel);

function toSummary(row: PastOrderSummaryRow): PastOrderSummary {
  return {
    id: row.id,
    referenceNumber: row.referenceNumber,
    locationId: row.locationId,
    locationName: row.locationName,
    orderChannel: orderChannelOf(row.orderChannel),
    fulfillmentMethod: row.fulfillmentMethod as FulfillmentMethod,
    readyDateTime: isoIn(row.expectedReadyAtMs, row.timeZone),
    placedAt: isoIn(row.placedAtMs, row.timeZone) ?? '',
    cancelledAt: isoIn(row.cancelledAtMs, row.timeZone),
    total: centsToDollars(row.totalCents),
    itemCount: row.itemCount,
  };
}

/**
 * GET guests/past-orders: a page of the customer's placed orders, newest first; `before` is the last id of the
 * previous page. filterByCurrentOrderChannel keeps the orders of the token's app type. 401 for a guest token;
 * 401 SessionInvalid (10005) when the customer session is closed: the route checks it here, in the page's own
 * statement (auth.ts, customerSessionCheckedByRoute), and asks the session alone only when no row came back.
 */
export async function listPastOrders(
  db: Db,
  session: Session,
  query: { limit?: number | undefined; before?: number | undefined; filterByCurrentOrderChannel?: boolean },
): Promise<{ orders: PastOrderSummary[]; hasMore: boolean }> {
  const userId = requireCustomer(session);
  const { customerSessionId } = session;
  // verifyAccessToken never admits a user id without its customer session: this only narrows the type.
  if (customerSessionId === null) throw sessionInvalid();
  const limit = query.limit ?? PAST_ORDERS_PAGE_DEFAULT;
  // One row more than the page tells whether another page exists.
  const rows = await findPastOrders(
    db,
    { userId, customerSessionId, now: new Date() },
    {
      limit: limit + 1,
      before: query.before,
      orderChannel: query.filterByCurrentOrderChannel ? session.appType : undefined,
    },
  );
  if (rows.length === 0 && !(await isSessionActive(db, { userId, customerSessionId }))) {
    throw sessionInvalid();
  }
  return { orders: rows.slice(0, limit).map(toSummary), hasMore: rows.length > limit };
}

type StoredLine = Awaited<ReturnType<typeof findItemsOfOrders>>[number];

/** A stored line as an add-item input, as stored (repeat order drafts it against today's menu). */
export function addItemInputOf(
  line: Pick<StoredLine, 'itemPathKey' | 'quantity' | 'portionId' | 'note'> & {
    modifiers: readonly Pick<StoredLine['modifiers'][number], 'itemPathKey' | 'quantity' | 'portionId'>[];
  },
) {
  return {
    itemPathKey: line.itemPathKey,
    quantity: line.quantity,
    portionId: line.portionId,
    modifiers: line.modifiers.map((m) => ({
      itemPathKey: m.itemPathKey,
      quantity: m.quantity,
      portionId: m.portionId,
    })),
    note: line.note,
  };
}

/** A stored line as the add-item payload to order it again; null when it could not be sent as one. */
function toReorderItem(line: StoredLine): AddOrderItem | null {
  const keys = [line.itemPathKey, ...line.modifiers.map((m) => m.itemPathKey)];
  if (!keys.every((key) => ItemPathKeySchema.safeParse(key).success)) return null;
  const input = addItemInputOf(line);
  return {
    ...input,
    note: input.note !== null && ItemNoteSchema.safeParse(input.note).success ? input.note : null,
  };
}

/** The order's lines as add-item payloads (what repeat order and bulk-items send). */
export function reorderItemsOf(lines: readonly StoredLine[]): AddOrderItem[] {
  return lines.map(toReorderItem).filter((item): item is AddOrderItem => item !== null);
}

/**
 * GET guests/past-orders/{id}: the customer's placed order with its lines (as ordered then), totals, the store's
 * address and the lines as add-item payloads. 404 (21042) for another customer's, a guest's or an unknown order.
 */
export async function getPastOrder(db: Db, session: Session, pastOrderId: number): Promise<PastOrderDetail> {
  const userId = requireCustomer(session);
  const row = await findPastOrder(db, userId, pastOrderId);
  if (!row) throw pastOrderNotFound(pastOrderId);
  const { order } = row;
  const lines = await findItemsOfOrders(db, [order.id]);
  // A delivery order's fee and driver tip are in its total: the service charge carries them, as an order's does.
  const delivery = order.fulfillmentMethod === FULFILLMENT_METHOD.Delivery;
  const deliveryFeeCents = delivery ? order.deliveryFeeCents : 0;
  const driverTipCents = delivery ? (order.driverTipCents ?? 0) : 0;
  const summary = toSummary({
    ...order,
    expectedReadyAtMs: order.expectedReadyAt?.getTime() ?? null,
    placedAtMs: order.placedAt?.getTime() ?? null,
    cancelledAtMs: order.cancelledAt?.getTime() ?? null,
    locationName: row.locationName,
    timeZone: row.timeZone,
    itemCount: lines.reduce((sum, line) => sum + line.quantity, 0),
  });
  return {
    ...summary,
    locationAddress: [row.address1, row.address2, row.city, `${row.stateCode} ${row.postalCode}`]
      .filter((part): part is string => part !== null && part !== '')
      .join(', '),
    items: lines.map((line) => ({
      id: line.id,
      itemPathKey: line.itemPathKey,
      title: line.title,
      quantity: line.quantity,
      portionTitle: line.portionTitle,
      modifiers: line.modifiers.map((m) => ({ title: m.title, quantity: m.quantity })),
      note: line.note,
      total: centsToDollars(line.totalCents),
    })),
    totals: {
      subtotal: centsToDollars(order.subtotalCents),
      discount: centsToDollars(order.discountCents),
      serviceCharge: centsToDollars(order.serviceChargeCents + deliveryFeeCents + driverTipCents),
      salesTax: centsToDollars(order.salesTaxCents),
      tip: centsToDollars(order.tipCents),
      total: centsToDollars(order.totalCents),
      deliveryFee: centsToDollars(deliveryFeeCents),
      driverTip: centsToDollars(driverTipCents),
    },
    reorderItems: reorderItemsOf(lines),
  };
}

/** What makes two past lines the same item to order again: item, portion and modifiers (not the note). */
function signatureOf(line: PastLine): string {
  const modifiers = line.modifiers
    .map((m) => `${m.itemPathKey}:${m.quantity}:${m.portionId ?? ''}`)
    .sort()
    .join(',');
  return `${line.itemPathKey}|${line.portionId ?? ''}|${modifiers}`;
}

/**
 * A past line priced today on `snapshot` (with the contracts' pricing, never at the old price); null when it
 * cannot be shown there: the item is missing, hidden or no longer an item, a modifier is gone, or the selection
 * breaks a rule other than stock. Out of stock (item, portion or modifier) is kept with isOutOfStock.
 */
function repriced(snapshot: LoadedSnapshot, line: PastLine): RecentOrderedItem | null {
  const node = snapshot.byKey.get(line.itemPathKey);
  if (!node || !isTopLevelItemKey(line.itemPathKey) || node.itemType === ITEM_TYPE.Group) return null;
  if (node.displayAttribute?.hidden) return null;
  if (!line.modifiers.every((m) => snapshot.byKey.has(m.itemPathKey))) return null;
  const priced = priceSelection(
    node,
    line.quantity,
    line.portionId,
    line.modifiers.map((m) => ({ itemPathKey: m.itemPathKey, quantity: m.quantity, portionId: m.portionId })),
  );
  if (priced.issues.some((issue) => issue.code !== ORDER_ERROR.ItemOutOfStock)) return null;
  return {
    pastItemId: line.id,
    itemPathKey: node.itemPathKey,
    title: node.displayAttribute?.itemTitle ?? node.title,
    orderDate: (line.placedAt ?? line.createdAt).toISOString(),
    quantity: priced.pricing.quantity,
    portionId: priced.pricing.portionId,
    total: centsToDollars(priced.pricing.totalCents),
    isOutOfStock: priced.issues.length > 0,
    note: line.note,
    selectedModifiers: priced.pricing.modifiers.map((m) => ({
      itemPathKey: m.itemPathKey,
      title: m.title,
      quantity: m.quantity,
      portionId: m.portionId,
      itemType: snapshot.byKey.get(m.itemPathKey)?.itemType ?? ITEM_TYPE.Modifier,
    })),
  };
}

/**
 * GET guests/past-ordered-items: the customer's most recent distinct past lines (placed orders; at `locationId`
 * when given; of the token's app type with filterByCurrentOrderChannel), each repriced on the given snapshot.
 * Lines that menu cannot show are left out; out-of-stock ones are kept and flagged. 404 (811) for an unknown
 * snapshot; 401 for a guest token.
 */
export async function listPastOrderedItems(
  db: Db,
  session: Session,
  query: {
    snapshotId: number;
    locationId?: number | undefined;
    limit?: number | undefined;
    filterByCurrentOrderChannel?: boolean | undefined;
  },
): Promise<RecentOrderedItem[]> {
  const userId = requireCustomer(session);
  const snapshot = await requireSnapshot(db, query.snapshotId);
  const limit = query.limit ?? PAST_ORDERED_ITEMS_LIMIT;
  const lines = await findRecentPastLines(db, userId, {
    orderLimit: PAST_ORDERED_ITEMS_ORDERS_SCANNED,
    locationId: query.locationId,
    orderChannel: query.filterByCurrentOrderChannel ? session.appType : undefined,
  });
  const seen = new Set<string>();
  const items: RecentOrderedItem[] = [];
  for (const line of lines) {
    const signature = signatureOf(line);
    if (seen.has(signature)) continue;
    seen.add(signature);
    const item = repriced(snapshot, line);
    if (item) items.push(item);
    if (items.length >= limit) break;
  }
  return items;
}

/**
 * GET guests/past-ordered-items/{id}?snapshotId: one past line repriced on the snapshot (the item page's reorder
 * mode). 404 (21042) for another customer's or an unknown line; 404 (21002) when that menu cannot show it.
 */
export async function getPastOrderedItem(
  db: Db,
  session: Session,
  pastItemId: number,
  snapshotId: number,
): Promise<RecentOrderedItem> {
  const userId = requireCustomer(session);
  const snapshot = await requireSnapshot(db, snapshotId);
  const line = await findPastLine(db, userId, pastItemId);
  if (!line)
    throw notFound('PastItemNotFound', `Past item ${pastItemId} not found`, ORDER_ERROR.InvalidOrderId);
  const item = repriced(snapshot, line);
  if (!item) {
    throw notFound('InvalidItem', `${line.title} is not on this menu`, ORDER_ERROR.InvalidItem);
  }
  return item;
}
