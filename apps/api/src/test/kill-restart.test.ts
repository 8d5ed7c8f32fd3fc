/**
 * Fault test on PGlite: the API process is killed (SIGKILL) while placements run, then started again on the
 * same data directory. The first cart edits after the restart must answer (a cold snapshot store used to wedge
 * the first one for ever), and the Idempotency-Key of every killed placement must be recovered: its retry
 * answers 200 (the committed answer replayed, or the order placed then), never 409 for ever, with one order
 * placed and one charge. Every other order is split tender (a gift card for part, the card for the rest): the
 * gift card is captured exactly when the order is placed, once, and its ledger sums to its balance. Bounded: two
 * starts of a real server process (the first creates the database).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { and, eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../db/client';
import { orders } from '../db/schema/orders';
import { closeRequests, idempotencyKeys, payments } from '../db/schema/payments';
import { CARDS, CONTACT } from '../modules/checkout/checkout.fixtures';
import { processorCharges, tokenise } from '../modules/checkout/checkout.test-helpers';
import { solveCaptchaAt } from './captcha';
import { startTestProcessor, testMerchant } from './harness';

const apiDir = fileURLToPath(new URL('../..', import.meta.url));
const dataDir = mkdtempSync(join(tmpdir(), 'sf-kill-restart-'));
const LEASE_SECONDS = 2;
const PLACEMENTS = 6;
/** The demo gift card with $500 (README); every other placement takes GIFT_CENTS of it. */
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

// The sandbox processor runs in this process for the whole file; the killed API reaches it over HTTP.
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
  JWT_SECRET: `kill-restart-${randomBytes(24).toString('hex')}`,
  IDEMPOTENCY_LEASE_SECONDS: String(LEASE_SECONDS),
  // Each prepared order answers the payment captcha: a light proof of work.
  CAPTCHA_MAX_NUMBER: '1000',
  CAPTCHA_FREE_CHALLENGES: '1000000',
};

async function startApi(): Promise<Api> {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
    cwd: apiDir,
    env: { ...env, API_PORT: String(port), API_PUBLIC_URL: base },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  // Creating and seeding the database takes seconds alone, over 90 s on a loaded runner.
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
  body: { value: unknown; succeed: boolean; errors: { key: string; code: number }[] };
}

/** A request with a short timeout: a wedged API fails the test at once instead of hanging it. */
async function call(api: Api, method: string, path: string, token?: string, body?: unknown, headers = {}) {
  const res = await fetch(`${api.base}${path}`, {
    method,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...headers,
    },
    body: body === undefined ? undefined : JSON.stringify(body),
    signal: AbortSignal.timeout(5_000),
  });
  return { status: res.status, body: (await res.json()) as Answer['body'] };
}

function valueOf<T>(answer: Answer, expected: number): T {
  if (answer.status !== expected)
    throw new Error(`expected ${expected}, got ${answer.status}: ${JSON.stringify(answer.body)}`);
  return answer.body.value as T;
}

interface Prepared {
  token: string;
  orderId: number;
  paymentToken: string;
  key: string;
  /** The order's total and the part a gift card pays (0: card only). */
  totalCents: number;
  giftCents: number;
}

