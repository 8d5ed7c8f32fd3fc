import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ErrorEnvelopeSchema } from '@storefront/contracts/api';
import {
  CrossSellOffersQuerySchema,
  CrossSellOffersResponseSchema,
  PromoPopupsQuerySchema,
  PromoPopupsResponseSchema,
} from '@storefront/contracts/marketing';
import { OrderIdParamsSchema } from '@storefront/contracts/orders';
import { ok } from '../../lib/envelope';
import { sessionOf } from '../../plugins/auth';
import { listCrossSellOffers } from './cross-sell.service';
import { listPromoPopups } from './marketing.service';

/** Routes of the marketing module (under /v1): promo popups and an order's cross-sell offers. */
const marketingRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/marketing/promo-popups',
    {
      onRequest: [app.authenticate],
      schema: {
        tags: ['marketing'],
        summary: "Enabled promo popup campaigns of a location's brands (the storefront shows the first)",
        querystring: PromoPopupsQuerySchema,
        response: {
          200: PromoPopupsResponseSchema,
          400: ErrorEnvelopeSchema,
          401: ErrorEnvelopeSchema,
          404: ErrorEnvelopeSchema,
        },
      },
    },
    async (request) => ok(await listPromoPopups(app.db, request.query.locationId)),
  );

  app.get(
    '/sales/orders/:orderId/cross-sell-offers',
    {
      onRequest: [app.authenticate],
      schema: {
        tags: ['marketing'],
        summary:
          "Cross-sell offers: those of the item just added (itemPathKey, trigger mode AddItem or Both) or, without it, those of the order's lines at checkout (Checkout or Both)",
        params: OrderIdParamsSchema,
        querystring: CrossSellOffersQuerySchema,
        response: {
          200: CrossSellOffersResponseSchema,
          400: ErrorEnvelopeSchema,
          401: ErrorEnvelopeSchema,
          404: ErrorEnvelopeSchema,
        },
      },
    },
    async (request) =>
      ok(
        await listCrossSellOffers(
          app.db,
          sessionOf(request),
          request.params.orderId,
          request.query.itemPathKey,
        ),
      ),
  );
};

export default marketingRoutes;
