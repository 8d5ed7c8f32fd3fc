import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { CaptchaChallengeResponseSchema } from '@storefront/contracts/accounts';
import { ok } from '../../lib/envelope';
import { altchaHmacKey, createAltchaChallenge } from './index';

/**
 * GET /v1/captcha/challenge: a new ALTCHA challenge in the envelope (the storefront's /api/captcha
 * gives the widget the value). Public: the
 * forms it guards are those of guests. Rate-limited per address: a challenge costs the server one hash and an
 * HMAC, but nobody needs more than a few a minute.
 */
const captchaRoutes: FastifyPluginAsyncZod = async (app) => {
  const hmacKey = altchaHmacKey(app.config);
  const maxNumber = app.config.CAPTCHA_MAX_NUMBER;

  app.get(
    '/captcha/challenge',
    {
      config: { rateLimit: { max: 60, timeWindow: '1 minute' } },
      schema: {
        tags: ['captcha'],
        summary: 'An ALTCHA proof-of-work challenge (single use, expires in 10 minutes)',
        response: { 200: CaptchaChallengeResponseSchema },
      },
    },
    async (_request, reply) => {
      // Every challenge is new and single use: no cache may hand one out twice.
      reply.header('cache-control', 'no-store');
      return ok(await createAltchaChallenge(hmacKey, maxNumber));
    },
  );
};

export default captchaRoutes;
