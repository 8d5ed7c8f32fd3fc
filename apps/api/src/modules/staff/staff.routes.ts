import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** Routes of the staff module (under /v1). */
const staffRoutes: FastifyPluginAsyncZod = async (_app) => {};

export default staffRoutes;
