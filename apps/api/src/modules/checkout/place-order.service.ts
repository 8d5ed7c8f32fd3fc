/**
 * Placing an order (POST close-requests). One transaction holds the order row lock from the checks to the
 * status change, so exactly one placement and one charge happen whatever the retries: a second request
 * waits for the lock and then finds the order placed (21041). Gift cards are captured first (a guarded
 * update of the card's balance and a ledger entry), then what is due after them is charged to the card or
 * wallet token; offline credit is left due at the store and nothing due places without a token. The
 * processor call carries an idempotency key derived from the payment and the token, so even a retried
 * authorize cannot charge twice. A decline (886) or an outage (500) is committed as such, with the gift
 * cards' captures released, and leaves the order open for another try.
 */
import { createHash, randomInt } from 'node:crypto';
import type { ApiError } from '@storefront/contracts/api';
import type { CloseRequestBody, CloseRequestResult } from '@storefront/contracts/payments';
import { GIFT_CARD_MESSAGES, PAYMENT_MESSAGES } from '@storefront/contracts/payments';
import { APP_ERROR, ORDER_ERROR } from '@storefront/contracts/errors';
import { FULFILLMENT_METHOD, ORDER_STATUS, PAYMENT_METHOD } from '@storefront/contracts/enums';
import { centsToDollars } from '@storefront/contracts/money';
import { formatZonedIso } from '@storefront/contracts/store-hours';
import type { Db } from '../../db/client';
import { DomainError, ruleBroken } from '../../lib/errors';
import type { Session } from '../../lib/tokens';
import { sandboxDoordashDrive } from '../../providers/delivery/delivery-provider';
import type { AuthorizeResult, PaymentProcessor } from '../../providers/payment/payment-processor';
import type { GiftCardProcessor } from '../../providers/payment/gift-card-processor';
import { findPaymentsByOrder, updatePayment, type PaymentRow } from '../payments/payments.repository';
import { releaseKitchenSlot, reserveKitchenSlot } from '../capacity/capacity.service';
import { redeemOrderCoupon } from '../discounts/discounts.service';
import { holdOrderRewardPoints } from '../loyalty/order-rewards.service';
import { cardChargeSource, saveApprovedCard } from '../saved-payments/saved-payments.service';
import { holdPayLaterRoom, type PayLaterContext } from '../pay-later/pay-later.service';
import {
  findItemsOfOrders,
  findLocation,
  findOrder,
  countUnplacedCloseRequests,
  findPlacedCloseRequest,
  insertCloseRequest,
  insertStatusHistory,
  updateOrder,
  type OrderRow,
} from './checkout.repository';
import { runIdempotent, type Settle } from './idempotency';
import { enqueueOrderReceipt } from '../notifications/order-receipt';
import type { NotificationContext } from '../notifications/message-templates';
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
  /** The gift-card processor (providers/payment giftCardProcessorFor, or a test's). */
  giftCards: GiftCardProcessor;
  /** The pay-later limits and the request's client address (an order left to pay at the store). */
  payLater: PayLaterContext;
  /** Signs the receipt's tracking link (modules/notifications). */
  notifications: NotificationContext;
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

const paymentTotalMismatch = () =>
  ruleBroken('PaymentTotal', ORDER_ERROR.InvalidPaymentTotal, 'The payment does not match the order total');

const giftCardServiceDown = (message: string) =>
  new DomainError(502, {
    key: 'PaymentServiceUnavailable',
    code: APP_ERROR.Internal,
    message: message || PAYMENT_MESSAGES.serviceUnavailable,
  });

/**
 * Charges what is due after the gift cards to the card or wallet payment. The processor's idempotency key is
 * derived from the payment and the token, so even a retried authorize cannot charge twice.
 */
