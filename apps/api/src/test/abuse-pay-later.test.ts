/**
 * Issue 32, finding 7: 'Pay at the Store' (offline credit) placed 15 orders in 1.6 s with no captcha and no cap,
 * one of $285.78. Now an offline-credit payment takes the captcha a new card payment takes, and placement caps
 * what is left unpaid: open unpaid orders per guest identity (account, phone, e-mail, client address) and per
 * store, and the amount (README 'Pay at the Store'). The kitchen sees what to collect.
 */
import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAY_LATER_ERROR_KEY, PAY_LATER_MESSAGES } from '@storefront/contracts/pay-later';
import { locationPaymentMethods } from '../db/schema/payments';
import { DEMO_LOCATIONS } from '../db/seed/locations';
import { CARDS, createOrderFixture, type OrderFixture } from '../modules/checkout/checkout.fixtures';
import {
  auth,
  closeRequest,
  paymentCaptcha,
  prepareCheckout,
} from '../modules/checkout/checkout.test-helpers';
import { createTestContext, dbKinds, type TestContext } from './harness';

/** Two stores open 24/7 that take offline credit here: one with the default caps, one with its own store cap. */
const STORE = DEMO_LOCATIONS.tableOrdering;
const CAPPED_STORE = DEMO_LOCATIONS.open;
const CAPPED_STORE_MAX = 3;

interface Guest {
  contact: { firstName: string; lastName: string; phone: string; email: string };
  address: string;
}

let serial = 0;
/** A guest of its own: phone, e-mail and client address no other test uses. */
function newGuest(): Guest {
  serial += 1;
  const n = String(serial).padStart(4, '0');
  return {
    contact: { firstName: 'Pat', lastName: 'Later', phone: `(202) 555-${n}`, email: `pat${n}@example.com` },
    address: `198.51.${Math.floor(serial / 250)}.${(serial % 250) + 1}`,
  };
}

