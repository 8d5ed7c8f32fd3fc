/**
 * Payments: payment methods, payments on an order, the close request that places the order, and the
 * Aurus hosted-frame protocol spoken between the hosted payment page (API origin) and the storefront.
 */
import { z } from 'zod';
import { envelope } from './api';
import { IdParamSchema, IdSchema, refuseNul, textSchema } from './bounds';
import { GIFT_CARD_MESSAGES, giftCardDigits } from './payment-rules';

// The rules and readers without zod (the payment page's browser code imports them from there).
export {
  amountDueAfterGiftCards,
  cardBaseAmount,
  GIFT_CARD_MESSAGES,
  giftCardAmountRule,
  giftCardDigits,
  isAurusError,
  maskCardNumber,
  PAYMENT_MESSAGES,
  readAurusFrameMessage,
  readPayment,
  readPaymentAnswer,
  type GiftCardAmountResult,
} from './payment-rules';
import {
  AddressRequirementSchema,
  NotificationTypeSchema,
  OrderStatusSchema,
  PAYMENT_PROCESSOR,
  PaymentMethodSchema,
} from './enums';

/** A dollar amount as the API carries it: non-negative, at most 2 decimals, below $100,000. */
export const AmountSchema = z
  .number()
  .min(0)
  .max(99_999.99)
  .refine((v) => Math.abs(v * 100 - Math.round(v * 100)) < 1e-6, 'Amounts have at most 2 decimals');

export const PaymentProcessorCodeSchema = z.enum(PAYMENT_PROCESSOR);
export type PaymentProcessorCode = z.infer<typeof PaymentProcessorCodeSchema>;

/** GET sales/orders/{id}/payment-methods: the methods the order's store accepts. */
export const PaymentMethodInfoSchema = z.object({
  id: z.number().int(),
  paymentMethod: PaymentMethodSchema,
  name: z.string(),
  paymentProcessorCode: PaymentProcessorCodeSchema.nullable(),
  requiresVerifiedIdentity: z.boolean(),
  avsCoverageLevel: AddressRequirementSchema,
});
export type PaymentMethodInfo = z.infer<typeof PaymentMethodInfoSchema>;
export const PaymentMethodsResponseSchema = envelope(z.array(PaymentMethodInfoSchema));

export const BillingAddressSchema = z.object({
  address1: refuseNul(z.string().trim().max(100)).optional(),
  city: refuseNul(z.string().trim().max(60)).optional(),
  state: refuseNul(z.string().trim().max(30)).optional(),
  postalCode: refuseNul(z.string().trim().max(10)).optional(),
});
export type BillingAddress = z.infer<typeof BillingAddressSchema>;

/** Lifecycle of a payment entry: created, charged at close, declined (retry allowed), or removed. */
export const PAYMENT_STATUS = ['Pending', 'Approved', 'Declined', 'Failed'] as const;
export const PaymentStatusSchema = z.enum(PAYMENT_STATUS);
export type PaymentStatus = z.infer<typeof PaymentStatusSchema>;

/** POST sales/orders/{id}/payments (spec: paymentMethod, baseAmount, tipAmount, ...). */
export const CreatePaymentBodySchema = z.object({
  paymentMethod: PaymentMethodSchema,
  baseAmount: AmountSchema,
  tipAmount: AmountSchema.default(0),
  billingAddress: BillingAddressSchema.nullable().optional(),
  savedPaymentId: IdSchema.nullable().optional(),
  recaptchaInput: textSchema(4000).nullable().optional(),
  /** Gift card payments (paymentMethod 6): the card's number; spaces and dashes are ignored. */
  giftCardNumber: textSchema(40).nullable().optional(),
});
export type CreatePaymentBody = z.infer<typeof CreatePaymentBodySchema>;

/** PATCH sales/orders/{id}/payments/{paymentId}. */
export const PatchPaymentBodySchema = z
  .object({
    baseAmount: AmountSchema.optional(),
    tipAmount: AmountSchema.optional(),
    billingAddress: BillingAddressSchema.nullable().optional(),
  })
  .refine((b) => Object.keys(b).length > 0, 'Nothing to update');
