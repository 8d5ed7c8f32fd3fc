/**
 * Order tracking for the guest's tracking page. Every call is opened by the order's tracking token (signed
 * by the API at tracking-url): a missing, forged or expired token is 401, a token of another order or an
 * order that is not placed is 404.
 */
import {
  FULFILLMENT_METHOD,
  FulfillmentMethodSchema,
  OrderStatusSchema,
  PickupTypeSchema,
} from '@storefront/contracts/enums';
import { maskCardNumber } from '@storefront/contracts/payments';
import { centsToDollars } from '@storefront/contracts/money';
import { formatZonedIso } from '@storefront/contracts/store-hours';
import {
  ORDER_STATUS_STAGES,
  deliveryTravelMinutes,
  deliveryWindow,
  type TrackingDetails,
  type TrackingEta,
  type TrackingSettings,
  type TrackingStatus,
} from '@storefront/contracts/tracking';
import type { PickupDataBody } from '@storefront/contracts/checkout';
import {
  pickupFieldsPart,
  keptPickupFields,
  pickupChoiceError,
  pickupFieldErrors,
} from '@storefront/contracts/pickup';
import type { Db } from '../../db/client';
import { conflict, notFound, ruleBroken, unauthorized } from '../../lib/errors';
import { ORDER_ERROR } from '@storefront/contracts/errors';
import type { TokenService } from '../../lib/tokens';
import {
  findItemsOfOrders,
  findLocation,
  findOrder,
  findPickupMethods,
  updateOrder,
  type OrderRow,
} from '../checkout/checkout.repository';
import { orderNumberFor } from '../checkout/place-order.service';
import { totalsOf } from '../orders/orders.service';
import { findPaymentsByOrder } from '../payments/payments.repository';

const noLongerAvailable = () => notFound('OrderNotFound', 'This order is no longer available.', 21042);

/** The tracking token from `Authorization: Bearer <token>` (or the bare token). */
export function trackingTokenOf(header: string | undefined): string | null {
  if (!header) return null;
  const [scheme, value] = header.trim().split(/\s+/);
  if (value && scheme?.toLowerCase() === 'bearer') return value;
  return scheme && !value ? scheme : null;
}

/** The placed order a tracking token opens. */
export async function requireTrackedOrder(
  db: Db,
  tokens: TokenService,
  authorization: string | undefined,
  orderId: number,
): Promise<OrderRow> {
  const token = trackingTokenOf(authorization);
  if (!token) throw unauthorized('Missing tracking token');
  const tokenOrderId = await tokens.verifyTrackingToken(token);
  if (tokenOrderId === null) throw unauthorized('Invalid or expired tracking token');
  if (tokenOrderId !== orderId) throw noLongerAvailable();
  const order = await findOrder(db, orderId);
  if (!order?.placedAt) throw noLongerAvailable();
  return order;
}

type LocationRow = NonNullable<Awaited<ReturnType<typeof findLocation>>>;

/**
 * When the guest gets the order: the ready time the placement kept (the ASAP estimate checkout showed, or the
 * scheduled time) and, for delivery, the arrival window. An ASAP delivery arrives the store's travel time after
 * the kitchen (deliveryTravelMinutes); a scheduled delivery's time is the arrival the guest chose (delivery
 * order times are arrival times). Null for an order placed without a ready time.
 */
function etaOf(order: OrderRow, location: LocationRow | null): TrackingEta | null {
  if (!order.expectedReadyAt) return null;
  const zone = location?.timeZone ?? 'UTC';
  const readyAt = order.expectedReadyAt.getTime();
  let arrival: TrackingEta['arrival'] = null;
  if (order.fulfillmentMethod === FULFILLMENT_METHOD.Delivery) {
    const travel = location
      ? deliveryTravelMinutes(location.prepTimeMinutes, location.averageDeliveryEtaMinutes)
      : 0;
    const window = deliveryWindow(order.scheduledReadyAt?.getTime() ?? readyAt + travel * 60_000);
    arrival = { start: formatZonedIso(window.start, zone), end: formatZonedIso(window.end, zone) };
  }
  return {
    readyAt: formatZonedIso(readyAt, zone),
    arrival,
    isScheduled: order.scheduledReadyAt !== null,
    timeZone: zone,
  };
}

