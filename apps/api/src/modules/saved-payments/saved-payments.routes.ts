import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
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

/** Routes of the saved-payments module (under /v1): the signed-in customer's saved cards (user token). */
const savedPaymentsRoutes: FastifyPluginAsyncZod = async (app) => {
  const auth = { onRequest: [app.authenticate] };
  const schema = { tags: ['accounts'], security: [{ bearer: [] }] };

  app.get(
    '/guests/saved-payments',
    {
      ...auth,
      schema: {
        ...schema,
        summary: "The signed-in customer's saved cards, the last saved first (one processor's when asked)",
        querystring: SavedPaymentsQuerySchema,
        response: { 200: SavedPaymentsResponseSchema, ...errors },
      },
    },
    async (request) => ok(await listSavedPayments(app.db, sessionOf(request), request.query)),
  );

  app.delete(
    '/guests/saved-payments/:id',
    {
      ...auth,
      schema: {
        ...schema,
        summary: "Delete one of the customer's saved cards",
        params: SavedPaymentParamsSchema,
        response: { 200: DeleteSavedPaymentResponseSchema, ...errors },
      },
    },
    async (request) => ok(await deleteSavedPayment(app.db, sessionOf(request), request.params.id)),
  );

  app.patch(
    '/guests/saved-payments/:id/address',
    {
      ...auth,
      schema: {
        ...schema,
        summary: "Replace a saved card's billing address, checked at the store's address-verification level",
        params: SavedPaymentParamsSchema,
        body: SavedPaymentAddressBodySchema,
        response: { 200: SavedPaymentResponseSchema, ...errors },
      },
    },
    async (request) =>
      ok(await patchSavedPaymentAddress(app.db, sessionOf(request), request.params.id, request.body)),
  );
};

export default savedPaymentsRoutes;
