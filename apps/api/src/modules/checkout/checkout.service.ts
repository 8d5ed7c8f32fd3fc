/**
 * Checkout rules: contact information, notes, pickup data, ready time and the pre-checkout validation.
 * Every call checks that the token's session owns the order; a placed order no longer changes.
 */
import type {
  ContactInformation,
  ContactInformationValue,
  OrderPropertiesBody,
  OrderValidationError,
  OrderValidationResult,
  PickupDataBody,
  PickupDataValue,
} from '@storefront/contracts/checkout';
import { ORDER_ERROR } from '@storefront/contracts/errors';
import { formatCents } from '@storefront/contracts/money';
import { composeOrderNotes, parseOrderNotes } from '@storefront/contracts/text';
import { formatZonedIso, isOrderTimeAvailable, orderTimeProblem } from '@storefront/contracts/store-hours';
import {
  FULFILLMENT_METHOD,
  PICKUP_TYPE,
  PickupTypeSchema,
  type OrderAction,
} from '@storefront/contracts/enums';
import type { PickupAdditionalField, PickupMethod } from '@storefront/contracts/locations';
import { TableNumberSchema } from '@storefront/contracts/checkout';
import {
  TABLE_NUMBER_MESSAGE,
  isContactHidden,
  keptPickupFields,
  pickupChoiceError,
  pickupFieldErrors,
} from '@storefront/contracts/pickup';
import type { Db } from '../../db/client';
import { conflict, notFound, ruleBroken } from '../../lib/errors';
import type { Session } from '../../lib/tokens';
import {
  findItemsOfOrders,
  findOrder,
  findOrderForUpdate,
  findPickupMethods,
  updateOrder,
  type OrderRow,
} from './checkout.repository';
import { hasKitchenRoom, kitchenFull } from '../capacity/capacity.service';
import { getLocationOrderingState, type LocationOrderingState } from './location-state';

export const orderNotFound = () =>
  notFound('OrderNotFound', 'The order does not exist', ORDER_ERROR.InvalidOrderId);
export const orderAlreadyPlaced = () =>
  conflict('OrderAlreadyPlaced', 'The order has already been placed', ORDER_ERROR.DuplicateOrder);

/**
 * The order when the session owns it. Unknown and foreign orders both answer 404 (21042) so that order ids
 * cannot be probed; with `open`, a placed order answers 409 (21041).
 */
export async function requireOwnedOrder(
  db: Db,
  session: Session,
  orderId: number,
  options: { forUpdate?: boolean; open?: boolean } = {},
): Promise<OrderRow> {
  const order = options.forUpdate ? await findOrderForUpdate(db, orderId) : await findOrder(db, orderId);
  if (!order || order.sessionId !== session.sid) throw orderNotFound();
  if (options.open && order.placedAt) throw orderAlreadyPlaced();
  return order;
}

export function contactOf(order: OrderRow): ContactInformationValue {
  return {
    firstName: order.contactFirstName,
    lastName: order.contactLastName,
    phone: order.contactPhone,
    email: order.contactEmail,
  };
}

export async function getContactInformation(db: Db, session: Session, orderId: number) {
  return contactOf(await requireOwnedOrder(db, session, orderId));
}

export async function updateContactInformation(
  db: Db,
  session: Session,
  orderId: number,
  contact: ContactInformation,
): Promise<ContactInformationValue> {
  return db.transaction(async (tx) => {
    await requireOwnedOrder(tx, session, orderId, { forUpdate: true, open: true });
    const order = await updateOrder(tx, orderId, {
      contactFirstName: contact.firstName,
      contactLastName: contact.lastName,
      contactPhone: contact.phone,
      contactEmail: contact.email,
    });
    if (!order) throw orderNotFound();
    return contactOf(order);
  });
}

/**
 * Saves the guest's notes (already normalised: line breaks as spaces, at most 50; '' clears them) and/or the
 * utensils choice, both kept in the order notes; what the body leaves out keeps its value.
 */
export async function updateOrderProperties(
  db: Db,
  session: Session,
  orderId: number,
  body: OrderPropertiesBody,
) {
  return db.transaction(async (tx) => {
    const current = await requireOwnedOrder(tx, session, orderId, { forUpdate: true, open: true });
    const parts = parseOrderNotes(current.notes);
    const notes = composeOrderNotes({
      includeUtensils: body.includeUtensils ?? parts.includeUtensils,
      guestNotes: body.notes === undefined ? parts.guestNotes : (body.notes ?? ''),
    });
    const order = await updateOrder(tx, orderId, { notes });
    return { notes: order?.notes ?? null, includeUtensils: parseOrderNotes(order?.notes).includeUtensils };
  });
}

