import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ErrorEnvelopeSchema } from '@storefront/contracts/api';
import {
  ContextOptionsQuerySchema,
  ContextOptionsResponseSchema,
  DeliveryEstimateBodySchema,
  DeliveryEstimatesResponseSchema,
  FulfillmentSettingsResponseSchema,
  LocationIdParamsSchema,
  LocationQuerySchema,
  LocationResponseSchema,
  LocationSearchQuerySchema,
  LocationSearchResponseSchema,
  OrderSettingsQuerySchema,
  OrderSettingsResponseSchema,
  OrderTimesQuerySchema,
  OrderTimesResponseSchema,
  PlaceAutocompleteQuerySchema,
  PlaceAutocompleteResponseSchema,
  PlaceDetailsResponseSchema,
  PlaceParamsSchema,
} from '@storefront/contracts/locations';
import { AsapEstimateQuerySchema, AsapEstimateResponseSchema } from '@storefront/contracts/order-settings';
import { ok } from '../../lib/envelope';
import { sendJsonText } from '../../lib/http-cache';
import { geocoderFor } from '../../providers/geocoding/index';
import {
  getAsapEstimate,
  getContextOptions,
  getFulfillmentSettings,
  getLocation,
  getOrderSettings,
  getOrderTimes,
  listKnownAddresses,
  searchLocationsJson,
} from './locations.service';
import { getDeliveryEstimates } from './delivery.service';
import { getPlaceDetails, suggestPlaces } from './places.service';

const errors = { 400: ErrorEnvelopeSchema, 404: ErrorEnvelopeSchema };

/** Routes of the locations module (under /v1): store search and details, settings, order times, places. */
const locationsRoutes: FastifyPluginAsyncZod = async (app) => {
  const geocoder = () => geocoderFor(app.db, listKnownAddresses, app.config);
  // The offline gazetteer's index is built before the API listens (or answers app.inject): built by the first
  // search instead, it held every other request for 1-4 s (issue 32).
  app.addHook('onReady', async () => {
    if (app.config.GEOCODER_PRELOAD) await geocoder().prepare?.();
  });

  app.get(
    '/locations',
    {
      schema: {
        tags: ['locations'],
        summary: 'Stores within a radius of a point or an address, nearest first (distance in miles)',
        querystring: LocationSearchQuerySchema,
        response: { 200: LocationSearchResponseSchema, 400: ErrorEnvelopeSchema },
      },
    },
    // The answer is joined from each store's JSON, made by the response schema once a minute
    // (searchLocationsJson): JSON bytes with a JSON content type are sent as they are.
    async (request, reply) =>
      sendJsonText(reply, await searchLocationsJson(app.db, geocoder(), request.query)),
  );

  app.get(
    '/locations/:id',
    {
      schema: {
        tags: ['locations'],
        summary: 'One store with the requested parts (hours, status, context options, alert)',
        params: LocationIdParamsSchema,
        querystring: LocationQuerySchema,
        response: { 200: LocationResponseSchema, ...errors },
      },
    },
    async (request) => ok(await getLocation(app.db, request.params.id, request.query)),
  );

  app.get(
    '/locations/:id/order-settings',
    {
      schema: {
        tags: ['locations'],
        summary: "A store's order settings (limits, tipping, instructions, utensils, preparation time)",
        params: LocationIdParamsSchema,
        querystring: OrderSettingsQuerySchema,
        response: { 200: OrderSettingsResponseSchema, ...errors },
      },
    },
    async (request) => ok(await getOrderSettings(app.db, request.params.id, request.query)),
  );

  app.get(
    '/locations/:id/fulfillment-settings',
    {
      schema: {
        tags: ['locations'],
        summary: "A store's pickup options, delivery providers and ETAs",
        params: LocationIdParamsSchema,
        response: { 200: FulfillmentSettingsResponseSchema, ...errors },
      },
    },
    async (request) => ok(await getFulfillmentSettings(app.db, request.params.id)),
  );

  app.get(
    '/locations/:id/order-times',
    {
      schema: {
        tags: ['locations'],
        summary: 'Ready-time slots per local date (15 minutes apart, ISO 8601 with offset)',
        params: LocationIdParamsSchema,
        querystring: OrderTimesQuerySchema,
        response: { 200: OrderTimesResponseSchema, ...errors, 422: ErrorEnvelopeSchema },
      },
    },
    async (request) => ok(await getOrderTimes(app.db, request.params.id, request.query)),
  );

  app.get(
    '/locations/:id/asap-estimate',
    {
      schema: {
        tags: ['locations'],
        summary:
          'When an ASAP order placed now would be ready (delivery: arrive), by the rule that places it (kitchen capacity included)',
        params: LocationIdParamsSchema,
        querystring: AsapEstimateQuerySchema,
        response: { 200: AsapEstimateResponseSchema, ...errors, 422: ErrorEnvelopeSchema },
      },
    },
    async (request) => ok(await getAsapEstimate(app.db, request.params.id, request.query)),
  );

  app.post(
    '/locations/:id/delivery-estimates',
    {
      schema: {
        tags: ['locations'],
        summary: "When an order delivered to the address would arrive (422 when outside the store's zones)",
        params: LocationIdParamsSchema,
        body: DeliveryEstimateBodySchema,
        response: { 200: DeliveryEstimatesResponseSchema, ...errors, 422: ErrorEnvelopeSchema },
      },
    },
    async (request) =>
      ok(await getDeliveryEstimates(app.db, geocoder(), request.params.id, request.body.address)),
  );

  app.get(
    '/sales/applications/context-options',
    {
      schema: {
        tags: ['locations'],
        summary: 'Order types, fulfillment methods and order channels of a store',
        querystring: ContextOptionsQuerySchema,
        response: { 200: ContextOptionsResponseSchema, ...errors },
      },
    },
    async (request) => ok(await getContextOptions(app.db, request.query.locationId)),
  );

  app.get(
    '/places/autocomplete',
    {
      schema: {
        tags: ['places'],
        summary: 'Address suggestions (from 4 characters; "(lat, lng)" is read as coordinates)',
        querystring: PlaceAutocompleteQuerySchema,
        response: { 200: PlaceAutocompleteResponseSchema, 400: ErrorEnvelopeSchema },
      },
    },
    async (request) =>
      ok(
        await suggestPlaces(
          geocoder(),
          request.query.input,
          request.query.fulfillmentMethod,
          request.query.anyRegion ?? false,
        ),
      ),
  );

  app.get(
    '/places/:placeId',
    {
      schema: {
        tags: ['places'],
        summary: "A suggestion's address and coordinates",
        params: PlaceParamsSchema,
        response: { 200: PlaceDetailsResponseSchema, ...errors },
      },
    },
    async (request) => ok(await getPlaceDetails(geocoder(), request.params.placeId)),
  );
};

export default locationsRoutes;
