/**
 * The sandbox's tokens: `<prefix><body>.<processorSignature>.<merchantSignature>`. The body (base64url JSON)
 * carries the claims the merchant may read (contracts/processor.ts) and the test card's outcome; the card
 * number is dropped at tokenisation. The processor signature (its own secret) makes the token chargeable; the
 * merchant signature (HMAC under a key derived from the merchant's API key) lets the merchant's API verify a
 * token that came back through the browser. One-time tokens expire; vault tokens are signed under their own
 * label and carry no expiry, so neither kind can be passed off as the other.
 */
import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import {
  PROCESSOR_TOKEN_PREFIX,
  PROCESSOR_VAULT_PREFIX,
  ProcessorTokenClaimsSchema,
  processorResultSigningInput,
} from '@storefront/contracts/processor';

export const OUTCOMES = ['approve', 'decline', 'insufficient_funds', 'processing_error'] as const;
export type Outcome = (typeof OUTCOMES)[number];

const PayloadSchema = ProcessorTokenClaimsSchema.extend({ o: z.enum(OUTCOMES), n: z.string() });
export type TokenPayload = z.infer<typeof PayloadSchema>;

/** The key a merchant's results are signed with (the API derives the same from its API key). */
export function resultKey(apiKey: string): Buffer {
  return createHmac('sha256', apiKey).update('processor-results').digest();
}

function equal(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/** The hash under which the ledger remembers a token (the token itself is not kept). */
export function tokenFingerprint(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export class TokenSealer {
  private readonly key: Buffer;

  constructor(secret: string) {
    this.key = createHash('sha256').update(`sandbox-processor:${secret}`).digest();
  }

  private sign(prefix: string, body: string): string {
    return createHmac('sha256', this.key)
      .update(prefix === PROCESSOR_TOKEN_PREFIX ? body : `vault:${body}`)
      .digest('base64url');
  }

  seal(kind: 'one-time' | 'vault', payload: Omit<TokenPayload, 'n'>, apiKey: string): string {
    const prefix = kind === 'vault' ? PROCESSOR_VAULT_PREFIX : PROCESSOR_TOKEN_PREFIX;
    const full: TokenPayload = { ...payload, n: randomBytes(12).toString('base64url') };
    const body = Buffer.from(JSON.stringify(full)).toString('base64url');
    const own = this.sign(prefix, body);
    const merchant = createHmac('sha256', resultKey(apiKey))
      .update(processorResultSigningInput(`${prefix}${body}`, own))
      .digest('base64url');
    return `${prefix}${body}.${own}.${merchant}`;
  }

  /** The payload of a token this processor made for `merchant`, intact and unexpired; null otherwise. */
  open(
    token: string,
    merchant: string,
    now: Date,
  ): { kind: 'one-time' | 'vault'; payload: TokenPayload } | null {
    const prefix = [PROCESSOR_TOKEN_PREFIX, PROCESSOR_VAULT_PREFIX].find((p) => token.startsWith(p));
    if (!prefix) return null;
    const [body, own, merchantSignature, extra] = token.slice(prefix.length).split('.');
    if (!body || !own || !merchantSignature || extra !== undefined) return null;
    if (!equal(this.sign(prefix, body), own)) return null;
    let json: unknown;
    try {
      json = JSON.parse(Buffer.from(body, 'base64url').toString('utf8'));
    } catch {
      return null;
    }
    const parsed = PayloadSchema.safeParse(json);
    if (!parsed.success || parsed.data.m !== merchant) return null;
    const kind = prefix === PROCESSOR_VAULT_PREFIX ? 'vault' : 'one-time';
    if (kind === 'one-time' && (parsed.data.e === undefined || parsed.data.e < now.getTime())) return null;
    if (kind === 'vault' && parsed.data.e !== undefined) return null;
    return { kind, payload: parsed.data };
  }
}
