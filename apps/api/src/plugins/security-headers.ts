/**
 * Security headers of every answer, the set @fastify/helmet gave this JSON API (no CSP, no frame options: the
 * docs UI and the hosted payment page set their own; CORP cross-origin for pictures). One hook assigning a
 * constant object instead of helmet's middleware chain, which cost a large share of a cached read.
 */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

export const SECURITY_HEADERS = Object.freeze({
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-resource-policy': 'cross-origin',
  'origin-agent-cluster': '?1',
  'referrer-policy': 'no-referrer',
  'strict-transport-security': 'max-age=31536000; includeSubDomains',
  'x-content-type-options': 'nosniff',
  'x-dns-prefetch-control': 'off',
  'x-download-options': 'noopen',
  'x-permitted-cross-domain-policies': 'none',
  'x-xss-protection': '0',
});

export default fp(function securityHeadersPlugin(app: FastifyInstance) {
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(SECURITY_HEADERS);
    done();
  });
});
