/**
 * Saved cards of a signed-in customer and the billing address rules (checkout-account spec sections 3, 4, 5, 7):
 * the shape GET guests/saved-payments answers, the delete and address-edit calls, the section-5 messages and the
 * pure rules both the storefront's billing-address form and the API apply.
 */
import { z } from 'zod';
import { envelope } from './api';
import { IdParamSchema } from './bounds';
import { AddressRequirementSchema } from './enums';
import { BillingAddressSchema, PaymentProcessorCodeSchema } from './payments';

// The billing address rules without zod (the payment page's browser code imports them from there).
export {
  BILLING_ADDRESS_FIELDS,
  BILLING_ADDRESS_MESSAGES,
  isBillingAddressComplete,
  isSavedAddressValidFor,
  isValidPostalCode,
  maskCardNumber,
  MASKED_CARD_VISIBLE,
  requiredBillingFields,
  validateBillingAddress,
  visibleMaskedNumber,
  type BillingAddressErrors,
  type BillingAddressField,
} from './payment-rules';

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