describe.each(await dbKinds())('pay at the store under attack on %s', (kind) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext(kind);
    await ctx.database.db.insert(locationPaymentMethods).values([
      { locationId: STORE, paymentMethod: 2, displayOrder: 1 },
      { locationId: CAPPED_STORE, paymentMethod: 2, displayOrder: 1, maxOpenUnpaidOrders: CAPPED_STORE_MAX },
    ]);
  });
  afterAll(() => ctx.close());

  /** A new order session's order with the guest's contact, and its offline-credit payment (with a captcha). */
  async function payLaterOrder(
    guest: Guest,
    options: { locationId?: number; subtotalCents?: number; captcha?: string | null } = {},
  ) {
    const order = await createOrderFixture(ctx, {
      locationId: options.locationId ?? STORE,
      ...(options.subtotalCents === undefined ? {} : { subtotalCents: options.subtotalCents }),
    });
    const contact = await ctx.app.inject({
      method: 'PATCH',
      url: `/v1/sales/orders/${order.orderId}/contact-information`,
      headers: auth(order.token),
      payload: guest.contact,
      remoteAddress: guest.address,
    });
    expect(contact.statusCode, contact.body).toBe(200);
    const captcha = options.captcha === undefined ? await paymentCaptcha(ctx) : options.captcha;
    const payment = await ctx.app.inject({
      method: 'POST',
      url: `/v1/sales/orders/${order.orderId}/payments`,
      headers: auth(order.token),
      payload: {
        paymentMethod: 2,
        baseAmount: order.totalCents / 100,
        ...(captcha === null ? {} : { recaptchaInput: captcha }),
      },
      remoteAddress: guest.address,
    });
    return { order, payment };
  }

  function place(order: OrderFixture, guest: Guest) {
    return ctx.app.inject({
      method: 'POST',
      url: `/v1/sales/orders/${order.orderId}/close-requests`,
      headers: { ...auth(order.token), 'idempotency-key': randomUUID() },
      payload: {},
      remoteAddress: guest.address,
    });
  }

  async function readyToPlace(guest: Guest, options: { locationId?: number } = {}) {
    const { order, payment } = await payLaterOrder(guest, options);
    expect(payment.statusCode, payment.body).toBe(200);
    return order;
  }

  const complete = async (orderId: number) => {
    for (let step = 0; step < 3; step += 1) {
      const res = await ctx.app.inject({
        method: 'POST',
        url: `/v1/staff/orders/${orderId}/status`,
        headers: { 'x-staff-key': ctx.env.STAFF_KEY },
        payload: {},
      });
      expect(res.statusCode, res.body).toBe(200);
    }
  };

  it('refuses an offline-credit payment without a captcha, or with a spent one, as a new card payment', async () => {
    const guest = newGuest();
    const missing = await payLaterOrder(guest, { captcha: null });
    // Before: 200 and the order placed with nothing asked.
    expect(missing.payment.statusCode).toBe(422);
    expect(missing.payment.json()).toMatchObject({
      succeed: false,
      errors: [{ key: 'Recaptcha', code: 9902, message: 'Please complete the following challenge' }],
    });
    expect((await place(missing.order, guest)).json()).toMatchObject({
      errors: [{ code: 21043, message: 'The order has no payment' }],
    });

    const captcha = await paymentCaptcha(ctx);
    const first = await payLaterOrder(guest, { captcha });
    expect(first.payment.statusCode, first.payment.body).toBe(200);
    const replayed = await payLaterOrder(guest, { captcha });
    expect(replayed.payment.statusCode).toBe(422);
    expect(replayed.payment.json()).toMatchObject({ errors: [{ code: 9902 }] });
    const forged = await payLaterOrder(guest, { captcha: Buffer.from('{"number":1}').toString('base64') });
    expect(forged.payment.json()).toMatchObject({ errors: [{ code: 9902 }] });

    expect((await place(first.order, guest)).statusCode).toBe(200);
  });

  it('caps 15 placements in a row from one guest at 2 open unpaid orders; a completed one frees room', async () => {
    const guest = newGuest();
    const statuses: number[] = [];
    const placed: number[] = [];
    let refusal: unknown = null;
    for (let i = 0; i < 15; i += 1) {
      // Each with its own order session and a solved captcha: the cap holds where the captcha is paid for.
      const order = await readyToPlace(guest);
      const res = await place(order, guest);
      statuses.push(res.statusCode);
      if (res.statusCode === 200) placed.push(order.orderId);
      else refusal = res.json();
    }
    // Before: 15 x 200.
    expect(statuses).toEqual([200, 200, ...Array<number>(13).fill(422)]);
    expect(refusal).toMatchObject({
      succeed: false,
      errors: [
        {
          key: PAY_LATER_ERROR_KEY.guestLimit,
          code: 21043,
          message: PAY_LATER_MESSAGES.guestLimit(ctx.env.PAY_LATER_MAX_OPEN_PER_GUEST),
        },
      ],
    });

    // Each identity counts alone: another phone and e-mail from the same address is the same guest here...
    const sameAddress = { ...newGuest(), address: guest.address };
    const viaAddress = await place(await readyToPlace(sameAddress), sameAddress);
    expect(viaAddress.json()).toMatchObject({ errors: [{ key: PAY_LATER_ERROR_KEY.guestLimit }] });
    // ...and so is the same phone from elsewhere.
    const samePhone = { ...newGuest(), contact: { ...newGuest().contact, phone: guest.contact.phone } };
    const viaPhone = await place(await readyToPlace(samePhone), samePhone);
    expect(viaPhone.json()).toMatchObject({ errors: [{ key: PAY_LATER_ERROR_KEY.guestLimit }] });

    // Once the kitchen completes (collects) one, the guest may leave one more unpaid.
    const [first] = placed;
    if (first === undefined) throw new Error('nothing placed');
    await complete(first);
    expect((await place(await readyToPlace(guest), guest)).statusCode).toBe(200);
    expect((await place(await readyToPlace(guest), guest)).statusCode).toBe(422);
  });

  it('never exceeds the per-guest cap with 8 parallel placements from one guest', async () => {
    const guest = newGuest();
    const orders: OrderFixture[] = [];
    for (let i = 0; i < 8; i += 1) orders.push(await readyToPlace(guest));
    const answers = await Promise.all(orders.map((order) => place(order, guest)));
    const statuses = answers.map((a) => a.statusCode).sort();
    expect(statuses).toEqual([200, 200, 422, 422, 422, 422, 422, 422]);
    for (const refused of answers.filter((a) => a.statusCode === 422)) {
      expect(refused.json()).toMatchObject({ errors: [{ key: PAY_LATER_ERROR_KEY.guestLimit }] });
    }
  });

  it(`never exceeds a store's cap (${CAPPED_STORE_MAX}) with 10 parallel placements from 10 guests`, async () => {
    const guests = Array.from({ length: 10 }, () => newGuest());
    const orders: OrderFixture[] = [];
    for (const guest of guests) orders.push(await readyToPlace(guest, { locationId: CAPPED_STORE }));
    const answers = await Promise.all(orders.map((order, i) => place(order, guests[i] ?? newGuest())));
    const placed = answers.filter((a) => a.statusCode === 200);
    expect(placed).toHaveLength(CAPPED_STORE_MAX);
    for (const refused of answers.filter((a) => a.statusCode !== 200)) {
      expect(refused.statusCode).toBe(422);
      expect(refused.json()).toMatchObject({
        errors: [
          { key: PAY_LATER_ERROR_KEY.storeLimit, code: 21043, message: PAY_LATER_MESSAGES.storeLimit },
        ],
      });
    }
    // The kitchen's board lists exactly that many unpaid orders at the store.
    const board = await ctx.app.inject({
      method: 'GET',
      url: `/v1/staff/orders?locationId=${CAPPED_STORE}`,
      headers: { 'x-staff-key': ctx.env.STAFF_KEY },
    });
    const unpaid = board
      .json<{ value: { unpaidAmount: number | null }[] }>()
      .value.filter((o) => o.unpaidAmount !== null);
    expect(unpaid).toHaveLength(CAPPED_STORE_MAX);
  });

  it('refuses to leave more than the largest amount unpaid ($285.78 here, the default largest $150.00)', async () => {
    const guest = newGuest();
    // $259.80 + 10% tax = $285.78.
    const { order, payment } = await payLaterOrder(guest, { subtotalCents: 25_980 });
    expect(payment.statusCode, payment.body).toBe(200);
    expect(order.totalCents).toBe(28_578);
    const refused = await place(order, guest);
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toMatchObject({
      errors: [
        {
          key: PAY_LATER_ERROR_KEY.maxTotal,
          code: 21043,
          message: 'Orders over $150.00 cannot be paid at the store. Please pay by card.',
        },
      ],
    });
    // A store may set its own largest amount.
    await ctx.database.db
      .update(locationPaymentMethods)
      .set({ maxUnpaidTotalCents: 30_000 })
      .where(and(eq(locationPaymentMethods.locationId, STORE), eq(locationPaymentMethods.paymentMethod, 2)));
    try {
      expect((await place(order, guest)).statusCode).toBe(200);
    } finally {
      await ctx.database.db
        .update(locationPaymentMethods)
        .set({ maxUnpaidTotalCents: null })
        .where(
          and(eq(locationPaymentMethods.locationId, STORE), eq(locationPaymentMethods.paymentMethod, 2)),
        );
    }
  });

  it('shows the kitchen what to collect at pickup on an unpaid order, and nothing on one paid online', async () => {
    const guest = newGuest();
    const order = await readyToPlace(guest);
    expect((await place(order, guest)).statusCode).toBe(200);
    const card = await createOrderFixture(ctx, { locationId: STORE });
    const { paymentToken } = await prepareCheckout(ctx, card, CARDS.approve);
    expect((await closeRequest(ctx, card, { paymentToken })).statusCode).toBe(200);
    const board = await ctx.app.inject({
      method: 'GET',
      url: `/v1/staff/orders?locationId=${STORE}`,
      headers: { 'x-staff-key': ctx.env.STAFF_KEY },
    });
    expect(board.statusCode).toBe(200);
    const rows = board.json<{ value: { id: number; unpaidAmount: number | null; total: number }[] }>().value;
    expect(rows.find((o) => o.id === order.orderId)).toMatchObject({
      unpaidAmount: order.totalCents / 100,
      total: order.totalCents / 100,
    });
    expect(rows.find((o) => o.id === card.orderId)).toMatchObject({ unpaidAmount: null });
  });
});
