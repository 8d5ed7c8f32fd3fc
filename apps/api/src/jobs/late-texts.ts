/**
 * Late texts (issue 34): a guest who opted into texts gets one when the order's ready time has passed and the
 * kitchen has not marked it ready, the delayed case the tracking page shows (contracts' isRunningLate). Every API
 * process runs this job; they share the orders without texting one twice.
 *
 * Exactly once: a run takes due orders in one transaction with FOR UPDATE SKIP LOCKED (another process's run, or
 * the kitchen's status change, holds its rows; PostgreSQL checks a row's status again once its lock is free), marks
 * each with a guarded update of late_text_sent_at (only while it is null) and writes the text to the outbox in that
 * same transaction: the mark and the text commit together or not at all, and a marked order is never taken again.
 * The outbox then sends it once (providers/email/outbox.ts).
 *
 * Only orders late by less than LATE_TEXT_WINDOW_MINUTES are texted: an order the kitchen never closed is not
 * news hours later, and orders already late when this job first runs (an upgrade, a long outage) are left alone.
 */
import type { FastifyBaseLogger } from 'fastify';
import { and, arrayContains, eq, gt, inArray, isNotNull, isNull, lt, sql } from 'drizzle-orm';
import { NOTIFICATION_TYPE, ORDER_STATUS } from '@storefront/contracts/enum-values';
import type { Db } from '../db/client';
import { orders } from '../db/schema/orders';
import { enqueueOrderText, type OrderTextContext } from '../modules/notifications/order-texts';
import { startRepeatingJob } from './purge';

/** An order later than this (past its ready time) is no longer texted about being late. */
export const LATE_TEXT_WINDOW_MINUTES = 120;
/** Orders one run's transaction takes at most (a run goes on with the next batch while batches are full). */
export const LATE_TEXT_BATCH = 50;
/** Batches one run takes at most: a run never turns into a long one. */
const LATE_TEXT_MAX_BATCHES = 20;

export interface LateTextRun {
  /** Orders whose late text was handled (written, or not sendable: no textable phone, STOP). */
  handled: number;
  /** Texts written to the outbox. */
  texted: number;
}

/** One batch in one transaction: up to LATE_TEXT_BATCH due orders marked and texted. */
async function textLateBatch(db: Db, context: OrderTextContext, now: Date): Promise<LateTextRun> {
  return db.transaction(async (tx) => {
    const due = await tx
      .select({ id: orders.id })
      .from(orders)
      .where(
        and(
          isNull(orders.lateTextSentAt),
          inArray(orders.status, [ORDER_STATUS.Received, ORDER_STATUS.Preparing]),
          isNotNull(orders.placedAt),
          // A cancelled order is not late: nobody is making it.
          isNull(orders.cancelledAt),
          lt(orders.expectedReadyAt, now),
          gt(orders.expectedReadyAt, new Date(now.getTime() - LATE_TEXT_WINDOW_MINUTES * 60_000)),
          arrayContains(orders.guestNotificationTypes, [NOTIFICATION_TYPE.SMS]),
        ),
      )
      .orderBy(orders.expectedReadyAt)
      .limit(LATE_TEXT_BATCH)
      .for('update', { skipLocked: true });
    let texted = 0;
    let handled = 0;
    for (const { id } of due) {
      // Guarded: only the run that sets it writes the text.
      const [order] = await tx
        .update(orders)
        .set({ lateTextSentAt: sql`now()` })
        .where(and(eq(orders.id, id), isNull(orders.lateTextSentAt)))
        .returning();
      if (!order) continue;
      handled += 1;
      if (await enqueueOrderText(tx, context, order, 'late')) texted += 1;
    }
    return { handled, texted };
  });
}

/** Texts every opted-in guest whose order is late as of `now` (see the module's comment); returns the counts. */
export async function sendLateTexts(
  db: Db,
  context: OrderTextContext,
  now: Date = new Date(),
): Promise<LateTextRun> {
  const total: LateTextRun = { handled: 0, texted: 0 };
  for (let batch = 0; batch < LATE_TEXT_MAX_BATCHES; batch += 1) {
    const run = await textLateBatch(db, context, now);
    total.handled += run.handled;
    total.texted += run.texted;
    if (run.handled < LATE_TEXT_BATCH) break;
  }
  return total;
}

export interface LateTextJob {
  /** Stops scheduling and waits for a run in progress. */
  stop: () => Promise<void>;
}

/** Runs sendLateTexts every `everyMs` (jittered, as the purge). A failed run is logged and the schedule goes on. */
export function startLateTextJob(
  db: Db,
  context: OrderTextContext,
  log: Pick<FastifyBaseLogger, 'info' | 'error'>,
  options: { everyMs: number },
): LateTextJob {
  return startRepeatingJob(options.everyMs, async () => {
    try {
      const counts = await sendLateTexts(db, context);
      if (counts.handled > 0) log.info(counts, 'late texts: late orders handled');
    } catch (error) {
      log.error({ err: error }, 'late texts failed; trying again at the next run');
    }
  });
}
