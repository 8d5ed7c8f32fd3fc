import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** Routes of the payments module (under /v1). */
const paymentsRoutes: FastifyPluginAsyncZod = async (_app) => {};

export default paymentsRoutes;
