import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** The sandbox processor's hosted payment page, served on the API's origin (outside /v1). */
const hostedPaymentRoutes: FastifyPluginAsyncZod = async (_app) => {};

export default hostedPaymentRoutes;
