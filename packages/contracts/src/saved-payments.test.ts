import { describe, expect, it } from 'vitest';
import {
  BILLING_ADDRESS_MESSAGES,
  SavedPaymentAddressBodySchema,
  cardLogo,
  isSavedAddressValidFor,
  isValidPostalCode,
  maskCardNumber,
  requiredBillingFields,
  validateBillingAddress,
  visibleMaskedNumber,
} from './saved-payments';

const full = { address1: '1 Main St', city: 'Austin', state: 'TX', postalCode: '78701' };

describe('billing address rules', () => {
  it('requires all four fields for AddressAndZipCode and only the postal code for ZipCodeOnly', () => {
    expect(requiredBillingFields('AddressAndZipCode')).toEqual(['address1', 'city', 'state', 'postalCode']);
    expect(requiredBillingFields('ZipCodeOnly')).toEqual(['postalCode']);
    expect(requiredBillingFields('None')).toEqual([]);
  });

  it('names every missing field with the section-5 message', () => {
    expect(validateBillingAddress({ city: '  ' }, 'AddressAndZipCode')).toEqual({
      address1: BILLING_ADDRESS_MESSAGES.address1Required,
      city: 'Please enter your city',
      state: 'Please enter your state',
      postalCode: 'Please enter your postal code',
    });
    expect(validateBillingAddress(null, 'ZipCodeOnly')).toEqual({
      postalCode: 'Please enter your postal code',
    });
    expect(validateBillingAddress(full, 'AddressAndZipCode')).toEqual({});
    expect(validateBillingAddress({ postalCode: '78701' }, 'ZipCodeOnly')).toEqual({});
  });

  it('refuses a postal code that is not a ZIP code, at any level', () => {
    expect(validateBillingAddress({ ...full, postalCode: '7870' }, 'AddressAndZipCode')).toEqual({
      postalCode: 'Invalid postal code',
    });
    expect(validateBillingAddress({ postalCode: 'ABCDE' }, 'None')).toEqual({
      postalCode: 'Invalid postal code',
    });
    expect(isValidPostalCode('78701-1234')).toBe(true);
    expect(isValidPostalCode('787011234')).toBe(false);
  });

  it('takes a saved address only at exactly the store level', () => {
    expect(
      isSavedAddressValidFor(
        { billingAddress: full, avsCoverageLevel: 'AddressAndZipCode' },
        'AddressAndZipCode',
      ),
    ).toBe(true);
    // A full address saved for a zip-only store was never verified at the full level.
    expect(
      isSavedAddressValidFor({ billingAddress: full, avsCoverageLevel: 'ZipCodeOnly' }, 'AddressAndZipCode'),
    ).toBe(false);
    expect(
      isSavedAddressValidFor({ billingAddress: full, avsCoverageLevel: 'AddressAndZipCode' }, 'ZipCodeOnly'),
    ).toBe(false);
    expect(
      isSavedAddressValidFor(
        { billingAddress: { postalCode: '' }, avsCoverageLevel: 'ZipCodeOnly' },
        'ZipCodeOnly',
      ),
    ).toBe(false);
    expect(isSavedAddressValidFor({ billingAddress: null, avsCoverageLevel: null }, 'None')).toBe(true);
  });

  it('requires the level with an address edit', () => {
    expect(SavedPaymentAddressBodySchema.safeParse({ postalCode: '78701' }).success).toBe(false);
    expect(
      SavedPaymentAddressBodySchema.safeParse({ postalCode: '78701', avsCoverageLevel: 'ZipCodeOnly' })
        .success,
    ).toBe(true);
  });
});

describe('saved card display', () => {
  it('maps brands to the four logos', () => {
    expect(cardLogo('visa')).toBe('visa');
    expect(cardLogo('MasterCard')).toBe('mastercard');
    expect(cardLogo('discover')).toBe('discover');
    expect(cardLogo('amex')).toBe('generic');
    expect(cardLogo(null)).toBe('generic');
  });

  it('shows the last 8 of the 16-character masked number', () => {
    const masked = maskCardNumber('4242');
    expect(masked).toHaveLength(16);
    expect(visibleMaskedNumber(masked)).toBe('****4242');
  });
});
