import { randomBytes } from 'node:crypto';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErrorEnvelopeSchema, envelope } from '@storefront/contracts/api';
import { CardTokenizeBodySchema, CardTokenizeValueSchema } from '@storefront/contracts/payments';
import { formatCents } from '@storefront/contracts/money';
import { ok } from '../../lib/envelope';
import { getHostedSession, tokenizeHostedCard } from '../../modules/payments/payments.service';
import { hostedPageCsp, renderHostedPage } from './hosted-page';
import { paymentProcessorFor } from './index';

const SessionParamsSchema = z.object({ sessionId: z.uuid() });

/**
 * The sandbox processor's hosted payment page, served on the API's origin (outside /v1) so card numbers
 * never touch the storefront: GET the page (framed only by the storefront), POST the card for a token.
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
};

export default hostedPaymentRoutes;
