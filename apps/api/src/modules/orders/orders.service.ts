/**
 * Order building: orders belong to the token's session (`sid`); every line is priced and validated
 * authoritatively with the contracts' pricing rules on the order's menu snapshot; totals are recomputed in the
 * same transaction as every change. Orders change only while not placed.
 */
import { ORDER_ERROR, SNAPSHOT_MISMATCH } from '@storefront/contracts/errors';
import {
  FULFILLMENT_METHOD,
  ORDER_CHANNEL,
  OrderChannelSchema,
  PickupTypeSchema,
  type FulfillmentMethod,
} from '@storefront/contracts/enums';
import type { ApiError } from '@storefront/contracts/api';
import {
  isAvailableFor,
  isDescendantKey,
  unavailableForText,
  type MenuNode,
} from '@storefront/contracts/menu';
import { priceOrder, type DiscountLine } from '@storefront/contracts/discount-engine';
import { centsToDollars } from '@storefront/contracts/money';
import type {
  AddOrderItem,
  CreateOrderBody,
  ItemPricingValue,
  Order,
  OrderDiscount,
  OrderItem,
  UpdateOrderBody,
} from '@storefront/contracts/orders';
import {
  applySequenceOfChanges,
  computeOrderTotals,
  defaultSelection,
  type OrderTotalsCents,
  type PriceChange,
  type SelectedModifier,
  type SelectionIssue,
} from '@storefront/contracts/pricing';
import type { Db } from '../../db/client';
import { conflict, DomainError, notFound, ruleBroken } from '../../lib/errors';
import type { Session } from '../../lib/tokens';
import type { LoadedSnapshot } from '../menus/menu-snapshots';
import { getRecord } from '../locations/locations.service';
import { assertSessionActive } from '../accounts/sessions.service';
import { loadOrderDiscountInputs, type OrderDiscountInputs } from '../discounts/discount-inputs';
import {
  priceSelection,
  requireItem,
  requireSnapshot,
  toPricingValue,
  transitionsOf,
} from '../menus/menus.service';
import {
  deleteOrderItem,
  findCoveredCents,
  findOrder,
  findOrderItems,
  insertOrder,
  insertOrderItem,
  insertOrderWithLines,
  NEW_ORDER_PRICING_COLUMNS,
  replaceOrderItem,
  updateOrder,
  type LoadedOrderItem,
  type NewOrderItem,
  type NewOrderItemModifier,
  type OrderRow,
} from './orders.repository';

const ERROR_KEY_BY_CODE = new Map<number, string>(
  Object.entries(ORDER_ERROR).map(([key, code]) => [code, key]),
);

function toApiError(issue: SelectionIssue): ApiError {
  return {
    key: ERROR_KEY_BY_CODE.get(issue.code) ?? 'InvalidItem',
    code: issue.code,
    message: issue.message,
  };
}

const orderNotFound = (orderId: number) =>
  notFound('InvalidOrderId', `Order ${orderId} not found`, ORDER_ERROR.InvalidOrderId);

/**
 * The order if it belongs to the session. Another session's order answers exactly like a missing one
 * (404, 21042), so ids cannot be probed. `lock` takes a row lock (call inside a transaction).
 */
export async function requireOwnedOrder(
  db: Db,
  orderId: number,
  sid: string,
  lock = false,
): Promise<OrderRow> {
  const order = await findOrder(db, orderId, lock);
  if (!order || order.sessionId !== sid) throw orderNotFound(orderId);
  return order;
}

function assertModifiable(order: OrderRow) {
  if (order.placedAt !== null) {
    throw conflict(
      'OrderPlaced',
      'The order has been placed and can no longer change',
      ORDER_ERROR.InvalidOrderId,
    );
  }
}

export interface LineInput {
  itemPathKey: string;
  quantity: number;
  portionId?: number | null | undefined;
  modifiers: readonly SelectedModifier[];
  note?: string | null | undefined;
  crossSellOfferId?: string | null | undefined;
}

export interface LineDraft {
  item: NewOrderItem;
  modifiers: NewOrderItemModifier[];
}

function portionTitle(item: MenuNode, portionId: number | null, portions: ReadonlyMap<number, string>) {
  return portionId === null || item.priceAttribute?.priceType !== 'Portions'
    ? null
    : (portions.get(portionId) ?? null);
}

