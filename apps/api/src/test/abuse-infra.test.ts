/**
 * Issue 32, the infrastructure findings tried as an attacker would: malformed Unicode that reached a jsonb
 * column (a 500), development conveniences open to the network, HSTS over plain HTTP, two processes on one
 * PGlite folder, and the first address search blocking the event loop.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../app';
import { openDatabase, type Database } from '../db/client';
import { DATA_DIR_LOCKED_EXIT_CODE, dataDirLockPath } from '../db/data-dir-lock';
import { savedPayments } from '../db/schema/payments';
import { loadEnv } from '../env';
import { HSTS } from '../plugins/security-headers';
import { CONTACT, createOrderFixture, type OrderFixture } from '../modules/checkout/checkout.fixtures';
import { auth, paymentCaptcha } from '../modules/checkout/checkout.test-helpers';
import { createCustomer, customerHeaders, signInCustomer } from './customers';
import { createTestContext, dbKinds, testEnv, type TestContext } from './harness';

interface Envelope {
  value: unknown;
  succeed: boolean;
  errors: { key: string; code: unknown; message: string }[];
}

/** Malformed UTF-16 that JSON can carry (as \u escapes) and PostgreSQL's jsonb cannot store. */
const MALFORMED: readonly [string, string][] = [
  ['a lone high surrogate', 'Main St \ud800'],
  ['a lone low surrogate', '\udc00 Main St'],
  ['a reversed pair', 'Main \udc00\ud800 St'],
];

describe.each(await dbKinds())('malformed Unicode at the edge on %s', (kind) => {
  let ctx: TestContext;
  let order: OrderFixture;
  let customer: { headers: Record<string, string>; savedPaymentId: number };
  beforeAll(async () => {
    ctx = await createTestContext(kind);
    order = await createOrderFixture(ctx);
    const contact = await ctx.app.inject({
      method: 'PATCH',
      url: `/v1/sales/orders/${order.orderId}/contact-information`,
      headers: auth(order.token),
      payload: CONTACT,
    });
    expect(contact.statusCode).toBe(200);
    const customerId = await createCustomer(ctx);
    const { token } = await signInCustomer(ctx, customerId);
    const [saved] = await ctx.app.db
      .insert(savedPayments)
      .values({
        customerId,
        processorCode: 'Aurus',
        vaultToken: 'vault-abuse-infra',
        cardBrand: 'Visa',
        lastFour: '4242',
        billingAddress: { postalCode: '20036' },
        avsCoverageLevel: 'ZipCodeOnly',
      })
      .returning({ id: savedPayments.id });
    if (!saved) throw new Error('saved payment not inserted');
    customer = { headers: customerHeaders(token, customerId), savedPaymentId: saved.id };
  });
  afterAll(() => ctx.close());

  const expectMalformedRefused = (res: { statusCode: number; json: <T>() => T }, what: string) => {
    expect(res.statusCode, what).toBe(400);
    const body = res.json<Envelope>();
    expect(body, what).toMatchObject({ value: null, succeed: false });
    expect(body.errors.map((e) => e.message).join(' | '), what).toMatch(/well-formed/i);
  };

  it('refuses a lone or reversed surrogate in a billing-address field with a 400 on the three routes that store one', async () => {
    const base = `/v1/sales/orders/${order.orderId}/payments`;
    const created = await ctx.app.inject({
      method: 'POST',
      url: base,
      headers: auth(order.token),
      payload: {
        paymentMethod: 5,
        baseAmount: order.totalCents / 100,
        recaptchaInput: await paymentCaptcha(ctx),
        billingAddress: { postalCode: '20036' },
      },
    });
    expect(created.statusCode).toBe(200);
    const paymentId = created.json<{ value: { id: number } }>().value.id;

    for (const [what, text] of MALFORMED) {
      const post = await ctx.app.inject({
        method: 'POST',
        url: base,
        headers: auth(order.token),
        payload: {
          paymentMethod: 5,
          baseAmount: order.totalCents / 100,
          recaptchaInput: await paymentCaptcha(ctx),
          billingAddress: { address1: text, postalCode: '20036' },
        },
      });
      expectMalformedRefused(post, `POST payments, ${what}`);
      expect(post.json<Envelope>().errors[0]?.key).toBe('body.billingAddress.address1');

      const patch = await ctx.app.inject({
        method: 'PATCH',
        url: `${base}/${paymentId}`,
        headers: auth(order.token),
        payload: { billingAddress: { city: text, postalCode: '20036' } },
      });
      expectMalformedRefused(patch, `PATCH payment, ${what}`);

      const saved = await ctx.app.inject({
        method: 'PATCH',
        url: `/v1/guests/saved-payments/${customer.savedPaymentId}/address`,
        headers: customer.headers,
        payload: {
          address1: text,
          city: 'Washington',
          state: 'DC',
          postalCode: '20036',
          avsCoverageLevel: 'AddressAndZipCode',
        },
      });
      expectMalformedRefused(saved, `PATCH saved payment address, ${what}`);
    }

    // The same requests with well-formed text (an astral character is a proper pair) are stored.
    const patch = await ctx.app.inject({
      method: 'PATCH',
      url: `${base}/${paymentId}`,
      headers: auth(order.token),
      payload: { billingAddress: { city: 'Washington 🍔', postalCode: '20036' } },
    });
    expect(patch.statusCode).toBe(200);
    const saved = await ctx.app.inject({
      method: 'PATCH',
      url: `/v1/guests/saved-payments/${customer.savedPaymentId}/address`,
      headers: customer.headers,
      payload: {
        address1: '1 Main St 🍔',
        city: 'Washington',
        state: 'DC',
        postalCode: '20036',
        avsCoverageLevel: 'AddressAndZipCode',
      },
    });
    expect(saved.statusCode).toBe(200);
  });

  // A query or a path cannot carry one: a lone surrogate has no UTF-8 form to percent-encode (%ED%A0%80 stays
  // those characters). JSON's \u escapes can, in any field or key of any body.
  it('refuses malformed text in any text field or object key of a body, the token route included', async () => {
    const cases: [string, string, Record<string, unknown>][] = [
      ['PATCH', `/v1/sales/orders/${order.orderId}/properties`, { notes: 'No onions \ud83c' }],
      [
        'PATCH',
        `/v1/sales/orders/${order.orderId}/contact-information`,
        { ...CONTACT, firstName: '\udfffAda' },
      ],
      ['PATCH', `/v1/sales/orders/${order.orderId}/properties`, { notes: 'x', ['\ud800']: 1 }],
      ['POST', '/v1/oauth/token', { clientId: 'web\ud800', clientSecret: 'x' }],
    ];
    for (const [method, url, payload] of cases) {
      const res = await ctx.app.inject({
        method: method as 'POST',
        url,
        headers: auth(order.token),
        payload,
      });
      expectMalformedRefused(res, `${method} ${url} ${JSON.stringify(payload)}`);
    }
  });
});

