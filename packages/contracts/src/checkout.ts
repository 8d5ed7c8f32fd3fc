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

export const CONTACT_MESSAGES = {
  firstNameRequired: 'Please enter your First Name',
  lastNameRequired: 'Please enter your Last Name',
  phoneRequired: 'Please enter your phone number',
  phoneInvalid: 'Please enter a valid phone number',
  emailRequired: 'Please enter your email address',
  emailInvalid: 'Please enter a valid email address',
} as const;

export const PHONE_DIGITS = 10;
export const EMAIL_MAX = 254;

/**
 * Digits only, last 10 kept (spec: "digits only; max 10 (last 10 digits kept)").
 * '+1 (202) 555-0143' -> '2025550143'. Returns '' for input without digits.
 */
export function normalisePhone(raw: string): string {
  return raw.replace(/\D/g, '').slice(-PHONE_DIGITS);
}

/** Characters a person may type around the digits of a phone number; anything else makes it invalid. */
const PHONE_ALLOWED = /^[\d\s()+.-]*$/;

/** Whether a phone entry is a valid 10-digit number once normalised (false for letters or too few digits). */
export function isValidPhone(raw: string): boolean {
  return PHONE_ALLOWED.test(raw) && normalisePhone(raw).length === PHONE_DIGITS;
}

/** RFC 5322 atext: what a dot-atom local part is made of (no spaces, quotes, angle brackets, commas or '@'). */
const ATOM = "[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+";
/** A DNS label: letters, digits and inner hyphens, at most 63. */
const LABEL = '[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?';
/**
 * A plain addr-spec: dot-atom local part (at most 64), '@', a domain of labels ending in a top-level domain of
 * letters (or an IDN's xn-- form). No display name ('Name <a@b.c>', 'x<a@b.c>'), no quoted local part, no
 * comments, no address list, no IP literal: what a person types as their address, and only that.
 */
const EMAIL_PATTERN = new RegExp(
  `^(?=[^@]{1,64}@)${ATOM}(?:\\.${ATOM})*@(?:${LABEL}\\.)+(?:[A-Za-z]{2,63}|xn--[A-Za-z0-9-]{1,59})$`,
);

/** Whether an e-mail address (trimmed) is a plain addr-spec of at most EMAIL_MAX characters (EMAIL_PATTERN). */
export function isValidEmail(raw: string): boolean {
  const value = raw.trim();
  return value.length <= EMAIL_MAX && EMAIL_PATTERN.test(value);
}

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

/** Tip: up to 3 integer digits and 2 decimals, after stripping '$' and commas. */
const TIP_PATTERN = /^\d{1,3}(\.\d{0,2})?$|^\.\d{1,2}$/;
export const TIP_MAX_CENTS = 99_999;

export type TipParseResult = { ok: true; cents: number | null } | { ok: false };

/**
 * Parses a tip entry: '$1,5.50' is not valid, '$12.5' is 1250 cents, '' is no tip (null).
 * Fails ({ ok: false }) for anything that is not money with up to 3 integer digits and 2 decimals.
 */
export function parseTip(raw: string): TipParseResult {
  const stripped = raw.replace(/[$,\s]/g, '');
  if (stripped === '') return { ok: true, cents: null };
  if (!TIP_PATTERN.test(stripped)) return { ok: false };
  const [whole = '0', fraction = ''] = stripped.split('.');
  const cents = Number(whole || '0') * 100 + Number(fraction.padEnd(2, '0'));
  return { ok: true, cents };
}

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

/** 'Validation failed' dialog line: the message with its code in brackets. */
export function validationErrorLine(error: OrderValidationError): string {
  return `${error.message} (${error.code})`;
}

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