/** 21002 for an item the order's fulfilment method cannot serve ('Not available for Delivery'). */
function unavailableForError(node: MenuNode, method: FulfillmentMethod): ApiError {
  return {
    key: 'InvalidItem',
    code: ORDER_ERROR.InvalidItem,
    message: `${node.displayAttribute?.itemTitle ?? node.title}: ${unavailableForText(method)}`,
  };
}

/** Prices and validates one line on a snapshot for the order's method; the issues when it cannot be ordered. */
function draftLine(
  snapshot: LoadedSnapshot,
  input: LineInput,
  method: FulfillmentMethod,
): { draft: LineDraft } | { errors: ApiError[] } {
  const item = snapshot.byKey.get(input.itemPathKey);
  if (!item) {
    return {
      errors: [
        {
          key: 'InvalidItem',
          code: ORDER_ERROR.InvalidItem,
          message: `Item ${input.itemPathKey} is not on this menu`,
        },
      ],
    };
  }
  let node: MenuNode;
  try {
    node = requireItem(snapshot, input.itemPathKey);
  } catch {
    return {
      errors: [
        { key: 'InvalidItem', code: ORDER_ERROR.InvalidItem, message: `${item.title} cannot be ordered` },
      ],
    };
  }
  if (!isAvailableFor(node, method)) return { errors: [unavailableForError(node, method)] };
  const priced = priceSelection(node, input.quantity, input.portionId, input.modifiers);
  if (priced.issues.length > 0) return { errors: priced.issues.map(toApiError) };
  const { pricing } = priced;
  // A modifier's position is the order it was chosen in (its first occurrence in the request), which decides the
  // units a group's included quantity covers: the line re-priced from its stored modifiers (selectionOf) keeps them.
  const rank = new Map<string, number>();
  input.modifiers.forEach((m, i) => {
    if (!rank.has(m.itemPathKey)) rank.set(m.itemPathKey, i);
  });
  const chosenOrder = [...pricing.modifiers].sort(
    (a, b) => (rank.get(a.itemPathKey) ?? 0) - (rank.get(b.itemPathKey) ?? 0),
  );
  return {
    draft: {
      item: {
        itemPathKey: node.itemPathKey,
        title: node.displayAttribute?.itemTitle ?? node.title,
        quantity: pricing.quantity,
        portionId: pricing.portionId,
        portionTitle: portionTitle(node, pricing.portionId, snapshot.portions),
        unitPriceCents: pricing.unitPriceCents,
        totalCents: pricing.totalCents,
        note: input.note ?? null,
        crossSellOfferId: input.crossSellOfferId ?? null,
      },
      modifiers: chosenOrder.map((m, position) => ({
        itemPathKey: m.itemPathKey,
        title: m.title,
        quantity: m.quantity,
        portionId: m.portionId,
        unitPriceCents: m.unitPriceCents,
        includedQuantity: m.includedQuantity,
        priceCents: m.priceCents,
        position,
      })),
    },
  };
}

const methodOf = (order: Pick<OrderRow, 'fulfillmentMethod'>) => order.fulfillmentMethod as FulfillmentMethod;

function requireLine(snapshot: LoadedSnapshot, input: LineInput, method: FulfillmentMethod): LineDraft {
  const result = draftLine(snapshot, input, method);
  if ('errors' in result) throw new DomainError(422, result.errors);
  return result.draft;
}

function selectionOf(line: LoadedOrderItem): SelectedModifier[] {
  return line.modifiers.map((m) => ({
    itemPathKey: m.itemPathKey,
    quantity: m.quantity,
    portionId: m.portionId,
  }));
}

/**
 * Recomputes and stores the order's totals from its lines with the contracts' discount engine (automatic
 * discounts, its coupon, service charges; discounts before tax) and stores the engine's lines with them;
 * returns the totals. A placed order keeps what it was placed with (a coupon expiring later changes nothing).
 */
export async function recomputeTotals(
  db: Db,
  order: OrderRow,
  items: readonly LoadedOrderItem[],
): Promise<OrderTotalsCents> {
  if (order.placedAt !== null) return totalsOf(order, items);
  const { totals, ...columns } = priceWith(order, items, await loadOrderDiscountInputs(db, order));
  await updateOrder(db, order.id, columns);
  return totals;
}

/** What a new order is made of before it is written: newOrderValues' columns. */
export type NewOrderValues = Awaited<ReturnType<typeof newOrderValues>>;

