/**
 * Rate limits (@fastify/rate-limit), opted into by each route. Counted in this process's memory, or in Redis with
 * REDIS_URL so that every API process behind one proxy counts the same attempts (the plugin's own Redis store).
 * A route's limit without its own key counts per client address: request.clientAddress (plugins/client-address.ts),
 * the address the storefront signed for its guest, else what Fastify's trustProxy (TRUST_PROXY) makes of the
 * connection.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import rateLimit from '@fastify/rate-limit';
import { Redis } from 'ioredis';

/** How long the start waits for Redis before serving without it (the limits then fail open, below). */
const REDIS_READY_WAIT_MS = 3_000;

async function whenReady(redis: Redis, ms: number): Promise<boolean> {
  if (redis.status === 'ready') return true;
  return new Promise((resolve) => {
    const timer = setTimeout(() => {
      redis.off('ready', onReady);
      resolve(false);
    }, ms);
    const onReady = () => {
      clearTimeout(timer);
      resolve(true);
    };
    redis.once('ready', onReady);
  });
}

/** The key of a limit that names none: the client address (never the raw request.ip, which a proxy may be). */
const keyGenerator = (request: FastifyRequest) => request.clientAddress;

export default fp(async function rateLimitPlugin(app: FastifyInstance) {
  const url = app.config.REDIS_URL;
  if (!url) {
    await app.register(rateLimit, { global: false, keyGenerator });
    return;
  }
  const redis = new Redis(url, {
    // A request never waits on Redis for long: while it is away a command fails at once (no queue) or after
    // commandTimeout, and the limit is skipped (skipOnError below) instead of the request hanging.
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    commandTimeout: 500,
    connectTimeout: 2_000,
  });
  // Each failed connection attempt is logged (ioredis retries every 2 s at most), so an outage shows in the logs
  // for as long as the limits are not enforced.
  redis.on('error', (error: Error) => {
    app.log.error({ err: error }, 'rate limits: Redis unreachable, limits are not enforced until it is back');
  });
  redis.on('ready', () => app.log.info('rate limits: counted in Redis'));
  app.addHook('onClose', async () => {
    await redis.quit().catch(() => redis.disconnect());
  });
  if (!(await whenReady(redis, REDIS_READY_WAIT_MS))) {
    app.log.error('rate limits: Redis not ready at start, serving without limits until it is');
  }
  await app.register(rateLimit, {
    global: false,
    keyGenerator,
    redis,
    nameSpace: app.config.REDIS_KEY_PREFIX,
    // Fail open. The limits slow down guessing (client secrets, staff keys, card numbers on the sandbox page);
    // they are not what keeps a guest out of another's order (tokens and sessions do that). Failing closed would
    // turn a Redis outage into an outage of sign-in and of every new guest's token, i.e. of the storefront,
    // which an operator would not trade for a few minutes of unlimited guessing against 256-bit secrets and
    // argon2 hashes. The outage is logged above.
    skipOnError: true,
  });
});
