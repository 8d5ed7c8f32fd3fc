/**
 * Placing an order (POST close-requests). One transaction holds the order row lock from the checks to the
 * status change, so exactly one placement and one charge happen whatever the retries: a second request
 * waits for the lock and then finds the order placed (21041). The processor call carries an idempotency key
 * derived from the payment and the token, so even a retried authorize cannot charge twice. A decline (886)
 * or an outage (500) is committed as such and leaves the order open for another try.
 */
import { createHash, randomInt } from 'node:crypto';
import type { ApiError } from '@storefront/contracts/api';
import type { CloseRequestBody, CloseRequestResult } from '@storefront/contracts/payments';
import { PAYMENT_MESSAGES } from '@storefront/contracts/payments';
import { APP_ERROR, ORDER_ERROR } from '@storefront/contracts/errors';
import { FULFILLMENT_METHOD, ORDER_STATUS } from '@storefront/contracts/enums';
import { centsToDollars } from '@storefront/contracts/money';
import { formatZonedIso } from '@storefront/contracts/store-hours';
import type { Db } from '../../db/client';
import { DomainError, ruleBroken } from '../../lib/errors';
import type { Session } from '../../lib/tokens';
import { sandboxDoordashDrive } from '../../providers/delivery/delivery-provider';
import type { PaymentProcessor } from '../../providers/payment/payment-processor';
import { findPaymentsByOrder, updatePayment } from '../payments/payments.repository';
import { releaseKitchenSlot, reserveKitchenSlot } from '../capacity/capacity.service';
import {
  findItemsOfOrders,
  findLocation,
  findOrder,
  findPlacedCloseRequest,
  insertCloseRequest,
  insertStatusHistory,
  updateOrder,
} from './checkout.repository';
import { runIdempotent, type Settle } from './idempotency';
import { orderAlreadyPlaced, preCheckoutErrors, requireOwnedOrder } from './checkout.service';

/** Reference numbers avoid look-alike characters (no 0/O, 1/I). */
const REFERENCE_ALPHABET = '23456789ABCDEFGHJKLMNPQRSTUVWXYZ';

function referenceNumberFor(orderId: number): string {
  let suffix = '';
  for (let i = 0; i < 4; i += 1) suffix += REFERENCE_ALPHABET[randomInt(REFERENCE_ALPHABET.length)] ?? 'X';
  return `${orderId}-${suffix}`;
}

export function orderNumberFor(orderId: number): string {
  return String(orderId % 10_000).padStart(4, '0');
}

type Attempt =
  | { kind: 'placed'; result: CloseRequestResult }
  | { kind: 'declined'; code: number; message: string }
  | { kind: 'failed'; code: number; message: string };

export interface PlaceOrderInput {
  session: Session;
  orderId: number;
  body: CloseRequestBody;
  idempotencyKey: string;
  now?: Date;
  /** Stores the answer with the Idempotency-Key inside the placement's transaction (see idempotency.ts). */
  settle?: Settle;
}

function declinedErrors(message: string): ApiError[] {
  return [
    {
      key: 'TransactionNotAuthorized',
      code: APP_ERROR.TransactionNotAuthorized,
      message: message || PAYMENT_MESSAGES.notAuthorized,
    },
  ];
}

function placedResult(
  orderId: number,
  referenceNumber: string,
  placedAt: Date,
  timeZone: string | undefined,
  approvedCents: number,
): CloseRequestResult {
  return {
    orderId,
    referenceNumber,
    orderNumber: orderNumberFor(orderId),
    statusId: ORDER_STATUS.Received,
    placedAt: formatZonedIso(placedAt.getTime(), timeZone ?? 'UTC'),
    approvedAmount: centsToDollars(approvedCents),
  };
}

/**
 * The answer of a placement made with `idempotencyKey` that committed, rebuilt from what it wrote (the order,
 * its 'placed' close request and the approved payment); null when no such placement committed.
 */
export async function findPlacedResult(
  db: Db,
  orderId: number,
  idempotencyKey: string,
): Promise<CloseRequestResult | null> {
  const placed = await findPlacedCloseRequest(db, orderId, idempotencyKey);
  if (!placed) return null;
  const order = await findOrder(db, orderId);
  if (!order?.placedAt || !order.referenceNumber) return null;
  const location = await findLocation(db, order.locationId);
  const payment =
    placed.paymentId === null
      ? undefined
      : (await findPaymentsByOrder(db, orderId)).find((p) => p.id === placed.paymentId);
  return placedResult(
    orderId,
    order.referenceNumber,
    order.placedAt,
    location?.timeZone,
    payment?.approvedAmountCents ?? 0,
  );
}

/**
 * POST close-requests: places the order at most once per Idempotency-Key (idempotency.ts); a key left
 * 'processing' by a crash is recovered once its lease is over (the committed answer replayed, or placed again).
 */
export function placeOrderOnce(
  db: Db,
  processor: PaymentProcessor,
  input: Omit<PlaceOrderInput, 'settle'>,
  leaseMs: number,
) {
  return runIdempotent(
    db,
    {
      scope: input.session.sid,
      key: input.idempotencyKey,
      orderId: input.orderId,
      fingerprint: { path: `close-requests/${input.orderId}`, body: input.body },
    },
    (settle) => placeOrder(db, processor, { ...input, settle }),
    { leaseMs, recover: (current) => findPlacedResult(current, input.orderId, input.idempotencyKey) },
  );
}

