/**
 * Integration-test harness: a real app on a real, freshly migrated and seeded database.
 * Every API test runs on embedded PGlite and, when reachable, on the PostgreSQL server
 * (TEST_DATABASE_URL, else postgres://postgres@127.0.0.1:5432/postgres), each file in its own database.
 */
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { Redis } from 'ioredis';
import pg from 'pg';
import { dropServerDatabase, serverUrl } from './server-database';
import { loadEnv, type Env } from '../env';
import { openDatabase, type Database, type PoolBounds } from '../db/client';
import { seedDemo } from '../db/seed/index';
import { buildApp } from '../app';
// The test harness only: API tests reach the sandbox processor over real HTTP, as the API does in production.
import { buildProcessor, type ProcessorApp } from '../../../sandbox-processor/src/app';
import { NO_FAULTS } from '../../../sandbox-processor/src/faults';

export type DbKind = 'pglite' | 'postgres';

// The PostgreSQL server the tests create their databases on, and how one is dropped (server-database.ts: the
// sandbox processor's own tests use it too).
export { dropServerDatabase, serverUrl } from './server-database';
/** The Redis the shared rate-limit tests use when it answers. */
export const redisUrl = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

let postgresReachable: Promise<boolean> | null = null;
/** Whether the PostgreSQL server answers (asked once per test file). */
export function isPostgresReachable(): Promise<boolean> {
  postgresReachable ??= (async () => {
    const client = new pg.Client({ connectionString: serverUrl, connectionTimeoutMillis: 2000 });
    try {
      await client.connect();
      await client.query('select 1');
      return true;
    } catch {
      return false;
    } finally {
      await client.end().catch(() => undefined);
    }
  })();
  return postgresReachable;
}

let redisReachable: Promise<boolean> | null = null;
/** Whether Redis answers (asked once per test file); tests that need it run only then, like dbKinds. */
export function isRedisReachable(): Promise<boolean> {
  redisReachable ??= (async () => {
    const redis = new Redis(redisUrl, { lazyConnect: true, connectTimeout: 2000, retryStrategy: () => null });
    redis.on('error', () => undefined);
    try {
      await redis.connect();
      return (await redis.ping()) === 'PONG';
    } catch {
      return false;
    } finally {
      redis.disconnect();
    }
  })();
  return redisReachable;
}

/** The database kinds to run against: PGlite always, PostgreSQL when the server answers. */
export async function dbKinds(): Promise<DbKind[]> {
  return (await isPostgresReachable()) ? ['pglite', 'postgres'] : ['pglite'];
}

/** The merchant the tests are at the sandbox processor. */
export const testMerchant = {
  id: 'storefront',
  apiKey: `test-processor-key-${randomBytes(24).toString('hex')}`,
};

/** A sandbox processor started for tests, and how to stop it (its database dropped with it). */
export interface TestProcessor {
  processor: ProcessorApp;
  url: string;
  close: () => Promise<void>;
}

/**
 * A sandbox processor for one test context: in this process, on an ephemeral port of its own, with storage of
 * its own (a new PostgreSQL database when the server answers, which starts in a tenth of a second; else an
 * in-memory PGlite, which takes seconds); the API reaches it over HTTP like a real processor. Tests may change
 * its faults.
 */
export async function startTestProcessor(): Promise<TestProcessor> {
  const server = (await isPostgresReachable()) ? await createServerDatabase() : null;
  const processor = await buildProcessor({
    port: 0,
    host: '127.0.0.1',
    publicUrl: 'http://127.0.0.1:9',
    dataDir: null,
    ...(server ? { databaseUrl: server.url } : {}),
    merchants: [testMerchant],
    parentOrigin: 'http://localhost:3000',
    faults: NO_FAULTS,
    production: false,
  });
  await processor.app.listen({ port: 0, host: '127.0.0.1' });
  const address = processor.app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    processor,
    url: `http://127.0.0.1:${port}`,
    close: async () => {
      await processor.app.close();
      if (server) await server.drop();
    },
  };
}

export const testEnv: Env = loadEnv({
  NODE_ENV: 'test',
  PROCESSOR_MERCHANT_ID: testMerchant.id,
  PROCESSOR_API_KEY: testMerchant.apiKey,
  LOG_LEVEL: 'silent',
  STAFF_KEY: 'test-staff-key',
  // A light proof of work: every test that creates a card payment solves a captcha (solveCaptcha()).
  CAPTCHA_MAX_NUMBER: '1000',
  // Every test's requests come from a few addresses: the captcha's work does not grow with their number here
  // (the abuse tests set it back to the default).
  CAPTCHA_FREE_CHALLENGES: '1000000',
  // Set, so that tests neither make nor read a secret file in a data directory.
  JWT_SECRET: `test-jwt-secret-${randomBytes(24).toString('hex')}`,
  // Most test files never search an address: they do not build the gazetteer's index at start (~0.5-1 s each);
  // locations.test.ts sets it back to the default.
  GEOCODER_PRELOAD: 'false',
  LOYALTY_SSO_SECRET: `test-sso-secret-${randomBytes(24).toString('hex')}`,
});

