import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { CaptchaChallengeResponseSchema } from '@storefront/contracts/accounts';
import { ok } from '../../lib/envelope';
import { altchaHmacKey, createAltchaChallenge } from './index';

/** The work of a challenge doubles at most this many times (128 times CAPTCHA_MAX_NUMBER). */
export const CAPTCHA_MAX_DOUBLINGS = 7;
/** The window over which a client address's challenges are counted. */
export const CAPTCHA_COUNT_WINDOW = '1 hour';

/**
 * The maxnumber of the `n`th challenge (1-based) of a client address in its window: `base` for the first `free`,
 * then doubled for each further one, at most CAPTCHA_MAX_DOUBLINGS times. A browser asks for one per form it sends
 * (a second at most); a script that signs in, signs up or guesses coupons by the hundred pays seconds, then a
 * minute, per try.
 */
export function challengeMaxNumber(base: number, free: number, n: number): number {
  const doublings = Math.min(CAPTCHA_MAX_DOUBLINGS, Math.max(0, n - free));
  return base * 2 ** doublings;
}

/**
 * GET /v1/captcha/challenge: a new ALTCHA challenge in the envelope (the storefront's /api/captcha
 * gives the widget the value). Public: the
 * forms it guards are those of guests. Rate-limited per address: a challenge costs the server one hash and an
 * HMAC, but nobody needs more than a few a minute. Its work grows with the address's challenges of the hour
 * (challengeMaxNumber).
 */
const captchaRoutes: FastifyPluginAsyncZod = async (app) => {
  const hmacKey = altchaHmacKey(app.config);
  const { CAPTCHA_MAX_NUMBER: base, CAPTCHA_FREE_CHALLENGES: free } = app.config;
  // Challenges per client address (in Redis across processes with REDIS_URL); never refuses, only counts.
  const challenges = app.createRateLimit({
    max: Number.MAX_SAFE_INTEGER,
    timeWindow: CAPTCHA_COUNT_WINDOW,
    keyGenerator: (request) => `captcha-challenges:${request.clientAddress}`,
  });

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
    async (request, reply) => {
      // Every challenge is new and single use: no cache may hand one out twice.
      reply.header('cache-control', 'no-store');
      const counted = await challenges(request);
      const n = counted.isAllowed ? 1 : counted.max - counted.remaining;
      return ok(await createAltchaChallenge(hmacKey, challengeMaxNumber(base, free, n)));
    },
  );
};

export default captchaRoutes;
