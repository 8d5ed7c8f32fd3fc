import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { payments } from '../../db/schema/payments';
import { createTestContext, dbKinds, type TestContext } from '../../test/harness';
import { CARDS, CONTACT, createOrderFixture } from '../../modules/checkout/checkout.fixtures';
import { auth, closeRequest, tokenise } from '../../modules/checkout/checkout.test-helpers';
import { hostedPageProtocolOf, renderHostedPage } from './hosted-page';

describe('the hosted page protocol', () => {
  const page = (protocol: 'aurus' | 'express') =>
    renderHostedPage({
      nonce: 'n0nce',
      parentOrigin: 'https://shop.example',
      tokenUrl: '/hosted-payments/x/tokens',
      amountLabel: '$13.75',
      sandbox: false,
      protocol,
    });

  it('follows the processor code: Express for EXPRESS, Aurus otherwise', () => {
    expect(hostedPageProtocolOf('EXPRESS')).toBe('express');
    expect(hostedPageProtocolOf('AURUS_HOSTED')).toBe('aurus');
    expect(hostedPageProtocolOf(null)).toBe('aurus');
  });

  it('gives Express its own Pay button and HostedPaymentStatus messages, and Aurus neither', () => {
    const express = page('express');
    expect(express).toContain(
      '<button id="pay-button" type="submit" class="pay" disabled aria-disabled="true">Pay $13.75</button>',
    );
    expect(express).toContain("HostedPaymentStatus: 'Complete'");
    expect(express).toContain("post({ HostedPaymentStatus: 'Ready' })");
    expect(express).toContain("data.type !== 'reset'");
    expect(express).not.toContain('enablePlaceOrder');

    const aurus = page('aurus');
    expect(aurus).not.toContain('pay-button');
    expect(aurus).not.toContain('HostedPaymentStatus');
    expect(aurus).toContain("type: 'enablePlaceOrder'");
    // Both share one card form: the same checks and the same tokenisation call.
    for (const html of [express, aurus]) {
      expect(html).toContain('function luhn(v)');
      expect(html).toContain('function tokenise()');
      expect(html).toContain('<label for="card-number">Card number</label>');
    }
  });
});

describe.each(await dbKinds())('the Express hosted page on %s', (kind) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext(kind);
  });
  afterAll(() => ctx.close());

  /**
   * A pending card payment through `processorCode` with its hosted session, as payment creation makes it from
   * the store's configuration (written straight in, so that this test does not depend on creation's other rules).
   */
  async function cardPayment(processorCode: 'EXPRESS' | 'AURUS_HOSTED') {
    const order = await createOrderFixture(ctx);
    const contact = await ctx.app.inject({
      method: 'PATCH',
      url: `/v1/sales/orders/${order.orderId}/contact-information`,
      headers: auth(order.token),
      payload: CONTACT,
    });
    expect(contact.statusCode).toBe(200);
    const sessionId = randomUUID();
    await ctx.database.db.insert(payments).values({
      orderId: order.orderId,
      paymentMethod: 5,
      processorCode,
      baseAmountCents: order.totalCents,
      hostedSessionId: sessionId,
      // What the store's address verification asks of a new card (the sandbox declines a card without it).
      billingAddress: { address1: '1 Main St', city: 'Washington', state: 'DC', postalCode: '20001' },
    });
    return { order, paymentUrl: `${ctx.env.API_PUBLIC_URL}/hosted-payments/${sessionId}` };
  }

  async function expressCheckout(card: string) {
    const prepared = await cardPayment('EXPRESS');
    return { ...prepared, paymentToken: await tokenise(ctx, prepared.paymentUrl, card) };
  }

  it('serves the Express protocol for an Express payment and tokenises like the Aurus page', async () => {
    const { order, paymentUrl, paymentToken } = await expressCheckout(CARDS.approve);
    const page = await ctx.app.inject({ method: 'GET', url: new URL(paymentUrl).pathname });
    expect(page.statusCode).toBe(200);
    const csp = String(page.headers['content-security-policy']);
    expect(csp).toContain(`frame-ancestors ${new URL(ctx.env.WEB_PUBLIC_URL).origin}`);
    const nonce = /'nonce-([^']+)'/.exec(csp)?.[1] ?? '';
    expect(page.body).toContain(`<script nonce="${nonce}">`);
    expect(page.body).toContain(
      `<button id="pay-button" type="submit" class="pay" disabled aria-disabled="true">Pay $${(order.totalCents / 100).toFixed(2)}</button>`,
    );
    expect(page.body).toContain("HostedPaymentStatus: 'Complete'");
    expect(page.body).not.toContain('enablePlaceOrder');
    expect(page.body).toContain(`"parentOrigin":"${new URL(ctx.env.WEB_PUBLIC_URL).origin}"`);

    const placed = await closeRequest(ctx, order, { paymentToken });
    expect(placed.statusCode).toBe(200);
    expect(placed.json()).toMatchObject({ value: { approvedAmount: order.totalCents / 100 } });
    const gone = await ctx.app.inject({ method: 'GET', url: new URL(paymentUrl).pathname });
    expect(gone.statusCode).toBe(404);
  });

  it('keeps the Aurus page for an Aurus payment', async () => {
    const { paymentUrl } = await cardPayment('AURUS_HOSTED');
    const page = await ctx.app.inject({ method: 'GET', url: new URL(paymentUrl).pathname });
    expect(page.body).toContain("type: 'enablePlaceOrder'");
    expect(page.body).not.toContain('HostedPaymentStatus');
  });

  it('a declined Express card is refused at placement and another card then places the order', async () => {
    const { order, paymentUrl, paymentToken } = await expressCheckout(CARDS.decline);
    const refused = await closeRequest(ctx, order, { paymentToken });
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toMatchObject({ errors: [{ code: 886 }] });
    const retry = await tokenise(ctx, paymentUrl, CARDS.approve);
    const placed = await closeRequest(ctx, order, { paymentToken: retry });
    expect(placed.statusCode).toBe(200);
    const list = await ctx.app.inject({
      method: 'GET',
      url: `/v1/sales/orders/${order.orderId}/payments`,
      headers: auth(order.token),
    });
    expect(list.json()).toMatchObject({ value: [{ status: 'Approved', lastFour: '4242' }] });
  });
});