/**
 * A new order with its drafted lines, priced and written at once (repeat order): the totals recomputeTotals
 * would store, worked out on the row the insert makes (the schema's defaults: no tip, no delivery fee), then the
 * order, its lines and its totals in one statement. `inputs` are that order's discount inputs
 * (newOrderDiscountInputs). Answers the row and the lines as findOrder and findOrderItems read them.
 */
export async function insertPricedOrder(
  db: Db,
  values: NewOrderValues,
  drafts: readonly LineDraft[],
  inputs: OrderDiscountInputs,
): Promise<{ order: OrderRow; items: LoadedOrderItem[] }> {
  // The engine's lines need no id yet: it keys nothing by them.
  const lines = drafts.map((draft, index) => ({ ...draft.item, id: index }));
  const priced = priceWith(
    { ...NEW_ORDER_PRICING_COLUMNS, fulfillmentMethod: values.fulfillmentMethod },
    lines,
    inputs,
  );
  return insertOrderWithLines(db, values, priced, drafts);
}

/** The discount engine's totals of the order's lines, and the columns recomputeTotals stores of them. */
function priceWith(
  order: PricedColumns,
  items: readonly Pick<LoadedOrderItem, 'id' | 'itemPathKey' | 'quantity' | 'totalCents'>[],
  inputs: OrderDiscountInputs,
) {
  const priced = priceOrder({
    ...inputs,
    lines: items.map((i) => ({
      id: i.id,
      itemPathKey: i.itemPathKey,
      quantity: i.quantity,
      totalCents: i.totalCents,
    })),
    taxRateBasisPoints: order.taxRateBasisPoints,
    tipCents: order.tipCents,
    ...deliveryChargesOf(order),
  });
  const totals = priced.totals;
  return {
    totals,
    subtotalCents: totals.subtotalCents,
    discountCents: priced.discounts.totalCents,
    serviceChargeCents: priced.serviceCharges.totalCents,
    discountLines: priced.discounts.lines,
    serviceChargeLines: priced.serviceCharges.lines,
    salesTaxCents: totals.salesTaxCents,
    totalCents: totals.totalCents,
  };
}

/**
 * The order's totals from its lines (delivery fee taxed, driver tip not: see contracts' computeOrderTotals);
 * `paidCents` is what its payments already cover (findCoveredCents), taken off the due.
 */
export function totalsOf(
  order: OrderRow,
  items: readonly { totalCents: number }[],
  paidCents = 0,
): OrderTotalsCents {
  return computeOrderTotals({
    paidCents,
    lineTotalsCents: items.map((i) => i.totalCents),
    discountCents: order.discountCents,
    serviceChargeCents: order.serviceChargeCents,
    taxRateBasisPoints: order.taxRateBasisPoints,
    tipCents: order.tipCents,
    ...deliveryChargesOf(order),
  });
}

/** What pricing reads of an order's row. */
type PricedColumns = Pick<
  OrderRow,
  'taxRateBasisPoints' | 'tipCents' | 'fulfillmentMethod' | 'deliveryFeeCents' | 'driverTipCents'
>;

/** A delivery order's fee and driver tip (nothing for other methods). */
function deliveryChargesOf(order: PricedColumns) {
  if (order.fulfillmentMethod !== FULFILLMENT_METHOD.Delivery) return {};
  return { deliveryFeeCents: order.deliveryFeeCents, driverTipCents: order.driverTipCents ?? 0 };
}

/** A stored discount line as the API answers it (dollars). */
export function toOrderDiscount(line: DiscountLine): OrderDiscount {
  return {
    code: line.code,
    instanceId: line.instanceId,
    amount: centsToDollars(line.amountCents),
    isApplied: line.isApplied,
    couponCode: line.couponCode,
    name: line.name,
    source: line.source,
    type: line.type,
    notice: line.notice,
  };
}

export function toOrderItemView(line: LoadedOrderItem): OrderItem {
  return {
    id: line.id,
    itemPathKey: line.itemPathKey,
    menuItemPathKey: line.itemPathKey,
    title: line.title,
    quantity: line.quantity,
    portionId: line.portionId,
    portionTitle: line.portionTitle,
    selectedModifiers: line.modifiers.map((m) => ({
      itemPathKey: m.itemPathKey,
      quantity: m.quantity,
      portionId: m.portionId,
      title: m.title,
      price: centsToDollars(m.priceCents),
      includedQuantity: m.includedQuantity,
    })),
    unitPrice: centsToDollars(line.unitPriceCents),
    total: centsToDollars(line.totalCents),
    note: line.note,
    orderDate: line.createdAt.toISOString(),
  };
}

