import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  computeDiscounts,
  computeServiceCharges,
  couponRefusal,
  percentOf,
  priceOrder,
  ruleDiscountCents,
  type DiscountContext,
  type DiscountRule,
  type DiscountableLine,
  type ServiceChargeRule,
} from './discount-engine';
import { ORDER_ERROR } from './errors';
import { totalsRows } from './pricing';

const ctx: DiscountContext = {
  locationId: 1,
  catering: false,
  channel: 107,
  fulfillmentMethod: 1,
  localDate: '2026-06-15',
};

function rule(extra: Partial<DiscountRule> = {}): DiscountRule {
  return {
    id: 1,
    code: 'SAVE10',
    name: '10% off',
    kind: 'percent',
    value: 1000,
    itemPathKeys: [],
    categoryKeys: [],
    minSubtotalCents: 0,
    maxDiscountCents: null,
    validFrom: null,
    validUntil: null,
    channels: null,
    fulfillmentMethods: null,
    locationIds: null,
    usageLimit: null,
    usageLimitPerCustomer: null,
    ...extra,
  };
}

const burger: DiscountableLine = { id: 1, itemPathKey: '1-10-101', quantity: 1, totalCents: 1235 };
const fries: DiscountableLine = { id: 2, itemPathKey: '1-20-201', quantity: 2, totalCents: 700 };

function coupon(r: DiscountRule, usage?: { used: number; usedByCustomer: number | null }) {
  return { instanceId: 'c1', couponCode: 'save10', rule: r, ...(usage ? { usage } : {}) };
}

describe('rounding', () => {
  it('rounds a percentage half up at the cent', () => {
    expect(percentOf(1235, 1000)).toBe(124); // 123.5 -> 124
    expect(percentOf(10, 1500)).toBe(2); // 1.5 -> 2
    expect(percentOf(1234, 1000)).toBe(123); // 123.4 -> 123
    expect(percentOf(0, 1000)).toBe(0);
  });

  it('takes 10% of $12.35 as $1.24', () => {
    const result = computeDiscounts({
      lines: [burger],
      context: ctx,
      automatic: [],
      coupon: coupon(rule()),
      rewards: [],
    });
    expect(result.totalCents).toBe(124);
    expect(result.lines[0]).toMatchObject({ amountCents: 124, isApplied: true, notice: null });
  });
});

describe('coupon conditions (21021)', () => {
  it('is valid from and until its dates inclusive, in the store-local date given', () => {
    const dated = rule({ validFrom: '2026-06-15', validUntil: '2026-06-15' });
    expect(couponRefusal(dated, ctx)).toBeNull();
    expect(couponRefusal(dated, { ...ctx, localDate: '2026-06-14' })).toBe('not-yet-valid');
    expect(couponRefusal(dated, { ...ctx, localDate: '2026-06-16' })).toBe('expired');
  });

  it('refuses other channels, fulfilment methods and stores', () => {
    expect(couponRefusal(rule({ channels: [106] }), ctx)).toBe('channel');
    expect(couponRefusal(rule({ fulfillmentMethods: [0] }), ctx)).toBe('fulfillment-method');
    expect(couponRefusal(rule({ locationIds: [2, 3] }), ctx)).toBe('location');
    expect(
      couponRefusal(rule({ channels: [107], fulfillmentMethods: [1], locationIds: [1] }), ctx),
    ).toBeNull();
  });

  it('refuses a coupon whose uses are taken, in total or by this customer', () => {
    const limited = rule({ usageLimit: 10, usageLimitPerCustomer: 1 });
    expect(couponRefusal(limited, ctx, { used: 9, usedByCustomer: 0 })).toBeNull();
    expect(couponRefusal(limited, ctx, { used: 10, usedByCustomer: 0 })).toBe('used-up');
    expect(couponRefusal(limited, ctx, { used: 3, usedByCustomer: 1 })).toBe('used-up-by-customer');
    expect(couponRefusal(limited, ctx, { used: 3, usedByCustomer: null })).toBeNull();
  });

  it('lists a refused coupon unapplied with 21021 and takes nothing', () => {
    const result = computeDiscounts({
      lines: [burger],
      context: ctx,
      automatic: [],
      coupon: coupon(rule({ validUntil: '2026-01-01' })),
      rewards: [],
    });
    expect(result.totalCents).toBe(0);
    expect(result.lines[0]).toMatchObject({
      isApplied: false,
      amountCents: 0,
      notice: ORDER_ERROR.InvalidDiscount,
    });
  });
});

