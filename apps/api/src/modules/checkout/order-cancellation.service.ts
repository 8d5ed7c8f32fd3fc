/**
 * Cancelling a placed order from the kitchen before it is completed (POST staff/orders/{id}/cancellation), and
 * giving its money back. No transaction is open and no row is locked while the processor is asked:
 *   (a) a short transaction locks the order, checks it may be cancelled, marks it cancelled (cancelled_at) and
 *       gives back the loyalty points held for its reward, and commits;
 *   (b) with nothing open, each approved payment is given back at the processor: a card or wallet charge is
 *       voided, or refunded when the processor already settled it (attempt-reversal.ts giveChargeBack); a
 *       gift-card capture is released by its capture key (the payment's chargeId);
 *   (c) short writes record how each payment went back and, once all did, the order's refunded_at.
 * A process that dies after (a), or a processor that does not answer in (b), leaves the order cancelled with
 * refunded_at null: cancelling it again finishes it, and so does the reconciliation worker
 * (jobs/reconcile-payments.ts) within minutes. Every call carries the same key on every try and the processor
 * moves money at most once per key and charge, so two cancellations racing, a retry and the worker never give
 * money back twice.
 */
import { ORDER_STATUS, OrderStatusSchema, PAYMENT_METHOD } from '@storefront/contracts/enums';
import { ORDER_ERROR } from '@storefront/contracts/errors';
import type { CancelOrderValue } from '@storefront/contracts/staff';
import { formatZonedIso } from '@storefront/contracts/store-hours';
import type { Db } from '../../db/client';
import type { PaymentReversal } from '../../db/schema/payments';
import { conflict, notFound } from '../../lib/errors';
import type { GiftCardProcessor } from '../../providers/payment/gift-card-processor';
import type { PaymentProcessor } from '../../providers/payment/payment-processor';
import { releaseCancelledOrder } from '../loyalty/loyalty.service';
import { findLocation, findOrderForUpdate, updateOrder } from './checkout.repository';
import { giveChargeBack } from './attempt-reversal';
import {
  findCancelledUnrefunded,
  findUnreversedPayments,
  updateOrderRefunded,
  updatePaymentReversed,
} from './order-cancellation.repository';

export interface CancelOrderInput {
  orderId: number;
  reason?: string | null;
  now?: Date;
}

/** The processors a cancellation gives money back through. */
export interface RefundProcessors {
  processor: PaymentProcessor;
  giftCards: GiftCardProcessor;
}

const orderNotFound = () => notFound('OrderNotFound', 'The order does not exist', ORDER_ERROR.InvalidOrderId);

/**
 * Cancels a placed order that is not completed and gives its money back. 404 for an unknown or unplaced
 * order; 409 'OrderCompleted' once completed, 409 'OrderCancelled' once cancelled with its money back. A
 * cancelled order whose money is not yet all back is taken again (the same cancellation, retried): its money
 * is given back and the answer is the first cancellation's. `refundPending` says some of it is still on its way.
 */
export async function cancelOrder(
  db: Db,
  processors: RefundProcessors,
  input: CancelOrderInput,
): Promise<CancelOrderValue> {
  const now = input.now ?? new Date();
  const reason = input.reason?.trim() ? input.reason.trim() : null;
  // (a) Marked cancelled under the order's lock; the points held for its reward go back with it.
  const cancelled = await db.transaction(async (tx) => {
    const order = await findOrderForUpdate(tx, input.orderId);
    if (!order?.placedAt || order.status === null) throw orderNotFound();
    if (order.cancelledAt) {
      if (order.refundedAt) throw conflict('OrderCancelled', 'The order is already cancelled');
      return order;
    }
    if (order.status === ORDER_STATUS.Completed) {
      throw conflict('OrderCompleted', 'The order is already completed and cannot be cancelled');
    }
    const updated = await updateOrder(tx, order.id, { cancelledAt: now, cancelReason: reason });
    // Points held for a reward on the order are given back; a cancelled order never completes, so it earns none.
    await releaseCancelledOrder(tx, order.id);
    return updated ?? order;
  });
  const cancelledAt = cancelled.cancelledAt ?? now;
  // (b) and (c): the money, with nothing open.
  const back = await returnCancelledOrderMoney(db, processors, cancelled.id, now);
  const location = await findLocation(db, cancelled.locationId);
  return {
    id: cancelled.id,
    statusId: OrderStatusSchema.parse(cancelled.status ?? ORDER_STATUS.Received),
    cancelledAt: formatZonedIso(cancelledAt.getTime(), location?.timeZone ?? 'UTC'),
    refundPending: !back,
  };
}

