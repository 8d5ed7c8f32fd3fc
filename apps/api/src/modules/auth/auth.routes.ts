import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { TokenBodySchema, TokenResponseSchema } from '@storefront/contracts/auth';
import { ErrorEnvelopeSchema } from '@storefront/contracts/api';
import { ok } from '../../lib/envelope';
import { issueClientToken } from './auth.service';

const authRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/oauth/token',
    {
      config: { rateLimit: { max: 60, timeWindow: '1 minute' } },
      schema: {
        tags: ['auth'],
        summary: 'Client-credentials token (guest token for the client app type)',
        body: TokenBodySchema,
        response: { 200: TokenResponseSchema, 401: ErrorEnvelopeSchema },
      },
    },
    async (request) =>
      ok(await issueClientToken(app.db, app.tokens, request.body.clientId, request.body.clientSecret)),
  );
};

export default authRoutes;
