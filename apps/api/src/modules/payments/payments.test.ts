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
    expect(payment.paymentUrl).toMatch(
      new RegExp(`^${ctx.env.API_PUBLIC_URL}/hosted-payments/[0-9a-f-]{36}$`),
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

  it('serves the hosted page with a nonce CSP framed only by the storefront', async () => {
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
    const path = new URL(created.json<{ value: { paymentUrl: string } }>().value.paymentUrl).pathname;
    const page = await ctx.app.inject({ method: 'GET', url: path });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    const csp = String(page.headers['content-security-policy']);
    const nonce = /'nonce-([^']+)'/.exec(csp)?.[1] ?? '';
    expect(nonce).not.toBe('');
    expect(csp).toContain(`frame-ancestors ${new URL(ctx.env.WEB_PUBLIC_URL).origin}`);
    expect(csp).toContain("default-src 'none'");
    expect(page.body).toContain(`<script nonce="${nonce}">`);
    expect(page.body).toContain('<label for="card-number">Card number</label>');
    expect(page.body).toContain("type: 'enablePlaceOrder'");
    expect(page.body).toContain('event.origin !== cfg.parentOrigin');

    const unknown = await ctx.app.inject({
      method: 'GET',
      url: '/hosted-payments/00000000-0000-4000-8000-000000000000',
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.body).toContain('This payment session is no longer available.');
    const notUuid = await ctx.app.inject({ method: 'GET', url: '/hosted-payments/abc' });
    expect(notUuid.statusCode).toBe(400);
  });

  it('tokenises valid cards only and keeps brand and last four', async () => {
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
    const path = `${new URL(created.json<{ value: { paymentUrl: string } }>().value.paymentUrl).pathname}/tokens`;
    const tokenise = (payload: Record<string, string>) =>
      ctx.app.inject({ method: 'POST', url: path, payload });
    const good = await tokenise({ cardNumber: '4242424242424242', expiry: '12/39', cvv: '123' });
    expect(good.json()).toMatchObject({
      value: {
        response_code: 0,
        card_brand: 'visa',
        last_four: '4242',
        one_time_token: expect.any(String) as string,
      },
    });
    for (const payload of [
      { cardNumber: '4242424242424241', expiry: '12/39', cvv: '123' },
      { cardNumber: '4242424242424242', expiry: '01/20', cvv: '123' },
      { cardNumber: '4242424242424242', expiry: '12/39', cvv: '12a' },
    ]) {
      const res = await tokenise(payload);
      const value = res.json<{ value: { response_code: number; one_time_token: null } }>().value;
      expect(value.response_code).toBeGreaterThan(0);
      expect(value.one_time_token).toBeNull();
    }
    const malformed = await ctx.app.inject({ method: 'POST', url: path, payload: { cardNumber: 1 } });
    expect(malformed.statusCode).toBe(400);
    const payments = await ctx.app.inject({
      method: 'GET',
      url: `/v1/sales/orders/${order.orderId}/payments`,
      headers: auth(order.token),
    });
    expect(payments.json()).toMatchObject({ value: [{ cardBrand: 'visa', lastFour: '4242' }] });
    expect(payments.body).not.toContain('4242424242424242');
  });
});
