import type { FastifyRequest } from 'fastify';
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
import { DomainError } from '../../lib/errors';
import { sessionOf } from '../../plugins/auth';
import { listCrossSellOffers } from './cross-sell.service';
import { listPromoPopups } from './marketing.service';
import {
  PageVisitEventSchema,
  PageVisitReportQuerySchema,
  PageVisitReportResponseSchema,
  PageVisitResponseSchema,
  optedOutOfTracking,
} from '@storefront/contracts/analytics';
import { pageVisitReport, recordPageVisit } from './page-visits.service';

/**
 * Page visits one browser (a token from one client address) may record in a minute: a guest reads a page for
 * seconds, so 60 a minute is never a person; a script with a token could otherwise fill `page_visits`.
 */
export const PAGE_VISITS_PER_TOKEN_MINUTE = 60;
/**
 * Page visits one client address may record in a minute, whatever tokens it holds (tokens are free: every new
 * browser gets one). Room for many guests behind one address (an office, a carrier's NAT) and for the journeys,
 * which all come from the test runner's address one page at a time.
 */
export const PAGE_VISITS_PER_ADDRESS_MINUTE = 600;

/** Routes of the marketing module (under /v1): page visits, promo popups and an order's cross-sell offers. */
const marketingRoutes: FastifyPluginAsyncZod = async (app) => {
  const tokenVisits = app.createRateLimit({
    max: PAGE_VISITS_PER_TOKEN_MINUTE,
    timeWindow: 60_000,
    keyGenerator: (request) => `page-visits-token:${request.clientAddress}:${sessionOf(request).sid}`,
  });
  const addressVisits = app.createRateLimit({
    max: PAGE_VISITS_PER_ADDRESS_MINUTE,
    timeWindow: 60_000,
    keyGenerator: (request) => `page-visits-address:${request.clientAddress}`,
  });
  /** Counts the visit against both limits; past either, 429 with Retry-After and nothing is stored. */
  const countVisit = async (request: FastifyRequest) => {
    for (const limit of [tokenVisits, addressVisits]) {
      const state = await limit(request);
      if (!state.isAllowed && state.isExceeded) {
        const seconds = Math.max(1, state.ttlInSeconds);
        throw new DomainError(
          429,
          {
            key: 'TooManyPageVisits',
            code: 429,
            message: `Too many page visits; try again in ${seconds} seconds`,
          },
          { 'retry-after': String(seconds) },
        );
      }
    }
  };

  app.post(
    '/marketing/page-visits',
    {
      onRequest: [app.authenticate],
      preHandler: countVisit,
      schema: {
        tags: ['marketing'],
        security: [{ bearer: [] }],
        summary:
          'Record a page visit (first-party analytics sink); nothing is kept when the request carries DNT: 1 or ' +
          'Sec-GPC: 1. At most 60 a minute per token and client address, 600 per client address (429)',
        body: PageVisitEventSchema,
        response: {
          200: PageVisitResponseSchema,
          400: ErrorEnvelopeSchema,
          401: ErrorEnvelopeSchema,
          429: ErrorEnvelopeSchema,
        },
      },
    },
    async (request) => {
      const optedOut = optedOutOfTracking({
        doNotTrack: request.headers.dnt as string | undefined,
        globalPrivacyControl: request.headers['sec-gpc'] as string | undefined,
      });
      if (!optedOut) await recordPageVisit(app.db, request.body);
      return ok({ recorded: !optedOut });
    },
  );

  app.get(
    '/staff/page-visits',
    {
      onRequest: [app.authenticateStaff],
      schema: {
        tags: ['staff'],
        security: [{ bearer: [] }, { staffKey: [] }],
        summary: "Page visits of the last days by page type and by store (the kitchen's report)",
        querystring: PageVisitReportQuerySchema,
        response: {
          200: PageVisitReportResponseSchema,
          400: ErrorEnvelopeSchema,
          401: ErrorEnvelopeSchema,
        },
      },
    },
    async (request) => ok(await pageVisitReport(app.db, request.query.days)),
  );

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
