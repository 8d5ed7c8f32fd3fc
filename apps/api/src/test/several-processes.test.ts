/**
 * Two API processes (node --import tsx src/server.ts) on one PostgreSQL database and one Redis, as behind a load
 * balancer: a placement sent with one Idempotency-Key through both at once makes one order and one charge, and a
 * rate limit is counted across both. Runs when PostgreSQL (TEST_DATABASE_URL, else 127.0.0.1:5432) and Redis
 * (TEST_REDIS_URL, else 127.0.0.1:6379) answer. It took 51 s on this 2-core machine under a load average of 18,
 * mostly the two processes starting (the tests themselves 9 s), and is bounded by its hooks' timeouts (2 minutes
 * to start, 1 minute to stop) and 1 minute per test.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';
import { and, eq } from 'drizzle-orm';
import { decodeJwt } from 'jose';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../db/client';
import { menuSnapshots, orderItems, orders } from '../db/schema/index';
import { DEMO_LOYALTY } from '../db/seed/loyalty';
import { seedDemo } from '../db/seed/index';
import { loadEnv } from '../env';
import { CONTACT, CARDS } from '../modules/checkout/checkout.fixtures';
import { processorCharges, tokenise } from '../modules/checkout/checkout.test-helpers';
import { solveCaptchaAt } from './captcha';
import {
  createServerDatabase,
  isPostgresReachable,
  isRedisReachable,
  redisUrl,
  startTestProcessor,
  testMerchant,
} from './harness';

const apiDir = fileURLToPath(new URL('../..', import.meta.url));

const [hasPostgres, hasRedis] = await Promise.all([isPostgresReachable(), isRedisReachable()]);
/** Like the harness's dbKinds: the setup runs only where its services answer. */
const setups = hasPostgres && hasRedis ? ['two API processes on PostgreSQL and Redis'] : [];

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error()),
      );
    });
  });
}

interface ApiProcess {
  url: string;
  child: ChildProcess;
  output: string[];
}

/** An API process; `publicUrl`: the address it is known by (the load balancer's), else its own. */
async function startApi(env: Record<string, string>, publicUrl?: string): Promise<ApiProcess> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
    cwd: apiDir,
    env: {
      PATH: process.env.PATH ?? '',
      ...env,
      API_PORT: String(port),
      API_PUBLIC_URL: publicUrl ?? url,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output: string[] = [];
  child.stdout?.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  const deadline = Date.now() + 100_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`API exited: ${output.join('')}`);
    try {
      if ((await fetch(`${url}/health`)).ok) return { url, child, output };
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  child.kill('SIGKILL');
  throw new Error(`API did not start: ${output.join('')}`);
}

async function stopApi(api: ApiProcess | undefined) {
  if (!api || api.child.exitCode !== null) return;
  const exited = new Promise((resolve) => api.child.once('exit', resolve));
  api.child.kill('SIGTERM');
  const timer = setTimeout(() => api.child.kill('SIGKILL'), 5_000);
  await exited;
  clearTimeout(timer);
}

