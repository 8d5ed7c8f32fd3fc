import { describe, expect, it } from 'vitest';
import {
  blurGiftCardAmount,
  giftCardAmountCents,
  maskGiftCardAmount,
  prefillGiftCardCents,
} from './gift-card-amount';

describe('the gift card amount box', () => {
  it.each([
    ['$1,234.567', '1234.56'],
    ['12.', '12.'],
    ['1.2.3', '1.23'],
    ['abc', ''],
    ['123456789', '12345'],
  ])(
    'keeps %j as %j while typing ($ and commas stripped, at most 2 decimals, $99,999.99 at most)',
    (typed, kept) => {
      expect(maskGiftCardAmount(typed)).toBe(kept);
    },
  );

  it.each([
    ['12.5', '$12.50'],
    ['$1,000', '$1000.00'],
    ['.5', '$0.50'],
    ['', ''],
    ['$', ''],
  ])('reads %j as %j on blur (empty without a number)', (typed, shown) => {
    expect(blurGiftCardAmount(typed)).toBe(shown);
  });

  it.each([
    ['$0.29', 29],
    ['19.99', 1999],
    ['.', null],
  ])('counts %j as %j cents exactly (no float drift)', (typed, cents) => {
    expect(giftCardAmountCents(typed)).toBe(cents);
  });
});

describe('the amount a gift card may pay', () => {
  it.each([
    [2500, 1840, 1840],
    [1000, 1840, 1000],
    [1000, 0, 0],
  ])('is prefilled, for a balance of %i cents and %i due, with the lesser: %i', (balance, due, prefill) => {
    expect(prefillGiftCardCents(balance, due)).toBe(prefill);
  });
});
