import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ErrorEnvelopeSchema } from '@storefront/contracts/api';
import { AddCouponBodySchema, OrderDiscountParamsSchema } from '@storefront/contracts/discounts';
import { OrderIdParamsSchema, OrderResponseSchema } from '@storefront/contracts/orders';
import { ok } from '../../lib/envelope';
import { sessionOf } from '../../plugins/auth';
import { addCoupon, removeAllDiscounts, removeDiscount } from './discounts.service';

const errors = {
  400: ErrorEnvelopeSchema,
  401: ErrorEnvelopeSchema,
  404: ErrorEnvelopeSchema,
  409: ErrorEnvelopeSchema,
  422: ErrorEnvelopeSchema,
};

/** Routes of the discounts module (under /v1): the coupon on an order being built. */
const discountsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', app.authenticate);

  app.post(
    '/sales/orders/:orderId/discounts',
    {
      schema: {
        tags: ['discounts'],
        summary:
          "Add a coupon (body discountCode and recaptchaInput): 422 21021 'Invalid code'; a valid coupon that takes nothing stays unapplied (isApplied false, notice 21022)",
        params: OrderIdParamsSchema,
        body: AddCouponBodySchema,
        response: { 200: OrderResponseSchema, ...errors },
      },
    },
    async (request) =>
      ok(await addCoupon(app, app.db, sessionOf(request), request.params.orderId, request.body)),
  );

  app.delete(
    '/sales/orders/:orderId/discounts/:instanceId',
    {
      schema: {
        tags: ['discounts'],
        summary: "Remove the order's coupon by its instanceId",
        params: OrderDiscountParamsSchema,
        response: { 200: OrderResponseSchema, ...errors },
      },
    },
    async (request) =>
      ok(await removeDiscount(app.db, sessionOf(request), request.params.orderId, request.params.instanceId)),
  );

  app.delete(
    '/sales/orders/:orderId/discounts',
    {
      schema: {
        tags: ['discounts'],
        summary: 'Remove every discount the guest added (leaving checkout for anything but payment)',
        params: OrderIdParamsSchema,
        response: { 200: OrderResponseSchema, ...errors },
      },
    },
    async (request) => ok(await removeAllDiscounts(app.db, sessionOf(request), request.params.orderId)),
  );
};

export default discountsRoutes;
