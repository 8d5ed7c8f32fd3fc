/**
 * The kitchen's view: placed orders of a location and the status state machine 1 -> 2 -> 3 -> 4.
 * Callers are authorised by the staff key, never by a guest token.
 */
import {
  FULFILLMENT_METHOD,
  FulfillmentMethodSchema,
  ORDER_STATUS,
  OrderStatusSchema,
  PickupTypeSchema,
  type FulfillmentMethod,
  type OrderStatus,
  type PickupType,
} from '@storefront/contracts/enums';
import { centsToDollars } from '@storefront/contracts/money';
import { pickupFieldsPart } from '@storefront/contracts/pickup';
import { formatZonedIso } from '@storefront/contracts/store-hours';
import { nextOrderStatus, type StaffLocation, type StaffOrder } from '@storefront/contracts/staff';
import { ORDER_ERROR } from '@storefront/contracts/errors';
import type { Db } from '../../db/client';
import { conflict, notFound } from '../../lib/errors';
import {
  findLocation,
  findOpenOrderStatuses,
  findOrderForUpdate,
  findPickupMethods,
  insertStatusHistory,
  listLocations,
  updateLocationOnline,
  updateOrder,
} from '../checkout/checkout.repository';
import { getKitchenLoad } from '../capacity/capacity.service';
import { settleCompletedOrder } from '../loyalty/loyalty.service';
import { findCatalogRecord, invalidateLocationsCache } from '../locations/locations.service';
import { getLocationOrderingState } from '../checkout/location-state';
import { orderNumberFor } from '../checkout/place-order.service';
import { findKitchenOrders } from './staff.repository';
import type { KitchenBoardCache } from './kitchen-board-cache';
import { enqueueOrderText, type OrderTextContext } from '../notifications/order-texts';

/** FulfillmentMethodSchema with Pickup for an unknown value, made once (a zod schema is costly to build). */
const FulfillmentMethodOrPickup = FulfillmentMethodSchema.catch(FULFILLMENT_METHOD.Pickup);

// A ticket's enums, checked without zod for the values they hold (a zod union of literals builds an issue for
// each option it rejects, most of the board's CPU after its SQL); any other value goes through the schema as before.
const isOneOf = (value: unknown, max: number) =>
  typeof value === 'number' && Number.isInteger(value) && value >= 0 && value <= max;
const statusOf = (status: number): OrderStatus =>
  isOneOf(status, 4) && status >= 1 ? (status as OrderStatus) : OrderStatusSchema.parse(status);
const methodOrPickup = (method: number): FulfillmentMethod =>
  isOneOf(method, 2) ? (method as FulfillmentMethod) : FulfillmentMethodOrPickup.parse(method);
// No pickup option (most tickets: every walk-in) is null at once, not a refused parse of every option.
const pickupTypeOf = (option: number | null): PickupType | null =>
  option === null
    ? null
    : isOneOf(option, 2)
      ? (option as PickupType)
      : (PickupTypeSchema.safeParse(option).data ?? null);

/**
 * Placed orders of a location (optionally of some statuses), oldest first, with items and pickup data. The
 * store's time zone comes from the catalogue (read from the database only for a store it does not hold yet).
 */
export async function listStaffOrders(
  db: Db,
  locationId: number,
  statuses?: OrderStatus[],
): Promise<StaffOrder[]> {
  const location = (await findCatalogRecord(db, locationId)) ?? (await findLocation(db, locationId));
  if (!location) throw notFound('LocationNotFound', 'The location does not exist', 21034);
  return staffOrdersOf(db, locationId, location.timeZone, statuses);
}

/**
 * The kitchen board's answer, `encode`d: kept by `boards` (per location and statuses, with the store's catalogue
 * record) until the store's orders change; a store the catalogue does not hold yet is read every time.
 */
export async function getKitchenBoard(
  db: Db,
  boards: KitchenBoardCache,
  locationId: number,
  statuses: OrderStatus[] | undefined,
  encode: (orders: StaffOrder[]) => Buffer,
): Promise<Buffer> {
  const record = await findCatalogRecord(db, locationId);
  if (!record) return encode(await listStaffOrders(db, locationId, statuses));
  // The statuses as a set: '3,1' reads the same orders as '1,3'.
  const key = `${locationId}:${statuses ? [...statuses].sort().join(',') : '*'}`;
  return boards.get(key, locationId, record, async () =>
    encode(await staffOrdersOf(db, locationId, record.timeZone, statuses)),
  );
}

