import type { ApiError } from '@storefront/contracts/api';
import { APP_ERROR, BLOCKING_CODES, ORDER_ERROR } from '@storefront/contracts/errors';
import { PAYMENT_MESSAGES } from '@storefront/contracts/payment-rules';

/** What a payment error dialog shows, and whether dismissing it resets the order (fatal) or restarts the payment. */
export interface PaymentErrorView {
  fatal: boolean;
  /** A blocking code (500, 9901, 9904, 10029, 21045): 'Place Order' stays disabled until the payment restarts. */
  blocking: boolean;
  /** Dialog title. */
  title: string;
  /** Emphasised first line, when the spec gives one. */
  heading: string | null;
  /** Why, in the processor's words, when it says more than the heading (a declined card). */
  reason: string | null;
  message: string;
  /** The dialog's only button. */
  action: 'Close' | 'Reset Order';
}

/** Codes whose dialog is 'Oops! An error occurred' with 'Reset Order'. */
export const FATAL_PAYMENT_CODES: readonly number[] = [
  APP_ERROR.OrderExpired,
  ORDER_ERROR.LocationOffline,
  APP_ERROR.Misconfigured,
];

const FATAL_MESSAGES: Record<number, string> = {
  [APP_ERROR.OrderExpired]: 'The transaction was rejected and your order expired.',
  [ORDER_ERROR.LocationOffline]: 'The store is currently offline.',
};

/** A code from an API error or a frame answer ('886', 886, 'x') as a number, or null. */
export function errorCode(code: number | string | null | undefined): number | null {
  if (typeof code === 'number') return Number.isFinite(code) ? code : null;
  if (typeof code === 'string' && /^\d+$/.test(code)) return Number(code);
  return null;
}

/**
 * The dialog for a failed payment step (spec section 8): 886 'The transaction was not authorized'; 500 and 9901
 * 'The payment service is not available at this moment'; 10029, 21045 and 9904 are fatal ('Oops! An error
 * occurred', 'Reset Order'); anything else shows the server's message, or 'Unknown error'.
 */
export function paymentErrorView(code: number | null, serverMessage?: string | null): PaymentErrorView {
  const message = serverMessage?.trim() || 'Unknown error';
  const blocking = code !== null && BLOCKING_CODES.includes(code);
  if (code !== null && FATAL_PAYMENT_CODES.includes(code)) {
    return {
      fatal: true,
      blocking,
      title: 'Oops! An error occurred',
      heading: null,
      reason: null,
      message: FATAL_MESSAGES[code] ?? message,
      action: 'Reset Order',
    };
  }
  if (code === APP_ERROR.TransactionNotAuthorized) {
    return {
      fatal: false,
      blocking,
      title: 'Payment failed',
      heading: PAYMENT_MESSAGES.notAuthorized,
      reason:
        serverMessage?.trim() && serverMessage.trim() !== PAYMENT_MESSAGES.notAuthorized
          ? serverMessage.trim()
          : null,
      message: PAYMENT_MESSAGES.notAuthorizedHint,
      action: 'Close',
    };
  }
  if (code === APP_ERROR.Internal || code === APP_ERROR.MissingCreditPaymentMethod) {
    return {
      fatal: false,
      blocking,
      title: 'Payment failed',
      heading: PAYMENT_MESSAGES.serviceUnavailable,
      reason: null,
      message:
        code === APP_ERROR.MissingCreditPaymentMethod
          ? `${PAYMENT_MESSAGES.serviceUnavailableHint} A credit card payment type is not configured, that is the only one supported`
          : PAYMENT_MESSAGES.serviceUnavailableHint,
      action: 'Close',
    };
  }
  return {
    fatal: false,
    blocking,
    title: 'Payment failed',
    heading: null,
    reason: null,
    message,
    action: 'Close',
  };
}

/** A refused payment call as the page handles it: the first error's message, code and key, and field messages. */
export type PaymentFailure = {
  ok: false;
  error: string;
  code: number | string | null;
  /** The API error's key ('Recaptcha', 'ChallengeExpired', 'body.billingAddress.city', ...), when it gives one. */
  key?: string | null;
  /** Field messages keyed by the field's last path part (billing address: address1, city, state, postalCode). */
  fieldErrors?: Record<string, string>;
};

/**
 * The failure of an answer with `errors` (the API's, or a same-origin route's): the first error says what and
 * why, keys with a path ('body.billingAddress.city') give field messages; with no error the HTTP status is the code.
 */
export function paymentFailure(errors: readonly ApiError[], status: number): PaymentFailure {
  const first = errors[0];
  const fieldErrors: Record<string, string> = {};
  for (const error of errors) {
    const field = error.key.split('.').at(-1);
    if (field && error.key.includes('.') && !(field in fieldErrors)) fieldErrors[field] = error.message;
  }
  return {
    ok: false,
    error: first?.message ?? 'Unknown error',
    code: first?.code ?? status,
    key: first?.key ?? null,
    ...(Object.keys(fieldErrors).length > 0 ? { fieldErrors } : {}),
  };
}
