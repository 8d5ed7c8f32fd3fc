/**
 * The payment reconciliation: money the processor holds for an order that was not placed goes back. A
 * placement records its attempt (placement_attempts) with the processor keys it will use before its first
 * call, so every charge and gift-card capture we ever ask for is known here by its key. An attempt still open
 * ('authorizing': its request died between the charge and the placement, or never learned the answer;
 * 'reversing': a void or release that did not go through) once RECONCILE_AFTER_SECONDS (2 minutes) have
 * passed since it started is taken ('reversing'), its captures released and its charge looked up by key and
 * voided when approved (attempt-reversal.ts). Every API process runs it every RECONCILE_EVERY_SECONDS (30 s):
 * an approved charge without an order is voided within about 2.5 minutes. Several processes share the work
 * safely: taking an attempt is a guarded status change, a placement that commits first takes it as 'placed',
 * and voids and releases are idempotent at the processor.
 *
 * The same run finishes cancelled orders whose money is not all back (modules/checkout
 * order-cancellation.service.ts): a cancellation whose process died after marking the order cancelled, or whose
 * processor did not answer, is given back within about 2.5 minutes too.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client';
import type { GiftCardProcessor } from '../providers/payment/gift-card-processor';
import type { PaymentProcessor } from '../providers/payment/payment-processor';
import { reverseAttempt } from '../modules/checkout/attempt-reversal';
import { findOpenAttempts, moveAttempt } from '../modules/checkout/placement-attempts.repository';
import { finishCancelledOrders } from '../modules/checkout/order-cancellation.service';
import { startRepeatingJob } from './purge';

/** Attempts read at a time, and batches in one run (the rest wait for the next run). */
export const RECONCILE_BATCH = 100;
export const RECONCILE_MAX_BATCHES = 20;

export interface ReconcileCounts {
  /** Attempts whose money is certainly back. */
  reversed: number;
  /** Attempts taken whose void or release must be tried again (the processor did not answer). */
  left: number;
}

/** One run: reverses the attempts open longer than `afterMs` as of `now`. */
export async function reconcilePayments(
  db: Db,
  processor: PaymentProcessor,
  giftCards: GiftCardProcessor,
  options: { afterMs: number; now?: Date },
): Promise<ReconcileCounts> {
  const now = options.now ?? new Date();
  const counts: ReconcileCounts = { reversed: 0, left: 0 };
  const before = new Date(now.getTime() - options.afterMs);
  let afterId = 0;
  for (let batch = 0; batch < RECONCILE_MAX_BATCHES; batch += 1) {
    const open = await findOpenAttempts(db, before, afterId, RECONCILE_BATCH);
    for (const found of open) {
      afterId = found.id;
      const attempt =
        found.status === 'authorizing'
          ? await moveAttempt(db, found.id, ['authorizing'], 'reversing')
          : found;
      // Placed (or taken by another process) in the meantime.
      if (!attempt) continue;
      const done = await reverseAttempt(db, processor, giftCards, attempt, {
        settleMs: options.afterMs,
        now,
      });
      if (done) counts.reversed += 1;
      else counts.left += 1;
    }
    if (open.length < RECONCILE_BATCH) break;
  }
  return counts;
}

export interface ReconcileJob {
  /** Stops scheduling and waits for a run in progress. */
  stop: () => Promise<void>;
}

/** Runs reconcilePayments every `everyMs` (jittered); a failed run is logged and the schedule goes on. */
export function startReconcileJob(
  db: Db,
  processor: PaymentProcessor,
  giftCards: GiftCardProcessor,
  log: Pick<FastifyBaseLogger, 'info' | 'error'>,
  options: { everyMs: number; afterMs: number },
): ReconcileJob {
  return startRepeatingJob(options.everyMs, async () => {
    try {
      const counts = await reconcilePayments(db, processor, giftCards, { afterMs: options.afterMs });
      if (counts.reversed + counts.left > 0) log.info({ reconciled: counts }, 'reconcile: attempts reversed');
      const cancelled = await finishCancelledOrders(
        db,
        { processor, giftCards },
        { afterMs: options.afterMs },
      );
      if (cancelled.refunded + cancelled.left > 0) {
        log.info({ cancelled }, 'reconcile: money of cancelled orders given back');
      }
    } catch (error) {
      log.error({ err: error }, 'reconcile failed; trying again at the next run');
    }
  });
}
