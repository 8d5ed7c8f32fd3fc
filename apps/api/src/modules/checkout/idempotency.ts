/**
 * Stripe-style idempotency for order-placing writes. The first request with a key runs and its answer
 * (success or domain failure) is stored; the same key with the same body replays that answer; the same key
 * with another body is 422; a request arriving while the first still runs is 409. A 5xx answer (processor
 * outage, crash) releases the key so the client may retry it.
 */
import { createHash } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
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
}

export interface IdempotentOutcome<T> {
  value: T;
  replayed: boolean;
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

/**
 * Runs `execute` at most once per (scope, key). Returns its value (or the stored one on a replay);
 * rethrows its DomainError (or the stored one on a replay).
 */
export async function runIdempotent<T>(
  db: Db,
  request: IdempotentRequest,
  execute: () => Promise<T>,
): Promise<IdempotentOutcome<T>> {
  const hash = requestHash(request.fingerprint);
  const [claimed] = await db
    .insert(idempotencyKeys)
    .values({ scope: request.scope, key: request.key, requestHash: hash })
    .onConflictDoNothing({ target: [idempotencyKeys.scope, idempotencyKeys.key] })
    .returning({ id: idempotencyKeys.id });

  if (!claimed) {
    const [existing] = await db
      .select()
      .from(idempotencyKeys)
      .where(and(eq(idempotencyKeys.scope, request.scope), eq(idempotencyKeys.key, request.key)))
      .limit(1);
    if (!existing) {
      // Released by a crashed first attempt between our insert and select: let the client retry.
      throw conflict('IdempotencyKeyInUse', 'A request with this Idempotency-Key is being processed; retry');
    }
    if (existing.requestHash !== hash) {
      throw new DomainError(422, {
        key: 'IdempotencyKeyMismatch',
        code: 422,
        message: 'This Idempotency-Key was used with another request',
      });
    }
    if (existing.status === 'processing' || existing.responseStatus === null) {
      throw conflict('IdempotencyKeyInUse', 'A request with this Idempotency-Key is being processed; retry');
    }
    if (existing.responseStatus >= 400) {
      const stored = existing.responseBody as StoredFailure;
      throw new DomainError(existing.responseStatus, stored.errors);
    }
    return { value: existing.responseBody as T, replayed: true };
  }

  const finish = async (status: number, body: unknown) => {
    await db
      .update(idempotencyKeys)
      .set({ status: 'completed', responseStatus: status, responseBody: body, completedAt: new Date() })
      .where(eq(idempotencyKeys.id, claimed.id));
  };
  try {
    const value = await execute();
    await finish(200, value);
    return { value, replayed: false };
  } catch (error) {
    if (error instanceof DomainError && error.status < 500) {
      await finish(error.status, { errors: error.errors } satisfies StoredFailure);
    } else {
      await db.delete(idempotencyKeys).where(eq(idempotencyKeys.id, claimed.id));
    }
    throw error;
  }
}
