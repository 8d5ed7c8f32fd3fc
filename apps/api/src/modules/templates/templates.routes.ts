import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** Routes of the templates module (under /v1). */
const templatesRoutes: FastifyPluginAsyncZod = async (_app) => {};

export default templatesRoutes;
