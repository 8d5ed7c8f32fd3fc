import { randomBytes } from 'node:crypto';
import Fastify from 'fastify';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import type { Env } from '../env';
import { isRedisReachable, redisUrl } from '../test/harness';
import rateLimitPlugin from './rate-limit';

/** A bare app with the plugin and one route limited to 2 requests a minute. */
async function limitedApp(config: Pick<Env, 'REDIS_URL' | 'REDIS_KEY_PREFIX'>) {
  const app = Fastify({ logger: false });
  app.decorate('config', config as Env);
  await app.register(rateLimitPlugin);
  app.get('/limited', { config: { rateLimit: { max: 2, timeWindow: '1 minute' } } }, () => ({ ok: true }));
  await app.ready();
  return app;
}

const stores = (await isRedisReachable()) ? ['memory', 'redis'] : ['memory'];

describe('rate limits', () => {
  const prefix = `sf-test-${randomBytes(6).toString('hex')}:`;
  afterAll(async () => {
    if (!stores.includes('redis')) return;
    const redis = new Redis(redisUrl);
    const keys = await redis.keys(`${prefix}*`);
    if (keys.length > 0) await redis.del(...keys);
    redis.disconnect();
  });

  it.each(stores)('are counted across two app instances only with Redis (%s)', async (store) => {
    const config = { REDIS_URL: store === 'redis' ? redisUrl : undefined, REDIS_KEY_PREFIX: prefix };
    const [a, b] = await Promise.all([limitedApp(config), limitedApp(config)]);
    try {
      const statuses: number[] = [];
      for (const app of [a, b, a, b, a, b]) {
        statuses.push((await app.inject({ method: 'GET', url: '/limited' })).statusCode);
      }
      // In memory each instance allows its own 2; in Redis the 2 are for both together.
      expect(statuses).toEqual(
        store === 'redis' ? [200, 200, 429, 429, 429, 429] : [200, 200, 200, 200, 429, 429],
      );
    } finally {
      await Promise.all([a.close(), b.close()]);
    }
  });

  // Fail open: a Redis outage must not take the routes behind a limit down with it (plugins/rate-limit.ts).
  it('let requests through, without waiting long, when Redis cannot be reached', async () => {
    const started = Date.now();
    const app = await limitedApp({ REDIS_URL: 'redis://127.0.0.1:1', REDIS_KEY_PREFIX: prefix });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 4; i += 1) {
        statuses.push((await app.inject({ method: 'GET', url: '/limited' })).statusCode);
      }
      expect(statuses).toEqual([200, 200, 200, 200]);
      expect(Date.now() - started).toBeLessThan(10_000);
    } finally {
      await app.close();
    }
  });
});
