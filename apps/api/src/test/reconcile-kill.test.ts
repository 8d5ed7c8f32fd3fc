/**
 * Fault test on PGlite: the API process is killed (SIGKILL) after the processor approved an order's charge
 * (and captured its gift card) and before the order was placed. Started again with a short reconciliation
 * window, the API's reconciliation worker finds the attempt and voids the charge and releases the gift card:
 * no money stays taken for an order that was never placed, and the guest can place it afterwards with one new
 * charge. The processor runs in this process and loses the charge's first answer, with a 600 ms latency on
 * every call, so the kill lands while the API asks again.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../db/client';
import { orders } from '../db/schema/orders';
import { placementAttempts } from '../db/schema/payments';
import { CARDS, CONTACT } from '../modules/checkout/checkout.fixtures';
import { processorCharges, tokenise } from '../modules/checkout/checkout.test-helpers';
import { NO_FAULTS } from '../../../sandbox-processor/src/faults';
import { solveCaptchaAt } from './captcha';
import { startTestProcessor, testMerchant } from './harness';

const apiDir = fileURLToPath(new URL('../..', import.meta.url));
const dataDir = mkdtempSync(join(tmpdir(), 'sf-reconcile-kill-'));
/** The demo gift card with $500 (README). */
const GIFT_CARD = '6000000000000005';
const GIFT_CENTS = 200;

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

interface Api {
  child: ChildProcess;
  base: string;
}

const processor = await startTestProcessor();

const env = {
  PROCESSOR_URL: processor.url,
  PROCESSOR_MERCHANT_ID: testMerchant.id,
  PROCESSOR_API_KEY: testMerchant.apiKey,
  PATH: process.env.PATH,
  HOME: process.env.HOME,
  NODE_ENV: 'development',
  API_HOST: '127.0.0.1',
  PGLITE_DIR: join(dataDir, 'pglite'),
  DATA_DIR: dataDir,
  SEED_DEMO: 'true',
  LOG_LEVEL: 'warn',
  JWT_SECRET: `reconcile-kill-${randomBytes(24).toString('hex')}`,
  IDEMPOTENCY_LEASE_SECONDS: '2',
  CAPTCHA_MAX_NUMBER: '1000',
  CAPTCHA_FREE_CHALLENGES: '1000000',
};

