import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ErrorEnvelopeSchema, envelope } from '@storefront/contracts/api';
import { CheckoutOrderParamsSchema } from '@storefront/contracts/checkout';
import {
  OtpResponseSchema,
  VERIFICATION_ERROR,
  VERIFICATION_MESSAGES,
  VerificationCodeGenerationBodySchema,
  VerifiedAccessTokenBodySchema,
  VerifiedAccessTokenSchema,
} from '@storefront/contracts/verification';
import { sessionOf } from '../../plugins/auth';
import { ok } from '../../lib/envelope';
import { DomainError } from '../../lib/errors';
import { generateVerificationCode, verifyCode } from './verification.service';

const errors = {
  400: ErrorEnvelopeSchema,
  401: ErrorEnvelopeSchema,
  404: ErrorEnvelopeSchema,
  409: ErrorEnvelopeSchema,
  422: ErrorEnvelopeSchema,
  429: ErrorEnvelopeSchema,
};

/** Code generations per client address an hour, over all orders and phones (beside the per-order and per-phone limits). */
export const CODES_PER_ADDRESS_PER_HOUR = 30;

/** Routes of the verification module (under /v1): SMS codes for an order's phone and the verified token. */
const verificationRoutes: FastifyPluginAsyncZod = async (app) => {
  const auth = {
    onRequest: [app.authenticate],
    schema: { tags: ['verification'], security: [{ bearer: [] }] },
  };
  const perAddress = app.createRateLimit({
    max: CODES_PER_ADDRESS_PER_HOUR,
    timeWindow: '1 hour',
    keyGenerator: (request) => `verification-codes:${request.clientAddress}`,
  });

  app.post(
    '/sales/orders/:orderId/verification-code-generations',
    {
      ...auth,
      schema: {
        ...auth.schema,
        summary:
          "Text a one-time code to the order's phone (or the phone given, which becomes the order's): 6 digits, 10 minutes",
        params: CheckoutOrderParamsSchema,
        body: VerificationCodeGenerationBodySchema.nullish(),
        response: { 200: envelope(OtpResponseSchema), ...errors },
      },
    },
    async (request) => {
      const limit = await perAddress(request);
      if (!limit.isAllowed && limit.isExceeded) {
        throw new DomainError(429, {
          key: 'TooManyCodesForAddress',
          code: VERIFICATION_ERROR.TooManyCodesForPhone,
          message: VERIFICATION_MESSAGES.dialogText,
        });
      }
      return ok(
        await generateVerificationCode(
          app.db,
          app.config,
          sessionOf(request),
          request.params.orderId,
          request.body ?? {},
        ),
      );
    },
  );

  app.post(
    '/sales/orders/:orderId/verified-access-token',
    {
      ...auth,
      schema: {
        ...auth.schema,
        summary:
          "Check the code's digits: the answer is the session's access token with the identity claim (order, phone)",
        params: CheckoutOrderParamsSchema,
        body: VerifiedAccessTokenBodySchema,
        response: { 200: envelope(VerifiedAccessTokenSchema), ...errors },
      },
    },
    async (request) =>
      ok(
        await verifyCode(
          app.db,
          app.config,
          app.tokens,
          sessionOf(request),
          request.params.orderId,
          request.body,
        ),
      ),
  );
};

export default verificationRoutes;