function statusOf(order: OrderRow, location: LocationRow | null): TrackingStatus {
  const timeZone = location?.timeZone ?? 'UTC';
  return {
    statusId: OrderStatusSchema.parse(order.status ?? 1),
    stages: ORDER_STATUS_STAGES.map((s) => ({ stage: s.stage, label: s.label })),
    orderReadyTime: order.expectedReadyAt ? formatZonedIso(order.expectedReadyAt.getTime(), timeZone) : null,
    eta: etaOf(order, location),
    cancellation: order.cancelledAt
      ? {
          cancelledAt: formatZonedIso(order.cancelledAt.getTime(), timeZone),
          refunded: order.refundedAt !== null,
        }
      : null,
  };
}

export async function getTrackingStatus(db: Db, order: OrderRow): Promise<TrackingStatus> {
  return statusOf(order, await findLocation(db, order.locationId));
}

export async function getTrackingDetails(db: Db, order: OrderRow): Promise<TrackingDetails> {
  const [location, items, payments, methods] = await Promise.all([
    findLocation(db, order.locationId),
    findItemsOfOrders(db, [order.id]),
    findPaymentsByOrder(db, order.id),
    order.pickupFields?.length ? findPickupMethods(db, order.locationId) : Promise.resolve([]),
  ]);
  if (!location) throw noLongerAvailable();
  const zone = location.timeZone;
  const pickupOption = PickupTypeSchema.safeParse(order.pickupOption);
  const totals = totalsOf(order, items);
  const isDelivery = order.fulfillmentMethod === FULFILLMENT_METHOD.Delivery;
  return {
    order: {
      referenceNumber: order.referenceNumber ?? String(order.id),
      id: order.id,
      items: items.map((item) => ({
        id: item.id,
        quantity: item.quantity,
        title: item.title,
        total: centsToDollars(item.totalCents),
        portionTitle: item.portionTitle,
        selectedModifiers: item.modifiers.map((m) => ({ title: m.title, quantity: m.quantity })),
        notes: item.note,
      })),
      // The same totals as the order itself shows: service charge including the delivery fee and driver tip.
      totals: {
        subtotal: centsToDollars(totals.subtotalCents),
        discount: centsToDollars(totals.discountCents),
        serviceCharge: centsToDollars(totals.serviceChargeCents),
        salesTax: centsToDollars(totals.salesTaxCents),
        tip: centsToDollars(totals.tipCents),
        total: centsToDollars(totals.totalCents),
      },
      context: { locationId: order.locationId, orderChannelId: order.orderChannel },
      notes: order.notes,
      placedAt: formatZonedIso((order.placedAt ?? order.createdAt).getTime(), zone),
    },
    orderNumber: orderNumberFor(order.id),
    location: {
      id: location.id,
      marketingName: location.name,
      address1: location.address1,
      city: location.city,
      stateCode: location.stateCode,
      postalCode: location.postalCode,
      phone: location.phone,
    },
    fulfillmentInformation: {
      fulfillmentMethod: FulfillmentMethodSchema.catch(1).parse(order.fulfillmentMethod),
      expectedCompletionDateTime: order.expectedReadyAt
        ? formatZonedIso(order.expectedReadyAt.getTime(), zone)
        : null,
      pickupOption: pickupOption.success ? pickupOption.data : null,
      fulfillmentPlace: order.fulfillmentPlace,
      carType: order.carType,
      carColor: order.carColor,
      ...pickupFieldsPart(methods, order.pickupOption, order.pickupFields),
      delivery: isDelivery
        ? {
            feeAmount: centsToDollars(order.deliveryFeeCents),
            tipAmount: order.driverTipCents === null ? null : centsToDollars(order.driverTipCents),
            providerReference: order.deliveryProviderRef,
          }
        : null,
    },
    deliveryAddress:
      isDelivery && order.deliveryLine1
        ? {
            line1: [order.deliveryLine1, order.deliveryLine2].filter(Boolean).join(', '),
            city: order.deliveryCity ?? '',
            stateCode: order.deliveryStateCode ?? '',
            zipCode: order.deliveryZipCode ?? '',
          }
        : null,
    paymentDetails: payments
      .filter((p) => p.status === 'Approved')
      .map((p) => ({
        cardLogo: p.cardBrand ?? 'card',
        paymentType: 'Credit Card',
        maskedCardNumber: maskCardNumber(p.lastFour ?? '0000'),
        approvedAmount: centsToDollars(p.approvedAmountCents ?? 0),
      })),
    status: statusOf(order, location),
  };
}

