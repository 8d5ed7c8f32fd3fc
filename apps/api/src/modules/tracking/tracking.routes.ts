import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** Routes of the tracking module (under /v1). */
const trackingRoutes: FastifyPluginAsyncZod = async (_app) => {};

export default trackingRoutes;
