import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { LoginResponseSchema } from '@storefront/contracts/accounts';
import { ErrorEnvelopeSchema } from '@storefront/contracts/api';
import {
  LoyaltyAccountResponseSchema,
  LoyaltyCodeExchangeBodySchema,
  LoyaltySignInBodySchema,
  LoyaltySignInResponseSchema,
  SsoTokenExchangeBodySchema,
} from '@storefront/contracts/loyalty';
import { ok } from '../../lib/envelope';
import { sessionOf } from '../../plugins/auth';
import { exchangeLoyaltyCode, startLoyaltySignIn, type LoyaltyIssuer } from './loyalty-sign-in.service';
import { exchangeSsoToken, getLoyaltyAccount } from './loyalty.service';

declare module 'fastify' {
  interface FastifyInstance {
    /** The OpenID Connect issuer loyalty members sign in at (built-in unless LOYALTY_OIDC_ISSUER says). */
    loyaltyIssuer: LoyaltyIssuer;
  }
}

const errors = { 400: ErrorEnvelopeSchema, 401: ErrorEnvelopeSchema, 404: ErrorEnvelopeSchema };
/** Loyalty sign-ins started, and codes exchanged, per client address a minute (each). */
export const LOYALTY_SIGN_INS_PER_MINUTE = 30;

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

  app.post(
    '/loyalty/sign-ins',
    {
      onRequest: [app.authenticate],
      config: { rateLimit: { max: LOYALTY_SIGN_INS_PER_MINUTE, timeWindow: '1 minute' } },
      schema: {
        ...base,
        summary:
          "Start a sign-in at the loyalty provider's OpenID Connect issuer (login configuration Loyalty, 2): the " +
          'authorization URL (code flow, PKCE S256) and its state',
        body: LoyaltySignInBodySchema,
        response: {
          200: LoyaltySignInResponseSchema,
          429: ErrorEnvelopeSchema,
          503: ErrorEnvelopeSchema,
          ...errors,
        },
      },
    },
    async (request) =>
      ok(
        await startLoyaltySignIn(
          app.db,
          app.config,
          app.loyaltyIssuer,
          request.log,
          sessionOf(request),
          request.body.callbackUrl,
        ),
      ),
  );

  app.post(
    '/loyalty/oidc-sessions',
    {
      onRequest: [app.authenticate],
      config: { rateLimit: { max: LOYALTY_SIGN_INS_PER_MINUTE, timeWindow: '1 minute' } },
      schema: {
        ...base,
        summary:
          "Exchange the issuer's authorization code (with the state of a sign-in this session started) for a " +
          'customer session',
        body: LoyaltyCodeExchangeBodySchema,
        response: { 200: LoginResponseSchema, 429: ErrorEnvelopeSchema, 503: ErrorEnvelopeSchema, ...errors },
      },
    },
    async (request) =>
      ok(
        await exchangeLoyaltyCode(
          app.db,
          app.tokens,
          app.config,
          app.loyaltyIssuer,
          request.log,
          sessionOf(request),
          request.body,
        ),
      ),
  );
};

export default loyaltyRoutes;