/** Places the order or throws: 404/409/422 for rules, 422 886 for a decline, 502 500 for an outage. */
export async function placeOrder(
  db: Db,
  processor: PaymentProcessor,
  input: PlaceOrderInput,
): Promise<CloseRequestResult> {
  const now = input.now ?? new Date();
  const attempt = await db.transaction(async (tx): Promise<Attempt> => {
    const order = await requireOwnedOrder(tx, input.session, input.orderId, { forUpdate: true });
    if (order.placedAt) throw orderAlreadyPlaced();

    const errors = await preCheckoutErrors(tx, order, now);
    if (errors.length > 0) {
      throw new DomainError(
        422,
        errors.map((e) => ({ key: 'PreCheckout', code: e.code, message: e.message })),
      );
    }

    // Kitchen room first (before any charge): the scheduled slot, or the earliest ASAP slot with room.
    const location = await findLocation(tx, order.locationId);
    const prepMinutes = location?.prepTimeMinutes ?? 15;
    const lines = await findItemsOfOrders(tx, [order.id]);
    const reservation = await reserveKitchenSlot(tx, {
      locationId: order.locationId,
      fulfillmentMethod: order.fulfillmentMethod,
      items: lines.reduce((sum, line) => sum + line.quantity, 0),
      scheduledAt: order.scheduledReadyAt,
      earliest: new Date(now.getTime() + prepMinutes * 60_000),
    });

    const dueCents = order.totalCents;
    const payments = await findPaymentsByOrder(tx, order.id);
    const payment = payments.filter((p) => p.status !== 'Approved').at(-1) ?? null;
    let approvedCents = 0;
    let paymentId: number | null = null;

    if (dueCents > 0) {
      if (!payment) throw ruleBroken('Payment', ORDER_ERROR.InvalidPayment, 'The order has no payment');
      paymentId = payment.id;
      if (payment.baseAmountCents + payment.tipAmountCents !== dueCents) {
        throw ruleBroken(
          'PaymentTotal',
          ORDER_ERROR.InvalidPaymentTotal,
          'The payment does not match the order total',
        );
      }
      const token = input.body.paymentToken;
      if (!token || !payment.processorToken || token !== payment.processorToken) {
        throw ruleBroken(
          'PaymentToken',
          ORDER_ERROR.InvalidPayment,
          'The payment token is not valid for this order',
        );
      }
      const tokenId = createHash('sha256').update(token).digest('hex').slice(0, 24);
      const outcome = await processor.authorize(
        {
          token,
          amountCents: dueCents,
          idempotencyKey: `order-${order.id}-payment-${payment.id}-${tokenId}`,
        },
        tx,
      );
      if (outcome.status !== 'approved') {
        await releaseKitchenSlot(tx, reservation);
        await updatePayment(tx, payment.id, {
          status: outcome.status === 'declined' ? 'Declined' : 'Failed',
          processorToken: null,
        });
        await insertCloseRequest(tx, {
          orderId: order.id,
          paymentId: payment.id,
          idempotencyKey: input.idempotencyKey,
          outcome: outcome.status === 'declined' ? 'declined' : 'failed',
          code: outcome.code,
        });
        if (outcome.status !== 'declined')
          return { kind: 'failed', code: outcome.code, message: outcome.message };
        const declined: Attempt = { kind: 'declined', code: outcome.code, message: outcome.message };
        // The decline is committed with its answer: a replay answers it again rather than a spent token.
        await input.settle?.(tx, 422, { errors: declinedErrors(declined.message) });
        return declined;
      }
      await updatePayment(tx, payment.id, {
        status: 'Approved',
        chargeId: outcome.chargeId,
        approvedAmountCents: outcome.amountCents,
        processorToken: null,
        cardBrand: outcome.brand,
        lastFour: outcome.lastFour,
      });
      approvedCents = outcome.amountCents;
    }

    const expectedReadyAt = reservation.readyAt;
    // Delivery orders book the driver with the delivery provider (the sandbox DoordashDrive here).
    const deliveryProviderRef =
      order.fulfillmentMethod === FULFILLMENT_METHOD.Delivery && order.deliveryLine1
        ? (
            await sandboxDoordashDrive.createDelivery({
              orderId: order.id,
              locationId: order.locationId,
              dropoff: {
                line1: order.deliveryLine1,
                city: order.deliveryCity ?? '',
                stateCode: order.deliveryStateCode ?? '',
                zipCode: order.deliveryZipCode ?? '',
              },
              tipCents: order.driverTipCents ?? 0,
            })
          ).deliveryId
        : null;
    const referenceNumber = referenceNumberFor(order.id);
    await updateOrder(tx, order.id, {
      status: ORDER_STATUS.Received,
      placedAt: now,
      // Placed with a user token, the order joins that customer's history, also when its cart was started as a
      // guest in the same order session (the customer signed in before paying).
      ...(input.session.userId === null ? {} : { userId: input.session.userId }),
      expectedReadyAt,
      referenceNumber,
      deliveryProviderRef,
      guestNotificationTypes: input.body.guestNotificationTypes ?? null,
    });
    await insertStatusHistory(tx, order.id, ORDER_STATUS.Received, 'guest');
    await insertCloseRequest(tx, {
      orderId: order.id,
      paymentId,
      idempotencyKey: input.idempotencyKey,
      outcome: 'placed',
      code: 0,
    });
    const result = placedResult(order.id, referenceNumber, now, location?.timeZone, approvedCents);
    // In the same transaction as the placement: a committed order never leaves its key 'processing'.
    await input.settle?.(tx, 200, result);
    return { kind: 'placed', result };
  });

  switch (attempt.kind) {
    case 'placed':
      return attempt.result;
    case 'declined':
      throw new DomainError(422, declinedErrors(attempt.message));
    case 'failed':
      throw new DomainError(502, {
        key: 'PaymentServiceUnavailable',
        code: APP_ERROR.Internal,
        message: attempt.message || PAYMENT_MESSAGES.serviceUnavailable,
      });
  }
}
