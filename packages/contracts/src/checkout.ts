/**
 * Checkout: contact information, notes, tip, pickup data, ready time and the order validations
 * (spec: checkout-account sections 4 "Checkout submit", 5 "Checkout contact" / "Other checkout rules", 7).
 */
import { z } from 'zod';
import { envelope } from './api';
import { DateTimeSchema, IdParamSchema, refuseNul } from './bounds';
import { OrderActionSchema, PickupTypeSchema } from './enums';
import { NAME_MAX, NOTE_MAX, normaliseNotes } from './text';
import { TABLE_NUMBER_MAX, TABLE_NUMBER_MESSAGE, TABLE_NUMBER_MIN } from './pickup';
import {
  CONTACT_MESSAGES,
  EMAIL_MAX,
  isValidEmail,
  isValidPhone,
  normalisePhone,
  TIP_MAX_CENTS,
} from './checkout-rules';

// The contact, tip and validation-line rules are zod-free (checkout-rules.ts), for the checkout page's browser code.
export * from './checkout-rules';

/**
 * The one schema of an e-mail address entering the system (contact forms, sign-up, sign-in, forgot password):
 * trimmed, required, at most EMAIL_MAX, a plain addr-spec (isValidEmail), with the form's own messages. Output:
 * the trimmed address (accounts lowercase it on top: their key).
 */
export function emailAddressSchema(messages: { required: string; invalid: string }) {
  return refuseNul(z.string({ error: messages.required }))
    .trim()
    .min(1, { error: messages.required, abort: true })
    .max(EMAIL_MAX, { error: messages.invalid, abort: true })
    .refine(isValidEmail, messages.invalid);
}

/**
 * The contact form and the PATCH contact-information body, with the spec's messages.
 * Output: trimmed names, phone as its last 10 digits, trimmed e-mail.
 */
export const ContactInformationSchema = z.object({
  firstName: refuseNul(z.string({ error: CONTACT_MESSAGES.firstNameRequired }))
    .trim()
    .min(1, CONTACT_MESSAGES.firstNameRequired)
    .max(NAME_MAX, `First Name must be at most ${NAME_MAX} characters`),
  lastName: refuseNul(z.string({ error: CONTACT_MESSAGES.lastNameRequired }))
    .trim()
    .min(1, CONTACT_MESSAGES.lastNameRequired)
    .max(NAME_MAX, `Last Name must be at most ${NAME_MAX} characters`),
  phone: z
    .string({ error: CONTACT_MESSAGES.phoneRequired })
    .trim()
    .min(1, { error: CONTACT_MESSAGES.phoneRequired, abort: true })
    .max(32, { error: CONTACT_MESSAGES.phoneInvalid, abort: true })
    .refine(isValidPhone, CONTACT_MESSAGES.phoneInvalid)
    .transform(normalisePhone),
  email: emailAddressSchema({
    required: CONTACT_MESSAGES.emailRequired,
    invalid: CONTACT_MESSAGES.emailInvalid,
  }),
});
export type ContactInformation = z.output<typeof ContactInformationSchema>;
export type ContactInformationInput = z.input<typeof ContactInformationSchema>;

/** GET contact-information: fields are null until the guest has saved them. */
export const ContactInformationValueSchema = z.object({
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
});
export type ContactInformationValue = z.infer<typeof ContactInformationValueSchema>;
export const ContactInformationResponseSchema = envelope(ContactInformationValueSchema);

/** Notes: line breaks become spaces, then at most 50 characters (spec section 5). */
export const NotesSchema = refuseNul(z.string().max(NOTE_MAX * 4))
  .transform(normaliseNotes)
  .pipe(z.string().max(NOTE_MAX, `Notes must be at most ${NOTE_MAX} characters`));

/**
 * PATCH sales/orders/{id}/properties: the guest's notes (`null` or '' clears them) and/or the My Order panel's
 * utensils choice, which is kept in the order notes too. A field left out keeps its value.
 */
export const OrderPropertiesBodySchema = z
  .object({ notes: NotesSchema.nullable().optional(), includeUtensils: z.boolean().optional() })
  .refine((body) => body.notes !== undefined || body.includeUtensils !== undefined, {
    message: 'Send notes or includeUtensils',
  });