export type PatchPaymentBody = z.infer<typeof PatchPaymentBodySchema>;

export const PaymentSchema = z.object({
  id: z.number().int(),
  paymentMethod: PaymentMethodSchema,
  paymentProcessorCode: PaymentProcessorCodeSchema.nullable(),
  status: PaymentStatusSchema,
  baseAmount: z.number(),
  tipAmount: z.number(),
  /** baseAmount + tipAmount. */
  amount: z.number(),
  /** The hosted payment page to show in an iframe (credit card). */
  paymentUrl: z.string().nullable(),
  /** The same page for non-desktop layouts. */
  alternatePaymentUrl: z.string().nullable(),
  cardBrand: z.string().nullable(),
  lastFour: z.string().nullable(),
  /** Gift card payments: the card's number masked to its last four ('************0001'); else null. */
  giftCardNumber: z.string().nullable(),
  /** A saved card chosen for this payment (its vault token is charged at close); else null. */
  savedPaymentId: z.number().int().nullable(),
});
export type Payment = z.infer<typeof PaymentSchema>;
export const PaymentResponseSchema = envelope(PaymentSchema);
export const PaymentsResponseSchema = envelope(z.array(PaymentSchema));

export const PaymentParamsSchema = z.object({
  orderId: IdParamSchema,
  paymentId: IdParamSchema,
});

/** POST sales/orders/{id}/close-requests (spec: paymentToken, paymentIdToSave, guestNotificationTypes). */
export const CloseRequestBodySchema = z.object({
  /** The one-time token the hosted frame returned; absent only when nothing is due. */
  paymentToken: textSchema(2000).min(1).nullable().optional(),
  paymentIdToSave: IdSchema.nullable().optional(),
  guestNotificationTypes: z.array(NotificationTypeSchema).max(4).optional(),
});
export type CloseRequestBody = z.infer<typeof CloseRequestBodySchema>;

export const CloseRequestResultSchema = z.object({
  orderId: z.number().int(),
  referenceNumber: z.string(),
  orderNumber: z.string(),
  statusId: OrderStatusSchema,
  placedAt: z.string(),
  approvedAmount: z.number(),
});
export type CloseRequestResult = z.infer<typeof CloseRequestResultSchema>;
export const CloseRequestResponseSchema = envelope(CloseRequestResultSchema);

/** Header every order-placing request carries (Stripe semantics). */
export const IDEMPOTENCY_KEY_HEADER = 'idempotency-key';
export const IdempotencyKeySchema = z
  .string()
  .min(8)
  .max(255)
  .regex(/^[\w.:-]+$/, 'Idempotency-Key may contain letters, digits, _ . : and - only');

/* ---------- Aurus hosted-frame protocol (window.postMessage, origin checked both ways) ---------- */

/** Frame -> parent: the card form became valid (true) or invalid (false); gates 'Place Order'. */
export const AurusEnablePlaceOrderMessageSchema = z.object({
  type: z.literal('enablePlaceOrder'),
  value: z.boolean(),
});

/** Frame -> parent: the frame is loaded and listening. */
export const AurusFrameReadyMessageSchema = z.object({ type: z.literal('frameReady') });

/** Parent -> frame: tokenise the card now. */
export const AurusTokenRequestMessageSchema = z.object({
  type: z.literal('tokenRequest'),
  requestId: z.string().max(64).optional(),
});

/**
 * Frame -> parent: the tokenisation answer. response_code 0 is success; any code > 0 is an error whose
 * response_text is shown (886 not authorized, 500 service unavailable).
 */
export const AurusTokenResponseMessageSchema = z.object({
  type: z.literal('tokenResponse'),
  requestId: z.string().max(64).optional(),
  response_code: z.number().int(),
  response_text: z.string(),
  one_time_token: z.string().nullable(),
  card_brand: z.string().nullable(),
  last_four: z.string().nullable(),
});
export type AurusTokenResponseMessage = z.infer<typeof AurusTokenResponseMessageSchema>;

