import { describe, expect, it } from 'vitest';
import { defaultDriverTipCents, isSameDeliveryAddress } from './orders';

describe('delivery address comparison', () => {
  it('treats empty and missing fields as equal, and ignores case and spaces', () => {
    const a = {
      line1: '1350 Connecticut Ave NW',
      line2: '',
      city: 'Washington',
      stateCode: 'DC',
      zipCode: '20036',
    };
    expect(isSameDeliveryAddress(a, { ...a, line2: undefined })).toBe(true);
    expect(isSameDeliveryAddress(a, { ...a, line1: ' 1350 connecticut ave nw ', line2: null })).toBe(true);
    expect(isSameDeliveryAddress(a, { ...a, line2: 'Apt 4' })).toBe(false);
    expect(isSameDeliveryAddress(a, { ...a, zipCode: '20037' })).toBe(false);
    expect(isSameDeliveryAddress(null, undefined)).toBe(true);
    expect(isSameDeliveryAddress(a, null)).toBe(false);
  });

  it('defaults the driver tip to 10% of the subtotal, to the cent', () => {
    expect(defaultDriverTipCents(1898)).toBe(190);
    expect(defaultDriverTipCents(2345)).toBe(235);
    expect(defaultDriverTipCents(0)).toBe(0);
  });
});
