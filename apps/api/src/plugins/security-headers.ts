/**
 * Security headers of every answer, the set @fastify/helmet gave this JSON API (no CSP, no frame options: the
 * docs UI and the hosted payment page set their own; CORP cross-origin for pictures). One hook assigning a
 * constant object instead of helmet's middleware chain, which cost a large share of a cached read. HSTS only on an
 * answer to a request that came over HTTPS: on the socket itself, or per X-Forwarded-Proto from a proxy named in
 * TRUST_PROXY (Fastify's request.protocol); over plain HTTP it means nothing and tells a prober the wrong thing.
 */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

export const SECURITY_HEADERS = Object.freeze({
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-resource-policy': 'cross-origin',
  'origin-agent-cluster': '?1',
  'referrer-policy': 'no-referrer',
  'x-content-type-options': 'nosniff',
  'x-dns-prefetch-control': 'off',
  'x-download-options': 'noopen',
  'x-permitted-cross-domain-policies': 'none',
  'x-xss-protection': '0',
});

/** One year, subdomains included (the API's origin is its own host). */
export const HSTS = 'max-age=31536000; includeSubDomains';

export default fp(function securityHeadersPlugin(app: FastifyInstance) {
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(SECURITY_HEADERS);
    if (request.protocol === 'https') reply.header('strict-transport-security', HSTS);
    done();
  });
});
