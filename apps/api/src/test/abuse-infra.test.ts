/**
 * Issue 32, the infrastructure findings tried as an attacker would: malformed Unicode that reached a jsonb
 * column (a 500), development conveniences open to the network, HSTS over plain HTTP, two processes on one
 * PGlite folder, and the first address search blocking the event loop.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../app';
import { openDatabase, type Database } from '../db/client';
import { savedPayments } from '../db/schema/payments';
import { loadEnv } from '../env';
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