/** A stored pickup method as the contracts' PickupMethod. */
export function pickupMethodOf(row: {
  pickupOption: number;
  notes: string | null;
  carDetailsRequired: boolean;
  parkingSpaceRequired: boolean;
  parkingSpaceMin: number | null;
  parkingSpaceMax: number | null;
  additionalFields?: PickupAdditionalField[];
}): PickupMethod {
  return {
    pickupOption: PickupTypeSchema.parse(row.pickupOption),
    notes: row.notes,
    carDetailsRequired: row.carDetailsRequired,
    parkingSpaceRequired: row.parkingSpaceRequired,
    parkingSpaceRange:
      row.parkingSpaceMin !== null && row.parkingSpaceMax !== null
        ? [row.parkingSpaceMin, row.parkingSpaceMax]
        : null,
    additionalFields: row.additionalFields ?? [],
  };
}

export function pickupDataOf(order: OrderRow): PickupDataValue | null {
  const option = PickupTypeSchema.safeParse(order.pickupOption);
  if (!option.success) return null;
  return {
    pickupOption: option.data,
    carColor: order.carColor,
    carType: order.carType,
    fulfillmentPlace: order.fulfillmentPlace,
    additionalFields: order.pickupFields ?? [],
  };
}

/**
 * Saves how the guest picks the order up. The option must be one the store offers (walk-in is always
 * offered); curbside and drive-thru car details and the parking place follow the store's pickup settings.
 */
export async function updatePickupData(
  db: Db,
  session: Session,
  orderId: number,
  body: PickupDataBody,
): Promise<PickupDataValue> {
  return db.transaction(async (tx) => {
    const order = await requireOwnedOrder(tx, session, orderId, { forUpdate: true, open: true });
    // A table order keeps its table number as the place (walk-in otherwise).
    if (order.fulfillmentMethod === FULFILLMENT_METHOD.DineIn) {
      const table = TableNumberSchema.safeParse(body.fulfillmentPlace ?? '');
      if (!table.success) throw ruleBroken('TableNumber', ORDER_ERROR.InvalidOrderType, TABLE_NUMBER_MESSAGE);
      const updated = await updateOrder(tx, orderId, {
        pickupOption: PICKUP_TYPE.WalkIn,
        carColor: null,
        carType: null,
        fulfillmentPlace: String(table.data),
        pickupFields: null,
      });
      const value = updated ? pickupDataOf(updated) : null;
      if (!value) throw orderNotFound();
      return value;
    }
    const methods = (await findPickupMethods(tx, order.locationId)).map(pickupMethodOf);
    const problem = pickupChoiceError(methods, body);
    if (problem) {
      throw ruleBroken(
        problem.field === 'pickupOption'
          ? 'PickupOption'
          : problem.field === 'car'
            ? 'CarDetails'
            : 'ParkingSpot',
        ORDER_ERROR.InvalidOrderType,
        problem.message,
      );
    }
    // Checkout spec section 5: the chosen option's additional fields, required and bounded per definition.
    const fields = methods.find((m) => m.pickupOption === body.pickupOption)?.additionalFields ?? [];
    const answers = body.additionalFields ?? [];
    const [fieldProblem] = Object.entries(pickupFieldErrors(fields, answers));
    if (fieldProblem) {
      throw ruleBroken(`AdditionalFields.${fieldProblem[0]}`, ORDER_ERROR.InvalidOrderType, fieldProblem[1]);
    }
    const kept = keptPickupFields(fields, answers);
    const place = body.fulfillmentPlace?.trim() ? body.fulfillmentPlace.trim() : null;
    const updated = await updateOrder(tx, orderId, {
      pickupOption: body.pickupOption,
      carColor: body.pickupOption === 0 ? null : (body.carColor ?? null),
      carType: body.pickupOption === 0 ? null : (body.carType ?? null),
      fulfillmentPlace: body.pickupOption === 0 ? null : place,
      pickupFields: kept.length > 0 ? kept : null,
    });
    const value = updated ? pickupDataOf(updated) : null;
    if (!value) throw orderNotFound();
    return value;
  });
}

/**
 * Sets the ready time: null is ASAP; a time must be an available slot of the store: 2021 for a date the store
 * cannot take orders on, 21037 for an unavailable time or a full kitchen slot.
 */
export async function updateReadyTime(
  db: Db,
  session: Session,
  orderId: number,
  orderReadyTime: string | null,
  now: Date = new Date(),
) {
  return db.transaction(async (tx) => {
    const order = await requireOwnedOrder(tx, session, orderId, { forUpdate: true, open: true });
    if (orderReadyTime === null) {
      await updateOrder(tx, orderId, { scheduledReadyAt: null });
      return { orderReadyTime: null, isScheduled: false };
    }
    const state = await getLocationOrderingState(tx, order.locationId, now);
    if (!state) throw ruleBroken('Location', ORDER_ERROR.InvalidLocation, 'The store does not exist');
    const time = new Date(orderReadyTime);
    const problem = orderTimeProblem(
      state.schedule,
      state.location.timeZone,
      time,
      now,
      state.location.prepTimeMinutes,
    );
    // 2021 for a date the store cannot take orders on, 21037 for an unavailable time (see orderTimeProblem).
    if (problem === 'date') {
      throw ruleBroken(
        'OrderReadyTime',
        ORDER_ERROR.InvalidOrderDateTime,
        'Unable to create an Order for the specified Date',
      );
    }
    if (problem === 'time') {
      throw ruleBroken('OrderReadyTime', ORDER_ERROR.InvalidOrderTime, 'The selected time is not available');
    }
    const items = (await findItemsOfOrders(tx, [orderId])).reduce((sum, line) => sum + line.quantity, 0);
    if (!(await hasKitchenRoom(tx, order.locationId, order.fulfillmentMethod, time, Math.max(items, 1)))) {
      throw kitchenFull();
    }
    await updateOrder(tx, orderId, { scheduledReadyAt: time });
    return { orderReadyTime: formatZonedIso(time.getTime(), state.location.timeZone), isScheduled: true };
  });
}

