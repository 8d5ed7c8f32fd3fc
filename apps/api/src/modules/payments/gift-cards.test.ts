/**
 * Payment methods per store, offline credit, the wallet's payment and gift cards as split tender: every route
 * and method on PGlite and PostgreSQL, placement with gift cards (decline and outage release them, a retry
 * never captures twice, nothing due places without a token) and the race of many orders on one card.
 */
import { randomInt, randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders } from '../../db/schema/orders';
import { locationPaymentMethods, payments } from '../../db/schema/payments';
import { DEMO_LOCATIONS } from '../../db/seed/locations';
import { createTestContext, dbKinds, testMerchant, type TestContext } from '../../test/harness';
import type { GiftCardProcessor } from '../../providers/payment/gift-card-processor';
import { giftCardProcessorFor, paymentProcessorFor } from '../../providers/payment/index';
import { CARDS, CONTACT, createOrderFixture, type OrderFixture } from '../checkout/checkout.fixtures';
import { placeOrderOnce } from '../checkout/place-order.service';
import { payLaterPolicyOf } from '../pay-later/pay-later.service';
import { auth, closeRequest, paymentCaptcha, tokenise } from '../checkout/checkout.test-helpers';
import { verifyOrderPhone } from '../verification/verification.test-helpers';

const INVALID_CARD = 'Invalid card';
const APPLY_FAILED = 'Only positive numbers less than the balance amount and due amount are allowed';

interface PaymentValue {
  id: number;
  paymentMethod: number;
  paymentProcessorCode: string | null;
  status: string;
  baseAmount: number;
  tipAmount: number;
  amount: number;
  paymentUrl: string | null;
  giftCardNumber: string | null;
}