/** What the demo seed reads from the environment: a template seeded with other values does not fit. */
export function seedKey(env: Env): string {
  return JSON.stringify([
    env.WEB_CLIENT_ID,
    env.WEB_CLIENT_SECRET,
    env.CATERING_CLIENT_ID,
    env.CATERING_CLIENT_SECRET,
    env.INSTORE_CLIENT_ID,
    env.INSTORE_CLIENT_SECRET,
    env.STAFF_KEY,
  ]);
}

/** The migrated and seeded databases of this run (global-setup.ts), copied by each test context. */
export interface DbTemplates {
  /** A PGlite data directory tarball. */
  pgliteFile: string;
  /** A template database on the PostgreSQL server, when it answers. */
  postgresName: string | null;
  /** seedKey() of the environment they were seeded with. */
  seedKey: string;
}

let templates: Promise<DbTemplates | null> | null = null;
/** The run's templates; null outside Vitest (fuzz-server.ts runs in a process of its own) or without them. */
function dbTemplates(): Promise<DbTemplates | null> {
  templates ??= import('vitest').then(({ inject }) => inject('dbTemplates') ?? null).catch(() => null);
  return templates;
}

/** A new database on the PostgreSQL server (empty, or a copy of `template`), and how to drop it. */
export async function createServerDatabase(
  template?: string,
): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `sf_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    for (let attempt = 0; ; attempt += 1) {
      try {
        await admin.query(`create database ${name}${template ? ` template ${template}` : ''}`);
        break;
      } catch (error) {
        // 55006: another run's copy of the template is starting at this very moment; it takes milliseconds.
        if ((error as { code?: string }).code !== '55006' || attempt >= 50) throw error;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    }
  } finally {
    await admin.end();
  }
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => dropServerDatabase(name) };
}

export interface TestContext {
  app: Awaited<ReturnType<typeof buildApp>>;
  database: Database;
  env: Env;
  close: () => Promise<void>;
  /** The sandbox processor the app charges and captures at (its ledger, its faults). */
  processor: ProcessorApp;
  /** A fresh guest access token for the web client (app type 107) unless another client is named. */
  token: (clientId?: string) => Promise<string>;
}

export interface TestContextOptions {
  /**
   * Bounds of the PostgreSQL pool. Tests wait longer than a server does (a connection within 20 s, not 5; a
   * statement, lock waits included, and an idle transaction 60 s, not 15 and 30): CI machines are shared and
   * slow, and tests that race 40 requests on one order's row lock must not fail on the machine's speed. The
   * fault tests set their own bounds.
   */
  pool?: Partial<PoolBounds>;
}

/** Builds the app on a migrated, seeded database of the given kind. */
export async function createTestContext(
  kind: DbKind,
  overrides: Partial<Env> = {},
  options: TestContextOptions = {},
): Promise<TestContext> {
  const seedEnv = { ...testEnv, ...overrides };
  const template = await dbTemplates().then((t) => (t && t.seedKey === seedKey(seedEnv) ? t : null));
  let drop: (() => Promise<void>) | null = null;
  let database: Database;
  if (kind === 'postgres') {
    const created = await createServerDatabase(template?.postgresName ?? undefined);
    drop = created.drop;
    database = openDatabase({
      url: created.url,
      poolSize: 25,
      pool: {
        acquireTimeoutMs: 20_000,
        statementTimeoutMs: 60_000,
        idleInTransactionTimeoutMs: 60_000,
        ...options.pool,
      },
      // Dropping the test database terminates connections the pool still holds (57P01): expected at teardown.
      onIdleClientError: (error) => {
        if (error.code !== '57P01') console.error('idle PostgreSQL connection failed:', error);
      },
    });
    if (!template?.postgresName) {
      await database.migrate();
      await seedDemo(database.db, seedEnv);
    }
  } else if (template) {
    database = openDatabase({
      dataDir: 'memory://',
      loadDataDir: new Blob([readFileSync(template.pgliteFile)]),
    });
  } else {
    database = openDatabase({ dataDir: 'memory://' });
    await database.migrate();
    await seedDemo(database.db, seedEnv);
  }
  // The processor starts once the database is ready (its own storage would only compete with it).
  const testProcessor = await startTestProcessor();
  const { processor, url: processorUrl } = testProcessor;
  const env = { ...testEnv, PROCESSOR_URL: processorUrl, ...overrides };
  const app = await buildApp({ env, database, logger: false });
  await app.ready();
  const secrets: Record<string, string> = {
    [env.WEB_CLIENT_ID]: env.WEB_CLIENT_SECRET,
    [env.CATERING_CLIENT_ID]: env.CATERING_CLIENT_SECRET,
    [env.INSTORE_CLIENT_ID]: env.INSTORE_CLIENT_SECRET,
  };
  return {
    app,
    database,
    env,
    processor,
    token: async (clientId = env.WEB_CLIENT_ID) => {
      const res = await app.inject({
        method: 'POST',
        url: '/v1/oauth/token',
        payload: { clientId, clientSecret: secrets[clientId] ?? '' },
      });
      const body = res.json<{ value: { accessToken: string } }>();
      return body.value.accessToken;
    },
    close: async () => {
      await app.close();
      await database.close();
      await testProcessor.close();
      if (drop) await drop();
    },
  };
}
