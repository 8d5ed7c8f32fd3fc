/**
 * The sandbox processor's HTTP server: the merchant API under /v1 (bearer API key per merchant; faults may be
 * injected there, see faults.ts) and the pages the guest's browser loads in the storefront's frames (the
 * hosted card page in the Aurus or Express protocol, the wallet sheet) with their own calls.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import { z } from 'zod';
import { APP_ERROR } from '@storefront/contracts/errors';
import { formatCents } from '@storefront/contracts/money';
import { CardTokenizeBodySchema } from '@storefront/contracts/payments';
import { WalletApproveBodySchema } from '@storefront/contracts/payment-frames';
import {
  ChargeRequestSchema,
  ChargeReversalRequestSchema,
  SettlementRequestSchema,
  GiftCardLookupRequestSchema,
  GiftCardMovementRequestSchema,
  GiftCardReleaseRequestSchema,
  HostedPageQuerySchema,
  TokenizeRequestSchema,
  VaultRequestSchema,
  WalletSessionRequestSchema,
  hostedPageSigningInput,
} from '@storefront/contracts/processor';
import { FaultsSchema, NO_FAULTS, drawFault, latencyDraw, seededRandom, type Faults } from './faults';
import { Ledger, SANDBOX_WALLET_CARD } from './ledger';
import { hostedPageCsp, renderHostedPage } from './pages/hosted-page';
import { renderWalletSheet } from './pages/wallet-sheet';
import type { Merchant, ProcessorSettings } from './settings';
import { openStore, signingSecret, type Store } from './store';
import { TokenSealer } from './tokens';

export interface ProcessorApp {
  app: FastifyInstance;
  ledger: Ledger;
  store: Store;
  /** The faults in force now (tests change them through PUT /v1/sandbox/faults or here). */
  faults: Faults;
}

/** The key a merchant signs its hosted page URLs with (the API derives the same from its API key). */
export function hostedPageKey(apiKey: string): Buffer {
  return createHmac('sha256', apiKey).update('hosted-pages').digest();
}

