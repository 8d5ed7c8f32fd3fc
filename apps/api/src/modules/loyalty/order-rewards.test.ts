import { eq } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { priceOrder, type DiscountRule } from '@storefront/contracts/discount-engine';
import { LOYALTY_ERROR, type OrderRewards } from '@storefront/contracts/loyalty';
import { centsToDollars } from '@storefront/contracts/money';
import type { Order } from '@storefront/contracts/orders';
import { localDateOf } from '@storefront/contracts/store-hours';
import { loyaltyRewards } from '../../db/schema/loyalty';
import { DEMO_TIME_ZONE } from '../../db/seed/locations';
import { DEMO_LOYALTY, DEMO_REWARDS } from '../../db/seed/loyalty';
import { openLoyaltyProvider } from '../../providers/loyalty/open-provider';
import { solveCaptcha } from '../../test/captcha';
import { createCustomer, customerHeaders, signInCustomer } from '../../test/customers';
import { createTestContext, dbKinds, type TestContext } from '../../test/harness';
import { CARDS, CONTACT, createOrderFixture, type OrderFixture } from '../checkout/checkout.fixtures';
import { auth, closeRequest, prepareCheckout, processorCharges } from '../checkout/checkout.test-helpers';

describe.each(await dbKinds())('rewards at checkout on %s', (kind) => {
  let ctx: TestContext;
  let rewardIds: { fiveOff: number; drink: number; tenOff: number };
  beforeAll(async () => {
    ctx = await createTestContext(kind);
    const rows = await ctx.app.db
      .select({ id: loyaltyRewards.id, name: loyaltyRewards.name })
      .from(loyaltyRewards)
      .where(eq(loyaltyRewards.brandId, DEMO_LOYALTY.brandId));
    const id = (name: string) => {
      const row = rows.find((r) => r.name === name);
      if (!row) throw new Error(`reward ${name} missing`);
      return row.id;
    };
    rewardIds = {
      fiveOff: id('$5 Off Your Order'),
      drink: id('Free Fountain Drink'),
      tenOff: id('$10 Off Your Order'),
    };
  });
  afterAll(() => ctx.close());

  /** A new customer with `points`, signed in, and an order of `subtotalCents` at the brand's first store. */
  async function memberWithOrder(points: number, subtotalCents = 1250) {
    const customerId = await createCustomer(ctx);
    if (points > 0) {
      await openLoyaltyProvider.grant(
        ctx.app.db,
        { brandId: DEMO_LOYALTY.brandId, customerId },
        points,
        'Test points',
      );
    }
    const { token } = await signInCustomer(ctx, customerId);
    const order = await createOrderFixture(ctx, { token, subtotalCents });
    return { customerId, token, order, headers: customerHeaders(token, customerId) };
  }

  function rewardsOf(order: OrderFixture, headers: Record<string, string>) {
    return ctx.app.inject({
      method: 'GET',
      url: `/v1/loyalty/orders/${order.orderId}/rewards`,
      headers,
    });
  }

  function change(
    method: 'POST' | 'PUT' | 'DELETE',
    order: OrderFixture,
    headers: Record<string, string>,
    payload?: Record<string, unknown>,
    rewardId?: number | string,
  ) {
    return ctx.app.inject({
      method,
      url: `/v1/loyalty/orders/${order.orderId}/rewards${rewardId === undefined ? '' : `/${rewardId}`}`,
      headers,
      ...(payload === undefined ? {} : { payload }),
    });
  }

  const orderOf = (res: { json: <T>() => T }) => res.json<{ value: Order }>().value;

  it("lists the brand's rewards, the balance and no reward on a new order; a guest gets 401", async () => {
    const { order, headers } = await memberWithOrder(1250);
    const res = await rewardsOf(order, headers);
    expect(res.statusCode, res.body).toBe(200);
    const value = res.json<{ value: OrderRewards }>().value;
    expect(value).toMatchObject({
      isLoyaltyLogin: false,
      pointsPerRewardDollar: 100,
      loyaltyBalance: { netPointsBalance: 1250, redeemableAmountBalance: 12.5 },
      appliedRewards: [],
    });
    expect(value.rewards.map((r) => [r.name, r.rewardType, r.pointsCost, r.discountAmount])).toEqual([
      ['$5 Off Your Order', 'Amount', 500, 5],
      ['Free Fountain Drink', 'Voucher', 300, 2.49],
      ['$10 Off Your Order', 'Amount', 1000, 10],
    ]);
    const guest = await createOrderFixture(ctx);
    const refused = await rewardsOf(guest, auth(guest.token));
    expect(refused.statusCode).toBe(401);
    const add = await change('POST', guest, auth(guest.token), { rewardId: rewardIds.fiveOff });
    expect(add.statusCode).toBe(401);
    // Another customer's order is not found.
    const other = await memberWithOrder(0);
    expect((await rewardsOf(order, other.headers)).statusCode).toBe(404);
    expect((await change('POST', order, other.headers, { rewardId: rewardIds.fiveOff })).statusCode).toBe(
      404,
    );
  });

  it('adds, moves, updates and removes the reward; the engine takes it off before tax beside a coupon', async () => {
    const { order, headers } = await memberWithOrder(1250, 2000);
    const added = await change('POST', order, headers, { rewardId: rewardIds.fiveOff });
    expect(added.statusCode, added.body).toBe(200);
    let value = orderOf(added);
    expect(value.discounts).toEqual([
      expect.objectContaining({
        source: 'reward',
        code: String(rewardIds.fiveOff),
        amount: 5,
        isApplied: true,
      }),
    ]);
    expect(value.totals).toMatchObject({ subtotal: 20, discount: 5 });
    const taxWithReward = value.totals.salesTax;

    // A coupon with it: WELCOME10 takes 10% of $20 first, then the reward its $5.
    const coupon = await ctx.app.inject({
      method: 'POST',
      url: `/v1/sales/orders/${order.orderId}/discounts`,
      headers,
      payload: { discountCode: 'WELCOME10', recaptchaInput: await solveCaptcha(ctx.app, '10.9.8.7') },
    });
    expect(coupon.statusCode, coupon.body).toBe(200);
    value = orderOf(coupon);
    expect(value.totals).toMatchObject({ subtotal: 20, discount: 7 });
    expect(value.totals.salesTax).toBeLessThan(taxWithReward);

    // A second add is refused: the order carries one reward; switching is a PUT.
    const twice = await change('POST', order, headers, { rewardId: rewardIds.drink });
    expect(twice.statusCode).toBe(409);
    expect(twice.json()).toMatchObject({ errors: [{ code: LOYALTY_ERROR.RewardConflict }] });

    const moved = await change('PUT', order, headers, { rewardId: rewardIds.drink });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(orderOf(moved).discounts.find((d) => d.source === 'reward')).toMatchObject({
      code: String(rewardIds.drink),
      amount: 2.49,
      type: 'Voucher',
    });

    const custom = await change('PUT', order, headers, { rewardId: 'customPoints', points: 250 });
    expect(custom.statusCode, custom.body).toBe(200);
    expect(orderOf(custom).discounts.find((d) => d.source === 'reward')).toMatchObject({
      code: 'customPoints',
      amount: 2.5,
    });
    const listed = (await rewardsOf(order, headers)).json<{ value: OrderRewards }>().value;
    expect(listed.appliedRewards).toEqual([
      expect.objectContaining({
        rewardId: 'customPoints',
        rewardType: 'Amount',
        discountAmount: 2.5,
        requestedAmount: 2.5,
        pointsCost: 250,
      }),
    ]);

    // Removing names the order's reward; another id is 404.
    expect((await change('DELETE', order, headers, undefined, rewardIds.fiveOff)).statusCode).toBe(404);
    const removed = await change('DELETE', order, headers, undefined, 'customPoints');
    expect(removed.statusCode, removed.body).toBe(200);
    expect(orderOf(removed).discounts.map((d) => d.source)).toEqual(['coupon']);
    expect((await change('PUT', order, headers, { rewardId: rewardIds.drink })).statusCode).toBe(404);
    // Removing all is idempotent.
    expect((await change('DELETE', order, headers)).statusCode).toBe(200);
  });

  it('refuses rewards the points do not cover, unknown rewards and bad custom points', async () => {
    const { order, headers } = await memberWithOrder(600);
    const tooDear = await change('POST', order, headers, { rewardId: rewardIds.tenOff });
    expect(tooDear.statusCode).toBe(422);
    expect(tooDear.json()).toMatchObject({
      errors: [{ code: LOYALTY_ERROR.NotEnoughPoints, message: 'Not enough points for this reward' }],
    });
    const tooMany = await change('POST', order, headers, { rewardId: 'customPoints', points: 601 });
    expect(tooMany.statusCode).toBe(422);
    const unknown = await change('POST', order, headers, { rewardId: 2_000_000_000 });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json()).toMatchObject({ errors: [{ code: LOYALTY_ERROR.UnknownReward }] });
    for (const payload of [
      { rewardId: 'customPoints' },
      { rewardId: 'customPoints', points: 0 },
      { rewardId: 'customPoints', points: 1.5 },
      { rewardId: 'customPoints', points: -3 },
      { rewardId: 'other' },
      {},
    ]) {
      const res = await change('POST', order, headers, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
    }
    expect((await change('DELETE', order, headers, undefined, 'nope')).statusCode).toBe(400);
  });

  it('leaving checkout removes the reward with the coupon (DELETE sales/orders/{id}/discounts)', async () => {
    const { order, headers } = await memberWithOrder(1250);
    expect((await change('POST', order, headers, { rewardId: rewardIds.fiveOff })).statusCode).toBe(200);
    const cleared = await ctx.app.inject({
      method: 'DELETE',
      url: `/v1/sales/orders/${order.orderId}/discounts`,
      headers,
    });
    expect(cleared.statusCode, cleared.body).toBe(200);
    expect(orderOf(cleared).discounts).toEqual([]);
    expect(orderOf(cleared).totals.discount).toBe(0);
  });

  it('agrees with the engine the storefront runs: any demo reward or custom points, with or without WELCOME10', async () => {
    const welcome10: DiscountRule = {
      id: 1,
      code: 'WELCOME10',
      name: '10% off your order (up to $5)',
      kind: 'percent',
      value: 1000,
      itemPathKeys: [],
      categoryKeys: [],
      minSubtotalCents: 0,
      maxDiscountCents: 500,
      validFrom: null,
      validUntil: null,
      channels: null,
      fulfillmentMethods: null,
      locationIds: null,
      usageLimit: null,
      usageLimitPerCustomer: null,
    };
    const catalogue = [rewardIds.fiveOff, rewardIds.drink, rewardIds.tenOff];
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 1, max: 4000 }),
        fc.oneof(
          fc.constantFrom(0, 1, 2),
          fc.integer({ min: 1, max: 3000 }).map((points) => -points),
        ),
        fc.boolean(),
        async (subtotalCents, pick, withCoupon) => {
          const { order, headers } = await memberWithOrder(5000, subtotalCents);
          if (withCoupon) {
            const coupon = await ctx.app.inject({
              method: 'POST',
              url: `/v1/sales/orders/${order.orderId}/discounts`,
              headers,
              payload: { discountCode: 'WELCOME10', recaptchaInput: await solveCaptcha(ctx.app, '10.9.8.6') },
            });
            expect(coupon.statusCode, coupon.body).toBe(200);
          }
          const demo = pick >= 0 ? DEMO_REWARDS[pick] : undefined;
          const body = demo
            ? { rewardId: catalogue[pick] ?? 0 }
            : { rewardId: 'customPoints', points: -pick };
          const res = await change('POST', order, headers, body);
          expect(res.statusCode, res.body).toBe(200);
          const expected = priceOrder({
            lines: [{ id: 1, itemPathKey: 'fixture-item', quantity: 1, totalCents: subtotalCents }],
            context: {
              locationId: 1,
              catering: false,
              channel: 107,
              fulfillmentMethod: 1,
              localDate: localDateOf(Date.now(), DEMO_TIME_ZONE),
            },
            automatic: [],
            coupon: withCoupon ? { instanceId: 'c', couponCode: 'WELCOME10', rule: welcome10 } : null,
            rewards: [
              {
                instanceId: 'r',
                rewardId: String(body.rewardId),
                name: demo?.name ?? 'custom',
                rewardType: demo?.rewardType ?? 'Amount',
                requestedCents: demo ? demo.discountCents : -pick,
              },
            ],
            serviceCharges: [],
            taxRateBasisPoints: 1000,
          });
          const view = orderOf(res);
          expect(view.totals).toMatchObject({
            subtotal: centsToDollars(expected.totals.subtotalCents),
            discount: centsToDollars(expected.totals.discountCents),
            salesTax: centsToDollars(expected.totals.salesTaxCents),
            total: centsToDollars(expected.totals.totalCents),
          });
          const rewardLine = expected.discounts.lines.find((l) => l.source === 'reward');
          expect(view.discounts.find((d) => d.source === 'reward')).toMatchObject({
            amount: centsToDollars(rewardLine?.amountCents ?? 0),
            isApplied: rewardLine?.isApplied,
          });
        },
      ),
      { seed: 33, numRuns: 12 },
    );
  });

  /** Puts the reward on, prepares the card payment for the new total and answers the fixture with it. */
  async function withReward(
    member: Awaited<ReturnType<typeof memberWithOrder>>,
    body: Record<string, unknown>,
  ) {
    const res = await change('POST', member.order, member.headers, body);
    expect(res.statusCode, res.body).toBe(200);
    const totalCents = Math.round(orderOf(res).totals.total * 100);
    const fixture = { ...member.order, totalCents };
    const { paymentToken } = await prepareCheckout(ctx, fixture, CARDS.approve);
    return { fixture, paymentToken };
  }

  async function points(customerId: number) {
    return openLoyaltyProvider.getPoints(ctx.app.db, { brandId: DEMO_LOYALTY.brandId, customerId });
  }

  it('holds the points at placement and spends them when the order completes', async () => {
    const member = await memberWithOrder(1250, 2000);
    const { fixture, paymentToken } = await withReward(member, { rewardId: rewardIds.fiveOff });
    const placed = await closeRequest(ctx, fixture, { paymentToken });
    expect(placed.statusCode, placed.body).toBe(200);
    expect(await points(member.customerId)).toEqual({ pointsBalance: 750, heldPoints: 500 });
    for (const statusId of [2, 3, 4]) {
      const moved = await ctx.app.inject({
        method: 'POST',
        url: `/v1/staff/orders/${fixture.orderId}/status`,
        headers: { 'x-staff-key': ctx.env.STAFF_KEY },
        payload: { statusId },
      });
      expect(moved.statusCode, moved.body).toBe(200);
    }
    // Spent, and $15 of items after the reward earn 150 points.
    expect(await points(member.customerId)).toEqual({ pointsBalance: 900, heldPoints: 0 });
  });

  it('a reward switched on /payment re-amounts the pending card payment: the card is charged the new total', async () => {
    const member = await memberWithOrder(1250, 2000);
    // The card payment is made for the total without a reward (as /payment starts it), then the reward changes.
    const { paymentId, paymentToken } = await prepareCheckout(ctx, member.order, CARDS.approve);
    const payments = async () =>
      (
        await ctx.app.inject({
          method: 'GET',
          url: `/v1/sales/orders/${member.order.orderId}/payments`,
          headers: member.headers,
        })
      ).json<{ value: { id: number; baseAmount: number; tipAmount: number }[] }>().value;
    const added = await change('POST', member.order, member.headers, { rewardId: rewardIds.fiveOff });
    expect(added.statusCode, added.body).toBe(200);
    const withFive = orderOf(added).totals.total;
    expect(await payments()).toEqual([expect.objectContaining({ id: paymentId, baseAmount: withFive })]);
    const moved = await change('PUT', member.order, member.headers, { rewardId: rewardIds.tenOff });
    expect(moved.statusCode, moved.body).toBe(200);
    const withTen = orderOf(moved).totals.total;
    expect(withTen).toBeLessThan(withFive);
    expect(await payments()).toEqual([expect.objectContaining({ id: paymentId, baseAmount: withTen })]);
    const removed = await change('DELETE', member.order, member.headers);
    expect(removed.statusCode, removed.body).toBe(200);
    expect(await payments()).toEqual([
      expect.objectContaining({ id: paymentId, baseAmount: orderOf(removed).totals.total }),
    ]);
    const again = await change('POST', member.order, member.headers, { rewardId: rewardIds.tenOff });
    expect(again.statusCode, again.body).toBe(200);
    const placed = await closeRequest(ctx, member.order, { paymentToken });
    expect(placed.statusCode, placed.body).toBe(200);
    const charges = await processorCharges(ctx.processor, member.order.orderId);
    expect(charges.map((c) => c.amountCents)).toEqual([Math.round(withTen * 100)]);
  });

  it('custom points hold only what the discount taken needs', async () => {
    const member = await memberWithOrder(5000, 1250);
    const res = await change('POST', member.order, member.headers, {
      rewardId: 'customPoints',
      points: 5000,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(orderOf(res).totals).toMatchObject({ subtotal: 12.5, discount: 12.5, total: 0 });
    // Nothing is due: the order is placed without a payment.
    const contact = await ctx.app.inject({
      method: 'PATCH',
      url: `/v1/sales/orders/${member.order.orderId}/contact-information`,
      headers: member.headers,
      payload: CONTACT,
    });
    expect(contact.statusCode, contact.body).toBe(200);
    const placed = await closeRequest(ctx, member.order, {});
    expect(placed.statusCode, placed.body).toBe(200);
    // $12.50 of items: 1,250 points at 100 points per dollar.
    expect(await points(member.customerId)).toEqual({ pointsBalance: 3750, heldPoints: 1250 });
  });

  it('a reward the points no longer cover is refused (23002) before the card is charged', async () => {
    const member = await memberWithOrder(600, 2000);
    const { fixture, paymentToken } = await withReward(member, { rewardId: rewardIds.fiveOff });
    // The points go elsewhere after the reward was chosen (another order placed from another device).
    const other = await createOrderFixture(ctx, { token: member.token, subtotalCents: 2000 });
    const held = await openLoyaltyProvider.hold(
      ctx.app.db,
      { brandId: DEMO_LOYALTY.brandId, customerId: member.customerId },
      other.orderId,
      200,
    );
    expect(held).toBe(true);
    const refused = await closeRequest(ctx, fixture, { paymentToken });
    expect(refused.statusCode, refused.body).toBe(422);
    expect(refused.json()).toMatchObject({ errors: [{ code: LOYALTY_ERROR.NotEnoughPoints }] });
    // Nothing was charged (and so nothing had to be voided).
    expect(await processorCharges(ctx.processor, fixture.orderId)).toEqual([]);
  });

  it('two orders racing for the same points: one is placed, the other refused (23002), never below zero', async () => {
    const customerId = await createCustomer(ctx);
    await openLoyaltyProvider.grant(
      ctx.app.db,
      { brandId: DEMO_LOYALTY.brandId, customerId },
      700,
      'Test points',
    );
    const racers = await Promise.all(
      [0, 1, 2].map(async () => {
        const { token } = await signInCustomer(ctx, customerId);
        const order = await createOrderFixture(ctx, { token, subtotalCents: 2000 });
        return withReward(
          { customerId, token, order, headers: customerHeaders(token, customerId) },
          { rewardId: rewardIds.fiveOff },
        );
      }),
    );
    const results = await Promise.all(
      racers.map(({ fixture, paymentToken }) => closeRequest(ctx, fixture, { paymentToken })),
    );
    const statuses = results.map((r) => r.statusCode).sort();
    expect(statuses, results.map((r) => r.body).join('\n')).toEqual([200, 422, 422]);
    for (const refused of results.filter((r) => r.statusCode === 422)) {
      expect(refused.json()).toMatchObject({ errors: [{ code: LOYALTY_ERROR.NotEnoughPoints }] });
    }
    expect(await points(customerId)).toEqual({ pointsBalance: 200, heldPoints: 500 });
  });
});
