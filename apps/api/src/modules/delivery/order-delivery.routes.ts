import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ErrorEnvelopeSchema } from '@storefront/contracts/api';
import {
  DeliveryAddressResponseSchema,
  DeliveryTipBodySchema,
  DeliveryTipResponseSchema,
  OrderIdParamsSchema,
  PutDeliveryAddressBodySchema,
} from '@storefront/contracts/orders';
import { ok } from '../../lib/envelope';
import { sessionOf } from '../../plugins/auth';
import { geocoderFor } from '../../providers/geocoding/index';
import { listKnownAddresses } from '../locations/locations.service';
import { getOrderDeliveryAddress, putDriverTip, putOrderDeliveryAddress } from './order-delivery.service';

const errors = {
  400: ErrorEnvelopeSchema,
  401: ErrorEnvelopeSchema,
  404: ErrorEnvelopeSchema,
  409: ErrorEnvelopeSchema,
  422: ErrorEnvelopeSchema,
};

/** Delivery on an order (under /v1): the address with its zone's fee and minimum, and the driver tip. */
const orderDeliveryRoutes: FastifyPluginAsyncZod = async (app) => {
  const auth = { onRequest: [app.authenticate], schema: { tags: ['delivery'], security: [{ bearer: [] }] } };
  const geocoder = () => geocoderFor(app.db, listKnownAddresses, app.config);

  app.get(
    '/sales/orders/:orderId/delivery-address',
    {
      ...auth,
      schema: {
        ...auth.schema,
        summary: "The order's delivery address, fee and minimum order",
        params: OrderIdParamsSchema,
        response: { 200: DeliveryAddressResponseSchema, ...errors },
      },
    },
    async (request) => ok(await getOrderDeliveryAddress(app.db, sessionOf(request), request.params.orderId)),
  );

  app.put(
    '/sales/orders/:orderId/delivery-address',
    {
      ...auth,
      schema: {
        ...auth.schema,
        summary:
          'Deliver the order to an address inside one of the store zones (the zone sets fee and minimum)',
        params: OrderIdParamsSchema,
        body: PutDeliveryAddressBodySchema,
        response: { 200: DeliveryAddressResponseSchema, ...errors },
      },
    },
    async (request) =>
      ok(
        await putOrderDeliveryAddress(
          app.db,
          geocoder(),
          sessionOf(request),
          request.params.orderId,
          request.body.address,
        ),
      ),
  );

  app.put(
    '/sales/orders/:orderId/delivery-tip',
    {
      ...auth,
      schema: {
        ...auth.schema,
        summary: 'Set the driver tip of a delivery order (dollars)',
        params: OrderIdParamsSchema,
        body: DeliveryTipBodySchema,
        response: { 200: DeliveryTipResponseSchema, ...errors },
      },
    },
    async (request) =>
      ok(await putDriverTip(app.db, sessionOf(request), request.params.orderId, request.body.tip)),
  );
};

export default orderDeliveryRoutes;