async function staffOrdersOf(
  db: Db,
  locationId: number,
  zone: string,
  statuses: OrderStatus[] | undefined,
): Promise<StaffOrder[]> {
  const rows = await findKitchenOrders(db, locationId, statuses);
  // The labels of the guests' answers to pickup fields: read only when a ticket has answers.
  const methods = rows.some((r) => r.pickupFields?.length) ? await findPickupMethods(db, locationId) : [];
  return rows.map((order) => ({
    id: order.id,
    referenceNumber: order.referenceNumber ?? String(order.id),
    orderNumber: orderNumberFor(order.id),
    locationId: order.locationId,
    statusId: statusOf(order.status ?? 1),
    placedAt: formatZonedIso(order.placedAtMs, zone),
    expectedReadyTime:
      order.expectedReadyAtMs === null ? null : formatZonedIso(order.expectedReadyAtMs, zone),
    scheduledReadyTime:
      order.scheduledReadyAtMs === null ? null : formatZonedIso(order.scheduledReadyAtMs, zone),
    fulfillmentMethod: methodOrPickup(order.fulfillmentMethod),
    contact: {
      firstName: order.contactFirstName,
      lastName: order.contactLastName,
      phone: order.contactPhone,
      email: order.contactEmail,
    },
    pickup: {
      pickupOption: pickupTypeOf(order.pickupOption),
      carColor: order.carColor,
      carType: order.carType,
      fulfillmentPlace: order.fulfillmentPlace,
      ...pickupFieldsPart(methods, order.pickupOption, order.pickupFields),
    },
    delivery:
      order.fulfillmentMethod === FULFILLMENT_METHOD.Delivery && order.deliveryLine1
        ? {
            address: [order.deliveryLine1, order.deliveryLine2, order.deliveryCity, order.deliveryStateCode]
              .filter(Boolean)
              .join(', '),
            providerReference: order.deliveryProviderRef,
          }
        : null,
    notes: order.notes,
    // The lines come from the database in the answer's shape and key order.
    items: order.items,
    total: centsToDollars(order.totalCents),
    // A completed order was handed over, so what it had to pay at the store was collected; a cancelled one
    // owes nothing.
    unpaidAmount:
      order.status === ORDER_STATUS.Completed || order.cancelledAtMs !== null || order.unpaidCents <= 0
        ? null
        : centsToDollars(order.unpaidCents),
    cancelledAt: order.cancelledAtMs === null ? null : formatZonedIso(order.cancelledAtMs, zone),
    cancelReason: order.cancelReason,
  }));
}

/**
 * Moves a placed order to its next status under a row lock, with a history row. 404 for an unknown or
 * unplaced order; 409 at the terminal status, for a cancelled order, or when `expected` is not the next status
 * (a stale screen).
 * With `texts`, an order that becomes ready texts a guest who opted in, in the same transaction (the outbox).
 */
export async function advanceOrderStatus(
  db: Db,
  orderId: number,
  expected?: OrderStatus,
  texts?: OrderTextContext,
) {
  return db.transaction(async (tx) => {
    const order = await findOrderForUpdate(tx, orderId);
    if (!order?.placedAt || order.status === null) {
      throw notFound('OrderNotFound', 'The order does not exist', 21042);
    }
    // A cancelled order moves no further (its ticket left the active rails; a stale screen may still show it).
    if (order.cancelledAt) throw conflict('OrderCancelled', 'The order was cancelled');
    const current = OrderStatusSchema.parse(order.status);
    const next = nextOrderStatus(current);
    if (next === null) throw conflict('InvalidTransition', 'The order is already completed');
    if (expected !== undefined && expected !== next) {
      throw conflict('InvalidTransition', `The order cannot move from status ${current} to ${expected}`);
    }
    await updateOrder(tx, orderId, { status: next });
    await insertStatusHistory(tx, orderId, next, 'staff');
    if (texts && next === ORDER_STATUS.Ready) await enqueueOrderText(tx, texts, order, 'ready');
    // Completion earns the customer's points and spends the points held for a reward, in this transaction.
    if (next === ORDER_STATUS.Completed) await settleCompletedOrder(tx, orderId);
    return { id: orderId, statusId: next, previousStatusId: current };
  });
}

/** Every location with its schedule status and the number of orders neither completed nor cancelled. */
export async function listStaffLocations(db: Db, now: Date = new Date()): Promise<StaffLocation[]> {
  const [rows, open] = await Promise.all([listLocations(db), findOpenOrderStatuses(db)]);
  const result: StaffLocation[] = [];
  for (const location of rows) {
    const state = await getLocationOrderingState(db, location.id, now);
    result.push({
      id: location.id,
      name: location.name,
      city: location.city,
      status: state ? state.status.locationStatus : null,
      openOrders: open.filter((o) => o.locationId === location.id).length,
    });
  }
  return result;
}

const locationNotFound = (locationId: number) =>
  notFound('LocationNotFound', `Location ${locationId} does not exist`, ORDER_ERROR.InvalidLocation);

/** The kitchen's load per 15-minute slot on a local date (today by default); 404 for an unknown location. */
export async function getStaffKitchenLoad(db: Db, locationId: number, date: string | undefined) {
  const location = await findLocation(db, locationId);
  if (!location) throw locationNotFound(locationId);
  return getKitchenLoad(db, location, date);
}

/**
 * Pauses (false) or resumes (true) online ordering: a paused store is offline to guests (the store offline
 * prompt; placing answers 21045) until resumed.
 */
export async function setOnlineOrdering(db: Db, locationId: number, isOnline: boolean) {
  const row = await updateLocationOnline(db, locationId, isOnline);
  if (!row) throw locationNotFound(locationId);
  invalidateLocationsCache(db);
  return { locationId, isOnline: row.isOnline };
}