/** The key a cancellation gives a charge back under: the same on every try and in every process. */
const cancelKeyOf = (chargeId: string) => `cancel:${chargeId}`;

/** Gives one approved payment back at the processor: how it went back, or null when that is not certain. */
async function givePaymentBack(
  processors: RefundProcessors,
  payment: { id: number; paymentMethod: number; chargeId: string | null; giftCardId: number | null },
): Promise<PaymentReversal | null> {
  if (payment.chargeId === null) {
    // An approved payment always names what the processor took; without it there is nothing to ask for.
    console.error(`payment ${payment.id} is approved without a processor reference: nothing to give back`);
    return null;
  }
  try {
    if (payment.paymentMethod === PAYMENT_METHOD.GiftCard) {
      if (payment.giftCardId === null) return null;
      const released = await processors.giftCards.release({
        cardId: payment.giftCardId,
        captureKey: payment.chargeId,
      });
      return released ? 'released' : null;
    }
    return await giveChargeBack(processors.processor, payment.chargeId, cancelKeyOf(payment.chargeId));
  } catch (error) {
    console.error(
      `giving back payment ${payment.id} failed: ${error instanceof Error ? error.message : String(error)}`,
    );
    return null;
  }
}

/**
 * Gives back every approved payment of a cancelled order not yet given back, one processor call at a time with
 * no transaction open, and records each that went back; once none is left, the order's refunded_at. Answers
 * whether all of its money is back.
 */
export async function returnCancelledOrderMoney(
  db: Db,
  processors: RefundProcessors,
  orderId: number,
  now: Date = new Date(),
): Promise<boolean> {
  const pending = await findUnreversedPayments(db, orderId);
  let done = true;
  for (const payment of pending) {
    const reversal = await givePaymentBack(processors, payment);
    if (reversal === null) {
      done = false;
      continue;
    }
    await updatePaymentReversed(db, payment.id, reversal, now);
  }
  if (done) await updateOrderRefunded(db, orderId, now);
  return done;
}

/** Cancelled orders read at a time, and batches in one run. */
const FINISH_BATCH = 100;
const FINISH_MAX_BATCHES = 20;

export interface FinishCounts {
  /** Cancelled orders whose money is now all back. */
  refunded: number;
  /** Cancelled orders with money still to give back (the processor did not answer): the next run tries again. */
  left: number;
}

/**
 * The reconciliation's share (jobs/reconcile-payments.ts): cancelled orders whose money is not all back,
 * cancelled more than `afterMs` before `now` (a cancellation still running finishes its own), are given back.
 */
export async function finishCancelledOrders(
  db: Db,
  processors: RefundProcessors,
  options: { afterMs: number; now?: Date },
): Promise<FinishCounts> {
  const now = options.now ?? new Date();
  const before = new Date(now.getTime() - options.afterMs);
  const counts: FinishCounts = { refunded: 0, left: 0 };
  let afterId = 0;
  for (let batch = 0; batch < FINISH_MAX_BATCHES; batch += 1) {
    const open = await findCancelledUnrefunded(db, before, afterId, FINISH_BATCH);
    for (const order of open) {
      afterId = order.id;
      if (await returnCancelledOrderMoney(db, processors, order.id, now)) counts.refunded += 1;
      else counts.left += 1;
    }
    if (open.length < FINISH_BATCH) break;
  }
  return counts;
}
