/**
 * The card processor behind the hosted payment page and the wallet sheet. The API talks to a processor only
 * through this interface; the default adapter (http-card-processor.ts) reaches the sandbox processor app
 * (apps/sandbox-processor) over HTTP, and an adapter for a real gateway implements the same shapes: one-time
 * tokens from the hosted frame (the processor's own origin), reusable vault tokens for saved cards (only the
 * processor holds the card), address verification (AVS) at authorize, charges at most once per idempotency key,
 * voids and refunds, and results that travel through the guest's browser signed for us (verifyToken).
 */
import type { AddressRequirement } from '@storefront/contracts/enum-values';
import type { BillingAddress, PaymentProcessorCode } from '@storefront/contracts/payments';

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

/** What a token that came back through the browser says, once its signature for us is verified. */
export interface VerifiedToken {
  kind: 'one-time' | 'vault';
  brand: string;
  lastFour: string;
  /** The hosted card session or wallet session that made it (absent for a vault token). */
  sessionId: string | null;
  /** The amount the payer approved (a wallet session's token), cents. */
  amountCents: number | null;
}

/** A wallet session at the processor: its sheet (on the processor's origin) carries the session's secret. */
export interface WalletSessionInfo {
  sessionId: string;
  sheetUrl: string;
  amountCents: number;
  expiresAt: Date;
}

/**
 * A charge as the processor keeps it (a lookup by idempotency key, a void, a refund): 'approved' until the
 * processor settles it, 'settled' after (only a refund gives it back then).
 */
export interface ChargeInfo {
  chargeId: string;
  status: 'approved' | 'settled' | 'declined' | 'voided' | 'refunded';
  amountCents: number;
}

/** A lookup by idempotency key: the charge made under it, or none. */
export type ChargeLookup = { found: true; charge: ChargeInfo } | { found: false };

export interface PaymentProcessor {
  readonly code: PaymentProcessorCode;
  /** The origin the guest's browser loads the hosted card page and the wallet sheet from. */
  readonly publicOrigin: string;
  tokenize(card: CardDetails): Promise<TokenizeResult>;
  /**
   * Charges a token at most once per idempotency key. A call without an answer (timeout, lost answer, 5xx) is
   * asked again with the same key and, still without one, looked up by its key: 'error' means nothing was
   * charged as far as the processor could tell us.
   */
  authorize(request: AuthorizeRequest): Promise<AuthorizeResult>;
  /**
   * Gives an approved charge back before settlement (idempotent): the charge afterwards, 'voided', or still
   * 'settled' when the processor had settled it (refund it then); null when the processor could not be reached.
   */
  void(chargeId: string, idempotencyKey: string): Promise<ChargeInfo | null>;
  /** Gives an approved (settled) charge back (idempotent); null when the processor could not be reached. */
  refund(chargeId: string, idempotencyKey: string): Promise<ChargeInfo | null>;
  /** The charge made under an idempotency key, if any; throws when the processor cannot be reached. */
  lookup(idempotencyKey: string): Promise<ChargeLookup>;
  /**
   * Stores the card with the processor and answers a reusable token that authorize() takes like a one-time
   * token, for a signed-in customer's saved card.
   */
  vault(source: VaultSource): Promise<VaultResult>;
  /**
   * Checks the processor's signature for us on a token that came back through the guest's browser (the hosted
   * page's or the wallet's): null when it is not ours, altered or expired.
   */
  verifyToken(token: string): VerifiedToken | null;
  /** The hosted card page's URL for a payment session (signed by us; the page shows the amount). */
  hostedPageUrl(session: { sessionId: string; amountCents: number; processorCode: string | null }): string;
  /** Opens a wallet session for an amount; throws when the processor cannot be reached. */
  openWalletSession(request: {
    amountCents: number;
    merchantName: string;
    reference: string;
  }): Promise<WalletSessionInfo>;
}