let api: Api | undefined;
afterAll(async () => {
  if (api) await stopped(api.child, 'SIGKILL');
  await processor.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('kill -9 mid-placement on PGlite, then restart on the same data', () => {
  it('serves the first cart edits after the restart and recovers every killed placement', async () => {
    api = await startApi();
    const first = api;
    const newToken = async (target: Api = first) =>
      valueOf<{ accessToken: string }>(
        await call(target, 'POST', '/v1/oauth/token', undefined, {
          clientId: 'web',
          clientSecret: 'web-demo-secret',
        }),
        200,
      ).accessToken;

    const menu = valueOf<{ snapshotId: number; menuId: number }>(
      await call(first, 'GET', '/v1/sales/menus?locationId=1&catering=false', await newToken()),
      200,
    );
    const item = (menuId: number) => ({
      itemPathKey: `${menuId}-10-101`,
      quantity: 1,
      modifiers: [{ itemPathKey: `${menuId}-10-101-910-9103`, quantity: 1 }],
    });
    async function prepare(giftCents: number): Promise<Prepared> {
      const token = await newToken();
      const order = valueOf<{ id: number }>(
        await call(first, 'POST', '/v1/sales/orders', token, { menuSnapshotId: menu.snapshotId }),
        201,
      );
      const priced = valueOf<{ totals: { total: number } }>(
        await call(first, 'POST', `/v1/sales/orders/${order.id}/items`, token, item(menu.menuId)),
        201,
      );
      valueOf(
        await call(first, 'PATCH', `/v1/sales/orders/${order.id}/contact-information`, token, CONTACT),
        200,
      );
      const payment = valueOf<{ paymentUrl: string }>(
        await call(first, 'POST', `/v1/sales/orders/${order.id}/payments`, token, {
          paymentMethod: 5,
          baseAmount: priced.totals.total,
          tipAmount: 0,
          recaptchaInput: await solveCaptchaAt(first.base),
          // The store verifies the billing postal code (AVS ZipCodeOnly).
          billingAddress: { postalCode: '20036' },
        }),
        200,
      );
      const card = { one_time_token: await tokenise(processor, payment.paymentUrl, CARDS.approve) };
      if (giftCents > 0) {
        // Applied after the card payment: the API lowers the card's amount to what is left due.
        valueOf(
          await call(first, 'POST', `/v1/sales/orders/${order.id}/payments`, token, {
            paymentMethod: 6,
            giftCardNumber: GIFT_CARD,
            baseAmount: giftCents / 100,
          }),
          200,
        );
      }
      return {
        token,
        orderId: order.id,
        paymentToken: card.one_time_token,
        key: randomUUID(),
        totalCents: Math.round(priced.totals.total * 100),
        giftCents,
      };
    }

    const prepared: Prepared[] = [];
    for (let i = 0; i < PLACEMENTS; i += 1) prepared.push(await prepare(i % 2 === 1 ? GIFT_CENTS : 0));
    const place = (target: Api, p: Prepared) =>
      call(
        target,
        'POST',
        `/v1/sales/orders/${p.orderId}/close-requests`,
        p.token,
        { paymentToken: p.paymentToken },
        {
          'idempotency-key': p.key,
        },
      );

    // The placements start together and the process is killed while they run: some commit, some do not,
    // some never arrive.
    const inFlight = prepared.map((p) => place(first, p).catch(() => null));
    // Killed as soon as the first placement is answered: the others are then claimed and queued or mid-way.
    await Promise.race([...inFlight, new Promise((resolve) => setTimeout(resolve, 10_000))]);
    await stopped(first.child, 'SIGKILL');
    const answeredBeforeKill = (await Promise.all(inFlight)).filter(
      (a) => a !== null && a.status === 200,
    ).length;

    api = await startApi();
    const second = api;
    // The first cart edits after the restart (the snapshot store is cold).
    const edits = await Promise.all(
      prepared.slice(0, 3).map(async () => {
        const token = await newToken(second);
        const order = valueOf<{ id: number }>(
          await call(second, 'POST', '/v1/sales/orders', token, { menuSnapshotId: menu.snapshotId }),
          201,
        );
        return call(second, 'POST', `/v1/sales/orders/${order.id}/items`, token, item(menu.menuId));
      }),
    );
    expect(edits.map((e) => e.status)).toEqual([201, 201, 201]);

    // Every killed placement's key is recovered by its retry once the lease is over.
    const recovered: number[] = [];
    // Keys the killed process left 'processing' (their first retry waits out the lease).
    let leftProcessing = 0;
    const deadline = Date.now() + (LEASE_SECONDS + 15) * 1000;
    for (const p of prepared) {
      let answer = await place(second, p);
      if (answer.status === 409) leftProcessing += 1;
      while (
        answer.status === 409 &&
        answer.body.errors[0]?.key === 'IdempotencyKeyInUse' &&
        Date.now() < deadline
      ) {
        await new Promise((resolve) => setTimeout(resolve, 250));
        answer = await place(second, p);
      }
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      recovered.push(valueOf<{ orderId: number }>(answer, 200).orderId);
    }
    expect(recovered).toEqual(prepared.map((p) => p.orderId));
    await stopped(second.child, 'SIGTERM');
    api = undefined;

    // Exactly once: one placed order, one 'placed' close request and one charge per order; no key processing.
    const database = openDatabase({ dataDir: env.PGLITE_DIR });
    try {
      const { db } = database;
      for (const p of prepared) {
        const [order] = await db.select().from(orders).where(eq(orders.id, p.orderId));
        expect(order?.placedAt).not.toBeNull();
        const placed = await db
          .select()
          .from(closeRequests)
          .where(and(eq(closeRequests.orderId, p.orderId), eq(closeRequests.outcome, 'placed')));
        expect(placed).toHaveLength(1);
        const charges = await processorCharges(processor.processor, p.orderId);
        expect(charges).toHaveLength(1);
        // The card was charged only what the gift card left, and the gift card was taken exactly once.
        expect(charges[0]?.amountCents).toBe(p.totalCents - p.giftCents);
        const entries = (await processor.processor.ledger.giftCardEntries(testMerchant)).filter((e) =>
          e.idempotencyKey.includes(`:order-${p.orderId}:`),
        );
        expect(entries.reduce((sum, e) => sum + e.amountCents, p.giftCents)).toBe(0);
        const orderPayments = await db.select().from(payments).where(eq(payments.orderId, p.orderId));
        expect(orderPayments.map((row) => row.status)).toEqual(orderPayments.map(() => 'Approved'));
      }
      // The gift card's balance moved only with its ledger, by exactly the placed orders' shares.
      const card = await processor.processor.ledger.giftCardByNumber(testMerchant, GIFT_CARD);
      const gift = card ? await processor.processor.ledger.giftCardLedger(testMerchant, card.cardId) : null;
      const ledger = gift?.entries ?? [];
      const taken = prepared.reduce((sum, p) => sum + p.giftCents, 0);
      expect(gift?.balanceCents).toBe((gift?.initialBalanceCents ?? 0) - taken);
      expect(ledger.reduce((sum, e) => sum + e.amountCents, 0)).toBe(-taken);
      const processing = await db
        .select()
        .from(idempotencyKeys)
        .where(eq(idempotencyKeys.status, 'processing'));
      expect(processing).toEqual([]);
    } finally {
      await database.close();
    }
    console.info(
      `kill -9 mid-placement: ${PLACEMENTS} placements, ${answeredBeforeKill} answered before the kill, ` +
        `${leftProcessing} keys left processing, ${recovered.length} placements answered 200 after the restart, ` +
        `${prepared.filter((p) => p.giftCents > 0).length} of them split with a gift card, 0 duplicated, ` +
        `0 keys stuck, gift card ledger exact`,
    );
  }, 480_000);
});
