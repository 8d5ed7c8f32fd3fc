/**
 * The sandbox card processor (embedded default). Tokens are HMAC-signed and carry only brand, last four
 * and the test card's outcome; the card number itself is dropped at tokenisation. Charges are recorded in
 * the sandbox ledger (table sandbox_charges), keyed by the caller's idempotency key so a retry never charges
 * twice. Test cards (Stripe style):
 *   4242 4242 4242 4242 approves; 4000 0000 0000 0002 declines (886);
 *   4000 0000 0000 9995 insufficient funds (886); 4000 0000 0000 0119 processing error (500).
 * Any other valid card approves.
 *
 * Saved cards: vault() turns an approved charge (or an unexpired one-time token) into a reusable vault token
 * ('vt_sbx_', signed under its own label, no expiry, same brand, last four and outcome) that authorize() takes.
 *
 * Address verification (AVS) at authorize, at the store's level: a required field missing (postal code for
 * ZipCodeOnly, all four for AddressAndZipCode) or a postal code that is not a ZIP declines (886); the test
 * postal code 99999 never matches the card's address and declines (886) with any card. An AVS decline is
 * refused before the charge, so it is not in the ledger: the same token approves once the address is fixed.
 */
import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import {
  PAYMENT_MESSAGES,
  cardBrand,
  cardDigits,
  isCvvValid,
  isExpiryValid,
  isLuhnValid,
} from '@storefront/contracts/payments';
import { APP_ERROR } from '@storefront/contracts/errors';
import { isBillingAddressComplete } from '@storefront/contracts/saved-payments';
import type { Db } from '../../db/client';
import { sandboxCharges } from '../../db/schema/payments';
import type {
  AuthorizeRequest,
  AuthorizeResult,
  BillingVerification,
  CardDetails,
  PaymentProcessor,
  TokenizeResult,
  VaultResult,
  VaultSource,
} from './payment-processor';

export const SANDBOX_CARDS = {
  approve: '4242424242424242',
  decline: '4000000000000002',
  insufficientFunds: '4000000000009995',
  processingError: '4000000000000119',
} as const;

const OUTCOMES = ['approve', 'decline', 'insufficient_funds', 'processing_error'] as const;
type Outcome = (typeof OUTCOMES)[number];

/** The billing postal code that never matches the card's address (the AVS failure of the test cards). */
export const SANDBOX_AVS_FAILURE_POSTAL_CODE = '99999';

const TOKEN_PREFIX = 'tok_sbx_';
const VAULT_PREFIX = 'vt_sbx_';
const TOKEN_TTL_MS = 30 * 60 * 1000;
const CHARGE_PREFIX = 'ch_sbx_';

const TokenPayloadSchema = z.object({
  b: z.string(),
  l: z.string().regex(/^\d{4}$/),
  o: z.enum(OUTCOMES),
  /** Expiry of a one-time token (epoch ms); a vault token has none. */
  e: z.number().int().optional(),
  n: z.string(),
});
type TokenPayload = z.infer<typeof TokenPayloadSchema>;

function outcomeOf(digits: string): Outcome {
  switch (digits) {
    case SANDBOX_CARDS.decline:
      return 'decline';
    case SANDBOX_CARDS.insufficientFunds:
      return 'insufficient_funds';
    case SANDBOX_CARDS.processingError:
      return 'processing_error';
    default:
      return 'approve';
  }
}

/** Whether the billing address passes the sandbox's AVS at its level. */
export function passesSandboxAvs(billing: BillingVerification | undefined): boolean {
  if (!billing || billing.level === 'None') return true;
  if (!isBillingAddressComplete(billing.address, billing.level)) return false;
  return (billing.address?.postalCode ?? '').trim().slice(0, 5) !== SANDBOX_AVS_FAILURE_POSTAL_CODE;
}

