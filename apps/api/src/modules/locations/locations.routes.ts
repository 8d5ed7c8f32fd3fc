import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** Routes of the locations module (under /v1). */
const locationsRoutes: FastifyPluginAsyncZod = async (_app) => {};

export default locationsRoutes;
