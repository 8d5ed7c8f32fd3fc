import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ErrorEnvelopeSchema } from '@storefront/contracts/api';
import { CheckoutOrderParamsSchema } from '@storefront/contracts/checkout';
import {
  AdvanceOrderStatusBodySchema,
  AdvanceOrderStatusResponseSchema,
  StaffLocationsResponseSchema,
  StaffOrdersQuerySchema,
  StaffOrdersResponseSchema,
} from '@storefront/contracts/staff';
import {
  KitchenLoadResponseSchema,
  OnlineOrderingBodySchema,
  OnlineOrderingResponseSchema,
  SlotLoadsQuerySchema,
} from '@storefront/contracts/capacity';
import { LocationIdParamsSchema } from '@storefront/contracts/locations';
import { ok } from '../../lib/envelope';
import {
  advanceOrderStatus,
  getStaffKitchenLoad,
  listStaffLocations,
  listStaffOrders,
  setOnlineOrdering,
} from './staff.service';

const errors = { 400: ErrorEnvelopeSchema, 401: ErrorEnvelopeSchema, 404: ErrorEnvelopeSchema };

/** The staff API (under /v1) behind the kitchen screen, authorised by the X-Staff-Key header. */
const staffRoutes: FastifyPluginAsyncZod = async (app) => {
  const base = { tags: ['staff'], security: [{ staffKey: [] }] };
  const onRequest = [app.authenticateStaff];

  app.get(
    '/staff/locations',
    {
      onRequest,
      schema: {
        ...base,
        summary: 'Locations for the kitchen screen',
        response: { 200: StaffLocationsResponseSchema, ...errors },
      },
    },
    async () => ok(await listStaffLocations(app.db)),
  );

  app.get(
    '/staff/orders',
    {
      onRequest,
      schema: {
        ...base,
        summary: 'Placed orders of a location, by status',
        querystring: StaffOrdersQuerySchema,
        response: { 200: StaffOrdersResponseSchema, ...errors },
      },
    },
    async (request) => ok(await listStaffOrders(app.db, request.query.locationId, request.query.status)),
  );

  app.post(
    '/staff/orders/:orderId/status',
    {
      onRequest,
      schema: {
        ...base,
        summary: 'Advance an order to its next status (1 -> 2 -> 3 -> 4)',
        params: CheckoutOrderParamsSchema,
        body: AdvanceOrderStatusBodySchema,
        response: { 200: AdvanceOrderStatusResponseSchema, ...errors, 409: ErrorEnvelopeSchema },
      },
    },
    async (request) => ok(await advanceOrderStatus(app.db, request.params.orderId, request.body.statusId)),
  );

  app.get(
    '/staff/locations/:id/kitchen-load',
    {
      onRequest,
      schema: {
        ...base,
        summary: "The kitchen's load per 15-minute slot (orders and items against capacity) on a local date",
        params: LocationIdParamsSchema,
        querystring: SlotLoadsQuerySchema,
        response: { 200: KitchenLoadResponseSchema, ...errors },
      },
    },
    async (request) => ok(await getStaffKitchenLoad(app.db, request.params.id, request.query.date)),
  );

  app.put(
    '/staff/locations/:id/online',
    {
      onRequest,
      schema: {
        ...base,
        summary: 'Pause (false) or resume (true) online ordering at a location',
        params: LocationIdParamsSchema,
        body: OnlineOrderingBodySchema,
        response: { 200: OnlineOrderingResponseSchema, ...errors },
      },
    },
    async (request) => ok(await setOnlineOrdering(app.db, request.params.id, request.body.isOnline)),
  );
};

export default staffRoutes;
