import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { LoginResponseSchema } from '@storefront/contracts/accounts';
import { ErrorEnvelopeSchema } from '@storefront/contracts/api';
import {
  LoyaltyAccountResponseSchema,
  LoyaltyCodeExchangeBodySchema,
  LoyaltySignInBodySchema,
  LoyaltySignInResponseSchema,
  OrderRewardBodySchema,
  OrderRewardChangeResponseSchema,
  OrderRewardParamsSchema,
  OrderRewardsParamsSchema,
  OrderRewardsResponseSchema,
  SsoTokenExchangeBodySchema,
} from '@storefront/contracts/loyalty';
import { ok } from '../../lib/envelope';
import { requireCaptcha } from '../../providers/captcha';
import { sessionOf } from '../../plugins/auth';
import { exchangeLoyaltyCode, startLoyaltySignIn, type LoyaltyIssuer } from './loyalty-sign-in.service';
import { exchangeSsoToken, getLoyaltyAccount } from './loyalty.service';
import {
  addOrderReward,
  getOrderRewards,
  removeOrderReward,
  switchOrderReward,
} from './order-rewards.service';

declare module 'fastify' {
  interface FastifyInstance {
    /** The OpenID Connect issuer loyalty members sign in at (built-in unless LOYALTY_OIDC_ISSUER says). */
    loyaltyIssuer: LoyaltyIssuer;
  }
}

const errors = { 400: ErrorEnvelopeSchema, 401: ErrorEnvelopeSchema, 404: ErrorEnvelopeSchema };
/** Loyalty sign-ins started, and codes exchanged, per client address a minute (each). */
export const LOYALTY_SIGN_INS_PER_MINUTE = 30;

const changeErrors = { ...errors, 409: ErrorEnvelopeSchema, 422: ErrorEnvelopeSchema };

/**
 * Routes of the loyalty module (under /v1): the member's points, rewards on the order at checkout, the sign-in at
 * the loyalty program's OpenID Connect issuer, and the brand app's single sign-on.
 */
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

  app.get(
    '/loyalty/orders/:orderId/rewards',
    {
      onRequest: [app.authenticate],
      schema: {
        ...base,
        summary:
          "The brand's rewards, the member's balance and the order's reward (401 for a guest: 'Log in to earn and use your rewards!')",
        params: OrderRewardsParamsSchema,
        response: { 200: OrderRewardsResponseSchema, ...errors },
      },
    },
    async (request) =>
      ok(await getOrderRewards(app.db, app.config, sessionOf(request), request.params.orderId)),
  );

  app.post(
    '/loyalty/orders/:orderId/rewards',
    {
      onRequest: [app.authenticate],
      schema: {
        ...base,
        summary:
          "Add a reward or custom points to the order (body rewardId, a catalogue id or 'customPoints', and points); 409 when it carries one",
        params: OrderRewardsParamsSchema,
        body: OrderRewardBodySchema,
        response: { 200: OrderRewardChangeResponseSchema, ...changeErrors },
      },
    },
    async (request) =>
      ok(await addOrderReward(app.db, sessionOf(request), request.params.orderId, request.body)),
  );

  app.put(
    '/loyalty/orders/:orderId/rewards',
    {
      onRequest: [app.authenticate],
      schema: {
        ...base,
        summary: "Move the order's reward to another one, or update its custom points",
        params: OrderRewardsParamsSchema,
        body: OrderRewardBodySchema,
        response: { 200: OrderRewardChangeResponseSchema, ...changeErrors },
      },
    },
    async (request) =>
      ok(await switchOrderReward(app.db, sessionOf(request), request.params.orderId, request.body)),
  );

  app.delete(
    '/loyalty/orders/:orderId/rewards/:rewardId',
    {
      onRequest: [app.authenticate],
      schema: {
        ...base,
        summary: "Remove the order's reward by its rewardId (a catalogue id or customPoints)",
        params: OrderRewardParamsSchema,
        response: { 200: OrderRewardChangeResponseSchema, ...changeErrors },
      },
    },
    async (request) =>
      ok(
        await removeOrderReward(app.db, sessionOf(request), request.params.orderId, request.params.rewardId),
      ),
  );

  app.delete(
    '/loyalty/orders/:orderId/rewards',
    {
      onRequest: [app.authenticate],
      schema: {
        ...base,
        summary: 'Remove every reward of the order',
        params: OrderRewardsParamsSchema,
        response: { 200: OrderRewardChangeResponseSchema, ...changeErrors },
      },
    },
    async (request) => ok(await removeOrderReward(app.db, sessionOf(request), request.params.orderId)),
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
          "customer session; orderId: the order being built, carried on (404/409 when not this session's open " +
          'order); recaptchaInput: checked when sent (422 9902)',
        body: LoyaltyCodeExchangeBodySchema,
        response: {
          200: LoginResponseSchema,
          409: ErrorEnvelopeSchema,
          422: ErrorEnvelopeSchema,
          429: ErrorEnvelopeSchema,
          503: ErrorEnvelopeSchema,
          ...errors,
        },
      },
    },
    async (request) => {
      // A captcha sent with the exchange must pass (9902); the exchange itself is bound to this session's state and
      // the PKCE verifier only the API holds, so none is required.
      if (request.body.recaptchaInput !== undefined) {
        await requireCaptcha(app, request.body.recaptchaInput, 'loyalty-sign-in');
      }
      return ok(
        await exchangeLoyaltyCode(
          app.db,
          app.tokens,
          app.config,
          app.loyaltyIssuer,
          request.log,
          sessionOf(request),
          request.body,
        ),
      );
    },
  );
};

export default loyaltyRoutes;
