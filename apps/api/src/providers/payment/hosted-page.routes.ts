import { randomBytes } from 'node:crypto';
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

/**
 * The sandbox processor's hosted pages, served on the API's origin (outside /v1) so card numbers never touch
 * the storefront: the card page (GET it, framed only by the storefront; POST the card for a token), in the
 * Aurus or the Express protocol by the payment's processor, and the virtual wallet's sheet (GET it; POST an
 * approval for a one-time token, or a cancellation).
 */
const hostedPaymentRoutes: FastifyPluginAsyncZod = async (app) => {
  const parentOrigin = new URL(app.config.WEB_PUBLIC_URL).origin;
  const processor = paymentProcessorFor(app.config);

  app.get(
    '/hosted-payments/:sessionId',
    {
      config: { rateLimit: { max: 120, timeWindow: '1 minute' } },
      schema: {
        tags: ['payments'],
        summary: 'Hosted payment page (HTML, shown in an iframe by the storefront)',
        params: SessionParamsSchema,
        produces: ['text/html'],
      },
    },
    async (request, reply) => {
      const session = await getHostedSession(app.db, request.params.sessionId);
      const nonce = randomBytes(16).toString('base64');
      const html = renderHostedPage({
        nonce,
        parentOrigin,
        tokenUrl: `/hosted-payments/${request.params.sessionId}/tokens`,
        amountLabel: session ? formatCents(session.amountCents) : null,
        sandbox: true,
        protocol: hostedPageProtocolOf(session?.payment.processorCode ?? null),
      });
      return reply
        .code(session ? 200 : 404)
        .header('content-security-policy', hostedPageCsp(nonce, parentOrigin))
        .header('cache-control', 'no-store')
        .header('referrer-policy', 'no-referrer')
        .type('text/html; charset=utf-8')
        .send(html);
    },
  );

  app.post(
    '/hosted-payments/:sessionId/tokens',
    {
      config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
      schema: {
        tags: ['payments'],
        summary: 'Tokenise a card for a hosted payment session (called by the hosted page itself)',
        params: SessionParamsSchema,
        body: CardTokenizeBodySchema,
        response: { 200: envelope(CardTokenizeValueSchema), 404: ErrorEnvelopeSchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return ok(await tokenizeHostedCard(app.db, processor, request.params.sessionId, request.body));
    },
  );

  app.get(
    '/hosted-wallet/:sessionId',
    {
      config: { rateLimit: { max: 120, timeWindow: '1 minute' } },
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
      const nonce = randomBytes(16).toString('base64');
      const html = renderWalletSheet({
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
      });
      return reply
        .code(state.ok ? 200 : state.status)
        .header('content-security-policy', hostedPageCsp(nonce, parentOrigin))
        .header('cache-control', 'no-store')
        .header('referrer-policy', 'no-referrer')
        .type('text/html; charset=utf-8')
        .send(html);
    },
  );

  app.post(
    '/hosted-wallet/:sessionId/approvals',
    {
      config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
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
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return ok(await approveWalletSession(app.db, processor, request.params.sessionId, request.body));
    },
  );

  app.post(
    '/hosted-wallet/:sessionId/cancellations',
    {
      config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
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
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return ok(await cancelWalletSession(app.db, request.params.sessionId));
    },
  );
};

export default hostedPaymentRoutes;
