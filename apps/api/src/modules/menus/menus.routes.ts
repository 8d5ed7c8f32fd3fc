import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** Routes of the menus module (under /v1). */
const menusRoutes: FastifyPluginAsyncZod = async (_app) => {};

export default menusRoutes;