describe('what a coupon takes', () => {
  it('takes nothing under the minimum item total (21022) and applies once it is met', () => {
    const min = rule({ kind: 'amount', value: 500, minSubtotalCents: 1500 });
    const under = computeDiscounts({
      lines: [burger],
      context: ctx,
      automatic: [],
      coupon: coupon(min),
      rewards: [],
    });
    expect(under.lines[0]).toMatchObject({ isApplied: false, notice: ORDER_ERROR.UnusedDiscount });
    const over = computeDiscounts({
      lines: [burger, fries],
      context: ctx,
      automatic: [],
      coupon: coupon(min),
      rewards: [],
    });
    expect(over.totalCents).toBe(500);
  });

  it('applies to the matching items only, by item key or category', () => {
    const byItem = rule({ value: 5000, itemPathKeys: ['1-20-201'] });
    expect(ruleDiscountCents(byItem, [burger, fries])).toBe(350);
    const byCategory = rule({ value: 5000, categoryKeys: ['1-10'] });
    expect(ruleDiscountCents(byCategory, [burger, fries])).toBe(618); // 617.5 -> 618
    // '1-1' is not a prefix of '1-10-101' as a category.
    expect(ruleDiscountCents(rule({ categoryKeys: ['1-1'] }), [burger])).toBe(0);
  });

  it('caps a percentage by the maximum discount and an amount by what it applies to', () => {
    expect(ruleDiscountCents(rule({ value: 5000, maxDiscountCents: 300 }), [burger, fries])).toBe(300);
    expect(
      ruleDiscountCents(rule({ kind: 'amount', value: 5000, itemPathKeys: ['1-20-201'] }), [fries]),
    ).toBe(700);
  });

  it('applies automatic discounts first (21023), then the coupon, then rewards, never past the item total', () => {
    const result = computeDiscounts({
      lines: [burger, fries],
      context: ctx,
      automatic: [rule({ id: 7, code: null, name: 'Lunch', kind: 'amount', value: 1000 })],
      coupon: coupon(rule({ kind: 'amount', value: 800 })),
      rewards: [
        { instanceId: 'r1', rewardId: '5', name: '$5 reward', rewardType: 'Amount', requestedCents: 500 },
      ],
    });
    expect(result.lines.map((l) => [l.source, l.amountCents, l.notice])).toEqual([
      ['automatic', 1000, ORDER_ERROR.AutoAppliedDiscount],
      ['coupon', 800, null],
      ['reward', 135, null],
    ]);
    expect(result.totalCents).toBe(1935);
  });

  it('caps a Voucher reward by the items it names', () => {
    const result = computeDiscounts({
      lines: [burger, fries],
      context: ctx,
      automatic: [],
      coupon: null,
      rewards: [
        {
          instanceId: 'r1',
          rewardId: '9',
          name: 'Free fries',
          rewardType: 'Voucher',
          requestedCents: 5000,
          itemPathKeys: ['1-20-201'],
        },
      ],
    });
    expect(result.lines[0]).toMatchObject({ type: 'Voucher', amountCents: 700, requestedCents: 5000 });
  });

  it('leaves out automatic discounts the order does not qualify for', () => {
    const result = computeDiscounts({
      lines: [burger],
      context: ctx,
      automatic: [rule({ code: null, channels: [106] }), rule({ id: 2, code: null, minSubtotalCents: 5000 })],
      coupon: null,
      rewards: [],
    });
    expect(result.lines).toEqual([]);
  });
});

