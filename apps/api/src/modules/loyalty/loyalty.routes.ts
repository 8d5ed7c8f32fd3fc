import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { LoginResponseSchema } from '@storefront/contracts/accounts';
import { ErrorEnvelopeSchema } from '@storefront/contracts/api';
import { LoyaltyAccountResponseSchema, SsoTokenExchangeBodySchema } from '@storefront/contracts/loyalty';
import { ok } from '../../lib/envelope';
import { sessionOf } from '../../plugins/auth';
import { exchangeSsoToken, getLoyaltyAccount } from './loyalty.service';

const errors = { 400: ErrorEnvelopeSchema, 401: ErrorEnvelopeSchema, 404: ErrorEnvelopeSchema };

/** Routes of the loyalty module (under /v1): the member's points, and the brand app's single sign-on. */
const loyaltyRoutes: FastifyPluginAsyncZod = async (app) => {
  const base = { tags: ['loyalty'], security: [{ bearer: [] }] };

  app.get(
    '/loyalty/account',
    {
      onRequest: [app.authenticate],
      schema: {
        ...base,
        summary:
          "The signed-in member's points balance (redeemableAmountBalance, netPointsBalance) and history",
        response: { 200: LoyaltyAccountResponseSchema, ...errors },
      },
    },
    async (request) => ok(await getLoyaltyAccount(app.db, app.config, sessionOf(request))),
  );

  app.post(
    '/loyalty/sso-sessions',
    {
      onRequest: [app.authenticate],
      schema: {
        ...base,
        summary:
          "Exchange the brand app's single-sign-on token (search page security_token) for a customer session",
        body: SsoTokenExchangeBodySchema,
        response: { 200: LoginResponseSchema, ...errors },
      },
    },
    async (request) =>
      ok(
        await exchangeSsoToken(
          app.db,
          app.tokens,
          app.config,
          sessionOf(request),
          request.body.securityToken,
        ),
      ),
  );
};

export default loyaltyRoutes;
