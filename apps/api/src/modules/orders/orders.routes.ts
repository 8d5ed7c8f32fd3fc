import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ErrorEnvelopeSchema } from '@storefront/contracts/api';
import {
  AddOrderItemBodySchema,
  BulkItemsBodySchema,
  BulkItemsQuerySchema,
  BulkItemsResponseSchema,
  ItemPricingResponseSchema,
  OrderIdParamsSchema,
  OrderItemInstanceParamsSchema,
  OrderItemModifierParamsSchema,
  OrderItemParamsSchema,
  OrderItemPricingBodySchema,
  OrderLinePricingBodySchema,
  OrderResponseSchema,
  UnavailableItemsQuerySchema,
  UnavailableItemsResponseSchema,
  UpdateOrderBodySchema,
  UpdateOrderItemBodySchema,
} from '@storefront/contracts/orders';
import {
  CreateOrRepeatOrderBodySchema,
  CreateOrRepeatOrderResponseSchema,
} from '@storefront/contracts/accounts';
import { ok } from '../../lib/envelope';
import { sessionOf } from '../../plugins/auth';
import {
  addOrderItem,
  addOrderItems,
  createOrder,
  getOrder,
  listUnavailableItems,
  priceNewOrderItem,
  priceOrderLine,
  removeOrderItem,
  removeOrderItemModifier,
  updateOrderItem,
  updateOrderSnapshot,
} from './orders.service';
import { repeatOrder } from '../customer-orders/repeat-order.service';
import { sendJsonText } from '../../lib/http-cache';

const errors = {
  400: ErrorEnvelopeSchema,
  401: ErrorEnvelopeSchema,
  404: ErrorEnvelopeSchema,
  409: ErrorEnvelopeSchema,
  422: ErrorEnvelopeSchema,
};

