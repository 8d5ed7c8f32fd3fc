import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ErrorEnvelopeSchema } from '@storefront/contracts/api';
import { z } from 'zod';
import {
  CompactMenuResponseSchema,
  DescendantsQuerySchema,
  DescendantsResponseSchema,
  MenuQuerySchema,
  MenuResponseSchema,
  MenuSnapshotItemParamsSchema,
  PortionLookupsResponseSchema,
  SnapshotItemParamsSchema,
  TransitionsQuerySchema,
  TransitionsResponseSchema,
} from '@storefront/contracts/menu';
import { ItemPricingResponseSchema, MenuItemPricingBodySchema } from '@storefront/contracts/orders';
import { ok } from '../../lib/envelope';
import { sentInInputShape } from '../../lib/sent-as-input';
import { sendJsonText, sendSerialized, type SerializedBody } from '../../lib/http-cache';
import {
  getDescendantsBody,
  getMenuBody,
  listPortionLookups,
  listTransitions,
  priceMenuItemEncoded,
} from './menus.service';

const errors = { 400: ErrorEnvelopeSchema, 401: ErrorEnvelopeSchema, 404: ErrorEnvelopeSchema };

/** Snapshots never change, but the current one of a location does: store privately, revalidate every time. */
const MENU_CACHE_CONTROL = 'private, no-cache';
/** Answers addressed by snapshot id never change. */
const SNAPSHOT_CACHE_CONTROL = 'private, max-age=31536000, immutable';
/** The menu answer depends on Prefer (compact or full) besides the encoding. */
const MENU_VARY = ['Prefer'] as const;

/** `Prefer: return=compact` (RFC 7240): items are sent as their cards (CompactMenuItemSchema), without their trees. */
function prefersCompact(header: string | string[] | undefined): boolean {
  const values = Array.isArray(header) ? header : header ? [header] : [];
  return values.some((v) => /(^|[,;\s])return\s*=\s*"?compact"?/i.test(v));
}

/**
 * The envelope is serialized once per snapshot variant and memoised: sent as is (or 304). The URL names the
 * location's current snapshot, which a new publication replaces: clients keep it and revalidate by ETag.
 */
function sendMenu(request: FastifyRequest, reply: FastifyReply, body: SerializedBody) {
  sendSerialized(request, reply, body, MENU_CACHE_CONTROL, MENU_VARY);
}

/** Routes of the menus module (under /v1). */
const menusRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/sales/menus',
    {
      onRequest: [app.authenticate],
      schema: {
        tags: ['menus'],
        summary:
          "The location's current menu snapshot (Prefer: return=compact sends item cards instead of item trees)",
        querystring: MenuQuerySchema,
        // The compact menu leaves out every field at its default (menus.service.ts, compactCard): documented so.
        response: {
          200: z.union([MenuResponseSchema, sentInInputShape(CompactMenuResponseSchema)]),
          ...errors,
        },
      },
    },
    (request, reply) => {
      const body = getMenuBody(app.db, request.query, prefersCompact(request.headers.prefer));
      if (body instanceof Promise) {
        return body.then((loaded) => {
          sendMenu(request, reply, loaded);
        });
      }
      // In memory already (the hot path): sent without a promise (or a closure).
      sendMenu(request, reply, body);
    },
  );

  app.get(
    '/sales/menus/:snapshotId/items/:itemPathKey/descendants',
    {
      onRequest: [app.authenticate],
      schema: {
        tags: ['menus'],
        summary: 'An item (or any node) with its whole subtree',
        params: SnapshotItemParamsSchema,
        querystring: DescendantsQuerySchema,
        response: { 200: DescendantsResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const body = await getDescendantsBody(
        app.db,
        request.params.snapshotId,
        request.params.itemPathKey,
        request.query.includeOutOfStock ?? false,
      );
      // Addressed by snapshot id: the answer never changes.
      return sendSerialized(request, reply, body, SNAPSHOT_CACHE_CONTROL);
    },
  );

  app.get(
    '/sales/menus/:menuSnapshotId/items/:itemPathKey/transitions',
    {
      onRequest: [app.authenticate],
      schema: {
        tags: ['menus'],
        summary: 'Items this item can transition to (combos); empty when none',
        params: MenuSnapshotItemParamsSchema,
        querystring: TransitionsQuerySchema,
        response: { 200: TransitionsResponseSchema, ...errors },
      },
    },
    async (request) =>
      ok(await listTransitions(app.db, request.params.menuSnapshotId, request.params.itemPathKey)),
  );

  app.get(
    '/menus/lookups/portions',
    {
      onRequest: [app.authenticate],
      schema: {
        tags: ['menus'],
        summary: 'Portion lookups (id and title)',
        response: { 200: PortionLookupsResponseSchema, 401: ErrorEnvelopeSchema },
      },
    },
    async () => ok(await listPortionLookups(app.db)),
  );

  app.post(
    '/sales/menus/:menuSnapshotId/items/:itemPathKey/pricings',
    {
      onRequest: [app.authenticate],
      schema: {
        tags: ['pricing'],
        summary: "Price an item: its defaults with the guest's sequence of changes replayed",
        params: MenuSnapshotItemParamsSchema,
        body: MenuItemPricingBodySchema,
        response: { 200: ItemPricingResponseSchema, ...errors },
      },
    },
    // Encoded by the response schema once per snapshot and request (priceMenuItemEncoded), then sent as it is.
    async (request, reply) =>
      sendJsonText(
        reply,
        await priceMenuItemEncoded(
          app.db,
          request.params.menuSnapshotId,
          request.params.itemPathKey,
          request.body,
        ),
      ),
  );
};

export default menusRoutes;