describe('development conveniences answer this machine only, and do not exist in production', () => {
  const REMOTE = '203.0.113.7';
  const CONVENIENCES = ['/mailbox', '/v1/dev/mailbox', '/docs', '/docs/json'];
  let database: Database;
  let app: App;
  beforeAll(async () => {
    database = openDatabase({ dataDir: 'memory://' });
    await database.migrate();
    // As `npm start` runs it: the storefront beside the API is a trusted proxy for every guest's address.
    app = await buildApp({ env: { ...testEnv, TRUST_PROXY: ['loopback'] }, database, logger: false });
  });
  afterAll(async () => {
    await app.close();
    await database.close();
  });

  it('listens on 127.0.0.1 unless API_HOST says otherwise', () => {
    expect(loadEnv({ JWT_SECRET: 'x'.repeat(32) }).API_HOST).toBe('127.0.0.1');
    expect(loadEnv({ JWT_SECRET: 'x'.repeat(32), API_HOST: '0.0.0.0' }).API_HOST).toBe('0.0.0.0');
  });

  it('serves the mailbox, its JSON route and the docs to a loopback peer (the journeys read the mailbox so)', async () => {
    for (const url of CONVENIENCES) {
      for (const remoteAddress of ['127.0.0.1', '::1', '::ffff:127.0.0.1']) {
        const res = await app.inject({ method: 'GET', url, remoteAddress });
        expect(res.statusCode, `${url} from ${remoteAddress}`).toBe(200);
      }
    }
  });

  it('answers a peer on the network 404, as if the routes did not exist', async () => {
    for (const url of CONVENIENCES) {
      const res = await app.inject({ method: 'GET', url, remoteAddress: REMOTE });
      expect(res.statusCode, url).toBe(404);
      expect(res.json<Envelope>()).toMatchObject({ value: null, succeed: false });
      expect(res.body).not.toContain('Reset your password');
    }
  });

  it('goes by the socket peer, not by X-Forwarded-For: a trusted proxy on this machine passing a guest on is refused', async () => {
    for (const url of CONVENIENCES) {
      // The storefront (loopback, trusted) passing a guest's request on, or a reverse proxy on this machine.
      const proxied = await app.inject({
        method: 'GET',
        url,
        remoteAddress: '127.0.0.1',
        headers: { 'x-forwarded-for': REMOTE },
      });
      expect(proxied.statusCode, `${url} via a local proxy`).toBe(404);
      const forwarded = await app.inject({
        method: 'GET',
        url,
        remoteAddress: '127.0.0.1',
        headers: { forwarded: `for="[2001:db8::7]:4711"` },
      });
      expect(forwarded.statusCode, `${url} with Forwarded`).toBe(404);
      // A peer on the network naming loopback in X-Forwarded-For gains nothing.
      const forged = await app.inject({
        method: 'GET',
        url,
        remoteAddress: REMOTE,
        headers: { 'x-forwarded-for': '127.0.0.1' },
      });
      expect(forged.statusCode, `${url} forged`).toBe(404);
    }
  });

  it('sends HSTS only to a request that came over HTTPS, per a trusted proxy', async () => {
    const hsts = async (remoteAddress: string, headers: Record<string, string> = {}) =>
      (await app.inject({ method: 'GET', url: '/health', remoteAddress, headers })).headers[
        'strict-transport-security'
      ];
    // Plain HTTP, from anywhere: none (it used to be on every answer).
    expect(await hsts(REMOTE)).toBeUndefined();
    expect(await hsts('127.0.0.1')).toBeUndefined();
    // A client's own X-Forwarded-Proto is not believed.
    expect(await hsts(REMOTE, { 'x-forwarded-proto': 'https' })).toBeUndefined();
    // The trusted proxy (TRUST_PROXY) says the guest came over HTTPS: one year, subdomains included.
    expect(await hsts('127.0.0.1', { 'x-forwarded-proto': 'https' })).toBe(HSTS);
    // It appends what it saw to what the client claimed: the last entry is the proxy's.
    expect(await hsts('127.0.0.1', { 'x-forwarded-proto': 'https, http' })).toBeUndefined();
  });

  it('has no mailbox and no docs in production, and refuses to start with either turned on there', async () => {
    const production = await buildApp({
      env: { ...testEnv, NODE_ENV: 'production', MAILBOX: undefined, API_DOCS: undefined },
      database,
      logger: false,
    });
    try {
      for (const url of CONVENIENCES) {
        const res = await production.inject({ method: 'GET', url, remoteAddress: '127.0.0.1' });
        expect(res.statusCode, url).toBe(404);
      }
    } finally {
      await production.close();
    }
    const secret = 'x'.repeat(32);
    expect(() => loadEnv({ NODE_ENV: 'production', JWT_SECRET: secret, MAILBOX: 'true' })).toThrow(
      /MAILBOX=true is for development only/,
    );
    expect(() => loadEnv({ NODE_ENV: 'production', JWT_SECRET: secret, API_DOCS: 'true' })).toThrow(
      /API_DOCS=true is for development only/,
    );
  });
});

