import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { TokenBodySchema, TokenResponseSchema } from '@storefront/contracts/auth';
import { ErrorEnvelopeSchema } from '@storefront/contracts/api';
import { ok } from '../../lib/envelope';
import { isRecentlyVerified, issueClientToken } from './auth.service';

const authRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/oauth/token',
    {
      config: {
        rateLimit: {
          // Against guessing a client secret: 60 attempts a minute per address. Credentials found correct lately
          // do not count (checked after the body is read): every new guest of the storefront needs a token, and
          // they all come from the storefront server's address.
          max: 60,
          timeWindow: '1 minute',
          hook: 'preHandler',
          allowList: (request) => {
            const body = request.body as Partial<Record<'clientId' | 'clientSecret', unknown>> | undefined;
            return (
              typeof body?.clientId === 'string' &&
              typeof body.clientSecret === 'string' &&
              isRecentlyVerified(app.db, body.clientId, body.clientSecret)
            );
          },
        },
      },
      schema: {
        tags: ['auth'],
        // Takes no token: its 401 answers wrong client credentials.
        security: [],
        summary:
          'Client-credentials token (guest token for the client app type); with refreshToken, a user token',
        body: TokenBodySchema,
        response: { 200: TokenResponseSchema, 400: ErrorEnvelopeSchema, 401: ErrorEnvelopeSchema },
      },
    },
    async (request) =>
      ok(
        await issueClientToken(
          app.db,
          app.tokens,
          request.body.clientId,
          request.body.clientSecret,
          request.body.refreshToken,
        ),
      ),
  );
};

export default authRoutes;