/**
 * The pre-checkout rules on an order: contact present, items present, store known, online (21045), open or
 * taking scheduled orders (21038 / 21037), minimum and maximum order amounts (21040 / 21039).
 * Failures are returned, not thrown.
 */
export async function preCheckoutErrors(db: Db, order: OrderRow, now: Date): Promise<OrderValidationError[]> {
  const items = await findItemsOfOrders(db, [order.id]);
  const state = await getLocationOrderingState(db, order.locationId, now);
  return checkoutErrorsOf(order, items.length, state, now);
}

/** preCheckoutErrors on what was read already: the order, how many lines it has, its store's ordering state. */
export function checkoutErrorsOf(
  order: OrderRow,
  lineCount: number,
  state: LocationOrderingState | null,
  now: Date,
): OrderValidationError[] {
  const errors: OrderValidationError[] = [];
  if (lineCount === 0) errors.push({ code: ORDER_ERROR.InvalidItem, message: 'The order has no items' });

  if (!state) {
    errors.push({ code: ORDER_ERROR.InvalidLocation, message: 'The store does not exist' });
    return errors;
  }
  const { location, status, schedule } = state;
  const contactHidden = isContactHidden(order, {
    hideForTablesideOrders: location.hideContactInfoForTableside,
    hideForCurbsideOrders: location.hideContactInfoForCurbside,
  });
  const hasContact =
    order.contactFirstName && order.contactLastName && order.contactPhone && order.contactEmail;
  if (!hasContact && !contactHidden) {
    errors.unshift({ code: 400, message: 'Please enter your contact information' });
  }
  if (!location.isOnline) {
    errors.push({ code: ORDER_ERROR.LocationOffline, message: 'The store is currently offline.' });
  } else if (order.scheduledReadyAt) {
    if (
      !isOrderTimeAvailable(
        schedule,
        location.timeZone,
        order.scheduledReadyAt,
        now,
        location.prepTimeMinutes,
      )
    ) {
      errors.push({
        code: ORDER_ERROR.InvalidOrderTime,
        message: 'The selected time is no longer available',
      });
    }
  } else if (status.locationStatus === 'Closed') {
    errors.push({
      code: ORDER_ERROR.InvalidStoreHours,
      message: location.acceptOrdersWhenClosed
        ? 'The store is closed: please schedule your order'
        : 'The store is closed',
    });
  }
  const amount = order.subtotalCents - order.discountCents;
  if (location.minOrderAmountCents !== null && amount < location.minOrderAmountCents) {
    errors.push({
      code: ORDER_ERROR.InvalidMinimumOrderLimitRange,
      message: `The minimum order amount is ${formatCents(location.minOrderAmountCents)}`,
    });
  }
  if (location.maxOrderAmountCents !== null && amount > location.maxOrderAmountCents) {
    errors.push({
      code: ORDER_ERROR.InvalidMaximumOrderLimitRange,
      message: `The maximum order amount is ${formatCents(location.maxOrderAmountCents)}`,
    });
  }
  if (order.fulfillmentMethod === FULFILLMENT_METHOD.Delivery) {
    if (!order.deliveryLine1) errors.push({ code: 400, message: 'Please enter a delivery address' });
    // The delivery zone's own minimum (the store's minimum applies as well).
    const zoneMin = order.deliveryMinOrderCents;
    if (zoneMin !== null && amount < zoneMin) {
      errors.push({
        code: ORDER_ERROR.InvalidMinimumOrderLimitRange,
        message: `The minimum order for delivery to this address is ${formatCents(zoneMin)}`,
      });
    }
  }
  return errors;
}

/** GET validations (no type) and POST validations/{type}: PreCheckout and CloseOrder run the same rules. */
export async function validateOrder(
  db: Db,
  session: Session,
  orderId: number,
  type: OrderAction = 'PreCheckout',
  now: Date = new Date(),
): Promise<OrderValidationResult> {
  const order = await requireOwnedOrder(db, session, orderId);
  const errors: OrderValidationError[] = order.placedAt
    ? [{ code: ORDER_ERROR.DuplicateOrder, message: 'The order has already been placed' }]
    : type === 'SuspendOrder'
      ? []
      : await preCheckoutErrors(db, order, now);
  return { isValid: errors.length === 0, orderValidationErrors: errors };
}
