/**
 * The card processor behind the hosted payment page. The API talks to a processor only through this
 * interface; the embedded default is the sandbox processor (sandbox-processor.ts), a production adapter
 * would call a real gateway with the same shapes: one-time tokens from the hosted frame, reusable vault
 * tokens for saved cards (only the processor holds the card), and address verification (AVS) at authorize.
 */
import type { AddressRequirement } from '@storefront/contracts/enum-values';
import type { BillingAddress, PaymentProcessorCode } from '@storefront/contracts/payments';
import type { Db } from '../../db/client';

export interface CardDetails {
  cardNumber: string;
  expiry: string;
  cvv: string;
}

/** A one-time token for a card, with what we may keep: brand and last four. */
export type TokenizeResult =
  { ok: true; token: string; brand: string; lastFour: string } | { ok: false; code: number; message: string };

/**
 * What address verification checks: the billing address and the store's level (None: no check; ZipCodeOnly:
 * the postal code; AddressAndZipCode: street, city, state and postal code). A processor declines (886) when a
 * required field is missing or the address does not match the card's.
 */
export interface BillingVerification {
  address: BillingAddress | null;
  level: AddressRequirement;
}

export interface AuthorizeRequest {
  /** The one-time token from tokenize(), or a reusable token from vault(). */
  token: string;
  /** Address verification; absent means the store does not verify addresses. */
  billing?: BillingVerification;
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

/** What a saved card is made from: the one-time token of an approved charge, or the charge itself. */
export type VaultSource = { oneTimeToken: string } | { chargeId: string };

/** A reusable token for a card (no expiry), with what we may keep: brand and last four. */
export type VaultResult =
  | { ok: true; vaultToken: string; brand: string; lastFour: string }
  | { ok: false; code: number; message: string };

export interface PaymentProcessor {
  readonly code: PaymentProcessorCode;
  tokenize(card: CardDetails): Promise<TokenizeResult>;
  /**
   * Charges a token. `db` is the caller's transaction: the sandbox keeps its ledger in our database and
   * must join it (PGlite has a single connection); a remote adapter ignores it.
   */
  authorize(request: AuthorizeRequest, db: Db): Promise<AuthorizeResult>;
  /**
   * Stores the card with the processor and answers a reusable token that authorize() takes like a one-time
   * token, for a signed-in customer's saved card. `db` as for authorize().
   */
  vault(source: VaultSource, db: Db): Promise<VaultResult>;
}
