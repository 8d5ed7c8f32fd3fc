import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErrorEnvelopeSchema, envelope } from '@storefront/contracts/api';
import { CheckoutOrderParamsSchema } from '@storefront/contracts/checkout';
import {
  CreatePaymentBodySchema,
  PatchPaymentBodySchema,
  PaymentMethodsResponseSchema,
  PaymentParamsSchema,
  PaymentResponseSchema,
  PaymentsResponseSchema,
} from '@storefront/contracts/payments';
import { sessionOf } from '../../plugins/auth';
import { ok } from '../../lib/envelope';
import {
  createPayment,
  deletePayment,
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
};

/** Routes of the payments module (under /v1): methods and payments of an order. */
const paymentsRoutes: FastifyPluginAsyncZod = async (app) => {
  const auth = { onRequest: [app.authenticate], schema: { tags: ['payments'], security: [{ bearer: [] }] } };

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
        summary: 'Create the credit-card payment; answers the hosted payment page URL',
        params: CheckoutOrderParamsSchema,
        body: CreatePaymentBodySchema,
        response: { 200: PaymentResponseSchema, ...errors },
      },
    },
    async (request) =>
      ok(await createPayment(app.db, app.config, sessionOf(request), request.params.orderId, request.body)),
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
