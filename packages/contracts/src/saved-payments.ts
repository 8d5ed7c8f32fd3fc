/**
 * Saved cards of a signed-in customer and the billing address rules (checkout-account spec sections 3, 4, 5, 7):
 * the shape GET guests/saved-payments answers, the delete and address-edit calls, the section-5 messages and the
 * pure rules both the storefront's billing-address form and the API apply.
 */
import { z } from 'zod';
import { envelope } from './api';
import { IdParamSchema } from './bounds';
import type { AddressRequirement } from './enum-values';
import { AddressRequirementSchema } from './enums';
import {
  BillingAddressSchema,
  PaymentProcessorCodeSchema,
  maskCardNumber,
  type BillingAddress,
} from './payments';

// ---------------------------------------------------------------------------------------------------------
// Billing address (section 5)
// ---------------------------------------------------------------------------------------------------------

export const BILLING_ADDRESS_MESSAGES = {
  address1Required: 'Please enter your address',
  stateRequired: 'Please enter your state',
  cityRequired: 'Please enter your city',
  postalCodeRequired: 'Please enter your postal code',
  postalCodeInvalid: 'Invalid postal code',
} as const;

export const BILLING_ADDRESS_FIELDS = ['address1', 'city', 'state', 'postalCode'] as const;
export type BillingAddressField = (typeof BILLING_ADDRESS_FIELDS)[number];
export type BillingAddressErrors = Partial<Record<BillingAddressField, string>>;

/**
 * A US ZIP code, five digits or ZIP+4. The spec says only 'Invalid postal code'; the stores are in the US, so a
 * ZIP is what address verification can check.
 */
const POSTAL_CODE_PATTERN = /^\d{5}(-\d{4})?$/;

export function isValidPostalCode(raw: string): boolean {
  return POSTAL_CODE_PATTERN.test(raw.trim());
}

/**
 * Fields a billing address must carry at a store's address-verification level: all four for AddressAndZipCode,
 * the postal code only for ZipCodeOnly, none when the store does not verify addresses (None).
 */
export function requiredBillingFields(level: AddressRequirement): readonly BillingAddressField[] {
  if (level === 'AddressAndZipCode') return BILLING_ADDRESS_FIELDS;
  if (level === 'ZipCodeOnly') return ['postalCode'];
  return [];
}

const REQUIRED_MESSAGE: Record<BillingAddressField, string> = {
  address1: BILLING_ADDRESS_MESSAGES.address1Required,
  city: BILLING_ADDRESS_MESSAGES.cityRequired,
  state: BILLING_ADDRESS_MESSAGES.stateRequired,
  postalCode: BILLING_ADDRESS_MESSAGES.postalCodeRequired,
};

/**
 * The section-5 message of each field that is wrong at `level` (empty object when the address is fine).
 * A postal code that is given must look like a ZIP code even where it is not required.
 */
export function validateBillingAddress(
  address: BillingAddress | null | undefined,
  level: AddressRequirement,
): BillingAddressErrors {
  const errors: BillingAddressErrors = {};
  for (const field of requiredBillingFields(level)) {
    if (!(address?.[field] ?? '').trim()) errors[field] = REQUIRED_MESSAGE[field];
  }
  const postalCode = (address?.postalCode ?? '').trim();
  if (postalCode && !isValidPostalCode(postalCode))
    errors.postalCode = BILLING_ADDRESS_MESSAGES.postalCodeInvalid;
  return errors;
}

export function isBillingAddressComplete(
  address: BillingAddress | null | undefined,
  level: AddressRequirement,
): boolean {
  return Object.keys(validateBillingAddress(address, level)).length === 0;
}

/**
 * Whether a saved card's billing address may be used at a store: valid only if it was saved at exactly the
 * store's level (spec section 5) and still passes that level's checks. A store that verifies nothing (None)
 * takes any saved address.
 */
export function isSavedAddressValidFor(
  saved: { billingAddress: BillingAddress | null; avsCoverageLevel: AddressRequirement | null },
  requiredLevel: AddressRequirement,
): boolean {
  if (requiredLevel === 'None') return true;
  return (
    saved.avsCoverageLevel === requiredLevel && isBillingAddressComplete(saved.billingAddress, requiredLevel)
  );
}

// ---------------------------------------------------------------------------------------------------------
// Saved payments
// ---------------------------------------------------------------------------------------------------------

export const CARD_LOGOS = ['visa', 'mastercard', 'discover', 'generic'] as const;
export const CardLogoSchema = z.enum(CARD_LOGOS);
export type CardLogo = z.infer<typeof CardLogoSchema>;

/** The logo the storefront shows for a card brand: visa, mastercard, discover, otherwise a generic card. */
export function cardLogo(brand: string | null | undefined): CardLogo {
  const b = (brand ?? '').trim().toLowerCase();
  return b === 'visa' || b === 'mastercard' || b === 'discover' ? b : 'generic';
}

/** The storefront shows the last 8 characters of the 16-character masked number ('****4242'). */
export const MASKED_CARD_VISIBLE = 8;
export function visibleMaskedNumber(maskedCardNumber: string): string {
  return maskedCardNumber.slice(-MASKED_CARD_VISIBLE);
}
export { maskCardNumber };

export const SavedPaymentSchema = z.object({
  id: z.number().int(),
  /** 16 characters, '************4242'. */
  maskedCardNumber: z.string(),
  cardLogo: CardLogoSchema,
  paymentProcessorCode: PaymentProcessorCodeSchema,
  billingAddress: BillingAddressSchema.nullable(),
  /** The level the billing address was saved at; compare with the store's method (isSavedAddressValidFor). */
  avsCoverageLevel: AddressRequirementSchema.nullable(),
});
export type SavedPayment = z.infer<typeof SavedPaymentSchema>;

/** GET guests/saved-payments?paymentProcessorCode=...: the signed-in customer's cards (all when absent). */
export const SavedPaymentsQuerySchema = z.object({
  paymentProcessorCode: PaymentProcessorCodeSchema.optional(),
});
export type SavedPaymentsQuery = z.infer<typeof SavedPaymentsQuerySchema>;
export const SavedPaymentsResponseSchema = envelope(z.array(SavedPaymentSchema));

/** DELETE guests/saved-payments/{id} and PATCH guests/saved-payments/{id}/address. */
export const SavedPaymentParamsSchema = z.object({ id: IdParamSchema });
/** DELETE answers true once the card is gone. */
export const DeleteSavedPaymentResponseSchema = envelope(z.boolean());

/**
 * PATCH guests/saved-payments/{id}/address: the address fields plus the level the storefront validated them at
 * (the store's credit-card method's avsCoverageLevel). The API refuses missing required fields with the
 * section-5 messages.
 */
export const SavedPaymentAddressBodySchema = BillingAddressSchema.extend({
  avsCoverageLevel: AddressRequirementSchema,
});
export type SavedPaymentAddressBody = z.infer<typeof SavedPaymentAddressBodySchema>;
export const SavedPaymentResponseSchema = envelope(SavedPaymentSchema);
