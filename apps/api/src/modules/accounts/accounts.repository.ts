/**
 * Customers, their sign-in sessions and their activation and reset tokens (Drizzle only). Every function takes
 * the handle to use: the root one, or a transaction's.
 */
import { and, count, eq, gt, gte, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { runStatement, statement } from '../../db/statements';
import { accountTokens, customerRefreshTokens, customerSessions, customers } from '../../db/schema/accounts';

export type CustomerRow = typeof customers.$inferSelect;

/** The customer of this (normalised) address; with forUpdate (in a transaction), its row stays locked. */
export async function findCustomerByEmail(
  db: Db,
  email: string,
  options: { forUpdate?: boolean } = {},
): Promise<CustomerRow | null> {
  const query = db.select().from(customers).where(eq(customers.email, email)).limit(1);
  const [row] = options.forUpdate ? await query.for('update') : await query;
  return row ?? null;
}

/** The customer; with forUpdate (in a transaction), its row stays locked until the transaction ends. */
export async function findCustomerById(
  db: Db,
  id: number,
  options: { forUpdate?: boolean } = {},
): Promise<CustomerRow | null> {
  const query = db.select().from(customers).where(eq(customers.id, id)).limit(1);
  const [row] = options.forUpdate ? await query.for('update') : await query;
  return row ?? null;
}

/** The new customer's id, or null when the e-mail address has an account already. */
export async function insertCustomer(
  db: Db,
  values: { email: string; passwordHash: string; firstName: string; lastName: string; phoneNumber: string },
): Promise<number | null> {
  const [row] = await db
    .insert(customers)
    .values(values)
    .onConflictDoNothing({ target: customers.email })
    .returning({ id: customers.id });
  return row?.id ?? null;
}

export async function updateCustomerProfile(
  db: Db,
  id: number,
  values: { firstName: string; lastName: string; phoneNumber: string },
  now: Date,
): Promise<CustomerRow | null> {
  const [row] = await db
    .update(customers)
    .set({ ...values, updatedAt: now })
    .where(eq(customers.id, id))
    .returning();
  return row ?? null;
}

/** Activates the customer (once: an active account keeps its first activation time). */
export async function updateCustomerActivated(db: Db, id: number, now: Date) {
  await db
    .update(customers)
    .set({ activatedAt: now, updatedAt: now })
    .where(and(eq(customers.id, id), isNull(customers.activatedAt)));
}

export async function updateCustomerPassword(db: Db, id: number, passwordHash: string, now: Date) {
  await db.update(customers).set({ passwordHash, updatedAt: now }).where(eq(customers.id, id));
}

export async function insertAccountToken(
  db: Db,
  values: { customerId: number; kind: number; tokenHash: string; expiresAt: Date },
) {
  await db.insert(accountTokens).values(values);
}

/**
 * Uses a token: marks it used if it is of this kind, unused and not expired, in one guarded statement (two
 * requests with one token cannot both use it). Returns its customer, or null when it opens nothing.
 */
export async function useAccountToken(
  db: Db,
  token: { tokenHash: string; kind: number; customerId?: number },
  now: Date,
): Promise<number | null> {
  const [row] = await db
    .update(accountTokens)
    .set({ usedAt: now })
    .where(
      and(
        eq(accountTokens.tokenHash, token.tokenHash),
        eq(accountTokens.kind, token.kind),
        token.customerId === undefined ? undefined : eq(accountTokens.customerId, token.customerId),
        isNull(accountTokens.usedAt),
        gt(accountTokens.expiresAt, now),
      ),
    )
    .returning({ customerId: accountTokens.customerId });
  return row?.customerId ?? null;
}

/** Marks every unused token of this kind of the customer used (a reset link used ends the others). */
export async function updateAccountTokensUsed(db: Db, customerId: number, kind: number, now: Date) {
  await db
    .update(accountTokens)
    .set({ usedAt: now })
    .where(
      and(
        eq(accountTokens.customerId, customerId),
        eq(accountTokens.kind, kind),
        isNull(accountTokens.usedAt),
      ),
    );
}

/** How many tokens of this kind the customer was sent since then (the per-account throttles). */
export async function countAccountTokensSince(
  db: Db,
  customerId: number,
  kind: number,
  since: Date,
): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(accountTokens)
    .where(
      and(
        eq(accountTokens.customerId, customerId),
        eq(accountTokens.kind, kind),
        gte(accountTokens.createdAt, since),
      ),
    );
  return row?.n ?? 0;
}

