/** Request helpers shared by the checkout, payments, tracking and staff tests. */
import { randomUUID } from 'node:crypto';
import { solveCaptcha } from '../../test/captcha';
import type { TestContext } from '../../test/harness';
import { CARDS, CONTACT, createOrderFixture, type OrderFixture } from './checkout.fixtures';

export const auth = (token: string) => ({ authorization: `Bearer ${token}` });

/**
 * Saves contact and walk-in pickup data, creates the card payment (billing postal code 20036) and tokenises
 * `card` in its frame.
 */
export async function prepareCheckout(ctx: TestContext, order: OrderFixture, card: string, tipCents = 0) {
  const base = `/v1/sales/orders/${order.orderId}`;
  const contact = await ctx.app.inject({
    method: 'PATCH',
    url: `${base}/contact-information`,
    headers: auth(order.token),
    payload: CONTACT,
  });
  if (contact.statusCode !== 200) throw new Error(`contact: ${contact.body}`);
  const payment = await ctx.app.inject({
    method: 'POST',
    url: `${base}/payments`,
    headers: auth(order.token),
    payload: {
      paymentMethod: 5,
      baseAmount: order.totalCents / 100,
      tipAmount: tipCents / 100,
      recaptchaInput: await paymentCaptcha(ctx),
      // The demo stores verify the postal code (AVS level ZipCodeOnly) when the card is charged.
      billingAddress: { postalCode: '20036' },
    },
  });
  if (payment.statusCode !== 200) throw new Error(`payment: ${payment.body}`);
  const { id: paymentId, paymentUrl } = payment.json<{ value: { id: number; paymentUrl: string } }>().value;
  const token = await tokenise(ctx, paymentUrl, card);
  return { paymentId, paymentUrl, paymentToken: token };
}

/**
 * A solved captcha for a new card payment (spec section 6), fetched from an address of its own so that the
 * challenge route's per-address limit never stops a test that pays many times.
 */
export function paymentCaptcha(ctx: TestContext): Promise<string> {
  const octet = () => Math.floor(Math.random() * 254) + 1;
  return solveCaptcha(ctx.app, `10.${octet()}.${octet()}.${octet()}`);
}

export async function tokenise(ctx: TestContext, paymentUrl: string, card: string) {
  const path = new URL(paymentUrl).pathname;
  const res = await ctx.app.inject({
    method: 'POST',
    url: `${path}/tokens`,
    payload: { cardNumber: card, expiry: '12/39', cvv: '123' },
  });
  const value = res.json<{ value: { response_code: number; one_time_token: string | null } }>().value;
  if (value.response_code !== 0 || !value.one_time_token) throw new Error(`tokenise: ${res.body}`);
  return value.one_time_token;
}

export function closeRequest(
  ctx: TestContext,
  order: OrderFixture,
  body: Record<string, unknown>,
  key: string = randomUUID(),
) {
  return ctx.app.inject({
    method: 'POST',
    url: `/v1/sales/orders/${order.orderId}/close-requests`,
    headers: { ...auth(order.token), 'idempotency-key': key },
    payload: body,
  });
}

/** A new order placed with an approved card (tip $1.00), with its payment id and its tracking link's token. */
export async function placeTrackedOrder(ctx: TestContext) {
  const order = await createOrderFixture(ctx);
  const { paymentId, paymentToken } = await prepareCheckout(ctx, order, CARDS.approve, 100);
  const placed = await closeRequest(ctx, order, { paymentToken });
  if (placed.statusCode !== 200) throw new Error(placed.body);
  const link = await ctx.app.inject({
    method: 'GET',
    url: `/v1/sales/orders/${order.orderId}/tracking-url`,
    headers: auth(order.token),
  });
  const { trackingToken } = link.json<{ value: { trackingToken: string } }>().value;
  return { ...order, paymentId, trackingToken };
}
