import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ErrorEnvelopeSchema } from '@storefront/contracts/api';
import { CheckoutOrderParamsSchema, PickupDataBodySchema } from '@storefront/contracts/checkout';
import {
  TrackingDetailsResponseSchema,
  TrackingSettingsResponseSchema,
  TrackingStatusResponseSchema,
} from '@storefront/contracts/tracking';
import { ok } from '../../lib/envelope';
import {
  getTrackingDetails,
  getTrackingSettings,
  getTrackingStatus,
  requireTrackedOrder,
  trackingTokenOf,
  updateTrackedPickup,
} from './tracking.service';
import { unauthorized } from '../../lib/errors';

const errors = { 400: ErrorEnvelopeSchema, 401: ErrorEnvelopeSchema, 404: ErrorEnvelopeSchema };

/** Tracking routes (under /v1), opened by the tracking token in the Authorization header. */
const trackingRoutes: FastifyPluginAsyncZod = async (app) => {
  const base = { tags: ['tracking'], security: [{ bearer: [] }], params: CheckoutOrderParamsSchema };
  const tracked = (orderId: number, authorization: string | undefined) =>
    requireTrackedOrder(app.db, app.tokens, authorization, orderId);
  // A request without a valid tracking token is refused (401) before its parameters and body are read, like every
  // other route that takes a token; the handler then checks the token names this order.
  app.addHook('onRequest', async (request) => {
    const token = trackingTokenOf(request.headers.authorization);
    if (!token) throw unauthorized('Missing tracking token');
    if ((await app.tokens.verifyTrackingToken(token)) === null) {
      throw unauthorized('Invalid or expired tracking token');
    }
  });

  app.get(
    '/tracking/orders/:orderId',
    {
      schema: {
        ...base,
        summary: 'Tracking details of a placed order',
        response: { 200: TrackingDetailsResponseSchema, ...errors },
      },
    },
    async (request) => {
      const order = await tracked(request.params.orderId, request.headers.authorization);
      return ok(await getTrackingDetails(app.db, order));
    },
  );

  app.get(
    '/tracking/orders/:orderId/status',
    {
      schema: {
        ...base,
        summary: 'Status of a placed order (polled every 60 s until 4)',
        response: { 200: TrackingStatusResponseSchema, ...errors },
      },
    },
    async (request) => {
      const order = await tracked(request.params.orderId, request.headers.authorization);
      return ok(await getTrackingStatus(app.db, order));
    },
  );

  app.get(
    '/tracking/orders/:orderId/settings',
    {
      schema: {
        ...base,
        summary: 'Pickup methods the order can change to',
        response: { 200: TrackingSettingsResponseSchema, ...errors },
      },
    },
    async (request) => {
      const order = await tracked(request.params.orderId, request.headers.authorization);
      return ok(await getTrackingSettings(app.db, order));
    },
  );

  app.put(
    '/tracking/orders/:orderId/pickup-data',
    {
      schema: {
        ...base,
        summary: 'Change the pickup option after ordering',
        body: PickupDataBodySchema,
        response: {
          200: TrackingDetailsResponseSchema,
          ...errors,
          409: ErrorEnvelopeSchema,
          422: ErrorEnvelopeSchema,
        },
      },
    },
    async (request) => {
      const order = await tracked(request.params.orderId, request.headers.authorization);
      return ok(await updateTrackedPickup(app.db, order, request.body));
    },
  );
};

export default trackingRoutes;
