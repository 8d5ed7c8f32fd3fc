/**
 * Issue 32, finding 6: every per-address limit was the browser's choice through the storefront, which passed on
 * the X-Forwarded-For the browser sent (200 gift-card number guesses in 2.6 s, no 429, all 5 sandbox cards
 * found; the staff-key and captcha-challenge limits escaped the same way). Now the storefront's server signs the
 * address of its socket's peer (apps/web/server.mjs) and the API counts that, or its own peer: here the API is
 * called as the storefront calls it, with a signed X-Storefront-Client, and with the forged headers a browser
 * would add. The same attacks through the real storefront server: apps/web/e2e/client-address.spec.ts.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, dbKinds, type TestContext } from './harness';
import { createOrderFixture } from '../modules/checkout/checkout.fixtures';
import { auth } from '../modules/checkout/checkout.test-helpers';
import { GIFT_CARD_FAILURES_PER_ADDRESS } from '../modules/payments/payments.routes';
import { STAFF_FAILURES_MAX } from '../plugins/auth';
import {
  CLIENT_ADDRESS_HEADER,
  CLIENT_ADDRESS_MAX_AGE_SECONDS,
  clientAddressKey,
  signClientAddress,
  verifySignedClientAddress,
} from '../plugins/client-address';

const SECRET = `client-address-${randomBytes(24).toString('hex')}`;
/** The storefront server's socket is this machine: every storefront request reaches the API from here. */
const STOREFRONT = '127.0.0.1';
/** The sandbox gift cards of the demo data (README), which the reported attack found. */
const SANDBOX_CARDS = [
  '6000000000000001',
  '6000000000000002',
  '6000000000000003',
  '6000000000000004',
  '6000000000000005',
];

const now = () => Date.now() / 1000;
const forged = (i: number) => `${10 + (i % 200)}.${(i * 7) % 256}.${(i * 13) % 256}.${i % 256}`;

/** The headers of a storefront call made for a guest at `address`, with the browser's own X-Forwarded-For. */
function fromGuest(address: string, i: number, secret = SECRET, at = now()): Record<string, string> {
  return {
    [CLIENT_ADDRESS_HEADER]: signClientAddress(address, secret, at),
    'x-forwarded-for': forged(i),
    'x-real-ip': forged(i + 1),
  };
}

describe('the signed client address', () => {
  it('names the address only with the right secret, a fresh time and a well-formed header', () => {
    const at = 1_790_000_000;
    const good = signClientAddress('198.51.100.4', SECRET, at);
    expect(verifySignedClientAddress(good, SECRET, at)).toBe('198.51.100.4');
    expect(verifySignedClientAddress(good, SECRET, at + CLIENT_ADDRESS_MAX_AGE_SECONDS)).toBe('198.51.100.4');
    expect(verifySignedClientAddress(good, SECRET, at + CLIENT_ADDRESS_MAX_AGE_SECONDS + 1)).toBeNull();
    expect(verifySignedClientAddress(good, SECRET, at - CLIENT_ADDRESS_MAX_AGE_SECONDS - 1)).toBeNull();
    expect(verifySignedClientAddress(good, `${SECRET}x`, at)).toBeNull();
    const [, , time, signature] = good.split(';');
    for (const header of [
      `v1;203.0.113.9;${time};${signature}`, // another address under the same signature
      `v2;198.51.100.4;${time};${signature}`,
      `v1;198.51.100.4;${time};${signature};extra`,
      `v1;198.51.100.4;${time}`,
      `v1;not-an-address;${time};${signature}`,
      `v1;198.51.100.4;1e9;${signature}`,
      '',
      'x'.repeat(5000),
      undefined,
      [good, good],
    ]) {
      expect(verifySignedClientAddress(header, SECRET, at)).toBeNull();
    }
  });

  it('counts IPv4-mapped addresses as IPv4 and IPv6 addresses by their /64', () => {
    expect(clientAddressKey('::ffff:198.51.100.4')).toBe('198.51.100.4');
    expect(clientAddressKey('198.51.100.4')).toBe('198.51.100.4');
    expect(clientAddressKey('2001:db8:1:2:aaaa:bbbb:cccc:dddd')).toBe('2001:db8:1:2::/64');
    expect(clientAddressKey('2001:db8:1:2::1')).toBe(clientAddressKey('2001:db8:1:2:ffff::9'));
    expect(clientAddressKey('2001:db8:1:3::1')).not.toBe(clientAddressKey('2001:db8:1:2::1'));
  });
});

