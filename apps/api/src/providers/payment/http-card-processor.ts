/**
 * The card processor and vault over HTTP (contracts/processor.ts): the sandbox processor app by default, any
 * gateway speaking the same merchant API otherwise. Every call carries our merchant API key (ProcessorClient).
 *
 * Charges carry the caller's idempotency key. A charge without an answer (timeout, connection dropped, 5xx) is
 * asked again with the same key, which never charges twice; still without an answer it is looked up by its key,
 * and only when the processor cannot say either is it reported as an error (nothing charged as far as we know;
 * a charge that arrives later under that key is the reconciliation's to void).
 *
 * Tokens come back through the guest's browser (the hosted card page and the wallet sheet run on the
 * processor's origin): their last part is the processor's HMAC for us under a key derived from our API key
 * (contracts' processorResultSigningInput), which verifyToken checks before anything on the token is trusted.
 * Hosted page URLs are signed by us the same way, so the page shows the amount we asked for.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { APP_ERROR } from '@storefront/contracts/errors';
import { PAYMENT_MESSAGES } from '@storefront/contracts/payments';
import {
  ChargeAnswerSchema,
  ChargeListSchema,
  ChargeSchema,
  PROCESSOR_TOKEN_PREFIX,
  PROCESSOR_VAULT_PREFIX,
  ProcessorTokenClaimsSchema,
  TokenizeAnswerSchema,
  VaultAnswerSchema,
  WalletSessionAnswerSchema,
  hostedPageSigningInput,
  processorResultSigningInput,
  type ProcessorCharge,
} from '@storefront/contracts/processor';
import type { Env } from '../../env';
import { ProcessorClient, ProcessorUnavailableError } from './processor-client';
import type {
  AuthorizeRequest,
  AuthorizeResult,
  CardDetails,
  ChargeInfo,
  ChargeLookup,
  PaymentProcessor,
  TokenizeResult,
  VaultResult,
  VaultSource,
  VerifiedToken,
  WalletSessionInfo,
} from './payment-processor';

/** How many times a call without an answer is asked again (same key) before it is looked up. */
const RETRIES = 2;

/** How long a hosted page URL stays valid: until the end of the next full hour (stable within an hour). */
const HOUR_MS = 60 * 60 * 1000;

const unavailable = (): AuthorizeResult => ({
  status: 'error',
  code: APP_ERROR.Internal,
  message: PAYMENT_MESSAGES.serviceUnavailable,
});