/**
 * The order as the API answers it (checkout fields are added by the checkout module's own views). `paidCents`
 * is what its payments already cover (findCoveredCents: applied gift cards, charged payments): due is the
 * total less that, so gift cards covering everything make due 0 (the spec's 'If due is 0, the order is placed
 * directly').
 */
export function toOrderView(order: OrderRow, items: readonly LoadedOrderItem[], paidCents: number): Order {
  const totals = totalsOf(order, items, paidCents);
  // In OrderSchema's key order and shape: a repeat's answer is this object stringified as is (orders.routes).
  return {
    id: order.id,
    context: {
      locationId: order.locationId,
      snapshotId: order.snapshotId,
      orderChannelId: OrderChannelSchema.parse(order.orderChannel),
      fulfillmentMethod: (order.fulfillmentMethod as FulfillmentMethod) ?? FULFILLMENT_METHOD.Pickup,
    },
    status: order.status,
    isPlaced: order.placedAt !== null,
    orderDateTime: order.orderDateTime?.toISOString() ?? null,
    items: items.map(toOrderItemView),
    totals: {
      subtotal: centsToDollars(totals.subtotalCents),
      discount: centsToDollars(totals.discountCents),
      serviceCharge: centsToDollars(totals.serviceChargeCents),
      salesTax: centsToDollars(totals.salesTaxCents),
      tip: centsToDollars(totals.tipCents),
      total: centsToDollars(totals.totalCents),
      due: centsToDollars(totals.dueCents),
    },
    due: centsToDollars(totals.dueCents),
    discounts: order.discountLines.map(toOrderDiscount),
    serviceCharges: order.serviceChargeLines.map((line) => ({
      id: line.id,
      name: line.name,
      amount: centsToDollars(line.amountCents),
    })),
    notes: order.notes,
    createdAt: order.createdAt.toISOString(),
    updatedAt: order.updatedAt.toISOString(),
    fulfillmentInformation: {
      fulfillmentMethod: (order.fulfillmentMethod as FulfillmentMethod) ?? FULFILLMENT_METHOD.Pickup,
      // No option (a walk-in) is null at once, not a refused parse of each option of the union.
      pickupOption:
        order.pickupOption === null ? null : (PickupTypeSchema.safeParse(order.pickupOption).data ?? null),
      fulfillmentPlace: order.fulfillmentPlace,
      carType: order.carType,
      carColor: order.carColor,
      ...(order.pickupFields?.length ? { additionalFields: order.pickupFields } : {}),
      delivery:
        order.fulfillmentMethod === FULFILLMENT_METHOD.Delivery && order.deliveryLine1
          ? {
              line1: order.deliveryLine1,
              line2: order.deliveryLine2 ?? '',
              city: order.deliveryCity ?? '',
              stateCode: order.deliveryStateCode ?? '',
              zipCode: order.deliveryZipCode ?? '',
              feeAmount: centsToDollars(order.deliveryFeeCents),
              tipAmount: order.driverTipCents === null ? null : centsToDollars(order.driverTipCents),
              minimumOrderAmount:
                order.deliveryMinOrderCents === null ? null : centsToDollars(order.deliveryMinOrderCents),
            }
          : null,
    },
    expectedPreparationReadyDateTime: order.expectedReadyAt?.toISOString() ?? null,
    scheduledTime: order.scheduledReadyAt?.toISOString() ?? null,
    // Once placed: the reference the guest quotes at the store, and when the kitchen expects it ready.
    referenceNumber: order.referenceNumber ?? null,
  };
}

async function viewOf(db: Db, orderId: number): Promise<Order> {
  const order = await findOrder(db, orderId);
  if (!order) throw orderNotFound(orderId);
  return toOrderView(order, await findOrderItems(db, orderId), await findCoveredCents(db, orderId));
}

/**
 * Runs a change on an owned, modifiable order inside one transaction with the order row locked, then
 * recomputes the totals and answers the order.
 */
