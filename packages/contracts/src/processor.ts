/**
 * The card processor's HTTP interface: what the API (apps/api/src/providers/payment) asks the processor
 * (apps/sandbox-processor, or a real gateway behind an adapter) and what it answers. Every call from the API
 * carries its merchant's API key (`authorization: Bearer <key>`); every charge, void, refund, gift-card capture
 * and release carries an idempotency key, so a call asked again after a timeout or a lost answer never moves
 * money twice.
 *
 * Results that travel through the guest's browser (a card tokenised by the hosted page, a token minted by an
 * approved wallet session) carry the processor's signature for the merchant (see `processorResultSigningInput`):
 * the API verifies it before it trusts the brand, last four, session or amount a token names.
 */
import { z } from 'zod';
import { AddressRequirementSchema } from './enums';
import { BillingAddressSchema } from './payments';

/** Prefixes of the sandbox's tokens and charges. */
export const PROCESSOR_TOKEN_PREFIX = 'tok_sbx_';
export const PROCESSOR_VAULT_PREFIX = 'vt_sbx_';

/** A token's readable part: what the API may keep (brand, last four) and what it checks (merchant, session, amount). */
export const ProcessorTokenClaimsSchema = z.object({
  /** Brand ('visa', ...). */
  b: z.string().max(20),
  /** Last four digits. */
  l: z.string().regex(/^\d{4}$/),
  /** The merchant the token was made for. */
  m: z.string().max(64),
  /** The hosted card session or wallet session that made it (absent for a vault token). */
  s: z.string().max(64).optional(),
  /** The amount the payer approved, cents (a wallet session's token). */
  a: z.number().int().nonnegative().optional(),
  /** Expiry, epoch ms (one-time tokens only). */
  e: z.number().int().optional(),
});
export type ProcessorTokenClaims = z.infer<typeof ProcessorTokenClaimsSchema>;

/**
 * A token is `<prefix><body>.<processorSignature>.<merchantSignature>`: the body is base64url JSON holding the
 * claims, the processor's own signature only the processor can check, and the merchant signature is
 * HMAC-SHA256 over this input under `HMAC-SHA256(apiKey, 'processor-results')`, which the API checks.
 */
export function processorResultSigningInput(prefixAndBody: string, processorSignature: string): string {
  return `processor-result:${prefixAndBody}.${processorSignature}`;
}

/** Address verification at the store's level (AVS). */
export const BillingCheckSchema = z.object({
  level: AddressRequirementSchema,
  address: BillingAddressSchema.nullable(),
});

const idempotencyKey = z.string().min(1).max(200);
const cents = z.number().int().nonnegative().max(100_000_000);

/** POST /v1/charges: charge a token (one-time or vault) at most once per idempotency key. */
export const ChargeRequestSchema = z.object({
  token: z.string().min(1).max(2000),
  amountCents: cents,
  idempotencyKey,
  billing: BillingCheckSchema.optional(),
});
export type ChargeRequest = z.infer<typeof ChargeRequestSchema>;

/**
 * A charge's life: 'approved' (authorised, not yet settled: a void gives it back), 'settled' (the processor's
 * settlement batch took it: only a refund gives it back), 'voided', 'refunded', or 'declined' (nothing taken).
 */
export const ChargeStatusSchema = z.enum(['approved', 'settled', 'declined', 'voided', 'refunded']);

/** A charge as the processor keeps it. */
export const ChargeSchema = z.object({
  chargeId: z.string(),
  idempotencyKey: z.string(),
  status: ChargeStatusSchema,
  amountCents: z.number().int(),
  brand: z.string(),
  lastFour: z.string(),
  createdAt: z.string(),
});
export type ProcessorCharge = z.infer<typeof ChargeSchema>;

/** The charge's answer: approved (the charge), declined (886), or an error the processor reports. */
export const ChargeAnswerSchema = z.discriminatedUnion('status', [
  z.object({ status: z.literal('approved'), charge: ChargeSchema }),
  z.object({ status: z.literal('declined'), code: z.number().int(), message: z.string() }),
  z.object({ status: z.literal('error'), code: z.number().int(), message: z.string() }),
]);
export type ChargeAnswer = z.infer<typeof ChargeAnswerSchema>;

/** GET /v1/charges?idempotencyKey= (a lookup after a lost answer) and GET /v1/charges?since= (reconciliation). */
export const ChargeListSchema = z.object({ charges: z.array(ChargeSchema) });

/**
 * POST /v1/charges/:chargeId/voids and /refunds: the charge afterwards (idempotent: a second void is a no-op).
 * A void gives back an approved charge not yet settled; a settled charge stays 'settled' under a void (refund
 * it). A refund gives back an approved or settled charge.
 */