describe('service charges (21033)', () => {
  const catering: ServiceChargeRule = {
    id: 1,
    name: 'Catering service',
    kind: 'percent',
    value: 1000,
    cateringOnly: true,
    channels: null,
    fulfillmentMethods: null,
    minItemQuantity: 0,
    minSubtotalCents: 0,
  };
  const largeParty: ServiceChargeRule = {
    id: 2,
    name: 'Large party',
    kind: 'percent',
    value: 1800,
    cateringOnly: false,
    channels: null,
    fulfillmentMethods: null,
    minItemQuantity: 10,
    minSubtotalCents: 0,
  };
  const delivery: ServiceChargeRule = {
    id: 3,
    name: 'Delivery service',
    kind: 'amount',
    value: 199,
    cateringOnly: false,
    channels: null,
    fulfillmentMethods: [0],
    minItemQuantity: 0,
    minSubtotalCents: 0,
  };

  it('takes a percentage of the discounted item total, rounded half up', () => {
    const result = computeServiceCharges([catering], {
      lines: [burger],
      context: { catering: true, channel: 107, fulfillmentMethod: 1 },
      discountCents: 0,
    });
    expect(result.lines).toEqual([
      { id: 1, name: 'Catering service', amountCents: 124, notice: ORDER_ERROR.AutoAppliedServiceCharge },
    ]);
    const discounted = computeServiceCharges([catering], {
      lines: [burger],
      context: { catering: true, channel: 107, fulfillmentMethod: 1 },
      discountCents: 235,
    });
    expect(discounted.totalCents).toBe(100);
  });

  it('charges a large party from its item count only, and reports the unused charge (21032)', () => {
    const small = computeServiceCharges([largeParty], {
      lines: [fries],
      context: { catering: false, channel: 107, fulfillmentMethod: 1 },
      discountCents: 0,
    });
    expect(small).toEqual({ lines: [], totalCents: 0, unusedIds: [2] });
    const big = computeServiceCharges([largeParty], {
      lines: [{ ...fries, quantity: 10, totalCents: 3500 }],
      context: { catering: false, channel: 107, fulfillmentMethod: 1 },
      discountCents: 0,
    });
    expect(big.totalCents).toBe(630);
  });

  it('charges delivery orders only, and an empty order nothing', () => {
    const pickup = computeServiceCharges([delivery], {
      lines: [burger],
      context: { catering: false, channel: 107, fulfillmentMethod: 1 },
      discountCents: 0,
    });
    expect(pickup.totalCents).toBe(0);
    const empty = computeServiceCharges([delivery], {
      lines: [],
      context: { catering: false, channel: 107, fulfillmentMethod: 0 },
      discountCents: 0,
    });
    expect(empty.totalCents).toBe(0);
  });

  it('shows the delivery service charge as service charge - delivery fee - driver tip', () => {
    const priced = priceOrder({
      lines: [burger],
      context: { ...ctx, fulfillmentMethod: 0 },
      automatic: [],
      coupon: null,
      rewards: [],
      serviceCharges: [delivery],
      taxRateBasisPoints: 1000,
      deliveryFeeCents: 300,
      driverTipCents: 124,
    });
    // service charge reported = 199 + 300 + 124; tax on 1235 + 199 + 300 = 1734 -> 173.4 -> 173
    expect(priced.totals).toMatchObject({ serviceChargeCents: 623, salesTaxCents: 173, totalCents: 2031 });
    const { rows } = totalsRows({
      subtotal: 12.35,
      discount: 0,
      serviceCharge: 6.23,
      salesTax: 1.73,
      tip: 0,
      total: 20.31,
      deliveryFee: 3,
      driverTip: 1.24,
    });
    expect(rows.find((r) => r.label === 'Service Charge')?.dollars).toBe(1.99);
  });
});