export async function changeOrder(
  db: Db,
  session: Session,
  orderId: number,
  change: (tx: Db, order: OrderRow, snapshot: LoadedSnapshot, items: LoadedOrderItem[]) => Promise<void>,
  /** Run in the same transaction once the totals are recomputed, with the order's fresh row. */
  afterTotals?: (tx: Db, order: OrderRow) => Promise<void>,
): Promise<Order> {
  return db.transaction(async (tx) => {
    const order = await requireOwnedOrder(tx, orderId, session.sid, true);
    assertModifiable(order);
    // Through tx: the root handle would wait for a second connection this transaction may be holding.
    const snapshot = await requireSnapshot(tx, order.snapshotId);
    await change(tx, order, snapshot, await findOrderItems(tx, orderId));
    const fresh = await findOrder(tx, orderId);
    if (!fresh) throw orderNotFound(orderId);
    await recomputeTotals(tx, fresh, await findOrderItems(tx, orderId));
    if (afterTotals) {
      const totalled = await findOrder(tx, orderId);
      if (!totalled) throw orderNotFound(orderId);
      await afterTotals(tx, totalled);
    }
    return viewOf(tx, orderId);
  });
}

/** 404 InvalidLocation (21034) for an unknown store; 422 InvalidOrderType (21036) for a method it does not offer. */
async function assertMethodOffered(db: Db, locationId: number, method: FulfillmentMethod) {
  const location = await getRecord(db, locationId);
  if (!location.fulfillmentMethods.includes(method)) {
    throw ruleBroken(
      'InvalidOrderType',
      ORDER_ERROR.InvalidOrderType,
      'This location does not offer this fulfillment method',
    );
  }
}

/**
 * POST sales/orders: a new, empty order on a menu snapshot for the token's session. The location comes from
 * the snapshot and the order channel from the token's app type. 404 (811) for an unknown snapshot; 401
 * SessionInvalid (10005) for a user token whose customer session is closed (the route's hook leaves that check
 * to its services, so that a repeat makes it in its own statement).
 */
export async function createOrder(db: Db, session: Session, body: CreateOrderBody): Promise<Order> {
  await assertSessionActive(db, session);
  const values = await newOrderValues(db, session, body);
  const order = await insertOrder(db, {
    ...values,
    orderDateTime: body.orderDateTime ? new Date(body.orderDateTime) : null,
  });
  return toOrderView(order, [], 0);
}

/**
 * The row createOrder inserts (without its orderDateTime), once its rules are checked: 404 (811) for an unknown
 * snapshot, 422 for the catering channel on another menu, 21034/21036 for the store and its methods.
 */
export async function newOrderValues(db: Db, session: Session, body: CreateOrderBody) {
  const snapshot = await requireSnapshot(db, body.menuSnapshotId);
  // The catering app (channel 106) orders only from catering menus; the web storefront (107) serves both
  // menus of a store, so it may order from either.
  if (session.appType === ORDER_CHANNEL.catering && !snapshot.catering) {
    throw ruleBroken(
      'InvalidOrderChannel',
      ORDER_ERROR.InvalidOrderChannel,
      'This menu cannot be ordered through the catering channel',
    );
  }
  const method = body.fulfillmentMethod ?? FULFILLMENT_METHOD.Pickup;
  // 21034 when the store is gone; 21036 when it does not offer the method.
  await assertMethodOffered(db, snapshot.locationId, method);
  return {
    sessionId: session.sid,
    userId: session.userId,
    locationId: snapshot.locationId,
    snapshotId: snapshot.id,
    orderChannel: session.appType,
    fulfillmentMethod: method,
  };
}

/** GET sales/orders/{id}: the session's order (404 21042 for a missing or another session's order). */
export async function getOrder(db: Db, session: Session, orderId: number): Promise<Order> {
  const order = await requireOwnedOrder(db, orderId, session.sid);
  return toOrderView(order, await findOrderItems(db, orderId), await findCoveredCents(db, orderId));
}

/** The lines of an order the method cannot serve on the snapshot (an item limited to other methods). */
function linesUnavailableFor(
  snapshot: LoadedSnapshot,
  items: readonly LoadedOrderItem[],
  method: FulfillmentMethod,
): LoadedOrderItem[] {
  return items.filter((line) => {
    const node = snapshot.byKey.get(line.itemPathKey);
    return node !== undefined && !isAvailableFor(node, method);
  });
}

/**
 * Inside the caller's transaction, drops the lines of an order the method cannot serve (what 'Your order will
 * change' listed) when the order moves to that method; the caller recomputes the totals. The caller reads the
 * snapshot through the same transaction (`requireSnapshot(tx, ...)`).
 */
