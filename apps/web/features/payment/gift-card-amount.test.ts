import { describe, expect, it } from 'vitest';
import {
  blurGiftCardAmount,
  giftCardAmountCents,
  maskGiftCardAmount,
  prefillGiftCardCents,
} from './gift-card-amount';

describe('the gift card amount box', () => {
  it('strips $ and commas and keeps at most 2 decimals while typing', () => {
    expect(maskGiftCardAmount('$1,234.567')).toBe('1234.56');
    expect(maskGiftCardAmount('12.')).toBe('12.');
    expect(maskGiftCardAmount('1.2.3')).toBe('1.23');
    expect(maskGiftCardAmount('abc')).toBe('');
    expect(maskGiftCardAmount('123456789')).toBe('12345');
  });

  it('reads as $x.xx on blur and stays empty without a number', () => {
    expect(blurGiftCardAmount('12.5')).toBe('$12.50');
    expect(blurGiftCardAmount('$1,000')).toBe('$1000.00');
    expect(blurGiftCardAmount('.5')).toBe('$0.50');
    expect(blurGiftCardAmount('')).toBe('');
    expect(blurGiftCardAmount('$')).toBe('');
  });

  it('counts cents exactly (no float drift)', () => {
    expect(giftCardAmountCents('$0.29')).toBe(29);
    expect(giftCardAmountCents('19.99')).toBe(1999);
    expect(giftCardAmountCents('.')).toBeNull();
  });
});

describe('the amount a gift card may pay', () => {
  it('is prefilled with the lesser of balance and due', () => {
    expect(prefillGiftCardCents(2500, 1840)).toBe(1840);
    expect(prefillGiftCardCents(1000, 1840)).toBe(1000);
    expect(prefillGiftCardCents(1000, 0)).toBe(0);
  });
});
