/**
 * Repeat order (POST sales/orders with pastOrderId): a new order for the token's session at the past order's
 * store, on that store's current menu snapshot, with the past order's lines added again through the same pricing
 * and validation as bulk-items (each repriced today, never at the old price). One statement writes the order
 * with its lines and totals: when it fails, nothing is written.
 */
import type { ApiError } from '@storefront/contracts/api';
import { ACCOUNT_ERROR, ACCOUNT_MESSAGES, type RepeatOrderBody } from '@storefront/contracts/accounts';
import { ORDER_ERROR } from '@storefront/contracts/errors';
import { FULFILLMENT_METHOD, type FulfillmentMethod } from '@storefront/contracts/enums';
import type { Order } from '@storefront/contracts/orders';
import type { Db } from '../../db/client';
import { discounts, serviceCharges } from '../../db/schema/discounts';
import { rowOf } from '../../db/statements';
import { DomainError, notFound } from '../../lib/errors';
import { assertSessionActive, sessionInvalid } from '../accounts/sessions.service';
import type { Session } from '../../lib/tokens';
import { newOrderDiscountInputs } from '../discounts/discount-inputs';
import { getRecord } from '../locations/locations.service';
import { requireSnapshot } from '../menus/menus.service';
import {
  draftOrderLines,
  insertPricedOrder,
  newOrderValues,
  toOrderView,
  type RemovedItem,
} from '../orders/orders.service';
import { findPastOrderToRepeat } from './past-orders.repository';
import { addItemInputOf, pastOrderNotFound, requireCustomer } from './past-orders.service';

export interface RepeatOrderValue {
  order: Order;
  /** Past lines left out (removeInvalidItems) with why. */
  removedItems: RemovedItem[];
}

/**
 * Repeats one of the customer's placed orders. Without removeInvalidItems any line that cannot be ordered today
 * fails it: 422 10018 with one 'MissingItem' error per such line (message: its title). With it, those lines are
 * left out and listed. When no line can be ordered it is 422 10018 'No available item' either way.
 * 401 for a guest token, 401 SessionInvalid (10005) for a closed customer session; 404 (21042) for another
 * customer's, a guest's or an unknown order; 404 (21034) when the store has no menu any more; the store and
 * channel rules of order creation apply (createOrder).
 */
export async function repeatOrder(
  db: Db,
  session: Session,
  body: RepeatOrderBody,
): Promise<RepeatOrderValue> {
  const userId = requireCustomer(session);
  const { customerSessionId } = session;
  // verifyAccessToken never admits a user id without its customer session: this only narrows the type.
  if (customerSessionId === null) throw sessionInvalid();
  // One named statement: the order, its lines and its store's automatic discounts and service charges, under
  // the customer session's check (the route's hook leaves it to this statement: customerSessionCheckedByRoute).
  const past = await findPastOrderToRepeat(
    db,
    { userId, customerSessionId, now: new Date() },
    body.pastOrderId,
  );
  if (!past) {
    // No row: the session is closed (401), or the order is not the customer's placed one (404).
    await assertSessionActive(db, session);
    throw pastOrderNotFound(body.pastOrderId);
  }
  const location = await getRecord(db, past.locationId);
  // The same kind of menu (catering or not) as the past order, as the store publishes it today. A delivery or
  // dine-in order is repeated as such when the store still offers it, else as pickup.
  const pastMethod = past.fulfillmentMethod as FulfillmentMethod;
  const method = location.fulfillmentMethods.includes(pastMethod) ? pastMethod : FULFILLMENT_METHOD.Pickup;

  // Read with the past order: the store's menu pointer now, not a cached one (a menu just published counts).
  const snapshotId = past.currentSnapshotId;
  if (snapshotId === null) {
    throw notFound('InvalidLocation', 'This store has no menu to order from', ORDER_ERROR.InvalidLocation);
  }
  // createOrder's rules (all in memory once the snapshot is loaded).
  const values = await newOrderValues(db, session, { menuSnapshotId: snapshotId, fulfillmentMethod: method });
  const snapshot = await requireSnapshot(db, snapshotId);
  const { drafts, removedItems } = draftOrderLines(snapshot, past.lines.map(addItemInputOf), method);
  if (drafts.length === 0) {
    throw new DomainError(422, {
      key: 'NoAvailableItem',
      code: ACCOUNT_ERROR.BulkAddFailed,
      message: ACCOUNT_MESSAGES.noAvailableItem,
    });
  }
  if (removedItems.length > 0 && body.removeInvalidItems !== true) {
    throw new DomainError(422, missingItemErrors(past.lines, removedItems));
  }
  // A new order has no coupon and no reward: its pricing needs only the store's rules read above. The order, its
  // lines and its totals are then one statement: nothing is written before every check has passed, and a
  // failure writes nothing, without a transaction's BEGIN and COMMIT round trips.
  const inputs = await newOrderDiscountInputs(
    db,
    { ...values, scheduledReadyAt: null },
    past.discounts.map((row) => rowOf(discounts, row)),
    past.serviceCharges.map((row) => rowOf(serviceCharges, row)),
  );
  const { order, items } = await insertPricedOrder(db, values, drafts, inputs);
  return { order: toOrderView(order, items, 0), removedItems };
}

/** One 'MissingItem' (10018) per line that cannot be ordered, named by the title it was ordered with. */
function missingItemErrors(
  pastLines: readonly { itemPathKey: string; title: string }[],
  removedItems: readonly RemovedItem[],
): ApiError[] {
  return removedItems.map((removed) => ({
    key: 'MissingItem',
    code: ACCOUNT_ERROR.BulkAddFailed,
    message: pastLines.find((line) => line.itemPathKey === removed.itemPathKey)?.title ?? removed.itemPathKey,
  }));
}
