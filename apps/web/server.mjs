#!/usr/bin/env node
/**
 * The storefront's server (`npm start`, the e2e journeys, the bench, in place of `next start`; `npm run dev`, in
 * place of `next dev`): Next's request handler behind a node:http server that alone decides each request's client
 * address (server/client-address.mjs). The browser's X-Forwarded-For, X-Real-IP and the like never reach the
 * storefront's code; the address the API's per-address limits count comes from this socket, signed.
 *
 *   node server.mjs [-p <port>] [-H <hostname>]        (after `next build`; run in apps/web)
 *   node server.mjs --dev [-p <port>] [-H <hostname>]  (Next's development server: compiles on request, reloads)
 *
 * Environment, besides the storefront's own (lib/env.ts):
 *   CLIENT_ADDRESS_SECRET   32+ characters, the API's same value (`npm start` makes one for both); required, except
 *                           with --dev, where without it the browser's claims are still removed but no address is
 *                           passed on (the API counts the storefront itself)
 *   TRUST_PROXY_HOPS        proxies in front that append to X-Forwarded-For (0-10; default 0: browsers connect here)
 *   NEXT_DIST_DIR           the build to serve (next.config.ts; default .next)
 */
import { createServer } from 'node:http';
import { parseArgs } from 'node:util';
import { z } from 'zod';
import { MAX_TRUST_PROXY_HOPS, assignClientAddress, removeClientClaims } from './server/client-address.mjs';

const { values } = parseArgs({
  options: {
    port: { type: 'string', short: 'p', default: process.env.PORT ?? '3000' },
    hostname: { type: 'string', short: 'H' },
    dev: { type: 'boolean', default: false },
  },
});
const dev = values.dev;

const secretSchema = z
  .string({ error: 'CLIENT_ADDRESS_SECRET must be set (32+ characters, the same value as the API’s)' })
  .min(32, 'CLIENT_ADDRESS_SECRET must have at least 32 characters');
const ConfigSchema = z.object({
  CLIENT_ADDRESS_SECRET: dev ? secretSchema.optional() : secretSchema,
  TRUST_PROXY_HOPS: z.coerce.number().int().min(0).max(MAX_TRUST_PROXY_HOPS).default(0),
});

const port = z.coerce.number().int().min(0).max(65535).parse(values.port);
const parsed = ConfigSchema.safeParse(process.env);
if (!parsed.success) {
  console.error(`Invalid configuration:\n${z.prettifyError(parsed.error)}`);
  process.exit(1);
}
const { CLIENT_ADDRESS_SECRET: secret, TRUST_PROXY_HOPS: hops } = parsed.data;
if (!secret) {
  console.warn(
    'CLIENT_ADDRESS_SECRET is not set: no client address is passed on, and the API counts every guest as this ' +
      'storefront (set the same 32+ characters for the API and the storefront).',
  );
}

// As `next start` / `next dev`: a production server unless told otherwise. Set before Next is loaded.
process.env.NODE_ENV ||= dev ? 'development' : 'production';
const { default: next } = await import('next');
const server = createServer((request, response) => {
  if (secret) assignClientAddress(request, { secret, hops, nowSeconds: Date.now() / 1000 });
  else removeClientClaims(request);
  handle(request, response).catch((error) => {
    console.error(error);
    if (!response.headersSent) response.statusCode = 500;
    response.end();
  });
});
const app = next({
  dev,
  dir: import.meta.dirname,
  port,
  // The development server's live reload (a WebSocket) is answered on this server's upgrades.
  httpServer: server,
  ...(values.hostname ? { hostname: values.hostname } : {}),
});
const handle = app.getRequestHandler();
await app.prepare();

server.listen(port, values.hostname, () => {
  const address = server.address();
  const shown = typeof address === 'object' && address ? address.port : port;
  console.log(
    `Storefront${dev ? ' (development)' : ''} ready on port ${shown} (client addresses: ${
      secret ? `${hops} trusted proxy hop(s)` : 'not passed on'
    })`,
  );
});

function stop() {
  server.close(() => process.exit(0));
  setTimeout(() => process.exit(0), 3000).unref();
}
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
