import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { giftCardProcessorFor } from '../../providers/payment/index';
import { z } from 'zod';
import { ErrorEnvelopeSchema, envelope } from '@storefront/contracts/api';
import { CheckoutOrderParamsSchema } from '@storefront/contracts/checkout';
import {
  CreatePaymentBodySchema,
  GiftCardBalanceParamsSchema,
  GiftCardBalanceResponseSchema,
  PatchPaymentBodySchema,
  PaymentMethodsResponseSchema,
  PaymentParamsSchema,
  PaymentResponseSchema,
  PaymentsResponseSchema,
} from '@storefront/contracts/payments';
import type { FastifyRequest } from 'fastify';
import { sessionOf } from '../../plugins/auth';
import { ok } from '../../lib/envelope';
import { DomainError } from '../../lib/errors';
import { requireNewCardCaptcha } from '../saved-payments/saved-payments.service';
import { requirePayLaterCaptcha } from '../pay-later/pay-later.service';
import {
  createPayment,
  deletePayment,
  giftCardBalance,
  listPaymentMethods,
  listPayments,
  patchPayment,
} from './payments.service';

const errors = {
  400: ErrorEnvelopeSchema,
  401: ErrorEnvelopeSchema,
  404: ErrorEnvelopeSchema,
  409: ErrorEnvelopeSchema,
  422: ErrorEnvelopeSchema,
  429: ErrorEnvelopeSchema,
};

/**
 * Unknown gift card numbers (balance lookups and applies answered 'Invalid card') allowed per order session
 * and per client address in GIFT_CARD_FAILURE_WINDOW; past them lookups answer 429 until the window ends. A
 * guest who mistypes has room; a guesser gets a handful of numbers out of 10^16 per window.
 */
export const GIFT_CARD_FAILURES_PER_SESSION = 10;
export const GIFT_CARD_FAILURES_PER_ADDRESS = 50;
export const GIFT_CARD_FAILURE_WINDOW = '15 minutes';

/** Routes of the payments module (under /v1): methods and payments of an order. */
const paymentsRoutes: FastifyPluginAsyncZod = async (app) => {
  const auth = { onRequest: [app.authenticate], schema: { tags: ['payments'], security: [{ bearer: [] }] } };

  const sessionFailures = app.createRateLimit({
    max: GIFT_CARD_FAILURES_PER_SESSION,
    timeWindow: GIFT_CARD_FAILURE_WINDOW,
    keyGenerator: (request) => `gift-card-session:${sessionOf(request).sid}`,
  });
  const addressFailures = app.createRateLimit({
    max: GIFT_CARD_FAILURES_PER_ADDRESS,
    timeWindow: GIFT_CARD_FAILURE_WINDOW,
    keyGenerator: (request) => `gift-card-address:${request.clientAddress}`,
  });
  /** Runs a gift card call, refused while either limit is spent; an 'Invalid card' answer counts a failure. */
  async function guardGiftCard<T>(request: FastifyRequest, run: () => Promise<T>): Promise<T> {
    for (const limit of [sessionFailures, addressFailures]) {
      const state = await limit(request, { increment: false });
      if (!state.isAllowed && state.remaining === 0) {
        throw new DomainError(429, {
          key: 'TooManyAttempts',
          code: 429,
          message: `Too many invalid gift cards. Try again in ${Math.max(1, Math.ceil(state.ttlInSeconds / 60))} minutes.`,
        });
      }
    }
    try {
      return await run();
    } catch (error) {
      if (error instanceof DomainError && error.errors.some((e) => e.key === 'InvalidGiftCard')) {
        await sessionFailures(request);
        await addressFailures(request);
      }
      throw error;
    }
  }

  app.get(
    '/sales/orders/:orderId/payment-methods/gift-cards/:code/balance',
    {
      ...auth,
      schema: {
        ...auth.schema,
        summary: "A gift card's balance ('Invalid card' for an unknown number; failures rate limited)",
        params: GiftCardBalanceParamsSchema,
        response: { 200: GiftCardBalanceResponseSchema, ...errors },
      },
    },
    async (request) =>
      ok(
        await guardGiftCard(request, () =>
          giftCardBalance(
            app.db,
            sessionOf(request),
            request.params.orderId,
            request.params.code,
            giftCardProcessorFor(app.config),
          ),
        ),
      ),
  );

  app.get(
    '/sales/orders/:orderId/payment-methods',
    {
      ...auth,
      schema: {
        ...auth.schema,
        summary: 'Payment methods the order can be paid with',
        params: CheckoutOrderParamsSchema,
        response: { 200: PaymentMethodsResponseSchema, ...errors },
      },
    },
    async (request) => ok(await listPaymentMethods(app.db, sessionOf(request), request.params.orderId)),
  );

  app.get(
    '/sales/orders/:orderId/payments',
    {
      ...auth,
      schema: {
        ...auth.schema,
        summary: 'Payments of the order',
        params: CheckoutOrderParamsSchema,
        response: { 200: PaymentsResponseSchema, ...errors },
      },
    },
    async (request) => ok(await listPayments(app.db, app.config, sessionOf(request), request.params.orderId)),
  );

  app.post(
    '/sales/orders/:orderId/payments',
    {
      ...auth,
      schema: {
        ...auth.schema,
        summary:
          'Create a payment: a gift card (part or all of the bill), or the card (hosted page URL), offline credit or wallet for what is due after them',
        params: CheckoutOrderParamsSchema,
        body: CreatePaymentBodySchema,
        response: { 200: PaymentResponseSchema, ...errors },
      },
    },
    async (request) => {
      await requireNewCardCaptcha(app, sessionOf(request), request.params.orderId, request.body);
      await requirePayLaterCaptcha(app, sessionOf(request), request.params.orderId, request.body);
      const create = () =>
        createPayment(app.db, app.config, sessionOf(request), request.params.orderId, request.body);
      return ok(await (request.body.paymentMethod === 6 ? guardGiftCard(request, create) : create()));
    },
  );

  app.patch(
    '/sales/orders/:orderId/payments/:paymentId',
    {
      ...auth,
      schema: {
        ...auth.schema,
        summary: 'Update the amounts or billing address of an uncharged payment',
        params: PaymentParamsSchema,
        body: PatchPaymentBodySchema,
        response: { 200: PaymentResponseSchema, ...errors },
      },
    },
    async (request) =>
      ok(
        await patchPayment(
          app.db,
          app.config,
          sessionOf(request),
          request.params.orderId,
          request.params.paymentId,
          request.body,
        ),
      ),
  );

  app.delete(
    '/sales/orders/:orderId/payments/:paymentId',
    {
      ...auth,
      schema: {
        ...auth.schema,
        summary: 'Delete an uncharged payment',
        params: PaymentParamsSchema,
        response: { 200: envelope(z.boolean()), ...errors },
      },
    },
    async (request) =>
      ok(await deletePayment(app.db, sessionOf(request), request.params.orderId, request.params.paymentId)),
  );
};

export default paymentsRoutes;
