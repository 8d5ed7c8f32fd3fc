import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ErrorEnvelopeSchema } from '@storefront/contracts/api';
import { PromoPopupsQuerySchema, PromoPopupsResponseSchema } from '@storefront/contracts/marketing';
import { ok } from '../../lib/envelope';
import { listPromoPopups } from './marketing.service';

/** Routes of the marketing module (under /v1): promo popups. */
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
};

export default marketingRoutes;
