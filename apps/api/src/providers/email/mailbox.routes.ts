import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope } from '@storefront/contracts/api';
import { DateTimeSchema } from '@storefront/contracts/bounds';
import { ok } from '../../lib/envelope';
import { localOnly } from '../../lib/local-only';
import { MAILBOX_CSP, renderMailboxPage } from './mailbox-page';
import { listMailbox } from './outbox';

/**
 * An address or a phone as a filter: bounded like an e-mail field; empty means all. A phone written in a link
 * as ?to=+12025550123 arrives with its plus decoded to a space: digits alone get their plus back.
 */
const RecipientSchema = z
  .string()
  .trim()
  .max(320)
  .optional()
  .transform((value) => (value ? (/^[1-9][0-9]{6,14}$/.test(value) ? `+${value}` : value) : undefined));

const DevMailboxMessageSchema = z.object({
  id: z.number().int(),
  channel: z.string(),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  html: z.string().nullable(),
  createdAt: DateTimeSchema,
  sentAt: DateTimeSchema.nullable(),
  sentVia: z.string().nullable(),
});

/**
 * The development mailbox (MAILBOX; unset: on everywhere but production, where it does not exist: it shows every
 * activation and reset link and every texted code, so whoever reads it can take over any account): GET /mailbox, a page, and
 * GET /v1/dev/mailbox, the same as JSON for the browser journeys. Both answer this machine only (loopback peers,
 * lib/local-only.ts) and stay out of the OpenAPI document: they are not part of the API a client may use.
 */
const mailboxRoutes: FastifyPluginAsyncZod = async (app) => {
  if (app.config.NODE_ENV === 'production' || app.config.MAILBOX === false) return;
  app.addHook('onRequest', localOnly);

  app.get(
    '/mailbox',
    {
      config: { rateLimit: { max: 120, timeWindow: '1 minute' } },
      schema: { hide: true, querystring: z.object({ to: RecipientSchema }) },
    },
    async (request, reply) => {
      const messages = await listMailbox(app.db, request.query.to);
      return reply
        .header('content-security-policy', MAILBOX_CSP)
        .header('cache-control', 'no-store')
        .type('text/html; charset=utf-8')
        .send(renderMailboxPage(messages, request.query.to));
    },
  );

  app.get(
    '/v1/dev/mailbox',
    {
      config: { rateLimit: { max: 600, timeWindow: '1 minute' } },
      schema: {
        hide: true,
        querystring: z.object({ recipient: RecipientSchema }),
        response: { 200: envelope(z.array(DevMailboxMessageSchema)) },
      },
    },
    async (request, reply) => {
      const messages = await listMailbox(app.db, request.query.recipient);
      reply.header('cache-control', 'no-store');
      return ok(
        messages.map((m) => ({
          ...m,
          createdAt: m.createdAt.toISOString(),
          sentAt: m.sentAt ? m.sentAt.toISOString() : null,
        })),
      );
    },
  );
};

export default mailboxRoutes;
