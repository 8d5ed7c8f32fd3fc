/**
 * The purge: rows whose life is over, deleted on a schedule by every API process. Expired or long-revoked
 * customer sessions (with their refresh tokens) and staff sessions, spent captcha challenges past their expiry,
 * idempotency keys past their retention, and the built-in loyalty issuer's expired state. Nothing deleted here can still open anything: an expired session is
 * refused by its expiry already, a spent challenge past its expiry fails on its own expiry.
 *
 * Several processes may purge at once: each batch takes only rows no other transaction holds (FOR UPDATE SKIP
 * LOCKED), so they share the work instead of waiting on each other, and a row deleted twice is deleted once.
 */
import type { FastifyBaseLogger } from 'fastify';
import { and, eq, isNotNull, lt, or, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client';
import { customerSessions } from '../db/schema/accounts';
import { staffSessions } from '../db/schema/clients';
import { oidcStore } from '../db/schema/loyalty';
import { idempotencyKeys } from '../db/schema/payments';
import { purgeSpentCaptchas } from '../providers/captcha/altcha';

/** A revoked session (logout, password reset, reused refresh token) is kept this long, then deleted. */
export const REVOKED_SESSION_RETENTION_HOURS = 24;
/** An idempotency key replays its first answer for this long (Stripe's 24 hours), then it is deleted. */
export const IDEMPOTENCY_KEY_RETENTION_HOURS = 24;
/** Rows deleted by one statement, and statements per table in one run: a purge never turns into a long delete. */
export const PURGE_BATCH = 1_000;
export const PURGE_MAX_BATCHES = 20;

export interface PurgeCounts {
  customerSessions: number;
  staffSessions: number;
  spentCaptchas: number;
  idempotencyKeys: number;
  /** The built-in loyalty issuer's expired sessions, grants, interactions, codes and tokens (oidc_store). */
  oidcEntries: number;
}

/** Deletes, in batches, the rows of `table` (keyed by `key`) that `where` selects; returns how many. */
async function purgeWhere(db: Db, table: PgTable, key: PgColumn, where: SQL | undefined): Promise<number> {
  let total = 0;
  for (let batch = 0; batch < PURGE_MAX_BATCHES; batch += 1) {
    const due = db
      .select({ key })
      .from(table)
      .where(where)
      .limit(PURGE_BATCH)
      .for('update', { skipLocked: true });
    const deleted = await db
      .delete(table)
      .where(sql`${key} in (${due})`)
      .returning({ key });
    total += deleted.length;
    if (deleted.length < PURGE_BATCH) break;
  }
  return total;
}

/** One purge of every kind of expired row, as of `now`. */
export async function purgeExpired(db: Db, now: Date = new Date()): Promise<PurgeCounts> {
  const revokedBefore = new Date(now.getTime() - REVOKED_SESSION_RETENTION_HOURS * 3_600_000);
  const keysBefore = new Date(now.getTime() - IDEMPOTENCY_KEY_RETENTION_HOURS * 3_600_000);
  const customer = await purgeWhere(
    db,
    customerSessions,
    customerSessions.id,
    or(
      lt(customerSessions.expiresAt, now),
      and(isNotNull(customerSessions.revokedAt), lt(customerSessions.revokedAt, revokedBefore)),
    ),
  );
  const staff = await purgeWhere(
    db,
    staffSessions,
    staffSessions.id,
    or(
      lt(staffSessions.expiresAt, now),
      and(isNotNull(staffSessions.revokedAt), lt(staffSessions.revokedAt, revokedBefore)),
    ),
  );
  let captchas = 0;
  for (let batch = 0; batch < PURGE_MAX_BATCHES; batch += 1) {
    const deleted = await purgeSpentCaptchas(db);
    captchas += deleted;
    if (deleted === 0) break;
  }
  // A key still 'processing' under a live lease belongs to a request in flight: never taken from under it.
  const keys = await purgeWhere(
    db,
    idempotencyKeys,
    idempotencyKeys.id,
    and(
      lt(idempotencyKeys.createdAt, keysBefore),
      or(eq(idempotencyKeys.status, 'completed'), lt(idempotencyKeys.leaseExpiresAt, now)),
    ),
  );
  // The issuer never reads a row past its expiry: deleting it takes nothing from a sign-in under way.
  let oidcEntries = 0;
  for (let batch = 0; batch < PURGE_MAX_BATCHES; batch += 1) {
    // Keyed by (model, id): the batch is chosen as purgeWhere chooses one.
    const due = db
      .select({ model: oidcStore.model, id: oidcStore.id })
      .from(oidcStore)
      .where(lt(oidcStore.expiresAt, now))
      .limit(PURGE_BATCH)
      .for('update', { skipLocked: true });
    const deleted = await db
      .delete(oidcStore)
      .where(sql`(${oidcStore.model}, ${oidcStore.id}) in (${due})`)
      .returning({ id: oidcStore.id });
    oidcEntries += deleted.length;
    if (deleted.length < PURGE_BATCH) break;
  }
  return {
    customerSessions: customer,
    staffSessions: staff,
    spentCaptchas: captchas,
    idempotencyKeys: keys,
    oidcEntries,
  };
}

export interface PurgeJob {
  /** Stops scheduling and waits for a run in progress. */
  stop: () => Promise<void>;
}

/** A delay of `everyMs` give or take a fifth, so that processes started together do not purge together. */
export function jittered(everyMs: number, random: () => number = Math.random): number {
  return Math.round(everyMs * (0.8 + 0.4 * random()));
}

/**
 * Runs purgeExpired every `everyMs` (jittered), the first time after a jittered delay too. A failed run is
 * logged and the schedule goes on.
 */
export function startPurgeJob(
  db: Db,
  log: Pick<FastifyBaseLogger, 'info' | 'error'>,
  options: { everyMs: number },
): PurgeJob {
  return startRepeatingJob(options.everyMs, async () => {
    try {
      const counts = await purgeExpired(db);
      if (Object.values(counts).some((n) => n > 0))
        log.info({ purged: counts }, 'purge: expired rows deleted');
    } catch (error) {
      log.error({ err: error }, 'purge failed; trying again at the next run');
    }
  });
}

/**
 * Runs `runOnce` every `everyMs` (jittered), the first time after a jittered delay too, one run at a time; `stop`
 * ends the schedule and waits for a run in progress. `runOnce` handles (logs) its own failures. The purge, the
 * late texts and the payment reconciliation are scheduled by it.
 */
export function startRepeatingJob(
  everyMs: number,
  runOnce: () => Promise<void>,
): { stop: () => Promise<void> } {
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let run: Promise<void> = Promise.resolve();
  const schedule = () => {
    run = runOnce().finally(() => {
      if (!stopped) timer = setTimeout(schedule, jittered(everyMs));
    });
  };
  timer = setTimeout(schedule, jittered(everyMs));
  return {
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await run;
    },
  };
}
