/**
 * Delivery on an order: the address (inside one of the store's delivery zones, whose fee and minimum order the
 * order then carries) and the driver tip. Both recompute the order's totals in the same transaction.
 */
import { FULFILLMENT_METHOD } from '@storefront/contracts/enums';
import { ORDER_ERROR } from '@storefront/contracts/errors';
import { ADDRESS_OUT_OF_RANGE_MESSAGE } from '@storefront/contracts/locations';
import { centsToDollars, dollarsToCents } from '@storefront/contracts/money';
import type { OrderDeliveryAddress } from '@storefront/contracts/orders';
import type { Db } from '../../db/client';
import { badRequest, ruleBroken } from '../../lib/errors';
import type { Session } from '../../lib/tokens';
import type { GeocodingProvider } from '../../providers/geocoding/geocoding-provider';
import { findOrder, updateOrder, type OrderRow } from '../checkout/checkout.repository';
import { requireOwnedOrder } from '../checkout/checkout.service';
import { zoneContains } from '../locations/delivery.service';
import { getRecord, methodsOf } from '../locations/locations.service';
import { findOrderItems } from '../orders/orders.repository';
import { requireSnapshot } from '../menus/menus.service';
import { dropLinesUnavailableFor, recomputeTotals } from '../orders/orders.service';

function deliveryValueOf(order: OrderRow) {
  return {
    address: order.deliveryLine1
      ? {
          line1: order.deliveryLine1,
          line2: order.deliveryLine2 ?? '',
          city: order.deliveryCity ?? '',
          stateCode: order.deliveryStateCode ?? '',
          zipCode: order.deliveryZipCode ?? '',
        }
      : null,
    feeAmount: centsToDollars(order.deliveryFeeCents),
    minimumOrderAmount:
      order.deliveryMinOrderCents === null ? null : centsToDollars(order.deliveryMinOrderCents),
  };
}

export async function getOrderDeliveryAddress(db: Db, session: Session, orderId: number) {
  return deliveryValueOf(await requireOwnedOrder(db, session, orderId));
}

/** The owned open order and its store; 422 21036 when the store does not deliver. */
async function deliveringStore(db: Db, session: Session, orderId: number, forUpdate: boolean) {
  const order = await requireOwnedOrder(db, session, orderId, { forUpdate, open: true });
  const record = await getRecord(db, order.locationId);
  if (!methodsOf(record).includes(FULFILLMENT_METHOD.Delivery) || record.deliveryZones.length === 0) {
    throw ruleBroken('DeliveryNotAvailable', ORDER_ERROR.InvalidOrderType, `${record.name} does not deliver`);
  }
  return { order, record };
}

/** The address's coordinates: the ones given, else the geocoder's; 400 when it cannot be located. */
async function locate(geocoder: GeocodingProvider, address: OrderDeliveryAddress) {
  if (address.latitude !== undefined && address.longitude !== undefined) {
    return { latitude: address.latitude, longitude: address.longitude };
  }
  const text = [address.line1, address.city, [address.stateCode, address.zipCode].filter(Boolean).join(' ')]
    .filter(Boolean)
    .join(', ');
  const place = await geocoder.geocode(text);
  if (!place) {
    throw badRequest(
      'UnsupportedAddress',
      'This address is not supported. Please try a more specific address.',
    );
  }
  return { latitude: place.latitude, longitude: place.longitude };
}

/**
 * Puts the delivery address on the order and makes it a delivery order. 400 when the address cannot be
 * located; 422 21036 when the store does not deliver, 21034 'The address is out of range' outside every zone.
 */
export async function putOrderDeliveryAddress(
  db: Db,
  geocoder: GeocodingProvider,
  session: Session,
  orderId: number,
  address: OrderDeliveryAddress,
) {
  // The address is located before the transaction: a geocoder may be slow (a remote service) or read the
  // database itself, and neither may happen while the transaction holds its connection and the order's lock.
  // The order's own checks run first so that their answers (404, 21036) come before the address's.
  await deliveringStore(db, session, orderId, false);
  const point = await locate(geocoder, address);
  return db.transaction(async (tx) => {
    const { order, record } = await deliveringStore(tx, session, orderId, true);
    const located = point;
    const zone = record.deliveryZones.find((z) =>
      z.kind === 'radius' && z.radiusMiles !== null
        ? zoneContains({ kind: 'radius', radiusMiles: z.radiusMiles }, record, located)
        : z.kind === 'polygon' && z.polygon
          ? zoneContains({ kind: 'polygon', polygon: z.polygon }, record, located)
          : false,
    );
    if (!zone)
      throw ruleBroken('AddressOutOfRange', ORDER_ERROR.InvalidLocation, ADDRESS_OUT_OF_RANGE_MESSAGE);
    const updated = await updateOrder(tx, orderId, {
      fulfillmentMethod: FULFILLMENT_METHOD.Delivery,
      pickupOption: null,
      carColor: null,
      carType: null,
      fulfillmentPlace: null,
      deliveryLine1: address.line1,
      deliveryLine2: address.line2,
      deliveryCity: address.city,
      deliveryStateCode: address.stateCode,
      deliveryZipCode: address.zipCode,
      deliveryFeeCents: zone.feeCents,
      deliveryMinOrderCents: zone.minOrderCents,
    });
    if (!updated) throw ruleBroken('Order', ORDER_ERROR.InvalidOrderId, 'The order does not exist');
    // Now a delivery order: lines limited to other methods leave it ('Your order will change' listed them).
    const snapshot = await requireSnapshot(tx, order.snapshotId);
    await dropLinesUnavailableFor(tx, snapshot, orderId, FULFILLMENT_METHOD.Delivery);
    await recomputeTotals(tx, updated, await findOrderItems(tx, orderId));
    return deliveryValueOf(updated);
  });
}

/** Sets the driver tip (dollars, 2 decimals) of a delivery order; 422 21036 for another method. */
export async function putDriverTip(db: Db, session: Session, orderId: number, tip: number) {
  return db.transaction(async (tx) => {
    const order = await requireOwnedOrder(tx, session, orderId, { forUpdate: true, open: true });
    if (order.fulfillmentMethod !== FULFILLMENT_METHOD.Delivery) {
      throw ruleBroken(
        'DeliveryTip',
        ORDER_ERROR.InvalidOrderType,
        'Only a delivery order takes a driver tip',
      );
    }
    const updated = await updateOrder(tx, orderId, { driverTipCents: dollarsToCents(tip) });
    if (!updated) throw ruleBroken('Order', ORDER_ERROR.InvalidOrderId, 'The order does not exist');
    await recomputeTotals(tx, updated, await findOrderItems(tx, orderId));
    const fresh = await findOrder(tx, orderId);
    return { tip: centsToDollars(fresh?.driverTipCents ?? 0) };
  });
}
