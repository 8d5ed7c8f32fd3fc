/**
 * The card processor behind the hosted payment page. The API talks to a processor only through this
 * interface; the embedded default is the sandbox processor (sandbox-processor.ts), a production adapter
 * would call a real gateway with the same shapes.
 */
import type { PaymentProcessorCode } from '@storefront/contracts/payments';
import type { Db } from '../../db/client';

export interface CardDetails {
  cardNumber: string;
  expiry: string;
  cvv: string;
}

/** A one-time token for a card, with what we may keep: brand and last four. */
export type TokenizeResult =
  { ok: true; token: string; brand: string; lastFour: string } | { ok: false; code: number; message: string };

export interface AuthorizeRequest {
  /** The one-time token from tokenize(). */
  token: string;
  amountCents: number;
  /**
   * The processor charges a key at most once: a retried authorize with the same key answers the first
   * outcome without charging again.
   */
  idempotencyKey: string;
}

export type AuthorizeResult =
  | { status: 'approved'; chargeId: string; amountCents: number; brand: string; lastFour: string }
  /** The issuer refused (886): the guest may try another card. */
  | { status: 'declined'; code: number; message: string }
  /** The processor could not answer (500): nothing was charged. */
  | { status: 'error'; code: number; message: string };

export interface PaymentProcessor {
  readonly code: PaymentProcessorCode;
  tokenize(card: CardDetails): Promise<TokenizeResult>;
  /**
   * Charges a token. `db` is the caller's transaction: the sandbox keeps its ledger in our database and
   * must join it (PGlite has a single connection); a remote adapter ignores it.
   */
  authorize(request: AuthorizeRequest, db: Db): Promise<AuthorizeResult>;
}