async function call(api: ApiProcess, method: string, path: string, body?: unknown, headers = {}) {
  const res = await fetch(`${api.url}${path}`, {
    method,
    headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as { value: unknown; succeed: boolean } };
}

if (setups.length === 0) {
  console.warn(
    `several-processes.test.ts: not run here (${hasPostgres ? '' : 'PostgreSQL '}${hasRedis ? '' : 'Redis '}not reachable)`,
  );
}

describe.each(setups)('%s', () => {
  const prefix = `sf-test-${randomBytes(6).toString('hex')}:`;
  const env = loadEnv({
    NODE_ENV: 'test',
    JWT_SECRET: `several-processes-${randomBytes(24).toString('hex')}`,
    LOYALTY_SSO_SECRET: `several-processes-sso-${randomBytes(24).toString('hex')}`,
    STAFF_KEY: 'test-staff-key',
  });
  let database: Database | undefined;
  let dropDatabase: (() => Promise<void>) | undefined;
  let a: ApiProcess | undefined;
  let b: ApiProcess | undefined;
  // Both processes charge at one sandbox processor (its own storage), as behind a load balancer.
  let processor: Awaited<ReturnType<typeof startTestProcessor>> | undefined;
  const apis = () => {
    if (!a || !b) throw new Error('not started');
    return [a, b] as const;
  };

  beforeAll(async () => {
    const created = await createServerDatabase();
    dropDatabase = created.drop;
    const url = new URL(created.url);
    database = openDatabase({ url: url.toString(), poolSize: 4 });
    await database.migrate();
    await seedDemo(database.db, env);
    processor = await startTestProcessor();
    const processEnv = {
      NODE_ENV: 'test',
      API_HOST: '127.0.0.1',
      DATABASE_URL: url.toString(),
      JWT_SECRET: env.JWT_SECRET,
      STAFF_KEY: env.STAFF_KEY,
      SEED_DEMO: 'false',
      LOG_LEVEL: 'warn',
      REDIS_URL: redisUrl,
      REDIS_KEY_PREFIX: prefix,
      CAPTCHA_MAX_NUMBER: '1000',
      CAPTCHA_FREE_CHALLENGES: '1000000',
      PROCESSOR_URL: processor.url,
      PROCESSOR_MERCHANT_ID: testMerchant.id,
      PROCESSOR_API_KEY: testMerchant.apiKey,
    };
    [a, b] = await Promise.all([startApi(processEnv), startApi(processEnv)]);
  }, 120_000);

  afterAll(async () => {
    await Promise.all([stopApi(a), stopApi(b)]);
    await processor?.processor.app.close();
    await database?.close();
    await dropDatabase?.();
    const redis = new Redis(redisUrl);
    const keys = await redis.keys(`${prefix}*`);
    if (keys.length > 0) await redis.del(...keys);
    redis.disconnect();
  }, 60_000);

  it('places an order once with one charge when one Idempotency-Key goes through both processes at once', async () => {
    const [first, second] = apis();
    if (!database) throw new Error('no database');
    const db = database.db;
    const token = await call(first, 'POST', '/v1/oauth/token', {
      clientId: env.WEB_CLIENT_ID,
      clientSecret: env.WEB_CLIENT_SECRET,
    });
    const accessToken = (token.body.value as { accessToken: string }).accessToken;
    const auth = { authorization: `Bearer ${accessToken}` };
    // A priced cart of this guest's session, as the checkout tests build it.
    const { sid } = decodeJwt(accessToken) as { sid: string };
    const [snapshot] = await db
      .select({ id: menuSnapshots.id })
      .from(menuSnapshots)
      .where(and(eq(menuSnapshots.locationId, 1), eq(menuSnapshots.catering, false)))
      .limit(1);
    if (!snapshot) throw new Error('no menu snapshot');
    const [order] = await db
      .insert(orders)
      .values({
        sessionId: sid,
        locationId: 1,
        snapshotId: snapshot.id,
        orderChannel: 107,
        subtotalCents: 1250,
        salesTaxCents: 125,
        totalCents: 1375,
      })
      .returning();
    if (!order) throw new Error('no order');
    await db.insert(orderItems).values({
      orderId: order.id,
      itemPathKey: 'fixture-item',
      title: 'Classic Burger',
      quantity: 1,
      unitPriceCents: 1250,
      totalCents: 1250,
    });
    const base = `/v1/sales/orders/${order.id}`;
    // The guest's token, the payment session and the card token each cross to the other process.
    expect((await call(second, 'PATCH', `${base}/contact-information`, CONTACT, auth)).status).toBe(200);
    const payment = await call(
      first,
      'POST',
      `${base}/payments`,
      {
        paymentMethod: 5,
        baseAmount: 13.75,
        tipAmount: 0,
        recaptchaInput: await solveCaptchaAt(first.url),
        // The store verifies the billing postal code (AVS ZipCodeOnly).
        billingAddress: { postalCode: '20036' },
      },
      auth,
    );
    expect(payment.status).toBe(200);
    if (!processor) throw new Error('no processor');
    const paymentUrl = (payment.body.value as { paymentUrl: string }).paymentUrl;
    const paymentToken = await tokenise(processor, paymentUrl, CARDS.approve);

    const key = randomUUID();
    const place = (api: ApiProcess) =>
      call(api, 'POST', `${base}/close-requests`, { paymentToken }, { ...auth, 'idempotency-key': key });
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) => place(i % 2 === 0 ? first : second)),
    );
    const statuses = answers.map((r) => r.status);
    expect(statuses.filter((s) => s !== 200 && s !== 409)).toEqual([]);
    expect(statuses).toContain(200);
    // Retried afterwards through either process: the first answer, replayed.
    const replays = await Promise.all([place(first), place(second)]);
    const references = new Set(
      [...answers, ...replays]
        .filter((r) => r.status === 200)
        .map((r) => (r.body.value as { referenceNumber: string }).referenceNumber),
    );
    expect(replays.map((r) => r.status)).toEqual([200, 200]);
    expect(references.size).toBe(1);
    const placed = await db.select().from(orders).where(eq(orders.id, order.id));
    expect(placed[0]?.placedAt).not.toBeNull();
    const charges = (await processorCharges(processor.processor)).filter((c) => c.status === 'approved');
    expect(charges).toHaveLength(1);
  }, 60_000);

  it('counts a rate limit across both processes (the token route: 60 failed tries a minute per address)', async () => {
    const [first, second] = apis();
    const guesses = await Promise.all(
      Array.from({ length: 80 }, (_, i) =>
        call(i % 2 === 0 ? first : second, 'POST', '/v1/oauth/token', {
          clientId: 'web',
          clientSecret: `guess-${i}`,
        }),
      ),
    );
    const statuses = guesses.map((r) => r.status);
    // Each process alone would allow 60: together they allow 60 in all (a few more were let through if a
    // Redis command failed, which fails open; none did here).
    expect(statuses.filter((s) => s === 401).length).toBeLessThanOrEqual(60);
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThanOrEqual(20);
    const redis = new Redis(redisUrl);
    const keys = await redis.keys(`${prefix}*`);
    redis.disconnect();
    expect(keys.length).toBeGreaterThan(0);
  }, 60_000);
});

