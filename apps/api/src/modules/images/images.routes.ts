import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** Routes of the images module (under /v1). */
const imagesRoutes: FastifyPluginAsyncZod = async (_app) => {};

export default imagesRoutes;
