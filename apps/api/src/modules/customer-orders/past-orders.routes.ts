import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ErrorEnvelopeSchema } from '@storefront/contracts/api';
import {
  PastItemIdParamsSchema,
  PastOrderDetailResponseSchema,
  PastOrderedItemQuerySchema,
  PastOrderedItemResponseSchema,
  PastOrderedItemsQuerySchema,
  PastOrderedItemsResponseSchema,
  PastOrderIdParamsSchema,
  PastOrdersQuerySchema,
  PastOrdersResponseSchema,
} from '@storefront/contracts/accounts';
import { ok } from '../../lib/envelope';
import { sendJsonText } from '../../lib/http-cache';
import { sessionOf } from '../../plugins/auth';
import {
  getPastOrder,
  getPastOrderedItem,
  listPastOrderedItems,
  listPastOrders,
} from './past-orders.service';

const errors = { 400: ErrorEnvelopeSchema, 401: ErrorEnvelopeSchema, 404: ErrorEnvelopeSchema };

/** Routes of the customer-orders module (under /v1): order history and the reorder strip (user token). */
const pastOrdersRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', app.authenticate);

  app.get(
    '/guests/past-orders',
    {
      // The page's statement checks the customer session itself (listPastOrders): one round trip, not two.
      config: { customerSessionCheckedByRoute: true },
      schema: {
        tags: ['accounts'],
        summary: "The signed-in customer's placed orders, newest first, a page at a time (before = last id)",
        querystring: PastOrdersQuerySchema,
        response: { 200: PastOrdersResponseSchema, ...errors },
      },
    },
    // The account's most read list: its JSON is made directly (the summaries are built in the schema's key order
    // and shape), not by the response schema's encoding of each field on every call.
    async (request, reply) =>
      sendJsonText(
        reply,
        JSON.stringify(ok(await listPastOrders(app.db, sessionOf(request), request.query))),
      ),
  );

  app.get(
    '/guests/past-orders/:pastOrderId',
    {
      schema: {
        tags: ['accounts'],
        summary: "One of the customer's placed orders with its lines, totals and add-item payloads",
        params: PastOrderIdParamsSchema,
        response: { 200: PastOrderDetailResponseSchema, ...errors },
      },
    },
    async (request) => ok(await getPastOrder(app.db, sessionOf(request), request.params.pastOrderId)),
  );

  app.get(
    '/guests/past-ordered-items',
    {
      schema: {
        tags: ['accounts'],
        summary:
          "The customer's latest distinct ordered items, repriced on the given snapshot (the reorder strip)",
        querystring: PastOrderedItemsQuerySchema,
        response: { 200: PastOrderedItemsResponseSchema, ...errors },
      },
    },
    async (request) => ok(await listPastOrderedItems(app.db, sessionOf(request), request.query)),
  );

  app.get(
    '/guests/past-ordered-items/:pastItemId',
    {
      schema: {
        tags: ['accounts'],
        summary: 'One past ordered item repriced on the given snapshot (the item page in reorder mode)',
        params: PastItemIdParamsSchema,
        querystring: PastOrderedItemQuerySchema,
        response: { 200: PastOrderedItemResponseSchema, ...errors },
      },
    },
    async (request) =>
      ok(
        await getPastOrderedItem(
          app.db,
          sessionOf(request),
          request.params.pastItemId,
          request.query.snapshotId,
        ),
      ),
  );
};

export default pastOrdersRoutes;