/** A browser's cookie jar over fetch: no redirect is followed (each one is looked at). */
class Browser {
  readonly #cookies = new Map<string, string>();

  async request(api: ApiProcess, method: 'GET' | 'POST', address: string, form?: Record<string, string>) {
    const url = new URL(address, api.url);
    const cookie = [...this.#cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    const res = await fetch(`${api.url}${url.pathname}${url.search}`, {
      method,
      redirect: 'manual',
      headers: {
        ...(cookie ? { cookie } : {}),
        ...(form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
      },
      ...(form ? { body: new URLSearchParams(form).toString() } : {}),
    });
    for (const line of res.headers.getSetCookie()) {
      const [pair = ''] = line.split(';');
      const at = pair.indexOf('=');
      const name = pair.slice(0, at);
      const value = pair.slice(at + 1);
      if (value === '' || /expires=Thu, 01 Jan 1970/i.test(line)) this.#cookies.delete(name);
      else this.#cookies.set(name, value);
    }
    return { status: res.status, location: res.headers.get('location'), body: await res.text() };
  }
}

const oidcSetups = hasPostgres ? ['two API processes with the built-in loyalty issuer on PostgreSQL'] : [];

describe.each(oidcSetups)('%s', () => {
  const issuerSecret = `several-processes-oidc-${randomBytes(24).toString('hex')}`;
  const env = loadEnv({
    NODE_ENV: 'test',
    JWT_SECRET: `several-processes-${randomBytes(24).toString('hex')}`,
    LOYALTY_SSO_SECRET: `several-processes-sso-${randomBytes(24).toString('hex')}`,
    LOYALTY_OIDC_ISSUER_SECRET: issuerSecret,
    LOGIN_CONFIGURATION: '2',
    STAFF_KEY: 'test-staff-key',
  });
  const callbackUrl = 'http://localhost:3000/loyalty-sso';
  let database: Database | undefined;
  let dropDatabase: (() => Promise<void>) | undefined;
  let a: ApiProcess | undefined;
  let b: ApiProcess | undefined;
  let processEnv: Record<string, string> = {};
  let publicUrl = '';

  beforeAll(async () => {
    const created = await createServerDatabase();
    dropDatabase = created.drop;
    database = openDatabase({ url: created.url, poolSize: 4 });
    await database.migrate();
    await seedDemo(database.db, env);
    processEnv = {
      NODE_ENV: 'test',
      API_HOST: '127.0.0.1',
      DATABASE_URL: created.url,
      JWT_SECRET: env.JWT_SECRET,
      LOYALTY_OIDC_ISSUER_SECRET: issuerSecret,
      LOGIN_CONFIGURATION: '2',
      WEB_PUBLIC_URL: 'http://localhost:3000',
      STAFF_KEY: env.STAFF_KEY,
      SEED_DEMO: 'false',
      LOG_LEVEL: 'warn',
    };
    // Both known by one address, as behind a load balancer: the first one's (the issuer identifier is one).
    a = await startApi(processEnv);
    publicUrl = a.url;
    b = await startApi(processEnv, publicUrl);
  }, 120_000);

  afterAll(async () => {
    await Promise.all([stopApi(a), stopApi(b)]);
    await database?.close();
    await dropDatabase?.();
  }, 60_000);

  it('a sign-in begun on one process completes on the other (and after the first restarts)', async () => {
    if (!a || !b) throw new Error('not started');
    const first: ApiProcess = a;
    const second: ApiProcess = b;
    const token = await call(first, 'POST', '/v1/oauth/token', {
      clientId: env.WEB_CLIENT_ID,
      clientSecret: env.WEB_CLIENT_SECRET,
    });
    const auth = { authorization: `Bearer ${(token.body.value as { accessToken: string }).accessToken}` };
    const started = await call(first, 'POST', '/v1/loyalty/sign-ins', { callbackUrl }, auth);
    expect(started.status).toBe(200);
    const { authorizationUrl, state } = started.body.value as { authorizationUrl: string; state: string };
    expect(authorizationUrl.startsWith(`${publicUrl}/loyalty-oidc/auth?`)).toBe(true);

    // The member's browser: the authorization on the first process, the sign-in page and its form on the second.
    const browser = new Browser();
    const authorized = await browser.request(first, 'GET', authorizationUrl);
    expect(authorized.status, authorized.body).toBe(303);
    const page = await browser.request(second, 'GET', authorized.location ?? '');
    expect(page.status, page.body).toBe(200);
    const action = /action="([^"]+)"/.exec(page.body)?.[1];
    if (!action) throw new Error(`no sign-in form: ${page.body}`);
    const posted = await browser.request(second, 'POST', action, {
      email: DEMO_LOYALTY.member.email,
      password: DEMO_LOYALTY.member.password,
    });
    expect(posted.status, posted.body).toBe(303);

    // The first process is restarted before the authorization resumes there: nothing it knew was in its memory.
    await stopApi(first);
    a = await startApi(processEnv, publicUrl);
    const restarted: ApiProcess = a;
    let resumed = await browser.request(restarted, 'GET', posted.location ?? '');
    while (resumed.status === 302 || resumed.status === 303) {
      const next = new URL(resumed.location ?? '', publicUrl);
      if (next.origin !== new URL(publicUrl).origin) break;
      resumed = await browser.request(second, 'GET', next.toString());
    }
    expect(resumed.status, resumed.body).toBe(303);
    const returned = new URL(resumed.location ?? '');
    expect(`${returned.origin}${returned.pathname}`).toBe(callbackUrl);
    expect(returned.searchParams.get('state')).toBe(state);

    // The storefront exchanges the code on the other process: the ID token it checks was signed by the first.
    const exchanged = await call(
      second,
      'POST',
      '/v1/loyalty/oidc-sessions',
      {
        code: returned.searchParams.get('code'),
        state,
        iss: returned.searchParams.get('iss'),
      },
      auth,
    );
    expect(exchanged.status, JSON.stringify(exchanged.body)).toBe(200);
    expect(exchanged.body.value).toMatchObject({ account: { email: DEMO_LOYALTY.member.email } });
    // The code is spent for every process.
    const again = await call(
      restarted,
      'POST',
      '/v1/loyalty/oidc-sessions',
      { code: returned.searchParams.get('code'), state, iss: returned.searchParams.get('iss') },
      auth,
    );
    expect(again.status).toBe(401);
  }, 120_000);
});