/** Routes of the orders module (under /v1): order building and its pricing calls. */
const ordersRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', app.authenticate);

  app.post(
    '/sales/orders',
    {
      // A repeat checks the customer session in its past order's statement, a new cart on its own (createOrder).
      config: { customerSessionCheckedByRoute: true },
      schema: {
        tags: ['orders'],
        summary:
          "Create an order on a menu snapshot (location from the snapshot, channel from the token's app type), or with pastOrderId repeat a signed-in customer's past order on today's menu",
        body: CreateOrRepeatOrderBodySchema,
        response: { 201: CreateOrRepeatOrderResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { body } = request;
      // A repeat's JSON is made directly (toOrderView builds the order in the schema's key order and shape): the
      // response union's encoder, which copied the whole order field by field, was a tenth of the route's CPU.
      if ('pastOrderId' in body) {
        const repeated = await repeatOrder(app.db, sessionOf(request), body);
        return sendJsonText(reply.code(201), JSON.stringify(ok(repeated)));
      }
      return reply.code(201).send(ok(await createOrder(app.db, sessionOf(request), body)));
    },
  );

  app.get(
    '/sales/orders/:orderId',
    {
      schema: {
        tags: ['orders'],
        summary: "The session's order with its items and totals",
        params: OrderIdParamsSchema,
        response: { 200: OrderResponseSchema, ...errors },
      },
    },
    async (request) => ok(await getOrder(app.db, sessionOf(request), request.params.orderId)),
  );

  app.get(
    '/sales/orders/:orderId/unavailable-items',
    {
      schema: {
        tags: ['orders'],
        summary: "The lines a move to another fulfilment method would remove ('Your order will change')",
        params: OrderIdParamsSchema,
        querystring: UnavailableItemsQuerySchema,
        response: { 200: UnavailableItemsResponseSchema, ...errors },
      },
    },
    async (request) =>
      ok(
        await listUnavailableItems(
          app.db,
          sessionOf(request),
          request.params.orderId,
          request.query.fulfillmentMethod,
        ),
      ),
  );

  app.patch(
    '/sales/orders/:orderId',
    {
      schema: {
        tags: ['orders'],
        summary:
          'Move the order to another fulfilment method (dropping lines it cannot serve) or menu snapshot (21031 unless forceUpdate)',
        params: OrderIdParamsSchema,
        body: UpdateOrderBodySchema,
        response: { 200: OrderResponseSchema, ...errors },
      },
    },
    async (request) =>
      ok(await updateOrderSnapshot(app.db, sessionOf(request), request.params.orderId, request.body)),
  );

  app.post(
    '/sales/orders/:orderId/items',
    {
      schema: {
        tags: ['orders'],
        summary: 'Add an item (priced and validated on the order snapshot)',
        params: OrderIdParamsSchema,
        body: AddOrderItemBodySchema,
        response: { 201: OrderResponseSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(ok(await addOrderItem(app.db, sessionOf(request), request.params.orderId, request.body))),
  );

  app.post(
    '/sales/orders/:orderId/bulk-items',
    {
      schema: {
        tags: ['orders'],
        summary: 'Add several items; removeInvalidItems leaves out (and lists) those that cannot be ordered',
        params: OrderIdParamsSchema,
        querystring: BulkItemsQuerySchema,
        body: BulkItemsBodySchema,
        response: { 201: BulkItemsResponseSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(
          ok(
            await addOrderItems(
              app.db,
              sessionOf(request),
              request.params.orderId,
              request.body.items,
              request.query.removeInvalidItems ?? false,
            ),
          ),
        ),
  );

  app.put(
    '/sales/orders/:orderId/items/:itemId',
    {
      schema: {
        tags: ['orders'],
        summary:
          "Replace a line's quantity, portion, modifiers and note; transitionItemPathKey turns it into that transition item (a combo)",
        params: OrderItemParamsSchema,
        body: UpdateOrderItemBodySchema,
        response: { 200: OrderResponseSchema, ...errors },
      },
    },
    async (request) =>
      ok(
        await updateOrderItem(
          app.db,
          sessionOf(request),
          request.params.orderId,
          request.params.itemId,
          request.body,
        ),
      ),
  );

  app.delete(
    '/sales/orders/:orderId/items/:itemId',
    {
      schema: {
        tags: ['orders'],
        summary: 'Remove a line',
        params: OrderItemParamsSchema,
        response: { 200: OrderResponseSchema, ...errors },
      },
    },
    async (request) =>
      ok(await removeOrderItem(app.db, sessionOf(request), request.params.orderId, request.params.itemId)),
  );

  app.delete(
    '/sales/orders/:orderId/items/:itemId/modifiers/:modifierKey',
    {
      schema: {
        tags: ['orders'],
        summary: 'Remove a modifier (and what is nested under it) from a line',
        params: OrderItemModifierParamsSchema,
        response: { 200: OrderResponseSchema, ...errors },
      },
    },
    async (request) =>
      ok(
        await removeOrderItemModifier(
          app.db,
          sessionOf(request),
          request.params.orderId,
          request.params.itemId,
          request.params.modifierKey,
        ),
      ),
  );

  app.post(
    '/sales/orders/:orderId/items/pricings',
    {
      schema: {
        tags: ['pricing'],
        summary: "Price a new item on the order's snapshot (defaults with the sequence of changes)",
        params: OrderIdParamsSchema,
        body: OrderItemPricingBodySchema,
        response: { 200: ItemPricingResponseSchema, ...errors },
      },
    },
    async (request) =>
      ok(await priceNewOrderItem(app.db, sessionOf(request), request.params.orderId, request.body)),
  );

  app.put(
    '/sales/orders/:orderId/items/:instanceId/pricings',
    {
      schema: {
        tags: ['pricing'],
        summary: 'Price an order line with changes replayed on its current selection',
        params: OrderItemInstanceParamsSchema,
        body: OrderLinePricingBodySchema,
        response: { 200: ItemPricingResponseSchema, ...errors },
      },
    },
    async (request) =>
      ok(
        await priceOrderLine(
          app.db,
          sessionOf(request),
          request.params.orderId,
          request.params.instanceId,
          request.body,
        ),
      ),
  );
};

export default ordersRoutes;
