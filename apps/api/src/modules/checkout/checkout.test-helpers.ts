/** Request helpers shared by the checkout, payments, tracking and staff tests. */
import { randomUUID } from 'node:crypto';
import { solveCaptcha } from '../../test/captcha';
import type { ProcessorCharge } from '@storefront/contracts/processor';
import type { ProcessorApp } from '../../../../sandbox-processor/src/app';
import { testMerchant, type TestContext } from '../../test/harness';
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

/**
 * Tokenises `card` in the hosted card page of `paymentUrl`, as its frame does: a POST to the page's own token
 * route at the processor (with the page's signed parameters). Answers the one-time token.
 */
export async function tokenise(ctx: Pick<TestContext, 'processor'>, paymentUrl: string, card: string) {
  const url = new URL(paymentUrl);
  const res = await ctx.processor.app.inject({
    method: 'POST',
    url: `${url.pathname}/tokens${url.search}`,
    payload: { cardNumber: card, expiry: '12/39', cvv: '123' },
  });
  const value = res.json<{ value: { response_code: number; one_time_token: string | null } }>().value;
  if (value.response_code !== 0 || !value.one_time_token) throw new Error(`tokenise: ${res.body}`);
  return value.one_time_token;
}

/** The charges at the processor (its ledger), of one order when `orderId` is given (keys order-<id>-...). */
export async function processorCharges(
  processor: ProcessorApp,
  orderId?: number,
): Promise<ProcessorCharge[]> {
  const rows = await processor.store.query<{ id: number }>(
    `SELECT id FROM charges WHERE merchant = $1 ORDER BY id`,
    [testMerchant.id],
  );
  const charges: ProcessorCharge[] = [];
  for (const row of rows) {
    const charge = await processor.ledger.chargeById(testMerchant, `ch_sbx_${row.id}`);
    if (charge && (orderId === undefined || charge.idempotencyKey.startsWith(`order-${orderId}-`)))
      charges.push(charge);
  }
  return charges;
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
