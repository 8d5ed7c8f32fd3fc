/**
 * Stripe-style idempotency for order-placing writes. The first request with a key runs and its answer
 * (success or domain failure) is stored; the same key with the same body replays that answer; the same key
 * with another body is 422; a request arriving while the first still runs is 409. A 5xx answer (processor
 * outage, lost database) releases the key so the client may retry it.
 *
 * A claim is a lease: a process that dies mid-request (kill -9, a lost database connection) cannot release its
 * key, so once the lease is over the next request with the key recovers it: it replays the answer when the work
 * committed (`recover`), and otherwise takes the key over and runs again. The work stores its answer inside its
 * own transaction (`settle`), so a committed placement never leaves its key 'processing'; the lease's expiry is
 * the claim's fencing token, so a request whose key was taken over cannot store its answer (its transaction then
 * rolls back instead of placing twice).
 */
import { createHash } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { ApiError } from '@storefront/contracts/api';
import type { Db } from '../../db/client';
import { idempotencyKeys } from '../../db/schema/payments';
import { DomainError, conflict } from '../../lib/errors';

export interface IdempotentRequest {
  /** Who owns the key (the token's session id). */
  scope: string;
  key: string;
  /** Method, path and body: what must match for a replay. */
  fingerprint: unknown;
  /** The order the request acts on (kept with the key for recovery). */
  orderId?: number;
}

export interface IdempotentOutcome<T> {
  value: T;
  replayed: boolean;
}

export interface IdempotencyOptions<T> {
  /** How long a claim holds the key before a crashed request's key may be recovered. */
  leaseMs: number;
  /**
   * For a key whose lease ran out while 'processing': the answer of the work if it committed after all (then
   * stored and replayed), or null when it did not (then the request takes the key over and runs again).
   */
  recover?: (db: Db) => Promise<T | null>;
}

/**
 * Stores the work's answer inside the work's transaction `tx`. Throws 409 IdempotencyKeyInUse when the key was
 * taken over meanwhile (the lease ran out), which rolls the transaction back.
 */
export interface Settle {
  (tx: Db, status: number, body: unknown): Promise<void>;
  /**
   * The held claim, for work that stores its answer in a statement of its own (one that sets the key
   * 'completed' only where `status = 'processing' and lease_expires_at = claim.lease`, and rolls back when
   * it did not): it calls `stored()` once that statement stored it.
   */
  claim: Claim;
  stored(): void;
}

/** Deterministic JSON (sorted object keys) so that equal bodies hash equally. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

export function requestHash(fingerprint: unknown): string {
  return createHash('sha256').update(canonical(fingerprint)).digest('hex');
}

interface StoredFailure {
  errors: ApiError[];
}

/** A held claim: the row and the lease that fences it. */
export interface Claim {
  id: number;
  lease: Date;
}

export const keyInUse = () =>
  conflict('IdempotencyKeyInUse', 'A request with this Idempotency-Key is being processed; retry');

/** The row is still ours: 'processing' under the lease we wrote. */
const heldBy = (claim: Claim) =>
  and(
    eq(idempotencyKeys.id, claim.id),
    eq(idempotencyKeys.status, 'processing'),
    eq(idempotencyKeys.leaseExpiresAt, claim.lease),
  );

/** Completes a held key with an answer; false when the claim was lost. */
async function complete(db: Db, claim: Claim, status: number, body: unknown): Promise<boolean> {
  const done = await db
    .update(idempotencyKeys)
    .set({ status: 'completed', responseStatus: status, responseBody: body, completedAt: new Date() })
    .where(heldBy(claim))
    .returning({ id: idempotencyKeys.id });
  return done.length > 0;
}

function replay<T>(status: number, body: unknown): IdempotentOutcome<T> {
  if (status >= 400) throw new DomainError(status, (body as StoredFailure).errors);
  return { value: body as T, replayed: true };
}

/** Pause between tries of a release that failed because the database was unreachable. */
const RELEASE_RETRY_MS = 500;

/**
 * Tries `release` again every RELEASE_RETRY_MS until it succeeds or the lease ends (then the next request with
 * the key recovers it anyway). Bounded by the lease, and unref'd so that it never holds a process open.
 */
function releaseWhenBack(release: () => Promise<unknown>, lease: Date) {
  const attempt = () => {
    if (Date.now() >= lease.getTime()) return;
    release().catch(() => setTimeout(attempt, RELEASE_RETRY_MS).unref());
  };
  setTimeout(attempt, RELEASE_RETRY_MS).unref();
}

/**
 * Runs `execute` at most once per (scope, key) to a committed answer. Returns its value (or the stored one on a
 * replay); rethrows its DomainError (or the stored one on a replay). `execute` may store its answer inside its
 * own transaction with the `settle` it is given.
 */
export async function runIdempotent<T>(
  db: Db,
  request: IdempotentRequest,
  execute: (settle: Settle) => Promise<T>,
  options: IdempotencyOptions<T>,
): Promise<IdempotentOutcome<T>> {
  const lease = new Date(Date.now() + options.leaseMs);
  const [inserted] = await db
    .insert(idempotencyKeys)
    .values({
      scope: request.scope,
      key: request.key,
      requestHash: requestHash(request.fingerprint),
      leaseExpiresAt: lease,
      orderId: request.orderId,
    })
    .onConflictDoNothing({ target: [idempotencyKeys.scope, idempotencyKeys.key] })
    .returning({ id: idempotencyKeys.id });

  if (inserted) return runClaimed(db, { id: inserted.id, lease }, execute);
  const [existing] = await db
    .select()
    .from(idempotencyKeys)
    .where(and(eq(idempotencyKeys.scope, request.scope), eq(idempotencyKeys.key, request.key)))
    .limit(1);
  // Released by a failed first attempt between our insert and select: let the client retry.
  if (!existing) throw keyInUse();
  return resumeIdempotent(db, request, existing, execute, options);
}

