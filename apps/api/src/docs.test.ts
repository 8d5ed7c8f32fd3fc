import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from './app';
import { openDatabase, type Database } from './db/client';
import { testEnv } from './test/harness';
import { loadEnv, type Env } from './env';

/**
 * The interactive docs (/docs) are for developers: never in production, on elsewhere unless API_DOCS=false (and
 * then for this machine only: abuse-infra.test.ts). No route here reaches the database, so one unmigrated PGlite
 * serves all.
 */
let database: Database;
beforeAll(() => {
  database = openDatabase({ dataDir: 'memory://' });
});
afterAll(async () => {
  await database.close();
});

async function docsStatus(overrides: Partial<Env>): Promise<number> {
  const app = await buildApp({ env: { ...testEnv, ...overrides }, database, logger: false });
  try {
    const res = await app.inject({ method: 'GET', url: '/docs/json' });
    return res.statusCode;
  } finally {
    await app.close();
  }
}

describe('/docs', () => {
  it('is not served in production by default', async () => {
    expect(await docsStatus({ NODE_ENV: 'production', API_DOCS: undefined })).toBe(404);
  });

  it('cannot be turned on in production, and is served outside it unless API_DOCS=false', async () => {
    expect(await docsStatus({ NODE_ENV: 'production', API_DOCS: true })).toBe(404);
    expect(() => loadEnv({ NODE_ENV: 'production', JWT_SECRET: 'x'.repeat(32), API_DOCS: 'true' })).toThrow(
      /API_DOCS=true is for development only/,
    );
    expect(await docsStatus({ NODE_ENV: 'development', API_DOCS: undefined })).toBe(200);
    expect(await docsStatus({ NODE_ENV: 'development', API_DOCS: false })).toBe(404);
  });
});