async function chargeCard(
  tx: Db,
  processor: PaymentProcessor,
  charge: {
    order: OrderRow;
    session: Session;
    payment: PaymentRow;
    amountCents: number;
    body: CloseRequestBody;
  },
): Promise<AuthorizeResult> {
  // The frame's (or wallet's) one-time token, or the saved card's vault token, with the address to verify.
  const source = await cardChargeSource(
    tx,
    processor,
    charge.session,
    charge.order,
    charge.payment,
    charge.body,
  );
  const tokenId = createHash('sha256').update(source.token).digest('hex').slice(0, 24);
  const outcome = await processor.authorize({
    token: source.token,
    billing: source.billing,
    amountCents: charge.amountCents,
    idempotencyKey: `order-${charge.order.id}-payment-${charge.payment.id}-${tokenId}`,
  });
  if (outcome.status === 'approved') {
    await saveApprovedCard(tx, processor, charge.session, source, {
      chargeId: outcome.chargeId,
      processorCode: charge.payment.processorCode,
    });
  }
  return outcome;
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
  // What was approved: the card's charge and every captured gift card.
  const approvedCents = (await findPaymentsByOrder(db, orderId))
    .filter((p) => p.status === 'Approved')
    .reduce((sum, p) => sum + (p.approvedAmountCents ?? 0), 0);
  return placedResult(orderId, order.referenceNumber, order.placedAt, location?.timeZone, approvedCents);
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
  const giftCards = input.giftCards;
  // Every gift-card capture this attempt asks for (answered or not): given back unless the order is placed.
  const captures: { cardId: number; captureKey: string }[] = [];
  let attempt: Attempt;
  try {
    attempt = await attemptPlacement(db, processor, input, now, captures);
  } catch (error) {
    if (captures.length > 0) {
      await releaseCaptures(giftCards, captures);
      // The next try captures under new keys: these were given back (a capture asked again under a released
      // key would take nothing).
      await insertCloseRequest(db, {
        orderId: input.orderId,
        paymentId: null,
        idempotencyKey: input.idempotencyKey,
        outcome: 'failed',
        code: APP_ERROR.Internal,
      });
    }
    throw error;
  }
  if (attempt.kind !== 'placed') await releaseCaptures(giftCards, captures);
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

/**
 * Gives back what the captures of an attempt that did not place the order took (a capture without an answer
 * included: its release cancels it). A release the processor does not answer is logged and left.
 */
async function releaseCaptures(
  giftCards: GiftCardProcessor,
  captures: { cardId: number; captureKey: string }[],
) {
  for (const capture of captures) {
    if (!(await giftCards.release(capture))) {
      console.error(`gift-card release of ${capture.captureKey} got no answer from the processor`);
    }
  }
}

/** One placement attempt in one transaction (see placeOrder); `captures` collects the gift-card captures asked. */
async function attemptPlacement(
  db: Db,
  processor: PaymentProcessor,
  input: PlaceOrderInput,
  now: Date,
  captures: { cardId: number; captureKey: string }[],
): Promise<Attempt> {
  const giftCards = input.giftCards;
  return db.transaction(async (tx): Promise<Attempt> => {
    captures.length = 0;
    const order = await requireOwnedOrder(tx, input.session, input.orderId, { forUpdate: true });
    if (order.placedAt) throw orderAlreadyPlaced();

    const errors = await preCheckoutErrors(tx, order, now);
    if (errors.length > 0) {
      throw new DomainError(
        422,
        errors.map((e) => ({ key: 'PreCheckout', code: e.code, message: e.message })),
      );
    }
    // The coupon's uses are counted under its row lock, before anything is charged (21021 once used up).
    await redeemOrderCoupon(tx, order);
    // The reward's points are held the same way (a guarded update: never below zero; 23002 when gone).
    await holdOrderRewardPoints(tx, order, input.session.userId);

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

    const payments = await findPaymentsByOrder(tx, order.id);
    const gifts = payments
      .filter((p) => p.paymentMethod === PAYMENT_METHOD.GiftCard && p.status !== 'Approved')
      // One order in a fixed card order: two placements sharing two cards cannot deadlock on their rows.
      .sort((a, b) => (a.giftCardId ?? 0) - (b.giftCardId ?? 0) || a.id - b.id);
    const giftCents = gifts.reduce((sum, p) => sum + p.baseAmountCents + p.tipAmountCents, 0);
    const dueCents = order.totalCents - giftCents;
    if (dueCents < 0) throw paymentTotalMismatch();
    const payment =
      payments.filter((p) => p.paymentMethod !== PAYMENT_METHOD.GiftCard && p.status !== 'Approved').at(-1) ??
      null;
    let paymentId: number | null = null;
    if (dueCents > 0) {
      if (!payment) throw ruleBroken('Payment', ORDER_ERROR.InvalidPayment, 'The order has no payment');
      paymentId = payment.id;
      if (payment.baseAmountCents + payment.tipAmountCents !== dueCents) throw paymentTotalMismatch();
      if (payment.paymentMethod === PAYMENT_METHOD.OfflineCredit) {
        await holdPayLaterRoom(tx, input.payLater, { order, userId: input.session.userId, dueCents });
      }
    }

    // Gift cards first: a card that no longer holds its amount stops the placement before any charge (what
    // was captured is given back: placeOrder). The capture keys number the order's tries (close requests that
    // did not place it): a try cut off by a crash is asked again under the same keys, so the processor answers
    // the first capture instead of taking twice; a try that ended is recorded, so the next one takes anew.
    const tryNumber = await countUnplacedCloseRequests(tx, order.id);
    const captured: { payment: PaymentRow; key: string }[] = [];
    for (const gift of gifts) {
      const key = `capture:order-${order.id}:payment-${gift.id}:try-${tryNumber}`;
      const amountCents = gift.baseAmountCents + gift.tipAmountCents;
      if (gift.giftCardId !== null) captures.push({ cardId: gift.giftCardId, captureKey: key });
      const outcome =
        gift.giftCardId === null
          ? ({ status: 'insufficient', balanceCents: 0 } as const)
          : await giftCards.capture({ cardId: gift.giftCardId, amountCents, idempotencyKey: key });
      if (outcome.status === 'error') throw giftCardServiceDown(outcome.message);
      if (outcome.status === 'insufficient') {
        throw ruleBroken('GiftCardBalance', ORDER_ERROR.InvalidPaymentTotal, GIFT_CARD_MESSAGES.applyFailed);
      }
      captured.push({ payment: gift, key });
    }
    let approvedCents = giftCents;

    if (dueCents > 0 && payment && payment.paymentMethod !== PAYMENT_METHOD.OfflineCredit) {
      const outcome = await chargeCard(tx, processor, {
        order,
        session: input.session,
        payment,
        amountCents: dueCents,
        body: input.body,
      });
      if (outcome.status !== 'approved') {
        // The rest could not be charged: the gift cards get their amounts back once this commits (placeOrder)
        // and stay applied for another try; the order stays open.
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
      approvedCents += outcome.amountCents;
    }
    // Offline credit is collected at the store: its payment stays Pending (approvedAmount null) once placed.
    for (const { payment: gift, key } of captured) {
      const amountCents = gift.baseAmountCents + gift.tipAmountCents;
      await updatePayment(tx, gift.id, {
        status: 'Approved',
        approvedAmountCents: amountCents,
        chargeId: key,
      });
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
    // The e-mail receipt commits with the placement (a declined or failed attempt sends none).
    await enqueueOrderReceipt(tx, input.notifications, order.id);
    const result = placedResult(order.id, referenceNumber, now, location?.timeZone, approvedCents);
    // In the same transaction as the placement: a committed order never leaves its key 'processing'.
    await input.settle?.(tx, 200, result);
    return { kind: 'placed', result };
  });
}
