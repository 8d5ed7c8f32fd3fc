/**
 * Giving back the money of a placement attempt that will not place its order (place-order.service.ts): every
 * gift-card capture it asked for is released by its key (which also cancels a capture still on its way), and
 * its card charge is looked up by its key and voided when approved (refunded when the processor settled it). The attempt becomes 'reversed' only once
 * that is certain: the releases answered, and the charge is voided, declined, or not found after
 * CHARGE_SETTLE_MS (a call that timed out may still be made at the processor until then). Anything short of
 * that leaves it 'reversing' for the reconciliation worker (jobs/reconcile-payments.ts) to finish.
 */
import type { Db } from '../../db/client';
import type { GiftCardProcessor } from '../../providers/payment/gift-card-processor';
import type { PaymentProcessor } from '../../providers/payment/payment-processor';
import { moveAttempt, type PlacementAttemptRow } from './placement-attempts.repository';

/**
 * How long after an attempt started one of its calls may still reach the processor (PROCESSOR_TIMEOUT_MS
 * 5 s, three tries and a lookup per call, a few calls): a charge not found under its key past this is never
 * made. The reconciliation worker takes attempts left open this long.
 */
export const CHARGE_SETTLE_MS = 2 * 60_000;

export interface ReversalOptions {
  /** The processor answered the charge 'declined' (nothing was charged under its key). */
  declined?: boolean;
  /** How long a charge may still arrive after the attempt started (tests shorten it). */
  settleMs?: number;
  now?: Date;
}

/** The key a void of a charge is asked under (the same on every try, so a void happens once). */
export const voidKeyOf = (chargeKey: string) => `void:${chargeKey}`;

/** The key a refund of a settled charge is asked under (the same on every try). */
export const refundKeyOf = (chargeKey: string) => `refund:${chargeKey}`;

/**
 * Gives an approved charge back: voided while the processor has not settled it, refunded once it has (a void
 * then leaves it 'settled'). `key` names the charge in the void's and refund's keys (the same on every try, so
 * money goes back once). Answers how it went back, or null when the processor did not confirm it.
 */
export async function giveChargeBack(
  processor: PaymentProcessor,
  chargeId: string,
  key: string,
): Promise<'voided' | 'refunded' | null> {
  const voided = await processor.void(chargeId, voidKeyOf(key));
  if (voided?.status === 'voided') return 'voided';
  if (voided?.status === 'refunded') return 'refunded';
  if (voided?.status !== 'settled') return null;
  const refunded = await processor.refund(chargeId, refundKeyOf(key));
  return refunded?.status === 'refunded' ? 'refunded' : null;
}

/**
 * Releases the attempt's captures and voids its charge; marks it 'reversed' and answers true when no money of
 * it is left taken, false when something is left for a later try.
 */
export async function reverseAttempt(
  db: Db,
  processor: PaymentProcessor,
  giftCards: GiftCardProcessor,
  attempt: PlacementAttemptRow,
  options: ReversalOptions = {},
): Promise<boolean> {
  let done = true;
  for (const capture of attempt.captures) {
    if (!(await giftCards.release({ cardId: capture.cardId, captureKey: capture.captureKey }))) {
      console.error(`gift-card release of ${capture.captureKey} got no answer from the processor`);
      done = false;
    }
  }
  if (attempt.chargeKey) {
    try {
      const found = await processor.lookup(attempt.chargeKey);
      if (found.found) {
        if (found.charge.status === 'approved' || found.charge.status === 'settled') {
          const back = await giveChargeBack(processor, found.charge.chargeId, attempt.chargeKey);
          if (back === null) done = false;
        }
      } else {
        const age = (options.now ?? new Date()).getTime() - attempt.createdAt.getTime();
        if (!options.declined && age < (options.settleMs ?? CHARGE_SETTLE_MS)) done = false;
      }
    } catch (error) {
      console.error(
        `void of ${attempt.chargeKey} failed: ${error instanceof Error ? error.message : String(error)}`,
      );
      done = false;
    }
  }
  if (done) await moveAttempt(db, attempt.id, ['reversing'], 'reversed');
  return done;
}
