import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErrorEnvelopeSchema, envelope } from '@storefront/contracts/api';
import { CheckoutOrderParamsSchema } from '@storefront/contracts/checkout';
import {
  AdvanceOrderStatusBodySchema,
  AdvanceOrderStatusResponseSchema,
  CancelOrderBodySchema,
  CancelOrderResponseSchema,
  StaffLocationsResponseSchema,
  StaffOrdersQuerySchema,
  StaffOrdersResponseSchema,
  StaffSessionBodySchema,
  StaffSessionResponseSchema,
} from '@storefront/contracts/staff';
import {
  KitchenLoadResponseSchema,
  OnlineOrderingBodySchema,
  OnlineOrderingResponseSchema,
  SlotLoadsQuerySchema,
} from '@storefront/contracts/capacity';
import { LocationIdParamsSchema } from '@storefront/contracts/locations';
import { ok } from '../../lib/envelope';
import { sendJsonText } from '../../lib/http-cache';
import {
  advanceOrderStatus,
  getKitchenBoard,
  getStaffKitchenLoad,
  listStaffLocations,
  setOnlineOrdering,
} from './staff.service';
import { createStaffSession, revokeStaffSession } from './staff-sessions.service';
import { unauthorized } from '../../lib/errors';
import { changeSourceFor } from './kitchen-change-source';
import { KitchenEventHub } from './kitchen-events';
import { KitchenBoardCache } from './kitchen-board-cache';
import { openKitchenStream } from './staff-events.service';
import { cancelOrder } from '../checkout/order-cancellation.service';
import { giftCardProcessorFor, paymentProcessorFor } from '../../providers/payment/index';

const errors = {
  400: ErrorEnvelopeSchema,
  401: ErrorEnvelopeSchema,
  404: ErrorEnvelopeSchema,
  429: ErrorEnvelopeSchema,
};

/**
 * The staff API (under /v1) behind the kitchen screen: a staff session (`Authorization: Bearer`, from
 * POST staff/sessions) or, for API callers, the X-Staff-Key header. Failed credentials are limited per address.
 */
const staffRoutes: FastifyPluginAsyncZod = async (app) => {
  const security: Record<string, string[]>[] = [{ bearer: [] }, { staffKey: [] }];
  const base = { tags: ['staff'], security };
  const onRequest = [app.authenticateStaff];
  const kitchenEvents = new KitchenEventHub(changeSourceFor(app.db), undefined, (error) =>
    app.log.warn({ err: error }, 'kitchen events: the database connection listening for orders was lost'),
  );
  // The boards' answers, kept while the same change source hears nothing of their stores.
  const kitchenBoards = new KitchenBoardCache(kitchenEvents);
  // Open streams would hold the server's close for ever: they end (the screens reconnect elsewhere) first.
  app.addHook('preClose', () => kitchenEvents.close());

  app.post(
    '/staff/sessions',
    {
      // Checked before the body is read, so a client past its failed tries is refused at once.
      onRequest: [app.staffAttempts.check],
      schema: {
        tags: ['staff'],
        // Takes no token: its 401 answers a wrong staff key.
        security: [],
        summary:
          'Staff sign-in: a staff key exchanged for a session token (the kitchen screen keeps the token)',
        body: StaffSessionBodySchema,
        response: {
          200: StaffSessionResponseSchema,
          400: ErrorEnvelopeSchema,
          401: ErrorEnvelopeSchema,
          429: ErrorEnvelopeSchema,
        },
      },
    },
    async (request) => {
      const session = await createStaffSession(app.db, request.body.staffKey);
      if (!session) {
        await app.staffAttempts.fail(request);
        throw unauthorized('Invalid staff key');
      }
      return ok(session);
    },
  );

  app.delete(
    '/staff/sessions/current',
    {
      onRequest,
      schema: {
        ...base,
        summary: 'Staff sign-out: ends the session the request carries',
        response: { 200: envelope(z.null()), ...errors },
      },
    },
    async (request) => {
      // Signing out is for sessions; a caller with the staff key has none to end.
      if (request.staffSessionId === null) throw unauthorized('Missing staff session');
      await revokeStaffSession(app.db, request.staffSessionId);
      return ok(null);
    },
  );

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
    // Polled by every kitchen screen, tens of tickets each: its JSON is made directly (listStaffOrders builds the
    // tickets in the schema's key order and shape), not by the response schema's encoding of every field, and
    // kept until the store's orders change (the staff credential above is still checked on every request).
    async (request, reply) =>
      sendJsonText(
        reply,
        await getKitchenBoard(
          app.db,
          kitchenBoards,
          request.query.locationId,
          request.query.status,
          (orders) => Buffer.from(JSON.stringify(ok(orders))),
        ),
      ),
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
    async (request) => {
      try {
        return ok(
          await advanceOrderStatus(app.db, request.params.orderId, request.body.statusId, {
            tokens: app.tokens,
            webOrigin: app.config.WEB_PUBLIC_URL,
          }),
        );
      } finally {
        // The screen that moved the ticket re-reads its board next: it must not get the answer kept before.
        kitchenEvents.invalidateBoards();
      }
    },
  );

  app.post(
    '/staff/orders/:orderId/cancellation',
    {
      onRequest,
      schema: {
        ...base,
        summary:
          'Cancel a placed order before it is completed: its card and wallet charges are voided (refunded once ' +
          'settled), its gift-card amounts and held reward points given back. 409 once completed or cancelled. ' +
          'refundPending: the processor did not answer yet; cancelling again (or the reconciliation) finishes it.',
        params: CheckoutOrderParamsSchema,
        body: CancelOrderBodySchema,
        response: { 200: CancelOrderResponseSchema, ...errors, 409: ErrorEnvelopeSchema },
      },
    },
    async (request) => {
      try {
        return ok(
          await cancelOrder(
            app.db,
            { processor: paymentProcessorFor(app.config), giftCards: giftCardProcessorFor(app.config) },
            { orderId: request.params.orderId, reason: request.body.reason ?? null },
          ),
        );
      } finally {
        kitchenEvents.invalidateBoards();
      }
    },
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

  app.get(
    '/staff/locations/:id/events',
    {
      onRequest,
      schema: {
        ...base,
        summary:
          "The location's order changes as server-sent events (text/event-stream): `order` when an order is " +
          'placed, moves status or changes its pickup; `ping` every 15 s; `end` when the stream closes on ' +
          'purpose (after 10 minutes, at sign-out, at shutdown). 503 when the process serves its maximum of streams.',
        params: LocationIdParamsSchema,
        // The stream is text/event-stream; a refusal is the JSON envelope like every other route's.
        response: {
          200: {
            description: 'The event stream',
            content: { 'text/event-stream': { schema: z.string() } },
          },
          ...Object.fromEntries(
            Object.entries({ ...errors, 503: ErrorEnvelopeSchema }).map(([status, schema]) => [
              status,
              { description: 'The error envelope', content: { 'application/json': { schema } } },
            ]),
          ),
        },
      },
    },
    async (request, reply) => {
      const stream = await openKitchenStream(
        app.db,
        kitchenEvents,
        request.params.id,
        request.staffSessionId,
      );
      const raw: FastifyReply = reply;
      return raw
        .header('cache-control', 'no-cache, no-transform')
        .header('x-accel-buffering', 'no')
        .type('text/event-stream; charset=utf-8')
        .send(stream.body);
    },
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