export async function insertCustomerSession(
  db: Db,
  values: { id: string; customerId: number; orderSessionId: string; expiresAt: Date },
) {
  await db.insert(customerSessions).values(values);
}

/** A new (current) refresh token of a customer session. */
export async function insertRefreshToken(db: Db, values: { tokenHash: string; customerSessionId: string }) {
  await db.insert(customerRefreshTokens).values(values);
}

/**
 * The customer session check as an SQL condition on three parameters (session id, customer id, now), so that
 * a route's own statement may carry it (auth.ts: customerSessionCheckedByRoute) instead of a round trip of its
 * own. Uncorrelated: PostgreSQL evaluates it once per statement (a one-time filter).
 */
export const sessionActiveCondition = (id: string, customerId: string, now: string) =>
  `exists (select 1 from customer_sessions where id = ${id} and customer_id = ${customerId}
     and revoked_at is null and expires_at > ${now})`;

// Asked on every request with a user token: sent by name, so the API builds nothing per call.
const SESSION_ACTIVE = statement(
  'customer_session_active',
  `select 1 where ${sessionActiveCondition('$1', '$2', '$3')}`,
);

/**
 * Whether this customer session of this customer is neither revoked nor expired (one primary-key lookup, a
 * named statement: every request with a user token asks it).
 */
export async function isCustomerSessionActive(
  db: Db,
  id: string,
  customerId: number,
  now: Date,
): Promise<boolean> {
  const rows = await runStatement(db, SESSION_ACTIVE, [id, customerId, now.toISOString()]);
  return rows.length > 0;
}

/**
 * A refresh token with its session (revoked or expired ones included: the caller tells them apart), or null
 * for a token that was never issued or whose session was purged. The token's row stays locked until the
 * transaction ends, so two refreshes with one token are decided one after the other.
 */
export async function findRefreshTokenForUpdate(db: Db, tokenHash: string) {
  const [row] = await db
    .select({
      usedAt: customerRefreshTokens.usedAt,
      sessionId: customerSessions.id,
      customerId: customerSessions.customerId,
      orderSessionId: customerSessions.orderSessionId,
      expiresAt: customerSessions.expiresAt,
      revokedAt: customerSessions.revokedAt,
    })
    .from(customerRefreshTokens)
    .innerJoin(customerSessions, eq(customerSessions.id, customerRefreshTokens.customerSessionId))
    .where(eq(customerRefreshTokens.tokenHash, tokenHash))
    .limit(1)
    .for('update', { of: customerRefreshTokens });
  return row ?? null;
}

/** Whether a refresh token of the session was used after `usedAt` (a token older than the last one used). */
export async function hasRefreshTokenUsedAfter(db: Db, customerSessionId: string, usedAt: Date) {
  const [row] = await db
    .select({ tokenHash: customerRefreshTokens.tokenHash })
    .from(customerRefreshTokens)
    .where(
      and(
        eq(customerRefreshTokens.customerSessionId, customerSessionId),
        gt(customerRefreshTokens.usedAt, usedAt),
      ),
    )
    .limit(1);
  return row !== undefined;
}

/** Marks a refresh token used (rotated). */
export async function updateRefreshTokenUsed(db: Db, tokenHash: string, now: Date) {
  await db
    .update(customerRefreshTokens)
    .set({ usedAt: now })
    .where(and(eq(customerRefreshTokens.tokenHash, tokenHash), isNull(customerRefreshTokens.usedAt)));
}

export async function revokeCustomerSession(db: Db, id: string, now: Date) {
  await db
    .update(customerSessions)
    .set({ revokedAt: now })
    .where(and(eq(customerSessions.id, id), isNull(customerSessions.revokedAt)));
}

/** Ends every session of the customer (a password reset). Returns how many were still open. */
export async function revokeCustomerSessions(db: Db, customerId: number, now: Date): Promise<number> {
  const revoked = await db
    .update(customerSessions)
    .set({ revokedAt: now })
    .where(and(eq(customerSessions.customerId, customerId), isNull(customerSessions.revokedAt)))
    .returning({ id: customerSessions.id });
  return revoked.length;
}