describe('one process per PGlite folder', () => {
  const apiDir = fileURLToPath(new URL('../..', import.meta.url));
  const repoRoot = fileURLToPath(new URL('../../../..', import.meta.url));
  const root = mkdtempSync(join(tmpdir(), 'sf-data-dir-lock-'));
  const pgliteDir = join(root, 'pglite');
  const lockPath = dataDirLockPath(pgliteDir);
  const childEnv = {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    NODE_ENV: 'development',
    PGLITE_DIR: pgliteDir,
    DATA_DIR: root,
    SEED_DEMO: 'false',
    LOG_LEVEL: 'warn',
    JWT_SECRET: `data-dir-lock-${randomBytes(24).toString('hex')}`,
  };
  const children = new Set<ChildProcess>();
  afterAll(() => {
    for (const child of children) child.kill('SIGKILL');
    rmSync(root, { recursive: true, force: true });
  });

  /** Runs a Node program to its end (at most 3 minutes: migrating on a loaded runner), with its stderr. */
  function run(args: string[], cwd: string, env: Record<string, string> = {}) {
    const child = spawn(process.execPath, args, {
      cwd,
      env: { ...childEnv, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    children.add(child);
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const timer = setTimeout(() => child.kill('SIGKILL'), 180_000);
    return new Promise<{ code: number | null; output: string }>((resolve) => {
      child.on('exit', (code) => {
        clearTimeout(timer);
        children.delete(child);
        resolve({ code, output });
      });
    });
  }
  const runApi = (script: string, env: Record<string, string> = {}) =>
    run(['--import', 'tsx', script], apiDir, env);

  it('refuses a second API, db:seed, db:migrate and npm start while a process holds the folder; it opens afterwards', async () => {
    const database = openDatabase({ dataDir: pgliteDir });
    await database.migrate();
    try {
      expect(JSON.parse(readFileSync(lockPath, 'utf8'))).toMatchObject({ pid: process.pid });
      for (const script of ['src/server.ts', 'src/db/seed-cli.ts', 'src/db/migrate-cli.ts']) {
        const refused = await runApi(script, { API_PORT: '0' });
        expect(refused.code, `${script}: ${refused.output}`).toBe(DATA_DIR_LOCKED_EXIT_CODE);
        expect(refused.output).toContain(
          `The database folder ${pgliteDir} is in use by process ${process.pid}`,
        );
        expect(refused.output).not.toMatch(/RuntimeError|Aborted/);
      }
      // npm start says the same and ends with an error at once: no build, no API started again and again.
      const start = await run(['scripts/start.mjs'], repoRoot, { API_PORT: '4131', WEB_PORT: '3131' });
      expect(start.code, start.output).toBe(1);
      expect(start.output).toContain(`is in use by process ${process.pid}`);
      expect(start.output).not.toContain('Building the storefront');
      // The holder's database is whole and still answers.
      const result = await database.db.execute(
        sql`select count(*)::int as n from drizzle.__drizzle_migrations`,
      );
      expect((result as { rows: { n: number }[] }).rows[0]?.n).toBeGreaterThan(0);
    } finally {
      await database.close();
    }
    // Released on close: another process opens the folder now (migrations find it up to date).
    expect(existsSync(lockPath)).toBe(false);
    const migrated = await runApi('src/db/migrate-cli.ts');
    expect(migrated.code, migrated.output).toBe(0);
    expect(migrated.output).toContain('migrated (pglite)');
  }, 600_000);

  it('takes over the lock of a process killed with kill -9 (its pid is gone)', async () => {
    const port = 4131;
    const api = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
      cwd: apiDir,
      env: { ...childEnv, API_PORT: String(port), API_PUBLIC_URL: `http://127.0.0.1:${port}` },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    children.add(api);
    await expect
      .poll(
        async () => {
          if (api.exitCode !== null) throw new Error(`the API exited with ${api.exitCode}`);
          return fetch(`http://127.0.0.1:${port}/health`, { signal: AbortSignal.timeout(1000) })
            .then((res) => res.status)
            .catch(() => 0);
        },
        { timeout: 180_000, interval: 250 },
      )
      .toBe(200);
    expect(JSON.parse(readFileSync(lockPath, 'utf8'))).toMatchObject({ pid: api.pid });
    const exited = new Promise((resolve) => api.once('exit', resolve));
    api.kill('SIGKILL');
    await exited;
    // The killed API could not remove its lock: it is stale, and the next process takes it over.
    expect(existsSync(lockPath)).toBe(true);
    const migrated = await runApi('src/db/migrate-cli.ts');
    expect(migrated.code, migrated.output).toBe(0);
    const database = openDatabase({ dataDir: pgliteDir });
    try {
      expect(JSON.parse(readFileSync(lockPath, 'utf8'))).toMatchObject({ pid: process.pid });
      await database.migrate();
    } finally {
      await database.close();
    }
  }, 600_000);
});