export const ChargeReversalRequestSchema = z.object({ idempotencyKey });

/**
 * POST /v1/sandbox/settlements (sandbox only, outside production): the settlement batch, run now. Every approved
 * charge made before `before` (now when absent) becomes 'settled'; answers how many did.
 */
export const SettlementRequestSchema = z.object({ before: z.iso.datetime({ offset: true }).optional() });
export const SettlementAnswerSchema = z.object({ settled: z.number().int() });

/** POST /v1/vault: a reusable token from an approved charge or a one-time token. */
export const VaultRequestSchema = z.union([
  z.object({ oneTimeToken: z.string().min(1).max(2000) }),
  z.object({ chargeId: z.string().min(1).max(100) }),
]);
export const VaultAnswerSchema = z.discriminatedUnion('ok', [
  z.object({ ok: z.literal(true), vaultToken: z.string(), brand: z.string(), lastFour: z.string() }),
  z.object({ ok: z.literal(false), code: z.number().int(), message: z.string() }),
]);

/** POST /v1/tokens: a one-time token for a card (the sandbox's device card, tests). */
export const TokenizeRequestSchema = z.object({
  cardNumber: z.string().min(12).max(23),
  expiry: z.string().min(4).max(7),
  cvv: z.string().min(3).max(4),
  sessionId: z.string().max(64).optional(),
});
export const TokenizeAnswerSchema = z.discriminatedUnion('ok', [
  z.object({ ok: z.literal(true), token: z.string(), brand: z.string(), lastFour: z.string() }),
  z.object({ ok: z.literal(false), code: z.number().int(), message: z.string() }),
]);

/** POST /v1/gift-cards/lookups: the card of a number (digits), or 404. */
export const GiftCardLookupRequestSchema = z.object({ number: z.string().regex(/^\d{8,19}$/) });
export const GiftCardInfoSchema = z.object({
  cardId: z.number().int(),
  balanceCents: z.number().int(),
  lastFour: z.string(),
});
/** POST /v1/gift-cards/:cardId/captures: take an amount off the card, once per idempotency key. */
export const GiftCardMovementRequestSchema = z.object({ amountCents: cents, idempotencyKey });
export const GiftCardCaptureAnswerSchema = z.discriminatedUnion('status', [
  z.object({ status: z.literal('captured'), amountCents: z.number().int() }),
  z.object({ status: z.literal('insufficient'), balanceCents: z.number().int() }),
  /** The capture's key was released before the capture arrived (a late call after a timeout): nothing taken. */
  z.object({ status: z.literal('cancelled') }),
]);
/**
 * POST /v1/gift-cards/:cardId/releases: gives back what the capture made with `captureKey` took, once. A
 * capture that never arrived is cancelled instead (released: 0), so it takes nothing if it arrives later:
 * releasing a capture whose answer was lost is always safe.
 */
export const GiftCardReleaseRequestSchema = z.object({ captureKey: idempotencyKey });
export const GiftCardReleaseAnswerSchema = z.object({
  status: z.literal('released'),
  amountCents: z.number().int(),
});
/** GET /v1/gift-cards/entries?idempotencyKey=: whether a movement was made (a lookup after a lost answer). */
export const GiftCardEntrySchema = z.object({
  cardId: z.number().int(),
  amountCents: z.number().int(),
  kind: z.enum(['capture', 'release', 'cancel']),
  idempotencyKey: z.string(),
});

/** POST /v1/wallet-sessions: a session for an amount, with its own secret (the sheet's URL carries it). */
export const WalletSessionRequestSchema = z.object({
  amountCents: cents,
  merchantName: z.string().min(1).max(200),
  reference: z.string().max(100),
});
export const WalletSessionAnswerSchema = z.object({
  sessionId: z.uuid(),
  sheetUrl: z.string(),
  amountCents: z.number().int(),
  expiresAt: z.string(),
});

/** Hosted card page URL parameters, signed by the API with its merchant key (the page shows the amount). */
export const HostedPageQuerySchema = z.object({
  m: z.string().max(64),
  a: z.coerce.number().int().nonnegative().max(100_000_000),
  p: z.enum(['aurus', 'express']),
  x: z.coerce.number().int(),
  sig: z.string().max(100),
});

/** The input of a hosted page URL's signature (the API signs it; the processor checks it). */
export function hostedPageSigningInput(
  sessionId: string,
  q: Omit<z.infer<typeof HostedPageQuerySchema>, 'sig'>,
) {
  return `hosted-page:${sessionId}:${q.m}:${q.a}:${q.p}:${q.x}`;
}
