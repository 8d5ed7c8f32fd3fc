import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { ErrorEnvelopeSchema } from '@storefront/contracts/api';
import {
  DeleteSavedPaymentResponseSchema,
  SavedPaymentAddressBodySchema,
  SavedPaymentParamsSchema,
  SavedPaymentResponseSchema,
  SavedPaymentsQuerySchema,
  SavedPaymentsResponseSchema,
} from '@storefront/contracts/saved-payments';
import { ok } from '../../lib/envelope';
import { sessionOf } from '../../plugins/auth';
import { deleteSavedPayment, listSavedPayments, patchSavedPaymentAddress } from './saved-payments.service';

const errors = {
  400: ErrorEnvelopeSchema,
  401: ErrorEnvelopeSchema,
  403: ErrorEnvelopeSchema,
  404: ErrorEnvelopeSchema,
};

/**
 * The options every saved-card route shares: the user token checked first, the accounts tag and bearer
 * security in the document, `answer` for 200 beside the error envelopes; `parts` adds its params, query or body.
 */
function customerRoute<const P extends object, R extends z.ZodType>(
  app: FastifyInstance,
  summary: string,
  parts: P,
  answer: R,
) {
  return {
    onRequest: [app.authenticate],
    schema: {
      tags: ['accounts'],
      security: [{ bearer: [] }],
      summary,
      ...parts,
      response: { 200: answer, ...errors },
    },
  };
}

/** Routes of the saved-payments module (under /v1): the signed-in customer's saved cards (user token). */
const savedPaymentsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/guests/saved-payments',
    customerRoute(
      app,
      "The signed-in customer's saved cards, the last saved first (one processor's when asked)",
      { querystring: SavedPaymentsQuerySchema },
      SavedPaymentsResponseSchema,
    ),
    async (request) => ok(await listSavedPayments(app.db, sessionOf(request), request.query)),
  );

  app.delete(
    '/guests/saved-payments/:id',
    customerRoute(
      app,
      "Delete one of the customer's saved cards",
      { params: SavedPaymentParamsSchema },
      DeleteSavedPaymentResponseSchema,
    ),
    async (request) => ok(await deleteSavedPayment(app.db, sessionOf(request), request.params.id)),
  );

  app.patch(
    '/guests/saved-payments/:id/address',
    customerRoute(
      app,
      "Replace a saved card's billing address, checked at the store's address-verification level",
      { params: SavedPaymentParamsSchema, body: SavedPaymentAddressBodySchema },
      SavedPaymentResponseSchema,
    ),
    async (request) =>
      ok(await patchSavedPaymentAddress(app.db, sessionOf(request), request.params.id, request.body)),
  );
};

export default savedPaymentsRoutes;
