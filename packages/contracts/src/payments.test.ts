import { describe, expect, it } from 'vitest';
import {
  AurusFrameMessageSchema,
  CloseRequestBodySchema,
  CreatePaymentBodySchema,
  GIFT_CARD_MESSAGES,
  GiftCardNumberSchema,
  amountDueAfterGiftCards,
  cardBaseAmount,
  cardBrand,
  giftCardAmountRule,
  giftCardDigits,
  isAurusError,
  isCvvValid,
  isExpiryValid,
  isLuhnValid,
  maskCardNumber,
} from './payments';
import { nextOrderStatus, StaffOrdersQuerySchema } from './staff';
import { fulfillmentPlaceTypeOf, timelineStage, trackingPageUrl } from './tracking';
import { PICKUP_TYPE } from './enum-values';

describe('card checks', () => {
  it('accepts the sandbox test cards and refuses a broken checksum', () => {
    for (const n of [
      '4242 4242 4242 4242',
      '4000000000000002',
      '4000 0000 0000 9995',
      '4000-0000-0000-0119',
    ]) {
      expect(isLuhnValid(n)).toBe(true);
    }
    expect(isLuhnValid('4242 4242 4242 4241')).toBe(false);
    expect(isLuhnValid('4242')).toBe(false);
    expect(isLuhnValid('4242 4242 4242 424a')).toBe(false);
  });

  it('checks the expiry month against today', () => {
    const now = new Date(2026, 4, 15);
    expect(isExpiryValid('05/26', now)).toBe(true);
    expect(isExpiryValid('04/26', now)).toBe(false);
    expect(isExpiryValid('12/2030', now)).toBe(true);
    expect(isExpiryValid('13/30', now)).toBe(false);
    expect(isExpiryValid('1/30', now)).toBe(false);
  });

  it('checks CVV length and brands', () => {
    expect(isCvvValid('123')).toBe(true);
    expect(isCvvValid('1234')).toBe(true);
    expect(isCvvValid('12')).toBe(false);
    expect(isCvvValid('12a')).toBe(false);
    expect(cardBrand('4242424242424242')).toBe('visa');
    expect(cardBrand('5555555555554444')).toBe('mastercard');
    expect(cardBrand('6011111111111117')).toBe('discover');
    expect(cardBrand('9999')).toBe('card');
    expect(maskCardNumber('4242').slice(-8)).toBe('****4242');
  });
});

describe('payment bodies and frame protocol', () => {
  it('refuses amounts with more than 2 decimals or below zero', () => {
    expect(CreatePaymentBodySchema.safeParse({ paymentMethod: 5, baseAmount: 10.5 }).success).toBe(true);
    expect(CreatePaymentBodySchema.safeParse({ paymentMethod: 5, baseAmount: 10.555 }).success).toBe(false);
    expect(CreatePaymentBodySchema.safeParse({ paymentMethod: 5, baseAmount: -1 }).success).toBe(false);
    expect(CreatePaymentBodySchema.safeParse({ paymentMethod: 7, baseAmount: 1 }).success).toBe(false);
  });

  it('reads close requests and frame messages', () => {
    expect(CloseRequestBodySchema.parse({ paymentToken: 't', guestNotificationTypes: [2] })).toMatchObject({
      paymentToken: 't',
    });
    expect(CloseRequestBodySchema.safeParse({ guestNotificationTypes: [9] }).success).toBe(false);
    const answer = AurusFrameMessageSchema.parse({
      type: 'tokenResponse',
      response_code: 886,
      response_text: 'The transaction was not authorized',
      one_time_token: null,
      card_brand: null,
      last_four: null,
    });
    expect(answer.type === 'tokenResponse' && isAurusError(answer)).toBe(true);
    expect(AurusFrameMessageSchema.safeParse({ type: 'enablePlaceOrder', value: 'yes' }).success).toBe(false);
  });
});

