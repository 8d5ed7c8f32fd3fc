/**
 * A request the database cannot serve (no server, a connection ended, no connection free in time) answers 503
 * with Retry-After in the envelope, soon, instead of a 500 or a request left hanging.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { openDatabase, type Database } from '../db/client';
import { testEnv } from '../test/harness';
import { isDatabaseUnavailable } from './db-errors';

describe('database unavailable', () => {
  let database: Database;
  let app: Awaited<ReturnType<typeof buildApp>>;
  beforeAll(async () => {
    // Nothing listens on port 1: every connection attempt is refused.
    database = openDatabase({
      url: 'postgres://postgres@127.0.0.1:1/none',
      pool: { acquireTimeoutMs: 1_000 },
    });
    app = await buildApp({ env: testEnv, database, logger: false });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    await database.close();
  });

  it('answers 503 with Retry-After in the envelope, within the acquire timeout', async () => {
    const started = Date.now();
    const res = await app.inject({ method: 'GET', url: '/v1/locations/1' });
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(res.statusCode).toBe(503);
    expect(res.headers['retry-after']).toBe('2');
    expect(res.json()).toEqual({
      value: null,
      succeed: false,
      errors: [{ key: 'ServiceUnavailable', code: 503, message: expect.any(String) as string }],
    });
  });

  it('tells unavailability from bugs through wrapped causes', () => {
    const wrapped = (cause: unknown) => Object.assign(new Error('Failed query: select 1'), { cause });
    expect(isDatabaseUnavailable(wrapped(Object.assign(new Error('terminating'), { code: '57P01' })))).toBe(
      true,
    );
    expect(isDatabaseUnavailable(wrapped(Object.assign(new Error('x'), { code: '08006' })))).toBe(true);
    expect(isDatabaseUnavailable(new Error('timeout exceeded when trying to connect'))).toBe(true);
    expect(isDatabaseUnavailable(wrapped(Object.assign(new Error('dup'), { code: '23505' })))).toBe(false);
    expect(isDatabaseUnavailable(new TypeError('x is undefined'))).toBe(false);
  });
});
