/**
 * The sandbox processor over real HTTP, on an in-memory PGlite and on its own PostgreSQL database (when the
 * test server answers): merchant keys, charges once per key, voids, settlement and refunds, the vault, gift cards, wallet sessions
 * that need their own secret, signed results the merchant can verify, and the injected faults.
 */
import { createHmac, randomBytes, randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hostedPageSigningInput, processorResultSigningInput } from '@storefront/contracts/processor';
import { buildProcessor, hostedPageKey, type ProcessorApp } from './app';
import { latencyDraw, NO_FAULTS } from './faults';
import { Ledger, SANDBOX_CARDS, SANDBOX_GIFT_CARDS } from './ledger';
import type { ProcessorSettings } from './settings';
import { TokenSealer, resultKey } from './tokens';
// The API's tests drop their databases the same way.
import { dropServerDatabase, serverUrl } from '../../api/src/test/server-database';

async function postgresDatabase(): Promise<{ url: string; drop: () => Promise<void> } | null> {
  const admin = new pg.Client({ connectionString: serverUrl, connectionTimeoutMillis: 2000 });
  try {
    await admin.connect();
  } catch {
    return null;
  }
  const name = `sf_processor_test_${randomBytes(6).toString('hex')}`;
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    // Not `with (force)` at once: the processor's pool ends a moment before its sockets close, and a connection
    // terminated meanwhile reports a FATAL error to a client that no longer listens (an uncaught error that
    // failed a whole CI run).
    drop: () => dropServerDatabase(name),
  };
}

const merchant = { id: 'm1', apiKey: `key-${randomBytes(24).toString('hex')}` };
const other = { id: 'm2', apiKey: `key-${randomBytes(24).toString('hex')}` };
const parentOrigin = 'http://localhost:3999';

const kinds = ['pglite', 'postgres'] as const;

