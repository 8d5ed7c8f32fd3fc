import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErrorEnvelopeSchema } from '@storefront/contracts/api';
import {
  ACCOUNT_ERROR,
  ACCOUNT_MESSAGES,
  AcceptedResponseSchema,
  AccountDetailsResponseSchema,
  AccountIdParamsSchema,
  ActivateAccountBodySchema,
  ActivateAccountResponseSchema,
  CreateAccountBodySchema,
  CreateAccountResponseSchema,
  ForgotPasswordBodySchema,
  InactiveAccountEnvelopeSchema,
  LoginBodySchema,
  LoginConfigurationQuerySchema,
  LoginConfigurationResponseSchema,
  LoginResponseSchema,
  ResendActivationBodySchema,
  ResetPasswordBodySchema,
  ResetPasswordResponseSchema,
  UpdateAccountDetailsBodySchema,
} from '@storefront/contracts/accounts';
import { ok } from '../../lib/envelope';
import { sessionOf } from '../../plugins/auth';
import { requireCaptcha } from '../../providers/captcha';
import {
  activateAccount,
  createAccount,
  getAccountDetails,
  getLoginConfiguration,
  resendActivation,
  resetPassword,
  startPasswordReset,
  updateAccountDetails,
} from './accounts.service';
import {
  SIGN_IN_ADDRESS_BURST,
  SIGN_IN_ADDRESS_MAX,
  SIGN_IN_ADDRESS_WINDOW_MS,
  SIGN_IN_EMAIL_WINDOW_MS,
  SIGN_IN_THROTTLE_FIRST_MS,
  refuseThrottledAddress,
  signIn,
  signOut,
  type SignInAttempts,
} from './sessions.service';

/** Requests per client address an hour to sign-up, resend-activation and forgot-password (each), e-mail or not. */
export const MAIL_REQUESTS_PER_ADDRESS_HOUR = 10;

const errors = {
  400: ErrorEnvelopeSchema,
  401: ErrorEnvelopeSchema,
  422: ErrorEnvelopeSchema,
  429: ErrorEnvelopeSchema,
};

const EmailOfBodySchema = z.object({ email: z.string() });

/**
 * Customer accounts and sessions under /v1/guests (the storefront calls them with its guest or user token):
 * sign-up, activation, sign-in (CRM login), logout, password reset, account details, login configuration.
 */
