/**
 * The sandbox card processor (embedded default). Tokens are HMAC-signed and carry only brand, last four
 * and the test card's outcome; the card number itself is dropped at tokenisation. Charges are recorded in
 * the sandbox ledger (table sandbox_charges), keyed by the caller's idempotency key so a retry never charges
 * twice. Test cards (Stripe style):
 *   4242 4242 4242 4242 approves; 4000 0000 0000 0002 declines (886);
 *   4000 0000 0000 9995 insufficient funds (886); 4000 0000 0000 0119 processing error (500).
 * Any other valid card approves.
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
import type { Db } from '../../db/client';
import { sandboxCharges } from '../../db/schema/payments';
import type {
  AuthorizeRequest,
  AuthorizeResult,
  CardDetails,
  PaymentProcessor,
  TokenizeResult,
} from './payment-processor';

export const SANDBOX_CARDS = {
  approve: '4242424242424242',
  decline: '4000000000000002',
  insufficientFunds: '4000000000009995',
  processingError: '4000000000000119',
} as const;

const OUTCOMES = ['approve', 'decline', 'insufficient_funds', 'processing_error'] as const;
type Outcome = (typeof OUTCOMES)[number];

const TOKEN_PREFIX = 'tok_sbx_';
const TOKEN_TTL_MS = 30 * 60 * 1000;

const TokenPayloadSchema = z.object({
  b: z.string(),
  l: z.string().regex(/^\d{4}$/),
  o: z.enum(OUTCOMES),
  e: z.number().int(),
  n: z.string(),
});

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
    const body = Buffer.from(JSON.stringify(payload)).toString('base64url');
    return {
      ok: true,
      token: `${TOKEN_PREFIX}${body}.${this.sign(body)}`,
      brand: payload.b,
      lastFour: payload.l,
    };
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
      chargeId: `ch_sbx_${charge.id}`,
      amountCents: charge.amountCents,
      brand: charge.brand,
      lastFour: charge.lastFour,
    };
  }

  private sign(body: string): string {
    return createHmac('sha256', this.key).update(body).digest('base64url');
  }

  /** The token's payload when it is ours, intact and unexpired; null otherwise. */
  private open(token: string): z.infer<typeof TokenPayloadSchema> | null {
    if (!token.startsWith(TOKEN_PREFIX)) return null;
    const [body, signature] = token.slice(TOKEN_PREFIX.length).split('.');
    if (!body || !signature) return null;
    const expected = Buffer.from(this.sign(body));
    const given = Buffer.from(signature);
    if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
    let json: unknown;
    try {
      json = JSON.parse(Buffer.from(body, 'base64url').toString('utf8'));
    } catch {
      return null;
    }
    const payload = TokenPayloadSchema.safeParse(json);
    if (!payload.success || payload.data.e < this.now().getTime()) return null;
    return payload.data;
  }
}
