/**
 * The payment page's rules and frame protocols without zod: the page's browser code imports them from here and
 * stays free of the schema library (as checkout's does with checkout-rules.ts). `payments.ts`, `saved-payments.ts`
 * and `payment-frames.ts` re-export them beside their schemas. The readers (`readAurusFrameMessage`,
 * `parseExpressFrameMessage`, `parseWalletSheetMessage`, `readPaymentAnswer`) give exactly what the schemas'
 * safeParse gives, or null where it fails (payment-rules.test.ts compares the two on random input).
 */
import type { ApiError } from './api';
import type { AddressRequirement } from './enum-values';
import { PAYMENT_METHOD, PAYMENT_PROCESSOR } from './enum-values';
import { centsToDollars, dollarsToCents } from './money';
import type { ExpressFrameMessage, WalletOutcome, WalletSheetMessage } from './payment-frames';
import type { AurusFrameMessage, AurusTokenResponseMessage, BillingAddress, Payment } from './payments';

/* ---------- Reading a shape by hand (what z.object, z.string, z.number do) ---------- */

type Fields = Record<string, unknown>;

/** z.object's input check: an object that is not null or an array. */
function isFields(value: unknown): value is Fields {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isText(value: unknown, min = 0, max = Infinity): value is string {
  return typeof value === 'string' && value.length >= min && value.length <= max;
}

/** z.number(): finite. */
function isNumber(value: unknown): value is number {
  return typeof value === 'number' && Number.isFinite(value);
}

/** z.number().int(): a safe integer. */
function isInteger(value: unknown): value is number {
  return typeof value === 'number' && Number.isSafeInteger(value);
}

const FOUR_DIGITS = /^\d{4}$/;

/** z.uuid(): RFC 9562 (versions 1-8, the nil and max UUIDs). */
const UUID =
  /^([0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[1-8][0-9a-fA-F]{3}-[89abAB][0-9a-fA-F]{3}-[0-9a-fA-F]{12}|00000000-0000-0000-0000-000000000000|ffffffff-ffff-ffff-ffff-ffffffffffff)$/;

/* ---------- Payments (payments.ts) ---------- */

/** Payment answers the storefront maps to its dialogs (spec section 8). */
export const PAYMENT_MESSAGES = {
  notAuthorized: 'The transaction was not authorized',
  notAuthorizedHint: 'Please, review the information supplied and try again.',
  serviceUnavailable: 'The payment service is not available at this moment',
  serviceUnavailableHint: 'Please, try again in a few minutes.',
} as const;

/** Whether a frame answer is an error (spec: "response_code > 0 is an error"). */
export function isAurusError(message: Pick<AurusTokenResponseMessage, 'response_code'>): boolean {
  return message.response_code > 0;
}

/** A 16-character masked number ('************4242'); the storefront shows its last 8 characters. */
export function maskCardNumber(lastFour: string): string {
  return `${'*'.repeat(12)}${lastFour}`;
}

const PAYMENT_METHODS: readonly unknown[] = Object.values(PAYMENT_METHOD);
const PROCESSORS: readonly unknown[] = PAYMENT_PROCESSOR;
const STATUSES: readonly unknown[] = ['Pending', 'Approved', 'Declined', 'Failed'];

const isTextOrNull = (value: unknown): value is string | null => value === null || isText(value);

/** `PaymentSchema`'s output for `value`, or null when it fails. */
export function readPayment(value: unknown): Payment | null {
  if (!isFields(value)) return null;
  const v = value;
  if (!isInteger(v.id) || !PAYMENT_METHODS.includes(v.paymentMethod)) return null;
  if (v.paymentProcessorCode !== null && !PROCESSORS.includes(v.paymentProcessorCode)) return null;
  if (!STATUSES.includes(v.status)) return null;
  if (!isNumber(v.baseAmount) || !isNumber(v.tipAmount) || !isNumber(v.amount)) return null;
  if (!isTextOrNull(v.paymentUrl) || !isTextOrNull(v.alternatePaymentUrl)) return null;
  if (!isTextOrNull(v.cardBrand) || !isTextOrNull(v.lastFour) || !isTextOrNull(v.giftCardNumber)) return null;
  if (v.savedPaymentId !== null && !isInteger(v.savedPaymentId)) return null;
  return {
    id: v.id,
    paymentMethod: v.paymentMethod as Payment['paymentMethod'],
    paymentProcessorCode: v.paymentProcessorCode as Payment['paymentProcessorCode'],
    status: v.status as Payment['status'],
    baseAmount: v.baseAmount,
    tipAmount: v.tipAmount,
    amount: v.amount,
    paymentUrl: v.paymentUrl,
    alternatePaymentUrl: v.alternatePaymentUrl,
    cardBrand: v.cardBrand,
    lastFour: v.lastFour,
    giftCardNumber: v.giftCardNumber,
    savedPaymentId: v.savedPaymentId,
  };
}

/** `ApiErrorSchema`'s output, or null. */
function readApiError(value: unknown): ApiError | null {
  if (!isFields(value)) return null;
  const { key, code, message } = value;
  if (!isText(key) || !isText(message) || !(isNumber(code) || isText(code))) return null;
  return { key, code, message };
}

/** `envelope(PaymentSchema.nullable())`'s output for an answer of POST payments, or null when it fails. */
export function readPaymentAnswer(
  value: unknown,
): { value: Payment | null; succeed: boolean; errors: ApiError[] } | null {
  if (!isFields(value) || !Array.isArray(value.errors)) return null;
  const payment = value.value === null ? null : readPayment(value.value);
  if (value.value !== null && !payment) return null;
  if (typeof value.succeed !== 'boolean') return null;
  const errors: ApiError[] = [];
  for (const entry of value.errors as unknown[]) {
    const error = readApiError(entry);
    if (!error) return null;
    errors.push(error);
  }
  return { value: payment, succeed: value.succeed, errors };
}

/** `AurusFrameMessageSchema`'s output for a message of the hosted card frame, or null when it fails. */
export function readAurusFrameMessage(data: unknown): AurusFrameMessage | null {
  if (!isFields(data)) return null;
  switch (data.type) {
    case 'enablePlaceOrder':
      return typeof data.value === 'boolean' ? { type: 'enablePlaceOrder', value: data.value } : null;
    case 'frameReady':
      return { type: 'frameReady' };
    case 'tokenResponse': {
      const { requestId, response_code, response_text, one_time_token, card_brand, last_four } = data;
      if (requestId !== undefined && !isText(requestId, 0, 64)) return null;
      if (!isInteger(response_code) || !isText(response_text)) return null;
      if (!isTextOrNull(one_time_token) || !isTextOrNull(card_brand) || !isTextOrNull(last_four)) return null;
      return {
        type: 'tokenResponse',
        ...('requestId' in data ? { requestId } : {}),
        response_code,
        response_text,
        one_time_token,
        card_brand,
        last_four,
      };
    }
    default:
      return null;
  }
}

/* ---------- Gift cards (split tender; spec sections 4 and 5) ---------- */

/** The storefront's gift card answers (spec section 5), word for word. */
export const GIFT_CARD_MESSAGES = {
  invalidCard: 'Invalid card',
  amountAdjusted: 'The amount entered exceeds the Order total. We adjusted the value for you',
  applyFailed: 'Only positive numbers less than the balance amount and due amount are allowed',
} as const;

/** Digits of a gift card number, spaces and dashes dropped. */
export function giftCardDigits(raw: string): string {
  return raw.replace(/[\s-]/g, '');
}

export type GiftCardAmountResult =
  | { ok: true; amount: number; adjusted: boolean; message: string | null }
  | { ok: false; amount: null; adjusted: false; message: string };

/**
 * The amount a guest may put on a gift card (spec section 5): $ and commas stripped; a positive amount with
 * at most 2 decimals; above the lesser of the card's balance and what is due (order total plus tip, less the
 * other gift cards) it is adjusted down to that lesser value with the adjusted message. Anything else, or
 * nothing left to take (a $0 card, nothing due), is the apply failure.
 */
export function giftCardAmountRule(
  raw: string | number,
  limits: { balance: number; due: number },
): GiftCardAmountResult {
  const failed = {
    ok: false,
    amount: null,
    adjusted: false,
    message: GIFT_CARD_MESSAGES.applyFailed,
  } as const;
  const text = String(raw).replace(/[$,\s]/g, '');
  if (!/^\d+(\.\d{1,2})?$/.test(text) && !/^\.\d{1,2}$/.test(text)) return failed;
  const cents = dollarsToCents(Number(text));
  const capCents = Math.min(dollarsToCents(limits.balance), dollarsToCents(limits.due));
  if (cents <= 0 || capCents <= 0) return failed;
  if (cents > capCents) {
    return {
      ok: true,
      amount: centsToDollars(capCents),
      adjusted: true,
      message: GIFT_CARD_MESSAGES.amountAdjusted,
    };
  }
  return { ok: true, amount: centsToDollars(cents), adjusted: false, message: null };
}

/**
 * What is left for the card, offline credit or wallet after the gift cards: the order total (tip included)
 * less every gift card payment on the order, never below 0. 0 means the order is placed without a card.
 */
export function amountDueAfterGiftCards(
  orderTotal: number,
  payments: readonly Pick<Payment, 'paymentMethod' | 'amount'>[],
): number {
  const giftCents = payments
    .filter((p) => p.paymentMethod === 6)
    .reduce((sum, p) => sum + dollarsToCents(p.amount), 0);
  return centsToDollars(Math.max(0, dollarsToCents(orderTotal) - giftCents));
}

/**
 * The baseAmount a card, offline credit or wallet payment must carry (else 21044): the order total before tip
 * less the gift cards, never below 0 (the tip rides on top as tipAmount). When the gift cards also cover part
 * of the tip, the API stores the payment's tip as what is left of it, so the payment's amount equals the due.
 */
export function cardBaseAmount(
  totalBeforeTip: number,
  payments: readonly Pick<Payment, 'paymentMethod' | 'amount'>[],
): number {
  return amountDueAfterGiftCards(totalBeforeTip, payments);
}

/* ---------- Billing address and saved cards (saved-payments.ts, section 5) ---------- */

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

/** The storefront shows the last 8 characters of the 16-character masked number ('****4242'). */
export const MASKED_CARD_VISIBLE = 8;
export function visibleMaskedNumber(maskedCardNumber: string): string {
  return maskedCardNumber.slice(-MASKED_CARD_VISIBLE);
}

/* ---------- Express frame and virtual wallet (payment-frames.ts) ---------- */

/** `ExpressFrameMessageSchema`'s output: the frame's message when it is one of the Express protocol, else null. */
export function parseExpressFrameMessage(data: unknown): ExpressFrameMessage | null {
  if (!isFields(data)) return null;
  switch (data.HostedPaymentStatus) {
    case 'Ready':
      return { HostedPaymentStatus: 'Ready' };
    case 'Complete': {
      const { PaymentToken, CardLogo, LastFour } = data;
      if (!isText(PaymentToken, 1, 2000) || !isText(CardLogo, 0, 20)) return null;
      if (!isText(LastFour) || !FOUR_DIGITS.test(LastFour)) return null;
      return { HostedPaymentStatus: 'Complete', PaymentToken, CardLogo, LastFour };
    }
    case 'Error': {
      const { ExpressResponseCode, ExpressResponseMessage } = data;
      if (!isInteger(ExpressResponseCode) || !isText(ExpressResponseMessage, 0, 500)) return null;
      return { HostedPaymentStatus: 'Error', ExpressResponseCode, ExpressResponseMessage };
    }
    default:
      return null;
  }
}

/** `WalletSheetMessageSchema`'s output when the message is one of the wallet protocol for `sessionId`, else null. */
export function parseWalletSheetMessage(data: unknown, sessionId: string): WalletSheetMessage | null {
  if (!isFields(data) || !isText(data.sessionId) || !UUID.test(data.sessionId)) return null;
  const message = walletSheetMessage(data, data.sessionId);
  return message && message.sessionId === sessionId ? message : null;
}

function walletSheetMessage(data: Fields, sessionId: string): WalletSheetMessage | null {
  switch (data.type) {
    case 'walletReady':
      return { type: 'walletReady', sessionId };
    case 'walletCancelled':
      return { type: 'walletCancelled', sessionId };
    case 'walletApproved': {
      const { one_time_token, card_brand, last_four } = data;
      if (!isText(one_time_token, 1, 2000) || !isText(card_brand, 0, 20)) return null;
      if (!isText(last_four) || !FOUR_DIGITS.test(last_four)) return null;
      return { type: 'walletApproved', sessionId, one_time_token, card_brand, last_four };
    }
    case 'walletError': {
      const { response_code, response_text } = data;
      if (!isInteger(response_code) || !isText(response_text, 0, 500)) return null;
      return { type: 'walletError', sessionId, response_code, response_text };
    }
    default:
      return null;
  }
}

/** Purchase country and currency of the wallet's payment request (spec section 9). */
export const WALLET_COUNTRY_CODE = 'US';
export const WALLET_CURRENCY_CODE = 'USD';

/** Wallet texts of spec section 8. */
export const WALLET_MESSAGES = {
  notAuthorized: 'The transaction was not authorized',
  notAuthorizedHint: 'Please, try again or use another payment method',
} as const;

/** The outcome a sheet message ends the presentation with; null for messages that do not end it. */
export function walletOutcomeOf(message: WalletSheetMessage): WalletOutcome | null {
  switch (message.type) {
    case 'walletApproved':
      return {
        status: 'approved',
        token: message.one_time_token,
        cardBrand: message.card_brand,
        lastFour: message.last_four,
      };
    case 'walletCancelled':
      return { status: 'cancelled' };
    case 'walletError':
      return { status: 'error', code: message.response_code, message: message.response_text };
    case 'walletReady':
      return null;
  }
}