export async function getTrackingSettings(db: Db, order: OrderRow): Promise<TrackingSettings> {
  const methods = await findPickupMethods(db, order.locationId);
  const names = ['Walk-in', 'Curbside', 'Drive Thru'] as const;
  const available = methods.flatMap((m) => {
    const option = PickupTypeSchema.safeParse(m.pickupOption);
    if (!option.success) return [];
    return [
      {
        pickupOption: option.data,
        name: names[option.data],
        notes: m.notes,
        carDetailsRequired: m.carDetailsRequired,
        parkingSpaceRequired: m.parkingSpaceRequired,
        parkingSpaceRange:
          m.parkingSpaceMin !== null && m.parkingSpaceMax !== null
            ? ([m.parkingSpaceMin, m.parkingSpaceMax] as [number, number])
            : null,
        ...(m.additionalFields.length > 0 ? { additionalFields: m.additionalFields } : {}),
      },
    ];
  });
  if (!available.some((m) => m.pickupOption === 0)) {
    available.unshift({
      pickupOption: 0,
      name: names[0],
      notes: null,
      carDetailsRequired: false,
      parkingSpaceRequired: false,
      parkingSpaceRange: null,
    });
  }
  return { fulfillmentSettings: { availablePickupMethods: available } };
}

/**
 * Pickup option change after ordering (the tracking page's modal): allowed until the order is ready (3).
 * The same rules as checkout apply to car details and the parking place.
 */
export async function updateTrackedPickup(db: Db, order: OrderRow, body: PickupDataBody) {
  const { fulfillmentSettings } = await getTrackingSettings(db, order);
  // The change modal's rules (checkout spec section 5), on the values the order will have.
  const next = {
    pickupOption: body.pickupOption,
    carColor: body.carColor ?? order.carColor,
    carType: body.carType ?? order.carType,
    fulfillmentPlace: body.fulfillmentPlace ?? order.fulfillmentPlace,
  };
  const problem = pickupChoiceError(fulfillmentSettings.availablePickupMethods, next);
  if (problem) throw ruleBroken('PickupOption', ORDER_ERROR.InvalidOrderType, problem.message);
  // The new option's additional fields (checkout spec section 5): the answers sent, else the order's answers
  // to the fields the new option shares; either way required and bounded per definition.
  const fields =
    fulfillmentSettings.availablePickupMethods.find((m) => m.pickupOption === body.pickupOption)
      ?.additionalFields ?? [];
  const answers = body.additionalFields ?? keptPickupFields(fields, order.pickupFields ?? []);
  const [fieldProblem] = Object.entries(pickupFieldErrors(fields, answers));
  if (fieldProblem) {
    throw ruleBroken(`AdditionalFields.${fieldProblem[0]}`, ORDER_ERROR.InvalidOrderType, fieldProblem[1]);
  }
  const kept = keptPickupFields(fields, answers);
  if (order.cancelledAt) throw conflict('OrderCancelled', 'The order was cancelled');
  if ((order.status ?? 1) >= 3) {
    throw conflict('OrderReady', 'The order is already ready: the pickup option can no longer change');
  }
  const updated = await updateOrder(db, order.id, {
    pickupOption: body.pickupOption,
    carColor: body.pickupOption === 0 ? null : next.carColor,
    carType: body.pickupOption === 0 ? null : next.carType,
    fulfillmentPlace: body.pickupOption === 0 ? null : next.fulfillmentPlace,
    pickupFields: kept.length > 0 ? kept : null,
  });
  if (!updated) throw noLongerAvailable();
  return getTrackingDetails(db, updated);
}