export async function dropLinesUnavailableFor(
  tx: Db,
  snapshot: LoadedSnapshot,
  orderId: number,
  method: FulfillmentMethod,
) {
  const items = await findOrderItems(tx, orderId);
  for (const line of linesUnavailableFor(snapshot, items, method))
    await deleteOrderItem(tx, orderId, line.id);
}

/**
 * GET sales/orders/{id}/unavailable-items?fulfillmentMethod=: the lines a change to that method would remove
 * (the 'Your order will change' list); empty when nothing changes.
 */
export async function listUnavailableItems(
  db: Db,
  session: Session,
  orderId: number,
  method: FulfillmentMethod,
): Promise<OrderItem[]> {
  const order = await requireOwnedOrder(db, orderId, session.sid);
  const snapshot = await requireSnapshot(db, order.snapshotId);
  const items = await findOrderItems(db, orderId);
  const unavailable = new Set(linesUnavailableFor(snapshot, items, method).map((line) => line.id));
  return toOrderView(order, items, 0).items.filter((item) => unavailable.has(item.id));
}

/**
 * PATCH sales/orders/{id}: moves the order to another fulfilment method (dropping the lines it cannot serve)
 * and/or another snapshot of the same location. A different snapshot is 422 21031 unless `forceUpdate`;
 * forced, every line is repriced on the new snapshot and lines it cannot serve are dropped.
 */
export async function updateOrderSnapshot(db: Db, session: Session, orderId: number, body: UpdateOrderBody) {
  return changeOrder(db, session, orderId, async (tx, order, snapshot) => {
    let method = order.fulfillmentMethod as FulfillmentMethod;
    if (body.fulfillmentMethod !== undefined && body.fulfillmentMethod !== method) {
      method = body.fulfillmentMethod;
      await assertMethodOffered(tx, order.locationId, method);
      await updateOrder(tx, orderId, { fulfillmentMethod: method });
      await dropLinesUnavailableFor(tx, snapshot, orderId, method);
    }
    if (body.snapshotId === order.snapshotId) return;
    if (!body.forceUpdate) {
      throw ruleBroken(
        'SnapshotMismatch',
        SNAPSHOT_MISMATCH,
        'The order was priced on another menu snapshot',
      );
    }
    const next = await requireSnapshot(tx, body.snapshotId);
    if (next.locationId !== order.locationId) {
      throw ruleBroken(
        'InvalidLocation',
        ORDER_ERROR.InvalidLocation,
        'The snapshot belongs to another location',
      );
    }
    for (const line of await findOrderItems(tx, orderId)) {
      const result = draftLine(next, { ...lineInputOf(line), modifiers: selectionOf(line) }, method);
      if ('errors' in result) await deleteOrderItem(tx, orderId, line.id);
      else await replaceOrderItem(tx, line.id, result.draft.item, result.draft.modifiers);
    }
    await updateOrder(tx, orderId, { snapshotId: next.id });
  });
}

/** A stored line as add-item input (its modifiers given separately). */
function lineInputOf(line: LoadedOrderItem): Omit<LineInput, 'modifiers'> {
  return {
    itemPathKey: line.itemPathKey,
    quantity: line.quantity,
    portionId: line.portionId,
    note: line.note,
    crossSellOfferId: line.crossSellOfferId,
  };
}

/** POST sales/orders/{id}/items: adds a priced line; 422 with the spec's codes when it cannot be ordered. */
export async function addOrderItem(
  db: Db,
  session: Session,
  orderId: number,
  body: AddOrderItem,
): Promise<Order> {
  return changeOrder(db, session, orderId, async (tx, order, snapshot) => {
    const draft = requireLine(snapshot, body, methodOf(order));
    await insertOrderItem(tx, orderId, draft.item, draft.modifiers);
  });
}

/**
 * POST sales/orders/{id}/bulk-items: adds several lines at once. With removeInvalidItems the lines that cannot
 * be ordered are left out and listed; without it, any invalid line fails the whole call (422, 10018 plus the
 * line's codes) and nothing is added.
 */
export async function addOrderItems(
  db: Db,
  session: Session,
  orderId: number,
  items: readonly AddOrderItem[],
  removeInvalidItems: boolean,
) {
  let removedItems: RemovedItem[] = [];
  const order = await changeOrder(db, session, orderId, async (tx, current, snapshot) => {
    const lines = draftOrderLines(snapshot, items, methodOf(current));
    removedItems = lines.removedItems;
    if (removedItems.length > 0 && !removeInvalidItems) {
      throw new DomainError(422, [
        { key: 'BulkAddFailed', code: 10018, message: 'Some items cannot be added to the order' },
        ...removedItems.flatMap((r) => r.errors),
      ]);
    }
    await insertLineDrafts(tx, orderId, lines.drafts);
  });
  return { order, removedItems };
}