async function startApi(extra: Record<string, string> = {}): Promise<Api> {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
    cwd: apiDir,
    env: { ...env, ...extra, API_PORT: String(port), API_PUBLIC_URL: base },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const deadline = Date.now() + 180_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the API exited with ${child.exitCode}`);
    try {
      const res = await fetch(`${base}/health`, { signal: AbortSignal.timeout(1000) });
      if (res.ok) return { child, base };
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  child.kill('SIGKILL');
  throw new Error('the API did not start within 180 s');
}

async function stopped(child: ChildProcess, signal: NodeJS.Signals) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill(signal);
  await exited;
}

interface Answer {
  status: number;
  body: { value: unknown; errors: { key: string; code: number }[] };
}

async function call(api: Api, method: string, path: string, token?: string, body?: unknown, headers = {}) {
  const res = await fetch(`${api.base}${path}`, {
    method,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...headers,
    },
    body: body === undefined ? undefined : JSON.stringify(body),
    signal: AbortSignal.timeout(10_000),
  });
  return { status: res.status, body: (await res.json()) as Answer['body'] };
}

function valueOf<T>(answer: Answer, expected: number): T {
  if (answer.status !== expected)
    throw new Error(`expected ${expected}, got ${answer.status}: ${JSON.stringify(answer.body)}`);
  return answer.body.value as T;
}

let api: Api | undefined;
afterAll(async () => {
  if (api) await stopped(api.child, 'SIGKILL');
  await processor.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('kill -9 between the charge and the placement, on PGlite', () => {
  it("voids the approved charge and releases the gift card by the restarted API's reconciliation", async () => {
    api = await startApi();
    const first = api;
    const token = valueOf<{ accessToken: string }>(
      await call(first, 'POST', '/v1/oauth/token', undefined, {
        clientId: 'web',
        clientSecret: 'web-demo-secret',
      }),
      200,
    ).accessToken;
    const menu = valueOf<{ snapshotId: number; menuId: number }>(
      await call(first, 'GET', '/v1/sales/menus?locationId=1&catering=false', token),
      200,
    );
    const order = valueOf<{ id: number }>(
      await call(first, 'POST', '/v1/sales/orders', token, { menuSnapshotId: menu.snapshotId }),
      201,
    );
    const priced = valueOf<{ totals: { total: number } }>(
      await call(first, 'POST', `/v1/sales/orders/${order.id}/items`, token, {
        itemPathKey: `${menu.menuId}-10-101`,
        quantity: 1,
        modifiers: [{ itemPathKey: `${menu.menuId}-10-101-910-9103`, quantity: 1 }],
      }),
      201,
    );
    valueOf(
      await call(first, 'PATCH', `/v1/sales/orders/${order.id}/contact-information`, token, CONTACT),
      200,
    );
    const totalCents = Math.round(priced.totals.total * 100);
    const payment = valueOf<{ paymentUrl: string }>(
      await call(first, 'POST', `/v1/sales/orders/${order.id}/payments`, token, {
        paymentMethod: 5,
        baseAmount: priced.totals.total,
        tipAmount: 0,
        recaptchaInput: await solveCaptchaAt(first.base),
        billingAddress: { postalCode: '20036' },
      }),
      200,
    );
    const paymentToken = await tokenise(processor, payment.paymentUrl, CARDS.approve);
    valueOf(
      await call(first, 'POST', `/v1/sales/orders/${order.id}/payments`, token, {
        paymentMethod: 6,
        giftCardNumber: GIFT_CARD,
        baseAmount: GIFT_CENTS / 100,
      }),
      200,
    );
    const giftCard = await processor.processor.ledger.giftCardByNumber(testMerchant, GIFT_CARD);
    const balanceBefore = giftCard?.balanceCents ?? 0;

    // Every call takes 600 ms and the charge's first answer is lost: the API asks again, and is killed then.
    processor.processor.faults = {
      ...NO_FAULTS,
      latency: { p50Ms: 600, p99Ms: 600 },
      script: [{ fault: 'lost', on: 'POST /v1/charges' }],
    };
    const placing = call(
      first,
      'POST',
      `/v1/sales/orders/${order.id}/close-requests`,
      token,
      { paymentToken },
      { 'idempotency-key': randomUUID() },
    ).catch(() => null);
    const deadline = Date.now() + 30_000;
    while ((await processorCharges(processor.processor, order.id)).length === 0) {
      if (Date.now() > deadline) throw new Error('the charge never reached the processor');
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    await stopped(first.child, 'SIGKILL');
    expect(await placing).toBeNull();
    processor.processor.faults = structuredClone(NO_FAULTS);
    const [charged] = await processorCharges(processor.processor, order.id);
    expect(charged).toMatchObject({ status: 'approved', amountCents: totalCents - GIFT_CENTS });
    expect((await processor.processor.ledger.giftCardByNumber(testMerchant, GIFT_CARD))?.balanceCents).toBe(
      balanceBefore - GIFT_CENTS,
    );

    // Restarted with a 10-second window checked every second: the worker gives the money back (and the
    // guest's new placement below is done well within the window).
    api = await startApi({ RECONCILE_AFTER_SECONDS: '10', RECONCILE_EVERY_SECONDS: '1' });
    const second = api;
    await expect
      .poll(async () => (await processorCharges(processor.processor, order.id))[0]?.status, {
        timeout: 60_000,
        interval: 250,
      })
      .toBe('voided');
    await expect
      .poll(
        async () =>
          (await processor.processor.ledger.giftCardByNumber(testMerchant, GIFT_CARD))?.balanceCents,
        {
          timeout: 10_000,
          interval: 250,
        },
      )
      .toBe(balanceBefore);

    // The order was never placed; the guest places it now, with one new charge.
    const retried = await call(
      second,
      'POST',
      `/v1/sales/orders/${order.id}/close-requests`,
      token,
      { paymentToken },
      { 'idempotency-key': randomUUID() },
    );
    expect(retried.status, JSON.stringify(retried.body)).toBe(200);
    const charges = await processorCharges(processor.processor, order.id);
    expect(charges.map((c) => c.status).sort()).toEqual(['approved', 'voided']);
    await stopped(second.child, 'SIGTERM');
    api = undefined;

    const database = openDatabase({ dataDir: env.PGLITE_DIR });
    try {
      const [row] = await database.db.select().from(orders).where(eq(orders.id, order.id));
      expect(row?.placedAt).not.toBeNull();
      const attempts = await database.db
        .select()
        .from(placementAttempts)
        .where(eq(placementAttempts.orderId, order.id));
      expect(attempts.map((a) => a.status).sort()).toEqual(['placed', 'reversed']);
    } finally {
      await database.close();
    }
  }, 480_000);
});
