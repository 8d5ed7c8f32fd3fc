/**
 * buildApp(): cross-cutting plugins, then the modules in an explicit list, then the error handlers.
 * Reading this file tells where every route lives.
 */
import Fastify, { type FastifyInstance } from 'fastify';
import cors from '@fastify/cors';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import {
  jsonSchemaTransform,
  jsonSchemaTransformObject,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { hasMalformedText, wellFormedInput } from '@storefront/contracts/bounds';
import { trustProxyOption, type Env } from './env';
import { localOnly } from './lib/local-only';
import { isSentInInputShape } from './lib/sent-as-input';
import type { Database, Db } from './db/client';
import errorsPlugin, { clientErrorHandler, frameworkErrors } from './plugins/errors';
import authPlugin from './plugins/auth';
import securityHeadersPlugin from './plugins/security-headers';
import rateLimitPlugin from './plugins/rate-limit';
import clientAddressPlugin from './plugins/client-address';
import authRoutes from './modules/auth/auth.routes';
import locationsRoutes from './modules/locations/locations.routes';
import templatesRoutes from './modules/templates/templates.routes';
import menusRoutes from './modules/menus/menus.routes';
import imagesRoutes from './modules/images/images.routes';
import ordersRoutes from './modules/orders/orders.routes';
import discountsRoutes from './modules/discounts/discounts.routes';
import paymentsRoutes from './modules/payments/payments.routes';
import walletRoutes from './modules/payments/wallet.routes';
import verificationRoutes from './modules/verification/verification.routes';
import checkoutRoutes from './modules/checkout/checkout.routes';
import orderDeliveryRoutes from './modules/delivery/order-delivery.routes';
import trackingRoutes from './modules/tracking/tracking.routes';
import staffRoutes from './modules/staff/staff.routes';
import marketingRoutes from './modules/marketing/marketing.routes';
import accountsRoutes from './modules/accounts/accounts.routes';
import { createCaptchaProvider } from './providers/captcha/index';
import captchaRoutes from './providers/captcha/captcha.routes';
import mailboxRoutes from './providers/email/mailbox.routes';
import pastOrdersRoutes from './modules/customer-orders/past-orders.routes';
import savedPaymentsRoutes from './modules/saved-payments/saved-payments.routes';
import loyaltyRoutes from './modules/loyalty/loyalty.routes';
import { createLoyaltyIssuer } from './modules/loyalty/loyalty-sign-in.service';
import { createBuiltInIssuer } from './modules/loyalty/oidc-issuer';
import { oidcIssuerRoutes } from './modules/loyalty/oidc-issuer.routes';

declare module 'fastify' {
  interface FastifyInstance {
    config: Env;
    db: Db;
    database: Database;
  }
}

export type App = FastifyInstance;

/**
 * The document's route transform: zod schemas to JSON Schema, and a bearer token declared on every operation that
 * answers 401 and declares no security of its own. Authentication is a hook of whole route groups (`onRequest:
 * app.authenticate`), which the route options do not show; the documented 401 does. Routes whose 401 means wrong
 * credentials declare `security: []` (openapi-document.test.ts checks the document against the answers).
 */
const documentSecurity: typeof jsonSchemaTransform = (input) => {
  const transformed = jsonSchemaTransform(input);
  documentAsSent(input, transformed.schema);
  allowNullInNullableEnums(transformed.schema);
  const schema = transformed.schema as {
    security?: unknown;
    response?: Record<string, unknown>;
    hide?: boolean;
  };
  if (!schema.hide && schema.security === undefined && schema.response && '401' in schema.response) {
    schema.security = [{ bearer: [] }];
  }
  return transformed;
};

/**
 * An answer sent in its schema's input shape (lib/sent-as-input.ts) is documented by that shape: the library
 * documents every answer as its schema's output, where a field with a default is required. A union's options are
 * replaced one by one (the menu answers a full menu or, with Prefer: return=compact, the compact one).
 */
function documentAsSent(input: Parameters<typeof jsonSchemaTransform>[0], documented: unknown): void {
  const responses = (input.schema as { response?: Record<string, unknown> }).response ?? {};
  const documentedResponses = (documented as { response?: Record<string, unknown> }).response ?? {};
  const inputJson = (schema: unknown) =>
    (jsonSchemaTransform({ ...input, schema: { body: schema } }).schema as { body: unknown }).body;
  for (const [status, schema] of Object.entries(responses)) {
    if (isSentInInputShape(schema)) {
      documentedResponses[status] = inputJson(schema);
      continue;
    }
    const options = (schema as { options?: unknown[] } | null)?.options;
    const anyOf = (documentedResponses[status] as { anyOf?: unknown[] } | undefined)?.anyOf;
    if (!Array.isArray(options) || !anyOf || anyOf.length !== options.length) continue;
    options.forEach((option, i) => {
      if (isSentInInputShape(option)) anyOf[i] = inputJson(option);
    });
  }
}

/** OpenAPI 3.0.3: a nullable enum lists null among its values, or a null would not validate. */
function allowNullInNullableEnums(node: unknown): void {
  if (Array.isArray(node)) return node.forEach(allowNullInNullableEnums);
  if (typeof node !== 'object' || node === null) return;
  const schema = node as { nullable?: unknown; enum?: unknown[] };
  if (schema.nullable === true && Array.isArray(schema.enum) && !schema.enum.includes(null))
    schema.enum.push(null);
  Object.values(node).forEach(allowNullInNullableEnums);
}

export interface BuildAppOptions {
  env: Env;
  database: Database;
  logger?: boolean;
}

export async function buildApp({ env, database, logger = true }: BuildAppOptions) {
  const app = Fastify({
    logger: logger ? { level: env.LOG_LEVEL } : false,
    bodyLimit: 256 * 1024,
    requestTimeout: 30_000,
    // A plugin that has not started in a minute is hung; 10 s (the default) fails starts on a busy machine
    // (Swagger UI reads its assets from disk at registration).
    pluginTimeout: 60_000,
    // Router and HTTP parser errors answer in the envelope too (plugins/errors.ts).
    frameworkErrors,
    clientErrorHandler,
    // request.ip comes from X-Forwarded-For only through proxies named in TRUST_PROXY; the limits count
    // request.clientAddress, which prefers the address a storefront signed (plugins/client-address.ts).
    trustProxy: trustProxyOption(env.TRUST_PROXY),
  }).withTypeProvider<ZodTypeProvider>();

  // Every route's body, query, parameters and headers pass the one well-formed-text check of the contracts
  // first: a lone UTF-16 surrogate in any field is a 400 naming it, never a 500 from a jsonb column. A part
  // that holds none (nearly every request) goes to the route's own schema at once, which answers exactly as the
  // guarded one does then (the guard passes the value on unchanged): the guard's zod wrapper (a refinement and a
  // pipe) is run only to name the field of one that does.
  app.setValidatorCompiler<z.ZodType>((route) => {
    const plain = validatorCompiler(route);
    const guarded = validatorCompiler({ ...route, schema: wellFormedInput(route.schema) });
    return (data) => (hasMalformedText(data) ? guarded(data) : plain(data));
  });
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('config', env);
  app.decorate('db', database.db);
  app.decorate('database', database);
  app.decorate('captcha', createCaptchaProvider(env, database.db, app.log));
  // Loyalty sign-in: the brand's OpenID Connect issuer, or our program's own, mounted below (none in production
  // without its secret, where loyalty login is then off: env.ts refuses loyalty login without an issuer).
  const builtInIssuer =
    env.LOYALTY_OIDC_ISSUER === undefined && env.LOYALTY_OIDC_ISSUER_SECRET !== null
      ? createBuiltInIssuer(env, database.db, app.log, env.LOYALTY_OIDC_ISSUER_SECRET)
      : null;
  app.decorate(
    'loyaltyIssuer',
    createLoyaltyIssuer(env, builtInIssuer, (request) => app.inject(request)),
  );

  await app.register(errorsPlugin);
  await app.register(securityHeadersPlugin);
  await app.register(cors, { origin: [env.WEB_PUBLIC_URL], credentials: false });
  await app.register(clientAddressPlugin);
  await app.register(rateLimitPlugin);
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Storefront ordering API',
        description:
          'The ordering platform API behind the Storefront (envelope `{ value, succeed, errors }`).',
        version: '0.1.0',
      },
      components: {
        securitySchemes: {
          bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
          staffKey: { type: 'apiKey', in: 'header', name: 'X-Staff-Key' },
        },
      },
    },
    transform: documentSecurity,
    // Schemas registered by name (z.globalRegistry: the recursive menu node) become components.
    transformObject: (document) => {
      const transformed = jsonSchemaTransformObject(document);
      allowNullInNullableEnums('components' in transformed ? transformed.components : undefined);
      return transformed;
    },
  });
  // The docs UI outside production unless API_DOCS=false, for this machine only (never in production: env.ts
  // refuses API_DOCS=true there); the OpenAPI document itself stays built.
  if (env.NODE_ENV !== 'production' && env.API_DOCS !== false) {
    await app.register(swaggerUi, { routePrefix: '/docs', uiHooks: { onRequest: localOnly } });
  }
  await app.register(authPlugin);

  app.get('/health', { schema: { hide: true } }, async () => ({ ok: true }));

  await app.register(
    async (v1) => {
      await v1.register(authRoutes);
      await v1.register(locationsRoutes);
      await v1.register(templatesRoutes);
      await v1.register(menusRoutes);
      await v1.register(imagesRoutes);
      await v1.register(ordersRoutes);
      await v1.register(discountsRoutes);
      await v1.register(paymentsRoutes);
      await v1.register(walletRoutes);
      await v1.register(verificationRoutes);
      await v1.register(checkoutRoutes);
      await v1.register(orderDeliveryRoutes);
      await v1.register(trackingRoutes);
      await v1.register(staffRoutes);
      await v1.register(marketingRoutes);
      await v1.register(accountsRoutes);
      await v1.register(captchaRoutes);
      await v1.register(pastOrdersRoutes);
      await v1.register(savedPaymentsRoutes);
      await v1.register(loyaltyRoutes);
    },
    { prefix: '/v1' },
  );
  await app.register(mailboxRoutes);
  if (builtInIssuer) await app.register(oidcIssuerRoutes(builtInIssuer));

  return app;
}