/** An item of a bulk add that cannot be ordered, with why. */
export interface RemovedItem {
  itemPathKey: string;
  errors: ApiError[];
}

/**
 * Prices and validates several lines on a snapshot for a fulfilment method (bulk-items and repeat order): the
 * drafts of those that can be ordered, and the others with their errors. Writes nothing.
 */
export function draftOrderLines(
  snapshot: LoadedSnapshot,
  items: readonly LineInput[],
  method: FulfillmentMethod,
): { drafts: LineDraft[]; removedItems: RemovedItem[] } {
  const drafts: LineDraft[] = [];
  const removedItems: RemovedItem[] = [];
  for (const input of items) {
    const result = draftLine(snapshot, input, method);
    if ('draft' in result) drafts.push(result.draft);
    else removedItems.push({ itemPathKey: input.itemPathKey, errors: result.errors });
  }
  return { drafts, removedItems };
}

/** Inserts drafted lines into an order inside the caller's transaction; the caller recomputes the totals. */
export async function insertLineDrafts(tx: Db, orderId: number, drafts: readonly LineDraft[]) {
  for (const draft of drafts) await insertOrderItem(tx, orderId, draft.item, draft.modifiers);
}

function requireOrderLine(items: readonly LoadedOrderItem[], itemId: number): LoadedOrderItem {
  const line = items.find((i) => i.id === itemId);
  if (!line) throw notFound('InvalidItem', `Order item ${itemId} not found`, ORDER_ERROR.InvalidItem);
  return line;
}

/**
 * The item a line becomes through a transition: the line's own item when `transitionItemPathKey` is absent or the
 * same; otherwise one of the transitions of the line's item on the snapshot. 404 (21002) for a key the snapshot
 * does not have; 422 (21002) for an item the line's item does not turn into.
 */
function lineItemKey(
  snapshot: LoadedSnapshot,
  line: LoadedOrderItem,
  transitionItemPathKey: string | undefined,
): string {
  if (transitionItemPathKey === undefined || transitionItemPathKey === line.itemPathKey)
    return line.itemPathKey;
  const target = requireItem(snapshot, transitionItemPathKey);
  const source = snapshot.byKey.get(line.itemPathKey);
  if (!source || !transitionsOf(snapshot, source).some((t) => t.itemPathKey === target.itemPathKey)) {
    throw ruleBroken(
      'InvalidItem',
      ORDER_ERROR.InvalidItem,
      `${line.title} cannot become ${target.displayAttribute?.itemTitle ?? target.title}`,
    );
  }
  return target.itemPathKey;
}

/**
 * PUT sales/orders/{id}/items/{itemId}: replaces the line's quantity, portion, modifiers and note; with
 * transitionItemPathKey the line (same id and place) becomes that transition item. 422 with the spec's codes
 * when the new line cannot be ordered; nothing changes then.
 */
export async function updateOrderItem(
  db: Db,
  session: Session,
  orderId: number,
  itemId: number,
  body: Omit<AddOrderItem, 'itemPathKey' | 'crossSellOfferId'> & {
    transitionItemPathKey?: string | undefined;
  },
): Promise<Order> {
  return changeOrder(db, session, orderId, async (tx, order, snapshot, items) => {
    const line = requireOrderLine(items, itemId);
    const { transitionItemPathKey, ...input } = body;
    const draft = requireLine(
      snapshot,
      {
        ...input,
        itemPathKey: lineItemKey(snapshot, line, transitionItemPathKey),
        crossSellOfferId: line.crossSellOfferId,
      },
      methodOf(order),
    );
    await replaceOrderItem(tx, itemId, draft.item, draft.modifiers);
  });
}

/** DELETE sales/orders/{id}/items/{itemId}. */
export async function removeOrderItem(
  db: Db,
  session: Session,
  orderId: number,
  itemId: number,
): Promise<Order> {
  return changeOrder(db, session, orderId, async (tx, _order, _snapshot, items) => {
    requireOrderLine(items, itemId);
    await deleteOrderItem(tx, orderId, itemId);
  });
}