export const AurusFrameMessageSchema = z.discriminatedUnion('type', [
  AurusEnablePlaceOrderMessageSchema,
  AurusFrameReadyMessageSchema,
  AurusTokenResponseMessageSchema,
]);
export type AurusFrameMessage = z.infer<typeof AurusFrameMessageSchema>;
export type AurusParentMessage = z.infer<typeof AurusTokenRequestMessageSchema>;

/** Body of the frame's own same-origin tokenisation call (never leaves the API's origin). */
export const CardTokenizeBodySchema = z.object({
  cardNumber: textSchema(23).min(12),
  expiry: textSchema(7).min(4),
  cvv: textSchema(4).min(3),
  nameOnCard: textSchema(80).optional(),
  postalCode: textSchema(10).optional(),
});
export type CardTokenizeBody = z.infer<typeof CardTokenizeBodySchema>;
export const CardTokenizeValueSchema = AurusTokenResponseMessageSchema.omit({ type: true, requestId: true });

/* ---------- Card checks (the hosted frame repeats these in its inline script) ---------- */

/** Digits of a card number, spaces and dashes dropped. */
export function cardDigits(raw: string): string {
  return raw.replace(/[\s-]/g, '');
}

/** Luhn checksum on 12 to 19 digits; false for anything else. */
export function isLuhnValid(raw: string): boolean {
  const digits = cardDigits(raw);
  if (!/^\d{12,19}$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i += 1) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

/** MM/YY (or MM/YYYY) not in the past, compared by month with `now`. False when malformed. */
export function isExpiryValid(raw: string, now: Date = new Date()): boolean {
  const match = /^\s*(\d{2})\s*\/\s*(\d{2}|\d{4})\s*$/.exec(raw);
  if (!match) return false;
  const month = Number(match[1]);
  const yearText = match[2] ?? '';
  const year = yearText.length === 2 ? 2000 + Number(yearText) : Number(yearText);
  if (month < 1 || month > 12) return false;
  const current = now.getFullYear() * 12 + now.getMonth();
  return year * 12 + (month - 1) >= current;
}

/** 3 or 4 digits. */
export function isCvvValid(raw: string): boolean {
  return /^\d{3,4}$/.test(raw.trim());
}

/** Card brand from the number's prefix (the spec's logos: visa, mastercard, discover; else 'card'). */
export function cardBrand(raw: string): 'visa' | 'mastercard' | 'discover' | 'amex' | 'card' {
  const d = cardDigits(raw);
  if (/^4/.test(d)) return 'visa';
  if (/^(5[1-5]|2[2-7])/.test(d)) return 'mastercard';
  if (/^(6011|65|64[4-9])/.test(d)) return 'discover';
  if (/^3[47]/.test(d)) return 'amex';
  return 'card';
}

/* ---------- Gift cards (split tender; spec sections 4 and 5) ---------- */

/** A gift card number as typed: 8 to 19 digits once spaces and dashes are dropped. */
export const GiftCardNumberSchema = textSchema(40).refine(
  (v) => /^\d{8,19}$/.test(giftCardDigits(v)),
  GIFT_CARD_MESSAGES.invalidCard,
);

/** GET sales/orders/{id}/payment-methods/gift-cards/{code}/balance. */
export const GiftCardBalanceParamsSchema = z.object({
  orderId: IdParamSchema,
  code: GiftCardNumberSchema,
});
export const GiftCardBalanceSchema = z.object({ balanceAmount: z.number() });
export type GiftCardBalance = z.infer<typeof GiftCardBalanceSchema>;
export const GiftCardBalanceResponseSchema = envelope(GiftCardBalanceSchema);

/**
 * Gift card apply (first add): POST sales/orders/{id}/payments with paymentMethod 6, the card's number and the
 * amount as baseAmount (tipAmount stays 0). Later updates are PATCH { baseAmount }, removal is DELETE.
 */
export const GiftCardPaymentBodySchema = z.object({
  paymentMethod: z.literal(6),
  giftCardNumber: GiftCardNumberSchema,
  baseAmount: AmountSchema,
  tipAmount: z.literal(0).default(0),
});
export type GiftCardPaymentBody = z.infer<typeof GiftCardPaymentBodySchema>;