/** A key's row as stored. */
export type IdempotencyKeyRow = typeof idempotencyKeys.$inferSelect;

/**
 * The rest of runIdempotent for a key found already claimed (`existing`, read by the caller): its answer
 * replayed, 422 for another body, 409 while its lease runs; once the lease is over the key is taken over and
 * the work's committed answer replayed (`recover`), or the work run again.
 */
export async function resumeIdempotent<T>(
  db: Db,
  request: IdempotentRequest,
  existing: IdempotencyKeyRow,
  execute: (settle: Settle) => Promise<T>,
  options: IdempotencyOptions<T>,
): Promise<IdempotentOutcome<T>> {
  if (existing.requestHash !== requestHash(request.fingerprint)) {
    throw new DomainError(422, {
      key: 'IdempotencyKeyMismatch',
      code: 422,
      message: 'This Idempotency-Key was used with another request',
    });
  }
  if (existing.status === 'completed' && existing.responseStatus !== null) {
    return replay(existing.responseStatus, existing.responseBody);
  }
  // 'processing': live while its lease runs (a row from before leases: its creation plus one lease).
  const expiresAt = existing.leaseExpiresAt ?? new Date(existing.createdAt.getTime() + options.leaseMs);
  if (expiresAt.getTime() > Date.now()) throw keyInUse();

  // The lease ran out: the request that held it is gone (or too slow to keep it). Take the key over first,
  // so that exactly one request recovers it, then replay the work's committed answer or run it again.
  const lease = new Date(Date.now() + options.leaseMs);
  const [taken] = await db
    .update(idempotencyKeys)
    .set({ leaseExpiresAt: lease })
    .where(
      and(
        eq(idempotencyKeys.id, existing.id),
        eq(idempotencyKeys.status, 'processing'),
        existing.leaseExpiresAt === null
          ? sql`${idempotencyKeys.leaseExpiresAt} is null`
          : eq(idempotencyKeys.leaseExpiresAt, existing.leaseExpiresAt),
      ),
    )
    .returning({ id: idempotencyKeys.id });
  if (!taken) throw keyInUse();
  const claim = { id: taken.id, lease };
  const committed = options.recover ? await options.recover(db) : null;
  if (committed !== null) {
    if (!(await complete(db, claim, 200, committed))) throw keyInUse();
    return { value: committed, replayed: true };
  }
  return runClaimed(db, claim, execute);
}

/**
 * Stores a domain failure (`error`, below 500) as the answer of a key nobody holds: for work that claims its key
 * inside its own transaction, which rolled back with the claim. False when the key was claimed meanwhile (the
 * holder's answer is the key's).
 */
export async function storeFailure(db: Db, request: IdempotentRequest, error: DomainError): Promise<boolean> {
  const stored = await db
    .insert(idempotencyKeys)
    .values({
      scope: request.scope,
      key: request.key,
      requestHash: requestHash(request.fingerprint),
      orderId: request.orderId,
      status: 'completed',
      responseStatus: error.status,
      responseBody: { errors: error.errors } satisfies StoredFailure,
      completedAt: new Date(),
    })
    .onConflictDoNothing({ target: [idempotencyKeys.scope, idempotencyKeys.key] })
    .returning({ id: idempotencyKeys.id });
  return stored.length > 0;
}

/**
 * The rest of runIdempotent for a caller that inserted the key's row itself (with `claim.lease`), in a
 * statement of its own: runs `execute` and stores or releases its answer as runIdempotent does.
 */
export async function runClaimed<T>(
  db: Db,
  claim: Claim,
  execute: (settle: Settle) => Promise<T>,
): Promise<IdempotentOutcome<T>> {
  let settled = false;
  const settle: Settle = Object.assign(
    async (tx: Db, status: number, body: unknown) => {
      if (!(await complete(tx, claim, status, body))) throw keyInUse();
      settled = true;
    },
    {
      claim,
      stored: () => {
        settled = true;
      },
    },
  );
  try {
    const value = await execute(settle);
    if (!settled) await complete(db, claim, 200, value);
    return { value, replayed: false };
  } catch (error) {
    // Both writes are fenced by the claim: when the work's transaction stored its answer and committed, the key
    // is no longer 'processing' and nothing changes; when it settled but did not commit, the key is released.
    const release =
      error instanceof DomainError && error.status < 500
        ? () => complete(db, claim, error.status, { errors: error.errors } satisfies StoredFailure)
        : () => db.delete(idempotencyKeys).where(heldBy(claim));
    try {
      await release();
    } catch {
      // The database is gone (the usual reason the work failed too): the key would stay 'processing' until its
      // lease ran out, and every retry of the client's would answer 409 meanwhile. Release it as soon as the
      // server is back instead, fenced by the claim like every other write of the key.
      releaseWhenBack(release, claim.lease);
    }
    throw error;
  }
}