describe('properties', () => {
  const lineArb = fc.record({
    id: fc.nat(1000),
    itemPathKey: fc.constantFrom('1-10-101', '1-10-102', '1-20-201', '2-30-301'),
    quantity: fc.integer({ min: 1, max: 20 }),
    totalCents: fc.integer({ min: 0, max: 100_000 }),
  });
  const ruleArb = fc.record({
    id: fc.nat(100),
    code: fc.constantFrom('A', null),
    name: fc.constant('r'),
    kind: fc.constantFrom('percent' as const, 'amount' as const),
    value: fc.integer({ min: 0, max: 10_000 }),
    itemPathKeys: fc.subarray(['1-10-101', '1-20-201']),
    categoryKeys: fc.subarray(['1-10', '2-30']),
    minSubtotalCents: fc.integer({ min: 0, max: 50_000 }),
    maxDiscountCents: fc.option(fc.integer({ min: 0, max: 5000 })),
    validFrom: fc.constant(null),
    validUntil: fc.constant(null),
    channels: fc.constant(null),
    fulfillmentMethods: fc.constant(null),
    locationIds: fc.constant(null),
    usageLimit: fc.constant(null),
    usageLimitPerCustomer: fc.constant(null),
  });

  it('never takes more than the item total nor less than 0, and the lines sum to the total', () => {
    fc.assert(
      fc.property(
        fc.array(lineArb, { maxLength: 8 }),
        fc.array(ruleArb, { maxLength: 3 }),
        fc.option(ruleArb),
        fc.array(fc.integer({ min: 0, max: 20_000 }), { maxLength: 3 }),
        (lines, automatic, couponRule, rewards) => {
          const result = computeDiscounts({
            lines,
            context: ctx,
            automatic,
            coupon: couponRule ? coupon(couponRule) : null,
            rewards: rewards.map((cents, i) => ({
              instanceId: `r${i}`,
              rewardId: String(i),
              name: 'reward',
              rewardType: 'Amount' as const,
              requestedCents: cents,
            })),
          });
          const subtotal = lines.reduce((s, l) => s + l.totalCents, 0);
          expect(result.totalCents).toBeGreaterThanOrEqual(0);
          expect(result.totalCents).toBeLessThanOrEqual(subtotal);
          expect(result.lines.reduce((s, l) => s + l.amountCents, 0)).toBe(result.totalCents);
          for (const l of result.lines) {
            expect(Number.isInteger(l.amountCents)).toBe(true);
            expect(l.amountCents).toBeLessThanOrEqual(l.requestedCents);
            expect(l.isApplied).toBe(l.amountCents > 0);
          }
        },
      ),
      { seed: 33, numRuns: 500 },
    );
  });

  it('a percentage coupon never takes more than its share of the matching items, nor its maximum', () => {
    fc.assert(
      fc.property(fc.array(lineArb, { maxLength: 8 }), ruleArb, (lines, r) => {
        const p = { ...r, kind: 'percent' as const };
        const taken = ruleDiscountCents(p, lines);
        const eligible = lines
          .filter(
            (l) =>
              (p.itemPathKeys.length === 0 && p.categoryKeys.length === 0) ||
              p.itemPathKeys.includes(l.itemPathKey) ||
              p.categoryKeys.some((c) => l.itemPathKey.startsWith(`${c}-`)),
          )
          .reduce((s, l) => s + l.totalCents, 0);
        expect(taken).toBeLessThanOrEqual(Math.round((eligible * p.value) / 10_000 + 0.5));
        if (p.maxDiscountCents !== null) expect(taken).toBeLessThanOrEqual(p.maxDiscountCents);
      }),
      { seed: 34, numRuns: 500 },
    );
  });

  it('totals: tax is charged after discounts, and total = item total - discounts + charges + tax', () => {
    fc.assert(
      fc.property(fc.array(lineArb, { maxLength: 6 }), ruleArb, (lines, r) => {
        const priced = priceOrder({
          lines,
          context: { ...ctx, catering: true },
          automatic: [],
          coupon: coupon(r),
          rewards: [],
          serviceCharges: [
            {
              id: 1,
              name: 'Catering',
              kind: 'percent',
              value: 1000,
              cateringOnly: true,
              channels: null,
              fulfillmentMethods: null,
              minItemQuantity: 0,
              minSubtotalCents: 0,
            },
          ],
          taxRateBasisPoints: 1000,
        });
        const t = priced.totals;
        const taxable = t.subtotalCents - t.discountCents + t.serviceChargeCents;
        expect(t.salesTaxCents).toBe(percentOf(taxable, 1000));
        expect(t.totalCents).toBe(taxable + t.salesTaxCents);
      }),
      { seed: 35, numRuns: 300 },
    );
  });
});
