import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** Routes of the orders module (under /v1). */
const ordersRoutes: FastifyPluginAsyncZod = async (_app) => {};

export default ordersRoutes;
