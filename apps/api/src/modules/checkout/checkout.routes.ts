import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErrorEnvelopeSchema } from '@storefront/contracts/api';
import {
  CheckoutOrderParamsSchema,
  ContactInformationResponseSchema,
  ContactInformationSchema,
  OrderPropertiesBodySchema,
  OrderPropertiesResponseSchema,
  OrderValidationResponseSchema,
  PickupDataBodySchema,
  PickupDataResponseSchema,
  ReadyTimeBodySchema,
  ReadyTimeResponseSchema,
  ValidationTypeParamsSchema,
} from '@storefront/contracts/checkout';
import {
  CloseRequestBodySchema,
  CloseRequestResponseSchema,
  IdempotencyKeySchema,
} from '@storefront/contracts/payments';
import { TrackingUrlQuerySchema, TrackingUrlResponseSchema } from '@storefront/contracts/tracking';
import { sessionOf } from '../../plugins/auth';
import { ok } from '../../lib/envelope';
import { giftCardProcessorFor, paymentProcessorFor } from '../../providers/payment/index';
import {
  getContactInformation,
  updateContactInformation,
  updateOrderProperties,
  updatePickupData,
  updateReadyTime,
  validateOrder,
} from './checkout.service';
import { placeOrderOnce } from './place-order.service';
import { payLaterPolicyOf } from '../pay-later/pay-later.service';
import { getTrackingUrl } from './tracking-link.service';

const errors = {
  400: ErrorEnvelopeSchema,
  401: ErrorEnvelopeSchema,
  404: ErrorEnvelopeSchema,
  409: ErrorEnvelopeSchema,
  422: ErrorEnvelopeSchema,
};

/** Checkout and order placement routes (under /v1), for the session that owns the order. */
const checkoutRoutes: FastifyPluginAsyncZod = async (app) => {
  const auth = { onRequest: [app.authenticate], schema: { tags: ['checkout'], security: [{ bearer: [] }] } };
  const processor = paymentProcessorFor(app.config);
  const giftCards = giftCardProcessorFor(app.config);

  app.get(
    '/sales/orders/:orderId/validations',
    {
      ...auth,
      schema: {
        ...auth.schema,
        summary: 'Run the pre-checkout validation',
        params: CheckoutOrderParamsSchema,
        response: { 200: OrderValidationResponseSchema, ...errors },
      },
    },
    async (request) => ok(await validateOrder(app.db, sessionOf(request), request.params.orderId)),
  );

  app.post(
    '/sales/orders/:orderId/validations/:type',
    {
      ...auth,
      schema: {
        ...auth.schema,
        summary: 'Run an order validation (PreCheckout, CloseOrder, SuspendOrder)',
        params: ValidationTypeParamsSchema,
        response: { 200: OrderValidationResponseSchema, ...errors },
      },
    },
    async (request) =>
      ok(await validateOrder(app.db, sessionOf(request), request.params.orderId, request.params.type)),
  );

  app.get(
    '/sales/orders/:orderId/contact-information',
    {
      ...auth,
      schema: {
        ...auth.schema,
        summary: 'Contact information saved on the order',
        params: CheckoutOrderParamsSchema,
        response: { 200: ContactInformationResponseSchema, ...errors },
      },
    },
    async (request) => ok(await getContactInformation(app.db, sessionOf(request), request.params.orderId)),
  );

  app.patch(
    '/sales/orders/:orderId/contact-information',
    {
      ...auth,
      schema: {
        ...auth.schema,
        summary: 'Save contact information (names max 40, phone kept as its last 10 digits)',
        params: CheckoutOrderParamsSchema,
        body: ContactInformationSchema,
        response: { 200: ContactInformationResponseSchema, ...errors },
      },
    },
    async (request) =>
      ok(await updateContactInformation(app.db, sessionOf(request), request.params.orderId, request.body)),
  );

  app.patch(
    '/sales/orders/:orderId/properties',
    {
      ...auth,
      schema: {
        ...auth.schema,
        summary:
          'Save the order notes (max 50, line breaks become spaces) and/or the utensils choice (kept in the notes)',
        params: CheckoutOrderParamsSchema,
        body: OrderPropertiesBodySchema,
        response: { 200: OrderPropertiesResponseSchema, ...errors },
      },
    },
    async (request) =>
      ok(await updateOrderProperties(app.db, sessionOf(request), request.params.orderId, request.body)),
  );

  app.put(
    '/sales/orders/:orderId/pickup-data',
    {
      ...auth,
      schema: {
        ...auth.schema,
        summary: 'Save the pickup option, car details and place',
        params: CheckoutOrderParamsSchema,
        body: PickupDataBodySchema,
        response: { 200: PickupDataResponseSchema, ...errors },
      },
    },
    async (request) =>
      ok(await updatePickupData(app.db, sessionOf(request), request.params.orderId, request.body)),
  );

  app.put(
    '/sales/orders/:orderId/ready-time',
    {
      ...auth,
      schema: {
        ...auth.schema,
        summary: 'Set the ready time (null for ASAP)',
        params: CheckoutOrderParamsSchema,
        body: ReadyTimeBodySchema,
        response: { 200: ReadyTimeResponseSchema, ...errors },
      },
    },
    async (request) =>
      ok(
        await updateReadyTime(
          app.db,
          sessionOf(request),
          request.params.orderId,
          request.body.orderReadyTime,
        ),
      ),
  );

  app.post(
    '/sales/orders/:orderId/close-requests',
    {
      ...auth,
      schema: {
        ...auth.schema,
        summary: 'Place the order: charge the payment token and close the order (Idempotency-Key required)',
        params: CheckoutOrderParamsSchema,
        headers: z.object({ 'idempotency-key': IdempotencyKeySchema }),
        body: CloseRequestBodySchema,
        response: { 200: CloseRequestResponseSchema, ...errors, 502: ErrorEnvelopeSchema },
      },
    },
    async (request, reply) => {
      const session = sessionOf(request);
      const key = request.headers['idempotency-key'];
      const { orderId } = request.params;
      const outcome = await placeOrderOnce(
        app.db,
        processor,
        {
          session,
          orderId,
          body: request.body,
          idempotencyKey: key,
          giftCards,
          payLater: { policy: payLaterPolicyOf(app.config), clientAddress: request.clientAddress },
          notifications: { tokens: app.tokens, webOrigin: app.config.WEB_PUBLIC_URL },
        },
        app.config.IDEMPOTENCY_LEASE_SECONDS * 1000,
      );
      if (outcome.replayed) reply.header('idempotent-replayed', 'true');
      return ok(outcome.value);
    },
  );

  app.get(
    '/sales/orders/:orderId/tracking-url',
    {
      ...auth,
      schema: {
        ...auth.schema,
        summary: 'The storefront tracking page of a placed order, with its tracking token',
        params: CheckoutOrderParamsSchema,
        querystring: TrackingUrlQuerySchema,
        response: { 200: TrackingUrlResponseSchema, ...errors },
      },
    },
    async (request) =>
      ok(await getTrackingUrl(app.db, app.config, app.tokens, sessionOf(request), request.params.orderId)),
  );
};

export default checkoutRoutes;
