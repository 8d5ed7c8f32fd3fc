import { randomBytes } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErrorEnvelopeSchema, envelope } from '@storefront/contracts/api';
import { CardTokenizeBodySchema, CardTokenizeValueSchema } from '@storefront/contracts/payments';
import {
  WalletApproveBodySchema,
  WalletApproveValueSchema,
  WalletCancelValueSchema,
  WalletSheetParamsSchema,
} from '@storefront/contracts/payment-frames';
import { APP_ERROR } from '@storefront/contracts/errors';
import { formatCents } from '@storefront/contracts/money';
import { ok } from '../../lib/envelope';
import { getHostedSession, tokenizeHostedCard } from '../../modules/payments/payments.service';
import {
  approveWalletSession,
  cancelWalletSession,
  getWalletSheet,
} from '../../modules/payments/wallet.service';
import { hostedPageCsp, hostedPageProtocolOf, renderHostedPage } from './hosted-page';
import { SANDBOX_WALLET_CARD } from './sandbox-wallet';
import { renderWalletSheet } from './wallet-sheet';
import { paymentProcessorFor } from './index';

const SessionParamsSchema = z.object({ sessionId: z.uuid() });

/** The pages: loaded once per payment, reloaded at most on a retry. */
const PAGE_LIMIT = { rateLimit: { max: 120, timeWindow: '1 minute' } };

/**
 * The calls the pages make (a card's token, a wallet's approval or cancellation): fewer, as each one is a try
 * at a card or a session; their answers are per session and never cached.
 */
const frameCall = {
  config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
  onRequest: async (_request: FastifyRequest, reply: FastifyReply) => {
    reply.header('cache-control', 'no-store');
  },
};

/**
 * The sandbox processor's hosted pages, served on the API's origin (outside /v1) so card numbers never touch
 * the storefront: the card page (GET it, framed only by the storefront; POST the card for a token), in the
 * Aurus or the Express protocol by the payment's processor, and the virtual wallet's sheet (GET it; POST an
 * approval for a one-time token, or a cancellation).
 */
const hostedPaymentRoutes: FastifyPluginAsyncZod = async (app) => {
  const parentOrigin = new URL(app.config.WEB_PUBLIC_URL).origin;
  const processor = paymentProcessorFor(app.config);

  /** Sends a page made by `render` with its script nonce, framed only by the storefront, never cached. */
  const sendPage = (reply: FastifyReply, status: number, render: (nonce: string) => string) => {
    const nonce = randomBytes(16).toString('base64');
    return reply
      .code(status)
      .header('content-security-policy', hostedPageCsp(nonce, parentOrigin))
      .header('cache-control', 'no-store')
      .header('referrer-policy', 'no-referrer')
      .type('text/html; charset=utf-8')
      .send(render(nonce));
  };

  app.get(
    '/hosted-payments/:sessionId',
    {
      config: PAGE_LIMIT,
      schema: {
        tags: ['payments'],
        summary: 'Hosted payment page (HTML, shown in an iframe by the storefront)',
        params: SessionParamsSchema,
        produces: ['text/html'],
      },
    },
    async (request, reply) => {
      const session = await getHostedSession(app.db, request.params.sessionId);
      return sendPage(reply, session ? 200 : 404, (nonce) =>
        renderHostedPage({
          nonce,
          parentOrigin,
          tokenUrl: `/hosted-payments/${request.params.sessionId}/tokens`,
          amountLabel: session ? formatCents(session.amountCents) : null,
          sandbox: true,
          protocol: hostedPageProtocolOf(session?.payment.processorCode ?? null),
        }),
      );
    },
  );

  app.post(
    '/hosted-payments/:sessionId/tokens',
    {
      ...frameCall,
      schema: {
        tags: ['payments'],
        summary: 'Tokenise a card for a hosted payment session (called by the hosted page itself)',
        params: SessionParamsSchema,
        body: CardTokenizeBodySchema,
        response: { 200: envelope(CardTokenizeValueSchema), 404: ErrorEnvelopeSchema },
      },
    },
    async (request) =>
      ok(await tokenizeHostedCard(app.db, processor, request.params.sessionId, request.body)),
  );

  app.get(
    '/hosted-wallet/:sessionId',
    {
      config: PAGE_LIMIT,
      schema: {
        tags: ['payments'],
        summary: 'Virtual wallet sheet (HTML, shown in a frame by the storefront)',
        params: WalletSheetParamsSchema,
        produces: ['text/html'],
      },
    },
    async (request, reply) => {
      const { sessionId } = request.params;
      const state = await getWalletSheet(app.db, sessionId);
      return sendPage(reply, state.ok ? 200 : state.status, (nonce) =>
        renderWalletSheet({
          nonce,
          parentOrigin,
          sessionId,
          approveUrl: `/hosted-wallet/${sessionId}/approvals`,
          cancelUrl: `/hosted-wallet/${sessionId}/cancellations`,
          payable: state.ok
            ? {
                merchantName: state.merchantName,
                amountLabel: formatCents(state.amountCents),
                cardBrand: SANDBOX_WALLET_CARD.brand,
                lastFour: SANDBOX_WALLET_CARD.lastFour,
              }
            : null,
          unavailableText: state.ok ? '' : state.message,
          unavailableCode: APP_ERROR.OrderExpired,
          sandbox: true,
        }),
      );
    },
  );

  app.post(
    '/hosted-wallet/:sessionId/approvals',
    {
      ...frameCall,
      schema: {
        tags: ['payments'],
        summary:
          'Approve a wallet session: a one-time token for the order (called by the wallet sheet itself)',
        params: WalletSheetParamsSchema,
        body: WalletApproveBodySchema,
        response: {
          200: envelope(WalletApproveValueSchema),
          404: ErrorEnvelopeSchema,
          409: ErrorEnvelopeSchema,
          502: ErrorEnvelopeSchema,
        },
      },
    },
    async (request) =>
      ok(await approveWalletSession(app.db, processor, request.params.sessionId, request.body)),
  );

  app.post(
    '/hosted-wallet/:sessionId/cancellations',
    {
      ...frameCall,
      schema: {
        tags: ['payments'],
        summary: 'Cancel a wallet session (called by the wallet sheet itself)',
        params: WalletSheetParamsSchema,
        response: {
          200: envelope(WalletCancelValueSchema),
          404: ErrorEnvelopeSchema,
          409: ErrorEnvelopeSchema,
        },
      },
    },
    async (request) => ok(await cancelWalletSession(app.db, request.params.sessionId)),
  );
};

export default hostedPaymentRoutes;