/** The hash under which the ledger remembers a token (the token itself is not kept there). */
export function tokenFingerprint(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export class SandboxProcessor implements PaymentProcessor {
  readonly code = 'AURUS_HOSTED' as const;
  private readonly key: Buffer;

  constructor(
    secret: string,
    private readonly now: () => Date = () => new Date(),
  ) {
    this.key = createHash('sha256').update(`sandbox-processor:${secret}`).digest();
  }

  async tokenize(card: CardDetails): Promise<TokenizeResult> {
    const digits = cardDigits(card.cardNumber);
    if (!isLuhnValid(digits)) return { ok: false, code: 1, message: 'Invalid card number' };
    if (!isExpiryValid(card.expiry, this.now()))
      return { ok: false, code: 2, message: 'Invalid expiry date' };
    if (!isCvvValid(card.cvv)) return { ok: false, code: 3, message: 'Invalid security code' };
    const payload = {
      b: cardBrand(digits),
      l: digits.slice(-4),
      o: outcomeOf(digits),
      e: this.now().getTime() + TOKEN_TTL_MS,
      n: randomBytes(12).toString('base64url'),
    };
    return { ok: true, token: this.seal(TOKEN_PREFIX, payload), brand: payload.b, lastFour: payload.l };
  }

  async vault(source: VaultSource, db: Db): Promise<VaultResult> {
    let card: Pick<TokenPayload, 'b' | 'l' | 'o'> | null = null;
    if ('oneTimeToken' in source) {
      const payload = this.open(source.oneTimeToken);
      // Only a one-time token is vaulted this way: a vault token is already reusable.
      if (payload && source.oneTimeToken.startsWith(TOKEN_PREFIX)) card = payload;
    } else if (source.chargeId.startsWith(CHARGE_PREFIX)) {
      const id = Number(source.chargeId.slice(CHARGE_PREFIX.length));
      const [charge] = Number.isSafeInteger(id)
        ? await db.select().from(sandboxCharges).where(eq(sandboxCharges.id, id)).limit(1)
        : [];
      if (charge?.outcome === 'approved') card = { b: charge.brand, l: charge.lastFour, o: 'approve' };
    }
    if (!card)
      return { ok: false, code: APP_ERROR.TransactionNotAuthorized, message: 'The card cannot be saved' };
    const vaultToken = this.seal(VAULT_PREFIX, {
      b: card.b,
      l: card.l,
      o: card.o,
      n: randomBytes(12).toString('base64url'),
    });
    return { ok: true, vaultToken, brand: card.b, lastFour: card.l };
  }

  async authorize(request: AuthorizeRequest, db: Db): Promise<AuthorizeResult> {
    const payload = this.open(request.token);
    if (!payload) {
      return {
        status: 'declined',
        code: APP_ERROR.TransactionNotAuthorized,
        message: PAYMENT_MESSAGES.notAuthorized,
      };
    }
    if (!passesSandboxAvs(request.billing)) {
      return {
        status: 'declined',
        code: APP_ERROR.TransactionNotAuthorized,
        message: PAYMENT_MESSAGES.notAuthorized,
      };
    }
    if (payload.o === 'processing_error') {
      // An outage: nothing reaches the ledger, nothing is charged.
      return { status: 'error', code: APP_ERROR.Internal, message: PAYMENT_MESSAGES.serviceUnavailable };
    }
    const outcome = payload.o === 'approve' ? 'approved' : 'declined';
    const inserted = await db
      .insert(sandboxCharges)
      .values({
        idempotencyKey: request.idempotencyKey,
        tokenHash: tokenFingerprint(request.token),
        amountCents: request.amountCents,
        outcome: payload.o === 'approve' ? 'approved' : payload.o,
        brand: payload.b,
        lastFour: payload.l,
      })
      .onConflictDoNothing({ target: sandboxCharges.idempotencyKey })
      .returning();
    const charge =
      inserted[0] ??
      (
        await db
          .select()
          .from(sandboxCharges)
          .where(eq(sandboxCharges.idempotencyKey, request.idempotencyKey))
          .limit(1)
      )[0];
    if (!charge) throw new Error('sandbox ledger lost a charge');
    if (inserted.length === 0 && charge.amountCents !== request.amountCents) {
      return {
        status: 'error',
        code: APP_ERROR.Internal,
        message: 'Idempotency key reused with another amount',
      };
    }
    if (charge.outcome !== 'approved' || outcome !== 'approved') {
      return {
        status: 'declined',
        code: APP_ERROR.TransactionNotAuthorized,
        message: PAYMENT_MESSAGES.notAuthorized,
      };
    }
    return {
      status: 'approved',
      chargeId: `${CHARGE_PREFIX}${charge.id}`,
      amountCents: charge.amountCents,
      brand: charge.brand,
      lastFour: charge.lastFour,
    };
  }

  /**
   * One-time tokens are signed over their body, vault tokens over a label and their body: neither kind can be
   * passed off as the other (a one-time token must not become a token without expiry).
   */
  private sign(prefix: string, body: string): string {
    return createHmac('sha256', this.key)
      .update(prefix === TOKEN_PREFIX ? body : `vault:${body}`)
      .digest('base64url');
  }

  private seal(prefix: string, payload: TokenPayload): string {
    const body = Buffer.from(JSON.stringify(payload)).toString('base64url');
    return `${prefix}${body}.${this.sign(prefix, body)}`;
  }

  /** The token's payload when it is ours (one-time or vault), intact and unexpired; null otherwise. */
  private open(token: string): TokenPayload | null {
    const prefix = [TOKEN_PREFIX, VAULT_PREFIX].find((p) => token.startsWith(p));
    if (!prefix) return null;
    const [body, signature, extra] = token.slice(prefix.length).split('.');
    if (!body || !signature || extra !== undefined) return null;
    const expected = Buffer.from(this.sign(prefix, body));
    const given = Buffer.from(signature);
    if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
    let json: unknown;
    try {
      json = JSON.parse(Buffer.from(body, 'base64url').toString('utf8'));
    } catch {
      return null;
    }
    const payload = TokenPayloadSchema.safeParse(json);
    if (!payload.success) return null;
    // A one-time token must carry an expiry that has not passed; a vault token carries none.
    if (prefix === TOKEN_PREFIX && (payload.data.e === undefined || payload.data.e < this.now().getTime()))
      return null;
    if (prefix === VAULT_PREFIX && payload.data.e !== undefined) return null;
    return payload.data;
  }
}