function sameText(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const errorBody = (code: number, message: string) => ({ errors: [{ code, message }] });

function parse<T>(schema: z.ZodType<T>, value: unknown, reply: FastifyReply): T | null {
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data;
  void reply.code(400).send(errorBody(400, z.prettifyError(parsed.error).slice(0, 500)));
  return null;
}

const SessionParams = z.object({ sessionId: z.string().regex(/^[A-Za-z0-9-]{1,64}$/) });
const ChargeParams = z.object({ chargeId: z.string().min(1).max(100) });
const CardParams = z.object({
  cardId: z.coerce
    .number()
    .int()
    .positive()
    .max(2 ** 31 - 1),
});
const ChargeQuery = z.union([
  z.object({ idempotencyKey: z.string().min(1).max(200) }),
  z.object({ since: z.iso.datetime(), limit: z.coerce.number().int().min(1).max(1000).default(500) }),
]);
const WalletQuery = z.object({ k: z.string().min(1).max(100) });
const WalletCallBody = z.object({ secret: z.string().min(1).max(100) });

declare module 'fastify' {
  interface FastifyRequest {
    merchant: Merchant | null;
    loseAnswer: boolean;
  }
}

const SESSION_GONE = 'This wallet session is no longer available';

/** The generator of each seeded set of faults (see faults.ts `seed`). */
const seededRuns = new WeakMap<Faults, () => number>();

export async function buildProcessor(settings: ProcessorSettings): Promise<ProcessorApp> {
  const store = await openStore({ databaseUrl: settings.databaseUrl, dataDir: settings.dataDir });
  const ledger = new Ledger(
    store,
    new TokenSealer(await signingSecret(store)),
    () => new Date(),
    settings.settleAfterMs ?? null,
  );
  await ledger.seedGiftCards(settings.merchants);
  const app = Fastify({ logger: false, bodyLimit: 64 * 1024 });
  const state: ProcessorApp = { app, ledger, store, faults: structuredClone(settings.faults) };
  const parentOrigin = settings.parentOrigin;
  const merchantById = new Map(settings.merchants.map((m) => [m.id, m]));

  app.decorateRequest('merchant', null);
  app.decorateRequest('loseAnswer', false);
  app.addHook('onClose', async () => store.close());

  /** The merchant of a bearer key (compared in constant time), or null. */
  const merchantOf = (request: FastifyRequest): Merchant | null => {
    const header = request.headers.authorization ?? '';
    const key = header.startsWith('Bearer ') ? header.slice(7) : '';
    return settings.merchants.find((m) => sameText(m.apiKey, key)) ?? null;
  };

  // The merchant API: authenticated, then subject to the injected faults.
  app.addHook('onRequest', async (request, reply) => {
    if (!request.url.startsWith('/v1/')) return;
    request.merchant = merchantOf(request);
    if (!request.merchant)
      return reply.code(401).send(errorBody(401, 'A valid merchant API key is required'));
    if (request.url.startsWith('/v1/sandbox/')) return;
    const faults = state.faults;
    // A seeded run keeps its generator with the faults it belongs to (a new PUT starts a new sequence).
    let random = Math.random;
    if (faults.seed !== null) {
      let seeded = seededRuns.get(faults);
      if (!seeded) {
        seeded = seededRandom(faults.seed);
        seededRuns.set(faults, seeded);
      }
      random = seeded;
    }
    const fault = drawFault(faults, `${request.method} ${request.url}`, random);
    if (fault === 'down') {
      request.raw.socket.destroy();
      return reply;
    }
    if (faults.latency) await sleep(latencyDraw(faults.latency.p50Ms, faults.latency.p99Ms, random));
    if (fault === 'error')
      return reply.code(503).send(errorBody(500, 'The payment service is not available at this moment'));
    if (fault === 'timeout') await sleep(faults.hangMs);
    if (fault === 'lost') request.loseAnswer = true;
  });
  // The answer of a 'lost' call: the work is done, then the connection drops before a byte of it is sent.
  app.addHook('onSend', async (request, _reply, payload) => {
    if (request.loseAnswer) request.raw.socket.destroy();
    return payload;
  });

  const merchantOfRequest = (request: FastifyRequest): Merchant => {
    if (!request.merchant) throw new Error('merchant route without a merchant');
    return request.merchant;
  };

  app.get('/health', async () => ({ ok: true }));

  /* ---------- merchant API ---------- */

  app.post('/v1/tokens', async (request, reply) => {
    const body = parse(TokenizeRequestSchema, request.body, reply);
    if (!body) return reply;
    return ledger.tokenize(
      merchantOfRequest(request),
      body,
      body.sessionId ? { sessionId: body.sessionId } : {},
    );
  });

  app.post('/v1/charges', async (request, reply) => {
    const body = parse(ChargeRequestSchema, request.body, reply);
    if (!body) return reply;
    return ledger.charge(merchantOfRequest(request), body);
  });

  app.get('/v1/charges', async (request, reply) => {
    const query = parse(ChargeQuery, request.query, reply);
    if (!query) return reply;
    const merchant = merchantOfRequest(request);
    const charges =
      'idempotencyKey' in query
        ? await ledger.chargesByKey(merchant, query.idempotencyKey)
        : await ledger.chargesSince(merchant, new Date(query.since), query.limit);
    return { charges };
  });

  app.get('/v1/charges/:chargeId', async (request, reply) => {
    const params = parse(ChargeParams, request.params, reply);
    if (!params) return reply;
    const charge = await ledger.chargeById(merchantOfRequest(request), params.chargeId);
    return charge ?? reply.code(404).send(errorBody(404, 'No such charge'));
  });

  for (const [path, kind] of [
    ['voids', 'voided'],
    ['refunds', 'refunded'],
  ] as const) {
    app.post(`/v1/charges/:chargeId/${path}`, async (request, reply) => {
      const params = parse(ChargeParams, request.params, reply);
      const body = params && parse(ChargeReversalRequestSchema, request.body, reply);
      if (!params || !body) return reply;
      const charge = await ledger.reverse(merchantOfRequest(request), params.chargeId, kind);
      return charge ?? reply.code(404).send(errorBody(404, 'No approved charge to reverse'));
    });
  }

  app.post('/v1/vault', async (request, reply) => {
    const body = parse(VaultRequestSchema, request.body, reply);
    if (!body) return reply;
    return ledger.vault(merchantOfRequest(request), body);
  });

  app.post('/v1/gift-cards/lookups', async (request, reply) => {
    const body = parse(GiftCardLookupRequestSchema, request.body, reply);
    if (!body) return reply;
    const card = await ledger.giftCardByNumber(merchantOfRequest(request), body.number);
    return card ?? reply.code(404).send(errorBody(404, 'Invalid card'));
  });

  app.get('/v1/gift-cards/entries', async (request, reply) => {
    const query = parse(z.object({ idempotencyKey: z.string().min(1).max(200) }), request.query, reply);
    if (!query) return reply;
    const entry = await ledger.giftCardEntry(merchantOfRequest(request), query.idempotencyKey);
    return entry ?? reply.code(404).send(errorBody(404, 'No such movement'));
  });

  app.get('/v1/gift-cards/:cardId', async (request, reply) => {
    const params = parse(CardParams, request.params, reply);
    if (!params) return reply;
    const card = await ledger.giftCardById(merchantOfRequest(request), params.cardId);
    return card ?? reply.code(404).send(errorBody(404, 'Invalid card'));
  });

  app.post('/v1/gift-cards/:cardId/captures', async (request, reply) => {
    const params = parse(CardParams, request.params, reply);
    const body = params && parse(GiftCardMovementRequestSchema, request.body, reply);
    if (!params || !body) return reply;
    const outcome = await ledger.capture(
      merchantOfRequest(request),
      params.cardId,
      body.amountCents,
      body.idempotencyKey,
    );
    return outcome ?? reply.code(404).send(errorBody(404, 'Invalid card'));
  });

  app.post('/v1/gift-cards/:cardId/releases', async (request, reply) => {
    const params = parse(CardParams, request.params, reply);
    const body = params && parse(GiftCardReleaseRequestSchema, request.body, reply);
    if (!params || !body) return reply;
    const amountCents = await ledger.release(merchantOfRequest(request), params.cardId, body.captureKey);
    return amountCents === null
      ? reply.code(404).send(errorBody(404, 'Invalid card'))
      : { status: 'released', amountCents };
  });

  app.post('/v1/wallet-sessions', async (request, reply) => {
    const body = parse(WalletSessionRequestSchema, request.body, reply);
    if (!body) return reply;
    const { row, secret } = await ledger.openWalletSession(merchantOfRequest(request), body);
    const sheetUrl = new URL(`/hosted-wallet/${row.id}`, settings.publicUrl);
    sheetUrl.searchParams.set('k', secret);
    return {
      sessionId: row.id,
      sheetUrl: sheetUrl.toString(),
      amountCents: row.amount_cents,
      expiresAt: new Date(row.expires_at).toISOString(),
    };
  });

  if (!settings.production) {
    app.get('/v1/sandbox/faults', async () => state.faults);
    app.put('/v1/sandbox/faults', async (request, reply) => {
      const faults = parse(FaultsSchema, request.body ?? {}, reply);
      if (!faults) return reply;
      state.faults = faults;
      return state.faults;
    });
    // The settlement batch, run now (tests): approved charges made before `before` settle.
    app.post('/v1/sandbox/settlements', async (request, reply) => {
      const body = parse(SettlementRequestSchema, request.body ?? {}, reply);
      if (!body) return reply;
      const before = body.before ? new Date(body.before) : new Date();
      return { settled: await ledger.settle(merchantOfRequest(request), before) };
    });
    app.put('/v1/sandbox/gift-cards', async (request, reply) => {
      const body = parse(
        z.object({
          number: z.string().regex(/^\d{8,19}$/),
          balanceCents: z.number().int().min(0).max(100_000_000),
        }),
        request.body,
        reply,
      );
      if (!body) return reply;
      return ledger.putGiftCard(merchantOfRequest(request), body.number, body.balanceCents);
    });
    app.get('/v1/sandbox/gift-cards/:cardId/ledger', async (request, reply) => {
      const params = parse(CardParams, request.params, reply);
      if (!params) return reply;
      const ledgerOfCard = await ledger.giftCardLedger(merchantOfRequest(request), params.cardId);
      return ledgerOfCard ?? reply.code(404).send(errorBody(404, 'Invalid card'));
    });
  }

  /* ---------- pages (the guest's browser, framed by the storefront) ---------- */

  /** Sends a page made by `render` with its script nonce, framed only by the storefront, never cached. */
  const sendPage = (reply: FastifyReply, status: number, render: (nonce: string) => string) => {
    const nonce = randomBytes(16).toString('base64');
    return reply
      .code(status)
      .header('content-security-policy', hostedPageCsp(nonce, parentOrigin))
      .header('cache-control', 'no-store')
      .header('referrer-policy', 'no-referrer')
      .header('x-content-type-options', 'nosniff')
      .type('text/html; charset=utf-8')
      .send(render(nonce));
  };

  /** The merchant and parameters of a hosted page URL signed by the merchant and not expired; else null. */
  const hostedPageOf = (request: FastifyRequest) => {
    const params = SessionParams.safeParse(request.params);
    const query = HostedPageQuerySchema.safeParse(request.query);
    if (!params.success || !query.success) return null;
    const merchant = merchantById.get(query.data.m);
    if (!merchant || query.data.x < Date.now()) return null;
    const expected = createHmac('sha256', hostedPageKey(merchant.apiKey))
      .update(hostedPageSigningInput(params.data.sessionId, query.data))
      .digest('base64url');
    if (!sameText(expected, query.data.sig)) return null;
    return { merchant, sessionId: params.data.sessionId, ...query.data };
  };

  app.get('/hosted-payments/:sessionId', async (request, reply) => {
    const page = hostedPageOf(request);
    const search = request.url.slice(request.url.indexOf('?'));
    return sendPage(reply, page ? 200 : 404, (nonce) =>
      renderHostedPage({
        nonce,
        parentOrigin,
        tokenUrl: page ? `/hosted-payments/${page.sessionId}/tokens${search}` : '',
        amountLabel: page ? formatCents(page.a) : null,
        sandbox: true,
        protocol: page?.p ?? 'aurus',
      }),
    );
  });

  app.post('/hosted-payments/:sessionId/tokens', async (request, reply) => {
    void reply.header('cache-control', 'no-store');
    const page = hostedPageOf(request);
    if (!page) {
      return reply
        .code(404)
        .send(errorBody(APP_ERROR.OrderExpired, 'The payment session is no longer available'));
    }
    const card = parse(CardTokenizeBodySchema, request.body, reply);
    if (!card) return reply;
    const result = ledger.tokenize(page.merchant, card, { sessionId: page.sessionId });
    return {
      value: result.ok
        ? {
            response_code: 0,
            response_text: 'Approved',
            one_time_token: result.token,
            card_brand: result.brand,
            last_four: result.lastFour,
          }
        : {
            response_code: result.code,
            response_text: result.message,
            one_time_token: null,
            card_brand: null,
            last_four: null,
          },
    };
  });

  /** The session of a sheet call whose secret is its own, with its merchant; null for anything else. */
  const walletOf = async (sessionId: string, secret: string) => {
    const row = await ledger.walletSession(sessionId, secret);
    const merchant = row ? merchantById.get(row.merchant) : undefined;
    return row && merchant ? { row, merchant } : null;
  };

  app.get('/hosted-wallet/:sessionId', async (request, reply) => {
    const params = SessionParams.safeParse(request.params);
    const query = WalletQuery.safeParse(request.query);
    const session =
      params.success && query.success ? await walletOf(params.data.sessionId, query.data.k) : null;
    const open = session !== null && ledger.isOpen(session.row);
    const unavailableText = !session
      ? SESSION_GONE
      : session.row.status === 'approved'
        ? 'This wallet payment was already approved'
        : session.row.status === 'cancelled'
          ? 'This wallet payment was cancelled'
          : 'This wallet session has expired';
    const sessionId = params.success ? params.data.sessionId : '';
    return sendPage(reply, session ? (open ? 200 : 409) : 404, (nonce) =>
      renderWalletSheet({
        nonce,
        parentOrigin,
        sessionId,
        secret: query.success ? query.data.k : '',
        approveUrl: `/hosted-wallet/${sessionId}/approvals`,
        cancelUrl: `/hosted-wallet/${sessionId}/cancellations`,
        payable:
          session && open
            ? {
                merchantName: session.row.merchant_name,
                amountLabel: formatCents(session.row.amount_cents),
                cardBrand: SANDBOX_WALLET_CARD.brand,
                lastFour: SANDBOX_WALLET_CARD.lastFour,
              }
            : null,
        unavailableText: open ? '' : unavailableText,
        unavailableCode: APP_ERROR.OrderExpired,
        sandbox: true,
      }),
    );
  });

  app.post('/hosted-wallet/:sessionId/approvals', async (request, reply) => {
    void reply.header('cache-control', 'no-store');
    const params = parse(SessionParams, request.params, reply);
    const body = params && parse(WalletCallBody.and(WalletApproveBodySchema), request.body, reply);
    if (!params || !body) return reply;
    const session = await walletOf(params.sessionId, body.secret);
    if (!session) return reply.code(404).send(errorBody(APP_ERROR.OrderExpired, SESSION_GONE));
    const token = await ledger.approveWallet(session.merchant, session.row, body.simulateDecline);
    if (!token) {
      return reply.code(409).send(errorBody(APP_ERROR.OrderExpired, 'This wallet session is no longer open'));
    }
    return {
      value: {
        sessionId: params.sessionId,
        one_time_token: token.token,
        card_brand: token.brand,
        last_four: token.lastFour,
      },
    };
  });

  app.post('/hosted-wallet/:sessionId/cancellations', async (request, reply) => {
    void reply.header('cache-control', 'no-store');
    const params = parse(SessionParams, request.params, reply);
    const body = params && parse(WalletCallBody, request.body, reply);
    if (!params || !body) return reply;
    const session = await walletOf(params.sessionId, body.secret);
    if (!session) return reply.code(404).send(errorBody(APP_ERROR.OrderExpired, SESSION_GONE));
    const status = await ledger.cancelWallet(session.row);
    if (status === 'approved') {
      return reply
        .code(409)
        .send(errorBody(APP_ERROR.OrderExpired, 'This wallet payment was already approved'));
    }
    return { value: { sessionId: params.sessionId } };
  });

  return state;
}

export { NO_FAULTS };