describe('status and tracking helpers', () => {
  it('advances 1 -> 2 -> 3 -> 4 and stops at 4', () => {
    expect([1, 2, 3, 4].map((s) => nextOrderStatus(s as 1 | 2 | 3 | 4))).toEqual([2, 3, 4, null]);
    expect(timelineStage(1)).toBe(2);
    expect(timelineStage(3)).toBe(3);
  });

  it('parses staff status filters and builds tracking links', () => {
    expect(StaffOrdersQuerySchema.parse({ locationId: '3', status: '1,2,2' })).toEqual({
      locationId: 3,
      status: [1, 2],
    });
    expect(StaffOrdersQuerySchema.safeParse({ locationId: '3', status: '5' }).success).toBe(false);
    expect(trackingPageUrl('http://localhost:3000', 12, 'a.b.c')).toBe(
      'http://localhost:3000/order-tracking?oid=12&tk=a.b.c',
    );
    // fp, the fulfilment place type: curbside with a parking place, table with a table number, else none.
    const curbside = fulfillmentPlaceTypeOf({ pickupOption: PICKUP_TYPE.Curbside, fulfillmentPlace: '7' });
    expect(curbside).toBe('curbside');
    expect(trackingPageUrl('http://localhost:3000', 12, 'a.b.c', curbside)).toBe(
      'http://localhost:3000/order-tracking?oid=12&tk=a.b.c&fp=curbside',
    );
    expect(fulfillmentPlaceTypeOf({ pickupOption: PICKUP_TYPE.WalkIn, fulfillmentPlace: '12' })).toBe(
      'table',
    );
    expect(fulfillmentPlaceTypeOf({ pickupOption: PICKUP_TYPE.Curbside, fulfillmentPlace: null })).toBeNull();
  });
});

describe('gift card amount rule (spec section 5)', () => {
  const limits = { balance: 25, due: 40.5 };

  it('strips $ and commas and keeps an amount within balance and due', () => {
    expect(giftCardAmountRule('$12.50', limits)).toEqual({
      ok: true,
      amount: 12.5,
      adjusted: false,
      message: null,
    });
    expect(giftCardAmountRule('1,000.00', { balance: 2000, due: 1500 })).toMatchObject({
      ok: true,
      amount: 1000,
    });
    expect(giftCardAmountRule(25, limits)).toMatchObject({ ok: true, amount: 25, adjusted: false });
  });

  it('adjusts an amount over the balance or the due down to the lesser of the two, saying so', () => {
    expect(giftCardAmountRule('$30', limits)).toEqual({
      ok: true,
      amount: 25,
      adjusted: true,
      message: GIFT_CARD_MESSAGES.amountAdjusted,
    });
    expect(giftCardAmountRule('$90', { balance: 100, due: 40.5 })).toMatchObject({
      amount: 40.5,
      message: 'The amount entered exceeds the Order total. We adjusted the value for you',
    });
  });

  it('refuses zero, negatives, text, more than 2 decimals, a $0 card and nothing due', () => {
    for (const raw of ['0', '$0.00', '-5', 'abc', '', '1.234', '1.2.3']) {
      expect(giftCardAmountRule(raw, limits)).toEqual({
        ok: false,
        amount: null,
        adjusted: false,
        message: 'Only positive numbers less than the balance amount and due amount are allowed',
      });
    }
    expect(giftCardAmountRule('5', { balance: 0, due: 10 }).ok).toBe(false);
    expect(giftCardAmountRule('5', { balance: 10, due: 0 }).ok).toBe(false);
  });
});

describe('gift card numbers and what is left due', () => {
  it('accepts a number with spaces or dashes and refuses anything else as an invalid card', () => {
    expect(GiftCardNumberSchema.safeParse('6000 0000 0000 0001').success).toBe(true);
    expect(GiftCardNumberSchema.safeParse('6000-0000-0000-0001').success).toBe(true);
    const bad = GiftCardNumberSchema.safeParse('6000 abcd');
    expect(bad.success).toBe(false);
    expect(bad.error?.issues[0]?.message).toBe('Invalid card');
    expect(giftCardDigits('6000 0000-0000 0001')).toBe('6000000000000001');
  });

  it('takes the gift cards off the total for the card and never goes below 0', () => {
    const payments = [
      { paymentMethod: 6 as const, amount: 10.25 },
      { paymentMethod: 6 as const, amount: 5 },
      { paymentMethod: 5 as const, amount: 30 },
    ];
    expect(amountDueAfterGiftCards(45.5, payments)).toBe(30.25);
    expect(amountDueAfterGiftCards(12, payments)).toBe(0);
    expect(cardBaseAmount(40, payments)).toBe(24.75);
    expect(amountDueAfterGiftCards(19.99, [])).toBe(19.99);
  });
});
