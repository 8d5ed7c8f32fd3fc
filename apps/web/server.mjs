#!/usr/bin/env node
/**
 * The storefront's production server (`npm start`, the e2e journeys, the bench; in place of `next start`): Next's
 * request handler behind a node:http server that alone decides each request's client address
 * (server/client-address.mjs). The browser's X-Forwarded-For, X-Real-IP and the like never reach the storefront's
 * code; the address the API's per-address limits count comes from this socket, signed.
 *
 *   node server.mjs [-p <port>] [-H <hostname>]        (after `next build`; run in apps/web)
 *
 * Environment, besides the storefront's own (lib/env.ts):
 *   CLIENT_ADDRESS_SECRET   required: 32+ characters, the API's same value (`npm start` makes one for both)
 *   TRUST_PROXY_HOPS        proxies in front that append to X-Forwarded-For (0-10; default 0: browsers connect here)
 *   NEXT_DIST_DIR           the build to serve (next.config.ts; default .next)
 */
import { createServer } from 'node:http';
import { parseArgs } from 'node:util';
import { z } from 'zod';
import { MAX_TRUST_PROXY_HOPS, assignClientAddress } from './server/client-address.mjs';

const ConfigSchema = z.object({
  CLIENT_ADDRESS_SECRET: z
    .string({ error: 'CLIENT_ADDRESS_SECRET must be set (32+ characters, the same value as the API’s)' })
    .min(32, 'CLIENT_ADDRESS_SECRET must have at least 32 characters'),
  TRUST_PROXY_HOPS: z.coerce.number().int().min(0).max(MAX_TRUST_PROXY_HOPS).default(0),
});

const { values } = parseArgs({
  options: {
    port: { type: 'string', short: 'p', default: process.env.PORT ?? '3000' },
    hostname: { type: 'string', short: 'H' },
  },
});
const port = z.coerce.number().int().min(0).max(65535).parse(values.port);
const parsed = ConfigSchema.safeParse(process.env);
if (!parsed.success) {
  console.error(`Invalid configuration:\n${z.prettifyError(parsed.error)}`);
  process.exit(1);
}
const { CLIENT_ADDRESS_SECRET: secret, TRUST_PROXY_HOPS: hops } = parsed.data;

// As `next start`: a production server unless told otherwise. Set before Next is loaded.
process.env.NODE_ENV ||= 'production';
const { default: next } = await import('next');
const app = next({
  dev: false,
  dir: import.meta.dirname,
  port,
  ...(values.hostname ? { hostname: values.hostname } : {}),
});
const handle = app.getRequestHandler();
await app.prepare();

const server = createServer((request, response) => {
  assignClientAddress(request, { secret, hops, nowSeconds: Date.now() / 1000 });
  handle(request, response).catch((error) => {
    console.error(error);
    if (!response.headersSent) response.statusCode = 500;
    response.end();
  });
});
server.listen(port, values.hostname, () => {
  const address = server.address();
  const shown = typeof address === 'object' && address ? address.port : port;
  console.log(`Storefront ready on port ${shown} (client addresses: ${hops} trusted proxy hop(s))`);
});

function stop() {
  server.close(() => process.exit(0));
  setTimeout(() => process.exit(0), 3000).unref();
}
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