describe.each(kinds)('sandbox processor on %s', (kind) => {
  let processor: ProcessorApp;
  let base = '';
  let drop: (() => Promise<void>) | null = null;
  let skip = false;

  beforeAll(async () => {
    let databaseUrl: string | undefined;
    if (kind === 'postgres') {
      const db = await postgresDatabase();
      if (!db) {
        skip = true;
        return;
      }
      databaseUrl = db.url;
      drop = db.drop;
    }
    const settings: ProcessorSettings = {
      port: 0,
      host: '127.0.0.1',
      publicUrl: 'http://127.0.0.1:1',
      databaseUrl,
      dataDir: null,
      merchants: [merchant, other],
      parentOrigin,
      faults: NO_FAULTS,
      production: false,
    };
    processor = await buildProcessor(settings);
    await processor.app.listen({ port: 0, host: '127.0.0.1' });
    const address = processor.app.server.address();
    base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  });

  afterAll(async () => {
    if (skip) return;
    await processor.app.close();
    if (drop) await drop();
  });

  const call = async (method: string, path: string, body?: unknown, key = merchant.apiKey) => {
    const res = await fetch(`${base}${path}`, {
      method,
      headers: {
        authorization: `Bearer ${key}`,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    return { status: res.status, body: text ? (JSON.parse(text) as Record<string, unknown>) : {} };
  };
  const tokenFor = async (cardNumber: string, key = merchant.apiKey) => {
    const res = await call('POST', '/v1/tokens', { cardNumber, expiry: '12/40', cvv: '123' }, key);
    return String(res.body.token);
  };
  const setFaults = (faults: Record<string, unknown>) => call('PUT', '/v1/sandbox/faults', faults);

  it('refuses a call without a merchant key, or with a wrong one', async ({ skip: skipTest }) => {
    if (skip) return skipTest();
    expect((await call('GET', '/v1/charges?idempotencyKey=x', undefined, '')).status).toBe(401);
    expect((await call('GET', '/v1/charges?idempotencyKey=x', undefined, 'x'.repeat(40))).status).toBe(401);
  });

  it('charges a key once: asked again it answers the same charge; another amount under it is refused', async ({
    skip: skipTest,
  }) => {
    if (skip) return skipTest();
    const token = await tokenFor(SANDBOX_CARDS.approve);
    const key = randomUUID();
    const [first, second] = await Promise.all([
      call('POST', '/v1/charges', { token, amountCents: 1250, idempotencyKey: key }),
      call('POST', '/v1/charges', { token, amountCents: 1250, idempotencyKey: key }),
    ]);
    expect(first.body.status).toBe('approved');
    expect(second.body).toEqual(first.body);
    const other = await call('POST', '/v1/charges', { token, amountCents: 999, idempotencyKey: key });
    expect(other.body).toMatchObject({
      status: 'error',
      message: 'Idempotency key reused with another amount',
    });
    const lookup = await call('GET', `/v1/charges?idempotencyKey=${key}`);
    expect(lookup.body.charges).toHaveLength(1);
  });

  it('declines the declining cards and an AVS mismatch, and reports the processing-error card as an error', async ({
    skip: skipTest,
  }) => {
    if (skip) return skipTest();
    for (const card of [SANDBOX_CARDS.decline, SANDBOX_CARDS.insufficientFunds]) {
      const res = await call('POST', '/v1/charges', {
        token: await tokenFor(card),
        amountCents: 100,
        idempotencyKey: randomUUID(),
      });
      expect(res.body).toMatchObject({
        status: 'declined',
        code: 886,
        message: 'The transaction was not authorized',
      });
    }
    const avs = await call('POST', '/v1/charges', {
      token: await tokenFor(SANDBOX_CARDS.approve),
      amountCents: 100,
      idempotencyKey: randomUUID(),
      billing: { level: 'ZipCodeOnly', address: { postalCode: '99999' } },
    });
    expect(avs.body.status).toBe('declined');
    const error = await call('POST', '/v1/charges', {
      token: await tokenFor(SANDBOX_CARDS.processingError),
      amountCents: 100,
      idempotencyKey: randomUUID(),
    });
    expect(error.body).toMatchObject({ status: 'error', code: 500 });
  });

  it("refuses another merchant's token, and a token whose body was changed", async ({ skip: skipTest }) => {
    if (skip) return skipTest();
    const theirs = await tokenFor(SANDBOX_CARDS.approve, other.apiKey);
    const res = await call('POST', '/v1/charges', {
      token: theirs,
      amountCents: 100,
      idempotencyKey: randomUUID(),
    });
    expect(res.body.status).toBe('declined');
    const mine = await tokenFor(SANDBOX_CARDS.decline);
    const [prefixBody = '', rest = ''] = mine.split(/\.(.*)/s);
    const forged = `${prefixBody.slice(0, -2)}AA.${rest}`;
    const forgedRes = await call('POST', '/v1/charges', {
      token: forged,
      amountCents: 100,
      idempotencyKey: randomUUID(),
    });
    expect(forgedRes.body.status).toBe('declined');
  });

  it('voids an approved charge once; a void asked again answers the voided charge', async ({
    skip: skipTest,
  }) => {
    if (skip) return skipTest();
    const token = await tokenFor(SANDBOX_CARDS.approve);
    const charged = await call('POST', '/v1/charges', {
      token,
      amountCents: 500,
      idempotencyKey: randomUUID(),
    });
    const chargeId = String((charged.body.charge as { chargeId: string }).chargeId);
    const voided = await call('POST', `/v1/charges/${chargeId}/voids`, {
      idempotencyKey: `void:${chargeId}`,
    });
    expect(voided.body.status).toBe('voided');
    const again = await call('POST', `/v1/charges/${chargeId}/voids`, { idempotencyKey: `void:${chargeId}` });
    expect(again.body.status).toBe('voided');
    // Another merchant cannot see or void it.
    expect((await call('GET', `/v1/charges/${chargeId}`, undefined, other.apiKey)).status).toBe(404);
  });

  it('settles approved charges in its batch: a void then leaves them settled, a refund gives them back once', async ({
    skip: skipTest,
  }) => {
    if (skip) return skipTest();
    const chargeOf = async () => {
      const charged = await call('POST', '/v1/charges', {
        token: await tokenFor(SANDBOX_CARDS.approve),
        amountCents: 700,
        idempotencyKey: randomUUID(),
      });
      return String((charged.body.charge as { chargeId: string }).chargeId);
    };
    const early = await chargeOf();
    // The database stamps charges in microseconds and the cutoff is in milliseconds: one made in the cutoff's
    // own millisecond would fall after it. A pause on each side keeps the two charges on their sides.
    await new Promise((resolve) => setTimeout(resolve, 20));
    const cutoff = new Date().toISOString();
    await new Promise((resolve) => setTimeout(resolve, 20));
    const late = await chargeOf();
    // The batch takes what was made before its cutoff: the later charge stays approved (still voidable).
    const batch = await call('POST', '/v1/sandbox/settlements', { before: cutoff });
    expect(batch.status).toBe(200);
    expect(batch.body.settled).toBeGreaterThanOrEqual(1);
    expect((await call('GET', `/v1/charges/${early}`)).body.status).toBe('settled');
    expect((await call('GET', `/v1/charges/${late}`)).body.status).toBe('approved');
    // Another merchant's batch settles none of ours.
    await call('POST', '/v1/sandbox/settlements', {}, other.apiKey);
    expect((await call('GET', `/v1/charges/${late}`)).body.status).toBe('approved');

    // A settled charge cannot be voided: it answers as it is, and only a refund gives it back, once.
    const voided = await call('POST', `/v1/charges/${early}/voids`, { idempotencyKey: `void:${early}` });
    expect(voided).toMatchObject({ status: 200, body: { status: 'settled', amountCents: 700 } });
    for (let i = 0; i < 2; i += 1) {
      const refunded = await call('POST', `/v1/charges/${early}/refunds`, {
        idempotencyKey: `refund:${early}`,
      });
      expect(refunded).toMatchObject({ status: 200, body: { status: 'refunded', amountCents: 700 } });
    }
    // A refund after a void answers the voided charge: the money went back once.
    expect((await call('POST', `/v1/charges/${late}/voids`, { idempotencyKey: 'v' })).body.status).toBe(
      'voided',
    );
    expect((await call('POST', `/v1/charges/${late}/refunds`, { idempotencyKey: 'r' })).body.status).toBe(
      'voided',
    );
    // A bad cutoff is a 400, not a 500.
    expect((await call('POST', '/v1/sandbox/settlements', { before: 'yesterday' })).status).toBe(400);
  });

  it('settles a charge by itself once its settlement delay is over (SANDBOX_PROCESSOR_SETTLE_AFTER_SECONDS)', async ({
    skip: skipTest,
  }) => {
    if (skip) return skipTest();
    let now = Date.now();
    // A merchant of its own: the jump in time below settles its charges only.
    const merchant = { id: 'm3', apiKey: `key-${randomBytes(24).toString('hex')}` };
    const ledger = new Ledger(
      processor.store,
      new TokenSealer('a-secret-of-this-test'),
      () => new Date(now),
      60_000,
    );
    const token = ledger.tokenize(merchant, {
      cardNumber: SANDBOX_CARDS.approve,
      expiry: '12/40',
      cvv: '123',
    });
    if (!token.ok) throw new Error('tokenise');
    const answer = await ledger.charge(merchant, {
      token: token.token,
      amountCents: 900,
      idempotencyKey: randomUUID(),
    });
    if (answer.status !== 'approved') throw new Error('charge');
    expect((await ledger.chargeById(merchant, answer.charge.chargeId))?.status).toBe('approved');
    // A minute and more after it was made (by the database's clock), the charge is settled when next read.
    now = Date.now() + 61_000;
    expect((await ledger.chargeById(merchant, answer.charge.chargeId))?.status).toBe('settled');
    expect((await ledger.reverse(merchant, answer.charge.chargeId, 'voided'))?.status).toBe('settled');
    expect((await ledger.reverse(merchant, answer.charge.chargeId, 'refunded'))?.status).toBe('refunded');
  });

  it('vaults a card from an approved charge into a reusable token that charges again', async ({
    skip: skipTest,
  }) => {
    if (skip) return skipTest();
    const token = await tokenFor(SANDBOX_CARDS.approve);
    const charged = await call('POST', '/v1/charges', {
      token,
      amountCents: 500,
      idempotencyKey: randomUUID(),
    });
    const vaulted = await call('POST', '/v1/vault', {
      chargeId: (charged.body.charge as { chargeId: string }).chargeId,
    });
    expect(vaulted.body).toMatchObject({ ok: true, brand: 'visa', lastFour: '4242' });
    for (let i = 0; i < 2; i += 1) {
      const res = await call('POST', '/v1/charges', {
        token: vaulted.body.vaultToken,
        amountCents: 700,
        idempotencyKey: randomUUID(),
      });
      expect(res.body.status).toBe('approved');
    }
  });

  it('captures gift card amounts never below zero, under racing captures, and releases once per key', async ({
    skip: skipTest,
  }) => {
    if (skip) return skipTest();
    const card = await call('POST', '/v1/gift-cards/lookups', {
      number: SANDBOX_GIFT_CARDS.twentyFive.number,
    });
    const cardId = Number(card.body.cardId);
    expect(card.body.balanceCents).toBe(2500);
    const captures = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        call('POST', `/v1/gift-cards/${cardId}/captures`, { amountCents: 500, idempotencyKey: `cap-${i}` }),
      ),
    );
    expect(captures.filter((c) => c.body.status === 'captured')).toHaveLength(5);
    expect(captures.filter((c) => c.body.status === 'insufficient')).toHaveLength(3);
    const released = await call('POST', `/v1/gift-cards/${cardId}/releases`, { captureKey: 'cap-0' });
    expect(released.body).toEqual({ status: 'released', amountCents: 500 });
    await call('POST', `/v1/gift-cards/${cardId}/releases`, { captureKey: 'cap-0' });
    expect((await call('GET', `/v1/gift-cards/${cardId}`)).body.balanceCents).toBe(500);
    // A release of a capture that has not arrived cancels it: arriving late, it takes nothing.
    expect((await call('POST', `/v1/gift-cards/${cardId}/releases`, { captureKey: 'late' })).body).toEqual({
      status: 'released',
      amountCents: 0,
    });
    const late = await call('POST', `/v1/gift-cards/${cardId}/captures`, {
      amountCents: 100,
      idempotencyKey: 'late',
    });
    expect(late.body).toEqual({ status: 'cancelled' });
    const ledger = await call('GET', `/v1/sandbox/gift-cards/${cardId}/ledger`);
    const entries = ledger.body.entries as { amountCents: number }[];
    expect(Number(ledger.body.initialBalanceCents) + entries.reduce((sum, e) => sum + e.amountCents, 0)).toBe(
      ledger.body.balanceCents,
    );
    expect((await call('GET', '/v1/gift-cards/entries?idempotencyKey=cap-0')).body).toMatchObject({
      kind: 'capture',
    });
    expect((await call('POST', '/v1/gift-cards/lookups', { number: '6000000000009999' })).status).toBe(404);
  });

  it("approves or cancels a wallet session only with the session's own secret, once", async ({
    skip: skipTest,
  }) => {
    if (skip) return skipTest();
    const opened = await call('POST', '/v1/wallet-sessions', {
      amountCents: 1800,
      merchantName: 'Test',
      reference: 'o1',
    });
    const sessionId = String(opened.body.sessionId);
    const secret = new URL(String(opened.body.sheetUrl)).searchParams.get('k') ?? '';
    const sheetCall = async (action: string, body: unknown) => {
      const res = await fetch(`${base}/hosted-wallet/${sessionId}/${action}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      return { status: res.status, body: (await res.json()) as { value?: { one_time_token: string } } };
    };
    // The id alone (finding 9 of issue 32) approves and cancels nothing.
    expect((await sheetCall('approvals', { secret: 'guess' })).status).toBe(404);
    expect((await sheetCall('cancellations', { secret: 'guess' })).status).toBe(404);
    expect((await fetch(`${base}/hosted-wallet/${sessionId}?k=guess`)).status).toBe(404);
    expect((await fetch(`${base}/hosted-wallet/${sessionId}?k=${secret}`)).status).toBe(200);
    const approved = await sheetCall('approvals', { secret });
    expect(approved.status).toBe(200);
    expect((await sheetCall('approvals', { secret })).status).toBe(409);
    expect((await sheetCall('cancellations', { secret })).status).toBe(409);
    const token = approved.body.value?.one_time_token ?? '';
    // The token pays exactly the approved amount.
    const wrong = await call('POST', '/v1/charges', {
      token,
      amountCents: 1700,
      idempotencyKey: randomUUID(),
    });
    expect(wrong.body.status).toBe('declined');
    const right = await call('POST', '/v1/charges', {
      token,
      amountCents: 1800,
      idempotencyKey: randomUUID(),
    });
    expect(right.body.status).toBe('approved');
  });

  it('serves the hosted page only for a URL its merchant signed; the token it makes carries a signature the merchant verifies', async ({
    skip: skipTest,
  }) => {
    if (skip) return skipTest();
    const sessionId = randomUUID();
    const q = { m: merchant.id, a: 1250, p: 'express' as const, x: Date.now() + 60_000 };
    const sig = createHmac('sha256', hostedPageKey(merchant.apiKey))
      .update(hostedPageSigningInput(sessionId, q))
      .digest('base64url');
    const query = `m=${q.m}&a=${q.a}&p=${q.p}&x=${q.x}&sig=${sig}`;
    const page = await fetch(`${base}/hosted-payments/${sessionId}?${query}`);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-security-policy')).toContain(`frame-ancestors ${parentOrigin}`);
    expect(await page.text()).toContain('Pay $12.50');
    expect(
      (await fetch(`${base}/hosted-payments/${sessionId}?${query.replace('a=1250', 'a=1')}`)).status,
    ).toBe(404);
    const tokenRes = await fetch(`${base}/hosted-payments/${sessionId}/tokens?${query}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ cardNumber: SANDBOX_CARDS.approve, expiry: '12/40', cvv: '123' }),
    });
    const { value } = (await tokenRes.json()) as { value: { one_time_token: string; last_four: string } };
    expect(value.last_four).toBe('4242');
    const match = /^(tok_sbx_[^.]+)\.([^.]+)\.([^.]+)$/.exec(value.one_time_token);
    expect(match).not.toBeNull();
    const [, prefixAndBody = '', own = '', merchantSig = ''] = match ?? [];
    const expected = createHmac('sha256', resultKey(merchant.apiKey))
      .update(processorResultSigningInput(prefixAndBody, own))
      .digest('base64url');
    expect(merchantSig).toBe(expected);
    const claims = JSON.parse(
      Buffer.from(prefixAndBody.slice('tok_sbx_'.length), 'base64url').toString(),
    ) as {
      s: string;
      m: string;
    };
    expect(claims).toMatchObject({ s: sessionId, m: merchant.id });
  });

  it('loses the answer of a charge it made: a lookup by its key finds it, and asking again charges nothing more', async ({
    skip: skipTest,
  }) => {
    if (skip) return skipTest();
    const token = await tokenFor(SANDBOX_CARDS.approve);
    const key = randomUUID();
    await setFaults({ script: [{ fault: 'lost', on: 'POST /v1/charges' }] });
    await expect(
      call('POST', '/v1/charges', { token, amountCents: 900, idempotencyKey: key }),
    ).rejects.toThrow();
    const found = await call('GET', `/v1/charges?idempotencyKey=${key}`);
    expect(found.body.charges).toMatchObject([{ status: 'approved', amountCents: 900 }]);
    const again = await call('POST', '/v1/charges', { token, amountCents: 900, idempotencyKey: key });
    expect((again.body.charge as { chargeId: string }).chargeId).toBe(
      (found.body.charges as { chargeId: string }[])[0]?.chargeId,
    );
  });

  it('answers 503 without charging, and drops every call while down', async ({ skip: skipTest }) => {
    if (skip) return skipTest();
    const token = await tokenFor(SANDBOX_CARDS.approve);
    const key = randomUUID();
    await setFaults({ script: [{ fault: 'error', on: 'POST /v1/charges' }] });
    expect((await call('POST', '/v1/charges', { token, amountCents: 900, idempotencyKey: key })).status).toBe(
      503,
    );
    expect((await call('GET', `/v1/charges?idempotencyKey=${key}`)).body.charges).toEqual([]);
    await setFaults({ down: true });
    await expect(
      call('POST', '/v1/charges', { token, amountCents: 900, idempotencyKey: key }),
    ).rejects.toThrow();
    await setFaults({});
    expect((await call('GET', `/v1/charges?idempotencyKey=${key}`)).body.charges).toEqual([]);
  });
});

describe('latency draws', () => {
  it('have the configured p50 and p99 (300 / 1,500 ms)', () => {
    let seed = 42;
    const random = () => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed / 2 ** 31;
    };
    const draws = Array.from({ length: 20_000 }, () => latencyDraw(300, 1500, random)).sort((a, b) => a - b);
    expect(draws[10_000]).toBeGreaterThan(270);
    expect(draws[10_000]).toBeLessThan(330);
    expect(draws[19_800]).toBeGreaterThan(1300);
    expect(draws[19_800]).toBeLessThan(1700);
  });
});
