import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ErrorEnvelopeSchema } from '@storefront/contracts/api';
import { WalletSessionParamsSchema, WalletSessionResponseSchema } from '@storefront/contracts/payment-frames';
import { sessionOf } from '../../plugins/auth';
import { ok } from '../../lib/envelope';
import { paymentProcessorFor } from '../../providers/payment/index';
import { createWalletSession } from './wallet.service';

/** Routes of the virtual wallet (under /v1); its sheet is served by the processor on its own origin. */
const walletRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/sales/orders/:orderId/payment-methods/:method/sessions',
    {
      onRequest: [app.authenticate],
      config: { rateLimit: { max: 60, timeWindow: '1 minute' } },
      schema: {
        tags: ['payments'],
        security: [{ bearer: [] }],
        summary: 'Open the wallet session (method 15) for the amount of the pending wallet payment',
        params: WalletSessionParamsSchema,
        response: {
          200: WalletSessionResponseSchema,
          400: ErrorEnvelopeSchema,
          401: ErrorEnvelopeSchema,
          404: ErrorEnvelopeSchema,
          409: ErrorEnvelopeSchema,
          422: ErrorEnvelopeSchema,
          502: ErrorEnvelopeSchema,
        },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return ok(
        await createWalletSession(
          app.db,
          paymentProcessorFor(app.config),
          sessionOf(request),
          request.params.orderId,
          request.params.method,
        ),
      );
    },
  );
};

export default walletRoutes;
