/**
 * The sandbox processor's virtual wallet (Apple Pay shape): wallet sessions for an amount, kept in the
 * processor's own table (sandbox_wallet_sessions), and the device card whose one-time token an approved
 * session yields. The token is minted by the processor's tokenize(), so the close request charges it like a
 * card token. A real adapter would start an Apple Pay merchant session and decrypt the wallet's token instead.
 */
import { randomUUID } from 'node:crypto';
import { and, eq, gt } from 'drizzle-orm';
import { WALLET_SESSION_TTL_MS } from '@storefront/contracts/payment-frames';
import type { Db } from '../../db/client';
import { sandboxWalletSessions } from '../../db/schema/payments';
import type { PaymentProcessor, TokenizeResult } from './payment-processor';
import { SANDBOX_CARDS } from './sandbox-processor';

export type WalletSessionRow = typeof sandboxWalletSessions.$inferSelect;

/** The card the sandbox device holds: a Visa ending in 4242 (approves). */
export const SANDBOX_WALLET_CARD = { brand: 'visa', lastFour: SANDBOX_CARDS.approve.slice(-4) } as const;

/** Opens a session for `amountCents` that accepts an approval until now + WALLET_SESSION_TTL_MS. */
export async function openWalletSession(db: Db, orderId: number, amountCents: number, now: Date) {
  const [row] = await db
    .insert(sandboxWalletSessions)
    .values({
      id: randomUUID(),
      orderId,
      amountCents,
      status: 'open',
      createdAt: now,
      expiresAt: new Date(now.getTime() + WALLET_SESSION_TTL_MS),
    })
    .returning();
  if (!row) throw new Error('insert sandbox_wallet_sessions returned nothing');
  return row;
}

export async function findWalletSession(db: Db, sessionId: string) {
  const [row] = await db
    .select()
    .from(sandboxWalletSessions)
    .where(eq(sandboxWalletSessions.id, sessionId))
    .limit(1);
  return row ?? null;
}

/** Whether the session still accepts an approval at `now`. */
export function isWalletSessionOpen(row: WalletSessionRow, now: Date): boolean {
  return row.status === 'open' && row.expiresAt.getTime() > now.getTime();
}

/**
 * Moves an open, unexpired session to approved or cancelled. A guarded update: of two racing calls only one
 * succeeds; null when the session was not open (already used, cancelled or expired).
 */
export async function settleWalletSession(
  db: Db,
  sessionId: string,
  status: 'approved' | 'cancelled',
  now: Date,
) {
  const [row] = await db
    .update(sandboxWalletSessions)
    .set({ status })
    .where(
      and(
        eq(sandboxWalletSessions.id, sessionId),
        eq(sandboxWalletSessions.status, 'open'),
        gt(sandboxWalletSessions.expiresAt, now),
      ),
    )
    .returning();
  return row ?? null;
}

/**
 * Cancels the session when it is open, expired or not; answers the session as it is afterwards (null when it
 * does not exist). An approved session stays approved.
 */
export async function cancelOpenWalletSession(db: Db, sessionId: string) {
  const [cancelled] = await db
    .update(sandboxWalletSessions)
    .set({ status: 'cancelled' })
    .where(and(eq(sandboxWalletSessions.id, sessionId), eq(sandboxWalletSessions.status, 'open')))
    .returning();
  return cancelled ?? findWalletSession(db, sessionId);
}

/** MM/YY three years after `now`: the device card never expires during a test. */
function deviceCardExpiry(now: Date): string {
  const month = String(now.getUTCMonth() + 1).padStart(2, '0');
  const year = String((now.getUTCFullYear() + 3) % 100).padStart(2, '0');
  return `${month}/${year}`;
}

/**
 * The one-time token of the device card. `decline` (the sheet's sandbox toggle) tokenises the sandbox's
 * declining card instead, so that placement answers 886 'The transaction was not authorized'.
 */
export function walletDeviceToken(
  processor: PaymentProcessor,
  options: { decline: boolean; now: Date },
): Promise<TokenizeResult> {
  return processor.tokenize({
    cardNumber: options.decline ? SANDBOX_CARDS.decline : SANDBOX_CARDS.approve,
    expiry: deviceCardExpiry(options.now),
    cvv: '123',
  });
}