function sameText(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

const toChargeInfo = (charge: ProcessorCharge): ChargeInfo => ({
  chargeId: charge.chargeId,
  status: charge.status,
  amountCents: charge.amountCents,
});

export interface HttpCardProcessorSettings {
  /** The merchant API (PROCESSOR_URL). */
  client: ProcessorClient;
  merchantId: string;
  /** Our API key: the key results and hosted page URLs are signed with derive from it. */
  apiKey: string | undefined;
  /** The processor's origin as the guest's browser sees it (PROCESSOR_PUBLIC_URL). */
  publicUrl: string;
  now?: () => Date;
}

export class HttpCardProcessor implements PaymentProcessor {
  readonly code = 'AURUS_HOSTED' as const;
  readonly publicOrigin: string;
  private readonly client: ProcessorClient;
  private readonly resultKey: Buffer | null;
  private readonly pageKey: Buffer | null;
  private readonly now: () => Date;

  constructor(private readonly settings: HttpCardProcessorSettings) {
    this.client = settings.client;
    this.publicOrigin = new URL(settings.publicUrl).origin;
    this.resultKey = settings.apiKey
      ? createHmac('sha256', settings.apiKey).update('processor-results').digest()
      : null;
    this.pageKey = settings.apiKey
      ? createHmac('sha256', settings.apiKey).update('hosted-pages').digest()
      : null;
    this.now = settings.now ?? (() => new Date());
  }

  static fromEnv(env: Env): HttpCardProcessor {
    return new HttpCardProcessor({
      client: ProcessorClient.fromEnv(env),
      merchantId: env.PROCESSOR_MERCHANT_ID,
      apiKey: env.PROCESSOR_API_KEY,
      publicUrl: env.PROCESSOR_PUBLIC_URL,
    });
  }

  async tokenize(card: CardDetails): Promise<TokenizeResult> {
    try {
      const answer = await this.client.call('POST', '/v1/tokens', card);
      const parsed = TokenizeAnswerSchema.safeParse(answer.body);
      if (answer.status === 200 && parsed.success) return parsed.data;
    } catch (error) {
      if (!(error instanceof ProcessorUnavailableError)) throw error;
    }
    return { ok: false, code: APP_ERROR.Internal, message: PAYMENT_MESSAGES.serviceUnavailable };
  }

  async authorize(request: AuthorizeRequest): Promise<AuthorizeResult> {
    const body = {
      token: request.token,
      amountCents: request.amountCents,
      idempotencyKey: request.idempotencyKey,
      ...(request.billing ? { billing: request.billing } : {}),
    };
    for (let attempt = 0; attempt <= RETRIES; attempt += 1) {
      try {
        const answer = await this.client.call('POST', '/v1/charges', body);
        const parsed = ChargeAnswerSchema.safeParse(answer.body);
        // An answer we cannot read: whether it charged is for the lookup below to say.
        if (answer.status !== 200 || !parsed.success) break;
        const outcome = parsed.data;
        if (outcome.status !== 'approved') return outcome;
        return {
          status: 'approved',
          chargeId: outcome.charge.chargeId,
          amountCents: outcome.charge.amountCents,
          brand: outcome.charge.brand,
          lastFour: outcome.charge.lastFour,
        };
      } catch (error) {
        if (!(error instanceof ProcessorUnavailableError)) throw error;
      }
    }
    // No answer: the charge may have been made (its answer lost). Ask by key before telling the guest.
    try {
      const found = await this.chargeByKey(request.idempotencyKey);
      if (!found) return unavailable();
      if (found.status === 'declined') {
        return {
          status: 'declined',
          code: APP_ERROR.TransactionNotAuthorized,
          message: PAYMENT_MESSAGES.notAuthorized,
        };
      }
      if (found.status === 'approved' || found.status === 'settled') {
        return {
          status: 'approved',
          chargeId: found.chargeId,
          amountCents: found.amountCents,
          brand: found.brand,
          lastFour: found.lastFour,
        };
      }
      // Voided or refunded already (by the reconciliation): nothing stands charged.
      return unavailable();
    } catch (error) {
      if (!(error instanceof ProcessorUnavailableError)) throw error;
      return unavailable();
    }
  }

  private async chargeByKey(idempotencyKey: string): Promise<ProcessorCharge | null> {
    const answer = await this.client.call(
      'GET',
      `/v1/charges?idempotencyKey=${encodeURIComponent(idempotencyKey)}`,
    );
    const parsed = ChargeListSchema.safeParse(answer.body);
    if (answer.status !== 200 || !parsed.success)
      throw new ProcessorUnavailableError(`lookup answered ${answer.status}`);
    return parsed.data.charges[0] ?? null;
  }

  async lookup(idempotencyKey: string): Promise<ChargeLookup> {
    const charge = await this.chargeByKey(idempotencyKey);
    return charge ? { found: true, charge: toChargeInfo(charge) } : { found: false };
  }

  private async reverse(kind: 'voids' | 'refunds', chargeId: string, idempotencyKey: string) {
    for (let attempt = 0; attempt <= RETRIES; attempt += 1) {
      try {
        const answer = await this.client.call('POST', `/v1/charges/${encodeURIComponent(chargeId)}/${kind}`, {
          idempotencyKey,
        });
        const parsed = ChargeSchema.safeParse(answer.body);
        return answer.status === 200 && parsed.success ? toChargeInfo(parsed.data) : null;
      } catch (error) {
        if (!(error instanceof ProcessorUnavailableError)) throw error;
      }
    }
    return null;
  }

  void(chargeId: string, idempotencyKey: string): Promise<ChargeInfo | null> {
    return this.reverse('voids', chargeId, idempotencyKey);
  }

  refund(chargeId: string, idempotencyKey: string): Promise<ChargeInfo | null> {
    return this.reverse('refunds', chargeId, idempotencyKey);
  }

  async vault(source: VaultSource): Promise<VaultResult> {
    for (let attempt = 0; attempt <= RETRIES; attempt += 1) {
      try {
        const answer = await this.client.call('POST', '/v1/vault', source);
        const parsed = VaultAnswerSchema.safeParse(answer.body);
        if (answer.status === 200 && parsed.success) return parsed.data;
        break;
      } catch (error) {
        if (!(error instanceof ProcessorUnavailableError)) throw error;
      }
    }
    return { ok: false, code: APP_ERROR.Internal, message: PAYMENT_MESSAGES.serviceUnavailable };
  }

  verifyToken(token: string): VerifiedToken | null {
    if (!this.resultKey) return null;
    const prefix = [PROCESSOR_TOKEN_PREFIX, PROCESSOR_VAULT_PREFIX].find((p) => token.startsWith(p));
    if (!prefix) return null;
    const [body, own, signature, extra] = token.slice(prefix.length).split('.');
    if (!body || !own || !signature || extra !== undefined) return null;
    const expected = createHmac('sha256', this.resultKey)
      .update(processorResultSigningInput(`${prefix}${body}`, own))
      .digest('base64url');
    if (!sameText(expected, signature)) return null;
    let json: unknown;
    try {
      json = JSON.parse(Buffer.from(body, 'base64url').toString('utf8'));
    } catch {
      return null;
    }
    const claims = ProcessorTokenClaimsSchema.safeParse(json);
    if (!claims.success || claims.data.m !== this.settings.merchantId) return null;
    const kind = prefix === PROCESSOR_VAULT_PREFIX ? 'vault' : 'one-time';
    if (kind === 'one-time' && (claims.data.e === undefined || claims.data.e < this.now().getTime()))
      return null;
    return {
      kind,
      brand: claims.data.b,
      lastFour: claims.data.l,
      sessionId: claims.data.s ?? null,
      amountCents: claims.data.a ?? null,
    };
  }

  hostedPageUrl(session: { sessionId: string; amountCents: number; processorCode: string | null }): string {
    const now = this.now().getTime();
    const query = {
      m: this.settings.merchantId,
      a: session.amountCents,
      p: session.processorCode === 'EXPRESS' ? ('express' as const) : ('aurus' as const),
      x: Math.ceil(now / HOUR_MS) * HOUR_MS + HOUR_MS,
    };
    const url = new URL(`/hosted-payments/${session.sessionId}`, this.publicOrigin);
    url.searchParams.set('m', query.m);
    url.searchParams.set('a', String(query.a));
    url.searchParams.set('p', query.p);
    url.searchParams.set('x', String(query.x));
    url.searchParams.set(
      'sig',
      this.pageKey
        ? createHmac('sha256', this.pageKey)
            .update(hostedPageSigningInput(session.sessionId, query))
            .digest('base64url')
        : '',
    );
    return url.toString();
  }

  async openWalletSession(request: {
    amountCents: number;
    merchantName: string;
    reference: string;
  }): Promise<WalletSessionInfo> {
    const answer = await this.client.call('POST', '/v1/wallet-sessions', request);
    const parsed = WalletSessionAnswerSchema.safeParse(answer.body);
    if (answer.status !== 200 || !parsed.success)
      throw new ProcessorUnavailableError(`wallet session answered ${answer.status}`);
    return {
      sessionId: parsed.data.sessionId,
      // The storefront frames it only when it is on the processor's origin (use-wallet-sheet.ts).
      sheetUrl: parsed.data.sheetUrl,
      amountCents: parsed.data.amountCents,
      expiresAt: new Date(parsed.data.expiresAt),
    };
  }
}
