import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ErrorEnvelopeSchema } from '@storefront/contracts/api';
import {
  FeatureFlagsResponseSchema,
  UiTemplateQuerySchema,
  UiTemplateResponseSchema,
} from '@storefront/contracts/templates';
import { ok } from '../../lib/envelope';
import { getUiTemplate, listFeatureFlags } from './templates.service';

/** Routes of the templates module (under /v1): UI templates and feature flags. */
const templatesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/technology/ui-templates',
    {
      schema: {
        tags: ['templates'],
        summary: "A location's UI template (its brand's default when it has none of its own)",
        querystring: UiTemplateQuerySchema,
        response: { 200: UiTemplateResponseSchema, 400: ErrorEnvelopeSchema, 404: ErrorEnvelopeSchema },
      },
    },
    async (request) => ok(await getUiTemplate(app.db, request.query.locationId)),
  );

  app.get(
    '/feature-flags',
    {
      schema: {
        tags: ['templates'],
        summary: 'Feature flags (name and enabled)',
        response: { 200: FeatureFlagsResponseSchema },
      },
    },
    async () => ok(await listFeatureFlags(app.db)),
  );
};

export default templatesRoutes;