const accountsRoutes: FastifyPluginAsyncZod = async (app) => {
  const base = { tags: ['accounts'], security: [{ bearer: [] }] };
  // A new array for each route: the rate-limit plugin pushes its hook onto a route's onRequest array, so a shared
  // array would carry one route's limit to every route declared after it.
  const onRequest = () => [app.authenticate];

  // The failed sign-in counts (sessions.service.ts), in the rate-limit store (Redis across processes with
  // REDIS_URL): per client address, and per e-mail address (read after the body is validated and normalised)
  // whether it has an account or not.
  const emailOf = (request: FastifyRequest) => {
    const body = EmailOfBodySchema.safeParse(request.body);
    return body.success ? body.data.email : '';
  };
  const addressFailures = app.createRateLimit({
    max: SIGN_IN_ADDRESS_MAX,
    timeWindow: SIGN_IN_ADDRESS_WINDOW_MS,
    keyGenerator: (request) => `customer-sign-in:${request.clientAddress}`,
  });
  const addressBursts = app.createRateLimit({
    max: SIGN_IN_ADDRESS_BURST,
    timeWindow: 1_000,
    keyGenerator: (request) => `customer-sign-in-burst:${request.clientAddress}`,
  });
  const emailFailures = app.createRateLimit({
    max: Number.MAX_SAFE_INTEGER,
    timeWindow: SIGN_IN_EMAIL_WINDOW_MS,
    keyGenerator: (request) => `customer-sign-in-email:${emailOf(request)}`,
  });
  // One attempt per throttle interval: a window of the interval's length that admits one request.
  const slotIntervals = new WeakMap<FastifyRequest, number>();
  const emailSlots = app.createRateLimit({
    max: 1,
    timeWindow: (request) => slotIntervals.get(request) ?? SIGN_IN_THROTTLE_FIRST_MS,
    keyGenerator: (request) => `customer-sign-in-slot:${emailOf(request)}`,
  });
  const attemptsOf = (request: FastifyRequest): SignInAttempts => ({
    addressFailures: async () => {
      const state = await addressFailures(request, { increment: false });
      return state.isAllowed
        ? { count: 0, resetInMs: 0 }
        : { count: state.max - state.remaining, resetInMs: state.ttl };
    },
    takeAddressBurst: async () => {
      const state = await addressBursts(request);
      return state.isAllowed || !state.isExceeded ? 0 : Math.max(1, state.ttl);
    },
    emailFailures: async () => {
      const state = await emailFailures(request, { increment: false });
      return state.isAllowed ? 0 : state.max - state.remaining;
    },
    takeEmailSlot: async (intervalMs) => {
      slotIntervals.set(request, intervalMs);
      const state = await emailSlots(request);
      return state.isAllowed || !state.isExceeded ? 0 : Math.max(1, state.ttl);
    },
    fail: async () => {
      await addressFailures(request);
      await emailFailures(request);
    },
  });

  app.get(
    '/guests/login-configurations',
    {
      onRequest: onRequest(),
      schema: {
        ...base,
        summary: 'Which sign-in the storefront offers (None 0, QuCrm 1, Loyalty 2)',
        querystring: LoginConfigurationQuerySchema,
        response: { 200: LoginConfigurationResponseSchema, ...errors },
      },
    },
    async () => ok(getLoginConfiguration(app.config)),
  );

  app.post(
    '/guests/accounts',
    {
      onRequest: onRequest(),
      config: { rateLimit: { max: MAIL_REQUESTS_PER_ADDRESS_HOUR, timeWindow: '1 hour' } },
      schema: {
        ...base,
        summary:
          'Sign-up: an inactive account and an activation e-mail (201 alike for an address with an account)',
        body: CreateAccountBodySchema,
        response: { 201: CreateAccountResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      await requireCaptcha(app, request.body.recaptchaInput, 'signup');
      return reply.code(201).send(ok(await createAccount(app.db, app.config, request.body)));
    },
  );

  app.post(
    '/guests/accounts/activate',
    {
      onRequest: onRequest(),
      schema: {
        ...base,
        summary: "Activation with the e-mailed link's email and token (9000 without them, 9001 invalid)",
        // Both optional here: a missing one is the spec's 9000, not a generic validation error.
        body: ActivateAccountBodySchema.partial(),
        response: { 200: ActivateAccountResponseSchema, ...errors },
      },
    },
    async (request) => ok(await activateAccount(app.db, request.body)),
  );

  app.post(
    '/guests/accounts/:accountId/resend-activation',
    {
      onRequest: onRequest(),
      config: { rateLimit: { max: MAIL_REQUESTS_PER_ADDRESS_HOUR, timeWindow: '1 hour' } },
      schema: {
        ...base,
        summary: 'Resend the activation e-mail (202 alike; sent only for an inactive account, throttled)',
        params: AccountIdParamsSchema,
        body: ResendActivationBodySchema,
        response: { 202: AcceptedResponseSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply
        .code(202)
        .send(
          ok(
            await resendActivation(
              app.db,
              app.config,
              request.params.accountId,
              request.body.customActivationDestination,
            ),
          ),
        ),
  );

  app.post(
    '/guests/accounts/forgot-password',
    {
      onRequest: onRequest(),
      config: { rateLimit: { max: MAIL_REQUESTS_PER_ADDRESS_HOUR, timeWindow: '1 hour' } },
      schema: {
        ...base,
        summary: 'E-mail a password reset link (202 alike for every address; throttled)',
        body: ForgotPasswordBodySchema,
        response: { 202: AcceptedResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      await requireCaptcha(app, request.body.recaptchaInput, 'forgot-password');
      const followUp = await startPasswordReset(app.db, app.config, request.body);
      // Answered before the e-mail is written, so that an address with an account answers as fast as one without.
      await reply.code(202).send(ok({ accepted: true as const }));
      if (followUp) {
        await followUp().catch((error: unknown) => {
          request.log.error({ err: error }, 'forgot password: the reset e-mail was not written');
        });
      }
      return reply;
    },
  );

  app.post(
    '/guests/accounts/reset-password',
    {
      onRequest: onRequest(),
      schema: {
        ...base,
        summary: 'Set a new password with an e-mailed link (ends every session of the customer)',
        body: ResetPasswordBodySchema,
        response: { 200: ResetPasswordResponseSchema, ...errors },
      },
    },
    async (request) => ok(await resetPassword(app.db, request.body)),
  );

  app.post(
    '/guests/sessions',
    {
      onRequest: onRequest(),
      schema: {
        ...base,
        summary:
          "CRM login with the guest's token: a user token in the same order session, and a refresh token",
        body: LoginBodySchema,
        response: { 200: LoginResponseSchema, 403: InactiveAccountEnvelopeSchema, ...errors },
      },
    },
    async (request, reply) => {
      // An address past its failed sign-ins is refused before any work (even with the right password).
      const attempts = attemptsOf(request);
      await refuseThrottledAddress(attempts);
      await requireCaptcha(app, request.body.recaptchaInput, 'login');
      const result = await signIn(
        app.db,
        app.tokens,
        { email: request.body.email, password: request.body.password, session: sessionOf(request) },
        attempts,
      );
      if (result.kind === 'inactive') {
        return reply.code(403).send({
          value: { accountId: result.accountId },
          succeed: false,
          errors: [
            {
              key: 'InactiveAccount',
              code: ACCOUNT_ERROR.InactiveAccount,
              message: ACCOUNT_MESSAGES.inactiveAccount,
            },
          ],
        });
      }
      return reply.send(ok(result.value));
    },
  );

  app.delete(
    '/guests/sessions/current',
    {
      onRequest: onRequest(),
      schema: {
        ...base,
        summary: 'Logout: ends the customer session of this user token',
        response: { 200: AcceptedResponseSchema, ...errors },
      },
    },
    async (request) => {
      await signOut(app.db, sessionOf(request));
      return ok({ accepted: true as const });
    },
  );

  app.get(
    '/guests/account-details',
    {
      onRequest: onRequest(),
      schema: {
        ...base,
        summary: "The signed-in customer's details",
        response: { 200: AccountDetailsResponseSchema, ...errors },
      },
    },
    async (request) => ok(await getAccountDetails(app.db, sessionOf(request))),
  );

  app.patch(
    '/guests/account-details',
    {
      onRequest: onRequest(),
      schema: {
        ...base,
        summary: "Update the signed-in customer's name and phone (the e-mail address is read-only)",
        body: UpdateAccountDetailsBodySchema,
        response: { 200: AccountDetailsResponseSchema, 403: ErrorEnvelopeSchema, ...errors },
      },
    },
    async (request) => ok(await updateAccountDetails(app.db, app.config, sessionOf(request), request.body)),
  );
};

export default accountsRoutes;