describe.each(await dbKinds())('payment methods and gift cards on %s', (kind) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext(kind, { PAYMENT_CAPTCHA: false });
  });
  afterAll(() => ctx.close());

  /** A sandbox gift card of its own (tests never share one), digits only, kept by the sandbox processor. */
  async function newGiftCard(balanceCents: number) {
    const number = `7${String(randomInt(10 ** 9)).padStart(9, '0')}${String(randomInt(10 ** 6)).padStart(6, '0')}`;
    const card = await ctx.processor.ledger.putGiftCard(testMerchant, number, balanceCents);
    return { number, id: card.cardId };
  }

  /** The card's balance at the processor, checked against its ledger: initial + sum(entries) = balance. */
  async function ledgerBalance(cardId: number) {
    const card = await ctx.processor.ledger.giftCardLedger(testMerchant, cardId);
    if (!card) throw new Error('no card');
    const entries = card.entries.filter((e) => e.kind !== 'cancel');
    expect(card.initialBalanceCents + entries.reduce((sum, e) => sum + e.amountCents, 0)).toBe(
      card.balanceCents,
    );
    return { balanceCents: card.balanceCents, entries };
  }

  /** Sets the card's balance as if it was spent (or topped up) elsewhere. */
  async function setBalance(number: string, balanceCents: number) {
    await ctx.processor.ledger.putGiftCard(testMerchant, number, balanceCents);
  }

  async function withContact(order: OrderFixture) {
    const res = await ctx.app.inject({
      method: 'PATCH',
      url: `/v1/sales/orders/${order.orderId}/contact-information`,
      headers: auth(order.token),
      payload: CONTACT,
    });
    expect(res.statusCode).toBe(200);
    return order;
  }

  function pay(order: OrderFixture, payload: Record<string, unknown>, token = order.token) {
    return ctx.app.inject({
      method: 'POST',
      url: `/v1/sales/orders/${order.orderId}/payments`,
      headers: auth(token),
      payload,
    });
  }

  /** The order's due as GET sales/orders/{id} answers it (both `due` and `totals.due`), dollars. */
  async function dueOf(order: OrderFixture) {
    const res = await ctx.app.inject({
      method: 'GET',
      url: `/v1/sales/orders/${order.orderId}`,
      headers: auth(order.token),
    });
    expect(res.statusCode, res.body).toBe(200);
    const { value } = res.json<{ value: { due: number; totals: { due: number } } }>();
    expect(value.totals.due).toBe(value.due);
    return value.due;
  }

  const applyGift = (order: OrderFixture, number: string, amount: number) =>
    pay(order, { paymentMethod: 6, giftCardNumber: number, baseAmount: amount });

  function balance(order: OrderFixture, code: string, token = order.token, ip?: string) {
    return ctx.app.inject({
      method: 'GET',
      url: `/v1/sales/orders/${order.orderId}/payment-methods/gift-cards/${encodeURIComponent(code)}/balance`,
      headers: auth(token),
      ...(ip ? { remoteAddress: ip } : {}),
    });
  }

  async function methodsOf(locationId: number) {
    const order = await createOrderFixture(ctx, { locationId });
    const res = await ctx.app.inject({
      method: 'GET',
      url: `/v1/sales/orders/${order.orderId}/payment-methods`,
      headers: auth(order.token),
    });
    expect(res.statusCode).toBe(200);
    return res.json<{
      value: {
        paymentMethod: number;
        paymentProcessorCode: string | null;
        requiresVerifiedIdentity: boolean;
        avsCoverageLevel: string;
      }[];
    }>().value;
  }

  /** The card payment for what is due after the gift cards, tokenised with `card` in its frame. */
  async function cardFor(order: OrderFixture, baseCents: number, card: string = CARDS.approve, tipCents = 0) {
    const res = await pay(order, {
      paymentMethod: 5,
      baseAmount: baseCents / 100,
      tipAmount: tipCents / 100,
      // The sandbox verifies the postal code (the stores' AVS level is ZipCodeOnly).
      billingAddress: { postalCode: '20036' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const payment = res.json<{ value: PaymentValue }>().value;
    if (!payment.paymentUrl) throw new Error('no hosted page');
    return { payment, paymentToken: await tokenise(ctx, payment.paymentUrl, card) };
  }

  it("answers each store's configured methods in order, with processor, identity check and AVS level", async () => {
    expect(await methodsOf(DEMO_LOCATIONS.open)).toMatchObject([
      {
        paymentMethod: 5,
        paymentProcessorCode: 'AURUS_HOSTED',
        requiresVerifiedIdentity: false,
        avsCoverageLevel: 'ZipCodeOnly',
      },
      { paymentMethod: 6, paymentProcessorCode: null },
    ]);
    expect(
      (await methodsOf(DEMO_LOCATIONS.foodHall)).map((m) => [m.paymentMethod, m.paymentProcessorCode]),
    ).toEqual([
      [5, 'EXPRESS'],
      [15, 'AURUS_APPLE_PAY_HOSTED'],
      [2, null],
      [6, null],
    ]);
    // Silver Spring: the card only, verifying the whole billing address.
    expect(
      (await methodsOf(DEMO_LOCATIONS.closesSoon)).map((m) => [m.paymentMethod, m.avsCoverageLevel]),
    ).toEqual([[5, 'AddressAndZipCode']]);
    expect(await methodsOf(DEMO_LOCATIONS.chicago)).toMatchObject([
      { paymentMethod: 5 },
      { paymentMethod: 2, requiresVerifiedIdentity: true },
      { paymentMethod: 6 },
    ]);
  });

  it('looks up a balance, says Invalid card for an unknown or malformed number and hides foreign orders', async () => {
    const order = await createOrderFixture(ctx);
    const card = await newGiftCard(2500);
    const spaced = `${card.number.slice(0, 4)} ${card.number.slice(4, 8)} ${card.number.slice(8)}`;
    const known = await balance(order, spaced);
    expect(known.statusCode).toBe(200);
    expect(known.json()).toEqual({ succeed: true, value: { balanceAmount: 25 }, errors: [] });

    const unknown = await balance(order, '6999000000000000');
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json()).toMatchObject({ succeed: false, errors: [{ message: INVALID_CARD }] });
    const malformed = await balance(order, 'abc');
    expect(malformed.statusCode).toBe(400);
    expect(malformed.body).toContain(INVALID_CARD);

    const foreign = await balance(order, card.number, await ctx.token());
    expect(foreign.statusCode).toBe(404);
  });

  it('stops guessing: after 10 unknown numbers the order session gets 429, also for a real card', async () => {
    const order = await createOrderFixture(ctx);
    const card = await newGiftCard(1000);
    const ip = '198.51.100.7';
    for (let i = 0; i < 10; i += 1) {
      expect(
        (await balance(order, `69990000000${String(i).padStart(5, '0')}`, order.token, ip)).statusCode,
      ).toBe(422);
    }
    const blocked = await balance(order, card.number, order.token, ip);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json<{ errors: { message: string }[] }>().errors[0]?.message).toMatch(
      /Too many invalid gift cards/,
    );
    // Another order session from another address is not held back by this one's guesses.
    const other = await createOrderFixture(ctx);
    expect((await balance(other, card.number, other.token, '198.51.100.8')).statusCode).toBe(200);
  });

  it('applies, re-applies, updates and removes a gift card within balance and due', async () => {
    const order = await createOrderFixture(ctx); // $13.75
    const card = await newGiftCard(500);
    const big = await newGiftCard(10_000);

    const over = await applyGift(order, card.number, 6);
    expect(over.statusCode).toBe(422);
    expect(over.json()).toMatchObject({ errors: [{ message: APPLY_FAILED }] });
    expect((await applyGift(order, big.number, 20)).json()).toMatchObject({
      errors: [{ message: APPLY_FAILED }],
    });
    expect((await applyGift(order, big.number, 0)).statusCode).toBe(422);
    const unknown = await applyGift(order, '6999000000000001', 1);
    expect(unknown.json()).toMatchObject({ errors: [{ message: INVALID_CARD }] });
    const tipped = await pay(order, {
      paymentMethod: 6,
      giftCardNumber: card.number,
      baseAmount: 1,
      tipAmount: 1,
    });
    expect(tipped.statusCode).toBe(422);

    const applied = await applyGift(order, card.number, 5);
    expect(applied.statusCode, applied.body).toBe(200);
    // The order's due is what is left after the applied gift cards.
    expect(await dueOf(order)).toBe(8.75);
    const gift = applied.json<{ value: PaymentValue }>().value;
    expect(gift).toMatchObject({
      paymentMethod: 6,
      status: 'Pending',
      amount: 5,
      giftCardNumber: `************${card.number.slice(-4)}`,
      paymentUrl: null,
    });
    // The same card again takes the new amount (a retried apply adds nothing).
    const again = await applyGift(order, card.number, 4);
    expect(again.json<{ value: PaymentValue }>().value).toMatchObject({ id: gift.id, amount: 4 });
    // The second card may take what is left due ($9.75), not more.
    expect((await applyGift(order, big.number, 9.76)).statusCode).toBe(422);
    expect((await applyGift(order, big.number, 9.75)).statusCode).toBe(200);
    expect(await dueOf(order)).toBe(0);

    const url = `/v1/sales/orders/${order.orderId}/payments/${gift.id}`;
    const patched = await ctx.app.inject({
      method: 'PATCH',
      url,
      headers: auth(order.token),
      payload: { baseAmount: 3 },
    });
    expect(patched.json()).toMatchObject({ value: { amount: 3 } });
    expect(await dueOf(order)).toBe(1);
    const overPatch = await ctx.app.inject({
      method: 'PATCH',
      url,
      headers: auth(order.token),
      payload: { baseAmount: 5 },
    });
    expect(overPatch.json()).toMatchObject({ errors: [{ message: APPLY_FAILED }] });
    const foreign = await ctx.app.inject({
      method: 'PATCH',
      url,
      headers: auth(await ctx.token()),
      payload: { baseAmount: 1 },
    });
    expect(foreign.statusCode).toBe(404);
    const stranger = await ctx.token();
    expect((await ctx.app.inject({ method: 'DELETE', url, headers: auth(stranger) })).statusCode).toBe(404);
    const foreignApply = await pay(
      order,
      { paymentMethod: 6, giftCardNumber: card.number, baseAmount: 1 },
      stranger,
    );
    expect(foreignApply.statusCode).toBe(404);
    expect((await ctx.app.inject({ method: 'DELETE', url, headers: auth(order.token) })).statusCode).toBe(
      200,
    );
    const list = await ctx.app.inject({
      method: 'GET',
      url: `/v1/sales/orders/${order.orderId}/payments`,
      headers: auth(order.token),
    });
    expect(list.json<{ value: PaymentValue[] }>().value.map((p) => p.amount)).toEqual([9.75]);
    expect(await dueOf(order)).toBe(4);
    // Applying moves no money: the balance changes only at placement.
    expect((await ledgerBalance(card.id)).balanceCents).toBe(500);
  });

  it('asks a store verifying the full address for street, city, state and postal code, then places with them', async () => {
    const order = await withContact(await createOrderFixture(ctx, { locationId: DEMO_LOCATIONS.closesSoon }));
    const base = order.totalCents / 100;
    const zipOnly = await pay(order, {
      paymentMethod: 5,
      baseAmount: base,
      billingAddress: { postalCode: '20910' },
    });
    expect(zipOnly.statusCode).toBe(400);
    expect(zipOnly.json<{ errors: unknown[] }>().errors).toEqual(
      expect.arrayContaining([
        { key: 'body.billingAddress.address1', code: 400, message: 'Please enter your address' },
        { key: 'body.billingAddress.city', code: 400, message: 'Please enter your city' },
        { key: 'body.billingAddress.state', code: 400, message: 'Please enter your state' },
      ]),
    );
    const full = await pay(order, {
      paymentMethod: 5,
      baseAmount: base,
      billingAddress: {
        address1: '8515 Georgia Ave',
        city: 'Silver Spring',
        state: 'MD',
        postalCode: '20910',
      },
    });
    expect(full.statusCode, full.body).toBe(200);
    const { paymentUrl } = full.json<{ value: PaymentValue }>().value;
    if (!paymentUrl) throw new Error('no hosted page');
    const placed = await closeRequest(ctx, order, {
      paymentToken: await tokenise(ctx, paymentUrl, CARDS.approve),
    });
    expect(placed.statusCode, placed.body).toBe(200);
  });

  it('refuses a method the store does not offer, 9901 without any credit card', async () => {
    const noGift = await createOrderFixture(ctx, { locationId: DEMO_LOCATIONS.closesSoon });
    const card = await newGiftCard(500);
    const refused = await applyGift(noGift, card.number, 1);
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toMatchObject({
      errors: [{ message: 'The store does not accept this payment method' }],
    });
    expect(
      (
        await pay(noGift, {
          paymentMethod: 2,
          baseAmount: noGift.totalCents / 100,
          recaptchaInput: await paymentCaptcha(ctx),
        })
      ).statusCode,
    ).toBe(422);
    expect((await pay(noGift, { paymentMethod: 15, baseAmount: noGift.totalCents / 100 })).statusCode).toBe(
      422,
    );

    const order = await createOrderFixture(ctx, { locationId: DEMO_LOCATIONS.closed });
    await ctx.database.db
      .delete(locationPaymentMethods)
      .where(eq(locationPaymentMethods.locationId, DEMO_LOCATIONS.closed));
    const noCard = await pay(order, { paymentMethod: 5, baseAmount: order.totalCents / 100 });
    expect(noCard.statusCode).toBe(422);
    expect(noCard.json()).toMatchObject({ errors: [{ code: 9901 }] });
  });

  it("takes the card's processor from the store and makes the wallet's payment for the due", async () => {
    const order = await createOrderFixture(ctx, { locationId: DEMO_LOCATIONS.foodHall });
    const express = await pay(order, { paymentMethod: 5, baseAmount: order.totalCents / 100, tipAmount: 1 });
    expect(express.json()).toMatchObject({
      value: { paymentProcessorCode: 'EXPRESS', amount: (order.totalCents + 100) / 100 },
    });
    const card = await newGiftCard(500);
    expect((await applyGift(order, card.number, 2)).statusCode).toBe(200);
    const wallet = await pay(order, {
      paymentMethod: 15,
      baseAmount: (order.totalCents - 200) / 100,
      tipAmount: 1,
    });
    expect(wallet.statusCode, wallet.body).toBe(200);
    expect(wallet.json()).toMatchObject({
      value: {
        paymentMethod: 15,
        paymentProcessorCode: 'AURUS_APPLE_PAY_HOSTED',
        status: 'Pending',
        amount: (order.totalCents - 100) / 100,
      },
    });
    // The wallet replaced the card payment; the gift card stays.
    const list = await ctx.app.inject({
      method: 'GET',
      url: `/v1/sales/orders/${order.orderId}/payments`,
      headers: auth(order.token),
    });
    expect(
      list
        .json<{ value: PaymentValue[] }>()
        .value.map((p) => p.paymentMethod)
        .sort(),
    ).toEqual([15, 6]);
    // The due after gift cards is the only accepted baseAmount (21044).
    const wrong = await pay(order, { paymentMethod: 15, baseAmount: order.totalCents / 100 });
    expect(wrong.json()).toMatchObject({ errors: [{ code: 21044 }] });
  });

  it('places with offline credit: one reused payment for the due, no token, left due at the store', async () => {
    // The food hall offers offline credit but keeps split shifts: the 24/7 table store takes it for this test.
    await ctx.database.db
      .insert(locationPaymentMethods)
      .values({ locationId: DEMO_LOCATIONS.tableOrdering, paymentMethod: 2, displayOrder: 1 });
    const order = await withContact(
      await createOrderFixture(ctx, { locationId: DEMO_LOCATIONS.tableOrdering }),
    );
    const card = await newGiftCard(300);
    expect((await applyGift(order, card.number, 3)).statusCode).toBe(200);
    const base = (order.totalCents - 300) / 100;
    const first = await pay(order, {
      paymentMethod: 2,
      baseAmount: base,
      recaptchaInput: await paymentCaptcha(ctx),
    });
    expect(first.statusCode, first.body).toBe(200);
    const second = await pay(order, {
      paymentMethod: 2,
      baseAmount: base,
      recaptchaInput: await paymentCaptcha(ctx),
    });
    const offline = second.json<{ value: PaymentValue }>().value;
    expect(offline).toMatchObject({
      id: first.json<{ value: PaymentValue }>().value.id,
      paymentProcessorCode: null,
      amount: base,
    });

    const placed = await closeRequest(ctx, order, {});
    expect(placed.statusCode, placed.body).toBe(200);
    expect(placed.json()).toMatchObject({ value: { approvedAmount: 3 } });
    // Offline credit is collected at the store: the placed order still has that due, the gift card's part not.
    expect(await dueOf(order)).toBe(base);
    const rows = await ctx.database.db.select().from(payments).where(eq(payments.orderId, order.orderId));
    expect(rows.find((p) => p.id === offline.id)).toMatchObject({
      status: 'Pending',
      approvedAmountCents: null,
    });
    expect(rows.find((p) => p.paymentMethod === 6)).toMatchObject({
      status: 'Approved',
      approvedAmountCents: 300,
    });
    expect((await ledgerBalance(card.id)).balanceCents).toBe(0);
  });

  it('refuses a method that needs a verified identity until the token carries one for the order', async () => {
    const order = await createOrderFixture(ctx, { locationId: DEMO_LOCATIONS.chicago });
    const refused = await pay(order, {
      paymentMethod: 2,
      baseAmount: order.totalCents / 100,
      recaptchaInput: await paymentCaptcha(ctx),
    });
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toMatchObject({ errors: [{ key: 'IdentityNotVerified' }] });
    // A flag on the order is not enough: the payment needs the verified access token.
    await ctx.database.db
      .update(orders)
      .set({ identityVerifiedAt: new Date() })
      .where(eq(orders.id, order.orderId));
    expect(
      (
        await pay(order, {
          paymentMethod: 2,
          baseAmount: order.totalCents / 100,
          recaptchaInput: await paymentCaptcha(ctx),
        })
      ).statusCode,
    ).toBe(422);
    const verified = await verifyOrderPhone(ctx, order);
    const paid = await pay(
      order,
      { paymentMethod: 2, baseAmount: order.totalCents / 100, recaptchaInput: await paymentCaptcha(ctx) },
      verified,
    );
    expect(paid.statusCode, paid.body).toBe(200);
  });

  it('captures the gift card and charges the rest to the card; a replay with the same key captures nothing more', async () => {
    const order = await withContact(await createOrderFixture(ctx, { subtotalCents: 2000 })); // $22.00
    const card = await newGiftCard(1000);
    expect((await applyGift(order, card.number, 10)).statusCode).toBe(200);
    const { payment, paymentToken } = await cardFor(order, order.totalCents - 1000, CARDS.approve, 150);
    expect(payment.amount).toBe((order.totalCents - 1000 + 150) / 100);
    const key = randomUUID();
    const placed = await closeRequest(ctx, order, { paymentToken }, key);
    expect(placed.statusCode, placed.body).toBe(200);
    expect(placed.json()).toMatchObject({ value: { approvedAmount: (order.totalCents + 150) / 100 } });
    expect(await dueOf(order)).toBe(0);
    const replay = await closeRequest(ctx, order, { paymentToken }, key);
    expect(replay.statusCode).toBe(200);
    expect(replay.json()).toEqual(placed.json());
    const ledger = await ledgerBalance(card.id);
    expect(ledger.balanceCents).toBe(0);
    expect(ledger.entries.map((e) => [e.kind, e.amountCents])).toEqual([['capture', -1000]]);
    expect((await closeRequest(ctx, order, { paymentToken })).statusCode).toBe(409);
  });

  it('gives the gift card back when the card declines or the processor fails, then places once fixed', async () => {
    const order = await withContact(await createOrderFixture(ctx));
    const card = await newGiftCard(500);
    expect((await applyGift(order, card.number, 5)).statusCode).toBe(200);

    const declined = await cardFor(order, order.totalCents - 500, CARDS.decline);
    const first = await closeRequest(ctx, order, { paymentToken: declined.paymentToken });
    expect(first.statusCode).toBe(422);
    expect(first.json()).toMatchObject({ errors: [{ code: 886 }] });
    expect((await ledgerBalance(card.id)).balanceCents).toBe(500);
    // Released after the decline, the gift card stays applied: the due is still the rest.
    expect(await dueOf(order)).toBe((order.totalCents - 500) / 100);

    const outage = await cardFor(order, order.totalCents - 500, CARDS.processingError);
    const second = await closeRequest(ctx, order, { paymentToken: outage.paymentToken });
    expect(second.statusCode).toBe(502);
    expect((await ledgerBalance(card.id)).balanceCents).toBe(500);

    const approved = await cardFor(order, order.totalCents - 500);
    const third = await closeRequest(ctx, order, { paymentToken: approved.paymentToken });
    expect(third.statusCode, third.body).toBe(200);
    const ledger = await ledgerBalance(card.id);
    expect(ledger.balanceCents).toBe(0);
    expect(ledger.entries.map((e) => e.kind)).toEqual([
      'capture',
      'release',
      'capture',
      'release',
      'capture',
    ]);
  });

  it('charges nothing and keeps the order open when the gift-card processor is down', async () => {
    const order = await withContact(await createOrderFixture(ctx));
    const card = await newGiftCard(500);
    expect((await applyGift(order, card.number, 5)).statusCode).toBe(200);
    const { paymentToken } = await cardFor(order, order.totalCents - 500);
    const session = await ctx.app.tokens.verifyAccessToken(order.token);
    if (!session) throw new Error('no session');
    const real = giftCardProcessorFor(ctx.env);
    const down: GiftCardProcessor = {
      lookup: (digits) => real.lookup(digits),
      balance: (cardId) => real.balance(cardId),
      release: (movement) => real.release(movement),
      capture: () => Promise.resolve({ status: 'error', message: '' }),
    };
    const attempt = placeOrderOnce(
      ctx.database.db,
      paymentProcessorFor(ctx.env),
      {
        session,
        orderId: order.orderId,
        body: { paymentToken },
        idempotencyKey: randomUUID(),
        giftCards: down,
        payLater: { policy: payLaterPolicyOf(ctx.env), clientAddress: null },
        notifications: { tokens: ctx.app.tokens, webOrigin: ctx.env.WEB_PUBLIC_URL },
      },
      ctx.env.IDEMPOTENCY_LEASE_SECONDS * 1000,
    );
    await expect(attempt).rejects.toMatchObject({
      status: 502,
      errors: [{ code: 500, message: 'The payment service is not available at this moment' }],
    });
    expect((await ledgerBalance(card.id)).entries).toEqual([]);
    const [row] = await ctx.database.db.select().from(orders).where(eq(orders.id, order.orderId));
    expect(row?.placedAt).toBeNull();
    // Back up, the same card token places the order.
    const placed = await closeRequest(ctx, order, { paymentToken });
    expect(placed.statusCode, placed.body).toBe(200);
    expect((await ledgerBalance(card.id)).balanceCents).toBe(0);
  });

  it('places without a token when gift cards cover everything, and refuses a card spent since it was applied', async () => {
    const order = await withContact(await createOrderFixture(ctx));
    const a = await newGiftCard(1000);
    const b = await newGiftCard(1000);
    expect((await applyGift(order, a.number, 10)).statusCode).toBe(200);
    expect((await applyGift(order, b.number, (order.totalCents - 1000) / 100)).statusCode).toBe(200);
    // Nothing is left for a card: due 0 is what makes the payment page place the order directly.
    expect(await dueOf(order)).toBe(0);
    expect((await pay(order, { paymentMethod: 5, baseAmount: 0 })).statusCode).toBe(422);

    // Card b was spent elsewhere meanwhile: nothing is taken from either card, the order stays open.
    await setBalance(b.number, 100);
    const short = await closeRequest(ctx, order, {});
    expect(short.statusCode).toBe(422);
    expect(short.json()).toMatchObject({ errors: [{ message: APPLY_FAILED }] });
    expect((await ledgerBalance(a.id)).balanceCents).toBe(1000);

    await setBalance(b.number, 1000);
    const placed = await closeRequest(ctx, order, {});
    expect(placed.statusCode, placed.body).toBe(200);
    expect(placed.json()).toMatchObject({ value: { approvedAmount: order.totalCents / 100 } });
    expect((await ledgerBalance(a.id)).balanceCents).toBe(0);
    expect((await ledgerBalance(b.id)).balanceCents).toBe(1000 - (order.totalCents - 1000));
  });

  it('100 orders applying and placing against one card at once never overdraw it; the ledger sums', async () => {
    const card = await newGiftCard(10_000);
    const ordersOnCard = await Promise.all(
      Array.from({ length: 100 }, async () => withContact(await createOrderFixture(ctx))),
    ); // $13.75 each: 7 fit in $100
    let release: () => void = () => undefined;
    const barrier = new Promise<void>((resolve) => {
      release = resolve;
    });
    const attempts = ordersOnCard.map(async (order) => {
      await barrier;
      const applied = await applyGift(order, card.number, order.totalCents / 100);
      if (applied.statusCode !== 200) return applied.statusCode;
      return (await closeRequest(ctx, order, {})).statusCode;
    });
    release();
    const statuses = await Promise.all(attempts);
    expect(statuses.filter((s) => s !== 200 && s !== 422)).toEqual([]);
    const placedCount = statuses.filter((s) => s === 200).length;
    expect(placedCount).toBe(7);
    const ledger = await ledgerBalance(card.id);
    expect(ledger.balanceCents).toBe(10_000 - 7 * 1375);
    expect(ledger.entries).toHaveLength(7);
    const [captured] = await ctx.database.db
      .select({ cents: sql<number>`coalesce(sum(${payments.approvedAmountCents}), 0)::int` })
      .from(payments)
      .where(eq(payments.giftCardId, card.id));
    expect(captured?.cents).toBe(7 * 1375);
  });
});
