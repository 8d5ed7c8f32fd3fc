import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, dbKinds, type TestContext } from '../../test/harness';
import { CARDS, createOrderFixture } from '../checkout/checkout.fixtures';
import { auth, closeRequest, paymentCaptcha, prepareCheckout } from '../checkout/checkout.test-helpers';

describe.each(await dbKinds())('payments and the hosted payment page on %s', (kind) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext(kind);
  });
  afterAll(() => ctx.close());

  it('lists the credit card method through the sandbox Aurus processor and gift cards', async () => {
    const order = await createOrderFixture(ctx);
    const res = await ctx.app.inject({
      method: 'GET',
      url: `/v1/sales/orders/${order.orderId}/payment-methods`,
      headers: auth(order.token),
    });
    expect(res.json()).toMatchObject({
      succeed: true,
      value: [
        { paymentMethod: 5, paymentProcessorCode: 'AURUS_HOSTED', requiresVerifiedIdentity: false },
        { paymentMethod: 6, paymentProcessorCode: null },
      ],
    });
    const foreign = await ctx.app.inject({
      method: 'GET',
      url: `/v1/sales/orders/${order.orderId}/payment-methods`,
      headers: auth(await ctx.token()),
    });
    expect(foreign.statusCode).toBe(404);
  });

  it('creates, lists, patches and deletes a payment for the amount due', async () => {
    const order = await createOrderFixture(ctx);
    const base = `/v1/sales/orders/${order.orderId}/payments`;
    const created = await ctx.app.inject({
      method: 'POST',
      url: base,
      headers: auth(order.token),
      payload: {
        paymentMethod: 5,
        baseAmount: order.totalCents / 100,
        tipAmount: 1.5,
        recaptchaInput: await paymentCaptcha(ctx),
      },
    });
    expect(created.statusCode).toBe(200);
    const payment = created.json<{
      value: { id: number; paymentUrl: string; amount: number; status: string };
    }>().value;
    // The hosted card page is the processor's, on its origin, with parameters we signed.
    expect(payment.paymentUrl).toMatch(
      new RegExp(`^${new URL(ctx.env.PROCESSOR_PUBLIC_URL).origin}/hosted-payments/[0-9a-f-]{36}\\?m=`),
    );
    expect(payment.amount).toBe((order.totalCents + 150) / 100);
    expect(payment.status).toBe('Pending');

    const list = await ctx.app.inject({ method: 'GET', url: base, headers: auth(order.token) });
    expect(list.json<{ value: unknown[] }>().value).toHaveLength(1);

    const patched = await ctx.app.inject({
      method: 'PATCH',
      url: `${base}/${payment.id}`,
      headers: auth(order.token),
      payload: { tipAmount: 3 },
    });
    expect(patched.json()).toMatchObject({ value: { tipAmount: 3, amount: (order.totalCents + 300) / 100 } });

    const wrongTotal = await ctx.app.inject({
      method: 'POST',
      url: base,
      headers: auth(order.token),
      payload: { paymentMethod: 5, baseAmount: 1, tipAmount: 0, recaptchaInput: await paymentCaptcha(ctx) },
    });
    expect(wrongTotal.statusCode).toBe(422);
    expect(wrongTotal.json()).toMatchObject({ errors: [{ code: 21044 }] });
    const offline = await ctx.app.inject({
      method: 'POST',
      url: base,
      headers: auth(order.token),
      payload: {
        paymentMethod: 2,
        baseAmount: order.totalCents / 100,
        recaptchaInput: await paymentCaptcha(ctx),
      },
    });
    // The open store takes the card and gift cards only.
    expect(offline.statusCode).toBe(422);
    expect(offline.json()).toMatchObject({
      errors: [{ code: 21043, message: 'The store does not accept this payment method' }],
    });
    const malformed = await ctx.app.inject({
      method: 'POST',
      url: base,
      headers: auth(order.token),
      payload: { paymentMethod: 5, baseAmount: 'ten' },
    });
    expect(malformed.statusCode).toBe(400);

    const removed = await ctx.app.inject({
      method: 'DELETE',
      url: `${base}/${payment.id}`,
      headers: auth(order.token),
    });
    expect(removed.json()).toMatchObject({ succeed: true, value: true });
    const gone = await ctx.app.inject({
      method: 'DELETE',
      url: `${base}/${payment.id}`,
      headers: auth(order.token),
    });
    expect(gone.statusCode).toBe(404);
  });

  it('refuses to delete a charged payment', async () => {
    const order = await createOrderFixture(ctx);
    const { paymentId, paymentToken } = await prepareCheckout(ctx, order, CARDS.approve);
    expect((await closeRequest(ctx, order, { paymentToken })).statusCode).toBe(200);
    const res = await ctx.app.inject({
      method: 'DELETE',
      url: `/v1/sales/orders/${order.orderId}/payments/${paymentId}`,
      headers: auth(order.token),
    });
    expect(res.statusCode).toBe(409);
  });

  it("serves the hosted page from the processor's origin with a nonce CSP, framed only by the storefront", async () => {
    const order = await createOrderFixture(ctx);
    const created = await ctx.app.inject({
      method: 'POST',
      url: `/v1/sales/orders/${order.orderId}/payments`,
      headers: auth(order.token),
      payload: {
        paymentMethod: 5,
        baseAmount: order.totalCents / 100,
        recaptchaInput: await paymentCaptcha(ctx),
      },
    });
    const url = new URL(created.json<{ value: { paymentUrl: string } }>().value.paymentUrl);
    const page = await ctx.processor.app.inject({ method: 'GET', url: `${url.pathname}${url.search}` });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    const csp = String(page.headers['content-security-policy']);
    const nonce = /'nonce-([^']+)'/.exec(csp)?.[1] ?? '';
    expect(nonce).not.toBe('');
    expect(csp).toContain('frame-ancestors http://localhost:3000');
    expect(csp).toContain("default-src 'none'");
    expect(page.body).toContain(`<script nonce="${nonce}">`);
    expect(page.body).toContain('<label for="card-number">Card number</label>');
    expect(page.body).toContain(`$${(order.totalCents / 100).toFixed(2)}`);
    expect(page.body).toContain('event.origin !== cfg.parentOrigin');

    // Another amount than the one we signed, or no signature: no page.
    const altered = new URL(url);
    altered.searchParams.set('a', '1');
    for (const wrong of [`${altered.pathname}${altered.search}`, url.pathname]) {
      const refused = await ctx.processor.app.inject({ method: 'GET', url: wrong });
      expect(refused.statusCode).toBe(404);
      expect(refused.body).not.toContain('<label for="card-number">');
    }
    // The API itself serves no card page.
    expect((await ctx.app.inject({ method: 'GET', url: url.pathname })).statusCode).toBe(404);
  });

  it("places only with a token of the payment's own page; brand and last four come from the charge", async () => {
    const order = await createOrderFixture(ctx);
    const { paymentToken } = await prepareCheckout(ctx, order, CARDS.approve);
    const other = await createOrderFixture(ctx);
    const { paymentToken: othersToken } = await prepareCheckout(ctx, other, CARDS.approve);
    const foreign = await closeRequest(ctx, order, { paymentToken: othersToken });
    expect(foreign.statusCode).toBe(422);
    expect(foreign.json()).toMatchObject({ errors: [{ code: 21043 }] });
    expect((await closeRequest(ctx, order, { paymentToken: 'tok_sbx_made.up.token' })).statusCode).toBe(422);
    expect((await closeRequest(ctx, order, { paymentToken })).statusCode).toBe(200);
    const payments = await ctx.app.inject({
      method: 'GET',
      url: `/v1/sales/orders/${order.orderId}/payments`,
      headers: auth(order.token),
    });
    expect(payments.json()).toMatchObject({
      value: [{ status: 'Approved', cardBrand: 'visa', lastFour: '4242' }],
    });
    expect(payments.body).not.toContain('4242424242424242');
  });
});