/**
 * DELETE sales/orders/{id}/items/{itemId}/modifiers/{modifierKey}: drops a modifier (and what is nested under
 * it) and reprices the line; 422 when the line would break a rule (e.g. a required group left empty).
 */
export async function removeOrderItemModifier(
  db: Db,
  session: Session,
  orderId: number,
  itemId: number,
  modifierKey: string,
): Promise<Order> {
  return changeOrder(db, session, orderId, async (tx, order, snapshot, items) => {
    const line = requireOrderLine(items, itemId);
    if (!line.modifiers.some((m) => m.itemPathKey === modifierKey)) {
      throw notFound('InvalidItem', `Modifier ${modifierKey} is not on this line`, ORDER_ERROR.InvalidItem);
    }
    const modifiers = selectionOf(line).filter(
      (m) => m.itemPathKey !== modifierKey && !isDescendantKey(m.itemPathKey, modifierKey),
    );
    const draft = requireLine(snapshot, { ...lineInputOf(line), modifiers }, methodOf(order));
    await replaceOrderItem(tx, itemId, draft.item, draft.modifiers);
  });
}

interface PricingInput {
  quantity: number;
  portionId?: number | null | undefined;
  sequenceOfChanges: PriceChange[];
}

/** POST sales/orders/{id}/items/pricings: a new item's price on the order's snapshot (defaults + changes). */
export async function priceNewOrderItem(
  db: Db,
  session: Session,
  orderId: number,
  body: PricingInput & { itemPathKey: string },
): Promise<ItemPricingValue> {
  const order = await requireOwnedOrder(db, orderId, session.sid);
  const snapshot = await requireSnapshot(db, order.snapshotId);
  const item = requireItem(snapshot, body.itemPathKey);
  const modifiers = applySequenceOfChanges(defaultSelection(item).modifiers, body.sequenceOfChanges);
  return toPricingValue(item.itemPathKey, priceSelection(item, body.quantity, body.portionId, modifiers));
}

/**
 * PUT sales/orders/{id}/items/{instanceId}/pricings: the line's price with changes replayed on its current
 * selection (quantity and portion kept unless given). transitionItemPathKey prices the line as one of its item's
 * transitions, with the changes replayed on that item's defaults (422 21002 for an item it does not turn into).
 */
export async function priceOrderLine(
  db: Db,
  session: Session,
  orderId: number,
  instanceId: number,
  body: Partial<PricingInput> & {
    sequenceOfChanges: PriceChange[];
    transitionItemPathKey?: string | undefined;
  },
): Promise<ItemPricingValue> {
  const order = await requireOwnedOrder(db, orderId, session.sid);
  const snapshot = await requireSnapshot(db, order.snapshotId);
  const line = requireOrderLine(await findOrderItems(db, orderId), instanceId);
  const itemPathKey = lineItemKey(snapshot, line, body.transitionItemPathKey);
  const item = requireItem(snapshot, itemPathKey);
  const base = itemPathKey === line.itemPathKey ? selectionOf(line) : defaultSelection(item).modifiers;
  const modifiers = applySequenceOfChanges(base, body.sequenceOfChanges);
  const portionId = body.portionId === undefined ? line.portionId : body.portionId;
  return toPricingValue(
    item.itemPathKey,
    priceSelection(item, body.quantity ?? line.quantity, portionId, modifiers),
  );
}

export interface CheckoutOrder {
  order: OrderRow;
  items: LoadedOrderItem[];
  totals: OrderTotalsCents;
  view: Order;
}

/**
 * For checkout and placing: the session's order with its lines, locked FOR UPDATE, with totals recomputed and
 * stored. Call it with a transaction (`db.transaction(tx => getOrderForCheckout(tx, id, sid))`) so the lock
 * lasts until the caller commits. Fails with 404 (21042) for a missing or another session's order; it does not
 * refuse placed orders (the caller decides).
 */
export async function getOrderForCheckout(tx: Db, orderId: number, sid: string): Promise<CheckoutOrder> {
  const order = await requireOwnedOrder(tx, orderId, sid, true);
  const items = await findOrderItems(tx, orderId);
  const totals = await recomputeTotals(tx, order, items);
  const fresh = await findOrder(tx, orderId);
  if (!fresh) throw orderNotFound(orderId);
  const view = toOrderView(fresh, items, await findCoveredCents(tx, orderId));
  return { order: fresh, items, totals, view };
}