export type OrderPropertiesBody = z.output<typeof OrderPropertiesBodySchema>;
export const OrderPropertiesValueSchema = z.object({
  /** The stored notes, as the kitchen reads them (utensils choice first). */
  notes: z.string().nullable(),
  includeUtensils: z.boolean(),
});
export const OrderPropertiesResponseSchema = envelope(OrderPropertiesValueSchema);

/** A tip amount in dollars as the API takes it: 0 to 999.99 with at most 2 decimals. */
export const TipAmountSchema = z
  .number()
  .min(0)
  .max(TIP_MAX_CENTS / 100)
  .refine((v) => Math.abs(v * 100 - Math.round(v * 100)) < 1e-6, 'Tip must have at most 2 decimals');

/** PUT sales/orders/{id}/pickup-data (spec: pickupOption, carColor, carType, fulfillmentPlace). */
/** The guest's answers to the pickup option's additional fields: the field's id and its value. */
export const PickupFieldValueSchema = z.object({
  id: refuseNul(z.string().max(40)).min(1),
  value: refuseNul(z.string().trim().max(80)),
});
export type PickupFieldValue = z.infer<typeof PickupFieldValueSchema>;
export const PICKUP_FIELDS_MAX = 20;

export const PickupDataBodySchema = z.object({
  pickupOption: PickupTypeSchema,
  carColor: z.number().int().min(0).max(100).nullable().optional(),
  carType: z.number().int().min(0).max(100).nullable().optional(),
  fulfillmentPlace: refuseNul(z.string().trim().max(40)).nullable().optional(),
  /** Answers to the chosen option's additional fields (checkout spec section 5, pickup additional fields). */
  additionalFields: z.array(PickupFieldValueSchema).max(PICKUP_FIELDS_MAX).optional(),
});
export type PickupDataBody = z.infer<typeof PickupDataBodySchema>;
export const PickupDataValueSchema = z.object({
  pickupOption: PickupTypeSchema,
  carColor: z.number().int().nullable(),
  carType: z.number().int().nullable(),
  fulfillmentPlace: z.string().nullable(),
  additionalFields: z.array(PickupFieldValueSchema).optional(),
});
export type PickupDataValue = z.infer<typeof PickupDataValueSchema>;
export const PickupDataResponseSchema = envelope(PickupDataValueSchema);

/** PUT sales/orders/{id}/ready-time: an ISO time with offset for a scheduled order, null for ASAP. */
export const ReadyTimeBodySchema = z.object({
  orderReadyTime: DateTimeSchema.nullable(),
});
export type ReadyTimeBody = z.infer<typeof ReadyTimeBodySchema>;
export const ReadyTimeValueSchema = z.object({
  orderReadyTime: z.string().nullable(),
  isScheduled: z.boolean(),
});
export const ReadyTimeResponseSchema = envelope(ReadyTimeValueSchema);

/** One failed rule of an order validation (spec: "Error item: code, message"). */
export const OrderValidationErrorSchema = z.object({ code: z.number().int(), message: z.string() });
export type OrderValidationError = z.infer<typeof OrderValidationErrorSchema>;

/** GET validations and POST validations/{type}: failures are a value, not an error envelope. */
export const OrderValidationResultSchema = z.object({
  isValid: z.boolean(),
  orderValidationErrors: z.array(OrderValidationErrorSchema),
});
export type OrderValidationResult = z.infer<typeof OrderValidationResultSchema>;
export const OrderValidationResponseSchema = envelope(OrderValidationResultSchema);

/** Order ids are int4 (serial) in the database: bounds.ts IdParamSchema. */
export const CheckoutOrderParamsSchema = z.object({ orderId: IdParamSchema });

export const ValidationTypeParamsSchema = z.object({
  orderId: IdParamSchema,
  type: OrderActionSchema,
});

/** A table number: an integer 0 to 999 (ordering spec sections 5 and 9); the rules live in pickup.ts. */
export const TableNumberSchema = z
  .string()
  .max(20, TABLE_NUMBER_MESSAGE)
  .trim()
  .regex(/^\d{1,3}$/, TABLE_NUMBER_MESSAGE)
  .transform(Number)
  .pipe(
    z.number().int().min(TABLE_NUMBER_MIN, TABLE_NUMBER_MESSAGE).max(TABLE_NUMBER_MAX, TABLE_NUMBER_MESSAGE),
  );