describe.each(await dbKinds())('per-address limits through the storefront on %s', (kind) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext(kind, { CLIENT_ADDRESS_SECRET: SECRET });
  });
  afterAll(() => ctx.close());

  const balance = (orderId: number, token: string, code: string, headers: Record<string, string>) =>
    ctx.app.inject({
      method: 'GET',
      url: `/v1/sales/orders/${orderId}/payment-methods/gift-cards/${code}/balance`,
      headers: { ...auth(token), ...headers },
      remoteAddress: STOREFRONT,
    });

  // The reported attack: 200 numbers over 20 order sessions (10 each, the per-session limit), every request with
  // another forged X-Forwarded-For. The sandbox cards come after the first 50 numbers, so only an escaped limit
  // finds them.
  it('holds one guest to 50 unknown gift-card numbers whatever X-Forwarded-For says: 200 guesses find no card', async () => {
    const guest = '203.0.113.50';
    const guesses = Array.from(
      { length: 200 },
      (_, i) => `6000000000${String(900_000 + i).padStart(6, '0')}`,
    );
    for (const [slot, card] of [60, 80, 110, 150, 199].map((slot, k) => [slot, SANDBOX_CARDS[k]] as const)) {
      if (card) guesses[slot] = card;
    }
    const statuses: number[] = [];
    for (let session = 0; session < 20; session += 1) {
      const order = await createOrderFixture(ctx);
      for (let n = 0; n < 10; n += 1) {
        const i = session * 10 + n;
        const code = guesses[i] ?? '';
        statuses.push((await balance(order.orderId, order.token, code, fromGuest(guest, i))).statusCode);
      }
    }
    expect(statuses.filter((s) => s === 422)).toHaveLength(GIFT_CARD_FAILURES_PER_ADDRESS);
    expect(statuses.slice(GIFT_CARD_FAILURES_PER_ADDRESS).every((s) => s === 429)).toBe(true);
    expect(statuses).not.toContain(200);

    // The limit is the guest's, not the storefront's: another guest behind the same storefront checks a card.
    const other = await createOrderFixture(ctx);
    const res = await balance(other.orderId, other.token, '6000000000000002', fromGuest('203.0.113.51', 0));
    expect(res.statusCode).toBe(200);
  });

  const staffSignIn = (staffKey: string, headers: Record<string, string>) =>
    ctx.app.inject({
      method: 'POST',
      url: '/v1/staff/sessions',
      payload: { staffKey },
      headers,
      remoteAddress: STOREFRONT,
    });

  it('holds one guest to the staff-key limit whatever X-Forwarded-For says', async () => {
    const guest = '203.0.113.60';
    const statuses: number[] = [];
    for (let i = 0; i < 100; i += 1) {
      statuses.push((await staffSignIn(`guess-${i}`, fromGuest(guest, i))).statusCode);
    }
    expect(statuses.filter((s) => s === 401)).toHaveLength(STAFF_FAILURES_MAX);
    expect(statuses.slice(STAFF_FAILURES_MAX).every((s) => s === 429)).toBe(true);
    // Even the right key waits; another guest signs in.
    expect((await staffSignIn(ctx.env.STAFF_KEY, fromGuest(guest, 100))).statusCode).toBe(429);
    expect((await staffSignIn(ctx.env.STAFF_KEY, fromGuest('203.0.113.61', 0))).statusCode).toBe(200);
  });

  it('holds one guest to 60 captcha challenges a minute whatever X-Forwarded-For says', async () => {
    const guest = '203.0.113.70';
    const statuses: number[] = [];
    for (let i = 0; i < 100; i += 1) {
      const res = await ctx.app.inject({
        method: 'GET',
        url: '/v1/captcha/challenge',
        headers: fromGuest(guest, i),
        remoteAddress: STOREFRONT,
      });
      statuses.push(res.statusCode);
    }
    expect(statuses.filter((s) => s === 200)).toHaveLength(60);
    expect(statuses.slice(60).every((s) => s === 429)).toBe(true);
    const other = await ctx.app.inject({
      method: 'GET',
      url: '/v1/captcha/challenge',
      headers: fromGuest('203.0.113.71', 0),
      remoteAddress: STOREFRONT,
    });
    expect(other.statusCode).toBe(200);
  });

  // A header a browser makes up (or an old one replayed) names nobody: the caller counts as its own peer.
  it('ignores a header signed with another secret or too long ago, and any X-Forwarded-For', async () => {
    const attacker = '192.0.2.80';
    const statuses: number[] = [];
    for (let i = 0; i < 20; i += 1) {
      const headers =
        i % 2 === 0
          ? fromGuest(forged(i + 500), i, `forged-${SECRET}`)
          : fromGuest(forged(i + 500), i, SECRET, now() - CLIENT_ADDRESS_MAX_AGE_SECONDS - 60);
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/v1/staff/sessions',
        payload: { staffKey: `guess-${i}` },
        headers,
        remoteAddress: attacker,
      });
      statuses.push(res.statusCode);
    }
    expect(statuses.filter((s) => s === 401)).toHaveLength(STAFF_FAILURES_MAX);
    expect(statuses.slice(STAFF_FAILURES_MAX).every((s) => s === 429)).toBe(true);
  });

  it('counts the addresses of one IPv6 /64 as one guest', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < STAFF_FAILURES_MAX + 5; i += 1) {
      const address = `2001:db8:32:6:${(i + 1).toString(16)}::${(i * 31 + 7).toString(16)}`;
      statuses.push((await staffSignIn(`guess-${i}`, fromGuest(address, i))).statusCode);
    }
    expect(statuses.filter((s) => s === 401)).toHaveLength(STAFF_FAILURES_MAX);
    expect(statuses.slice(STAFF_FAILURES_MAX).every((s) => s === 429)).toBe(true);
    expect((await staffSignIn(ctx.env.STAFF_KEY, fromGuest('2001:db8:32:7::1', 0))).statusCode).toBe(200);
  });
});

describe('without CLIENT_ADDRESS_SECRET', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext('pglite');
  });
  afterAll(() => ctx.close());

  it('believes no signed address: every guest behind the storefront counts as the storefront', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < STAFF_FAILURES_MAX + 2; i += 1) {
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/v1/staff/sessions',
        payload: { staffKey: `guess-${i}` },
        headers: fromGuest(`198.51.100.${i + 1}`, i),
        remoteAddress: STOREFRONT,
      });
      statuses.push(res.statusCode);
    }
    expect(statuses.slice(STAFF_FAILURES_MAX)).toEqual([429, 429]);
  });
});
