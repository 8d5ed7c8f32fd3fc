/**
 * How the API's answers to the session calls read to the customer (ordering spec section 8: login and signup
 * errors; checkout-account section 8: forgot password, activation, reset password). Pure: the actions map the
 * API's answers through these and the dialogs show the result.
 */
import { ACCOUNT_ERROR, ACCOUNT_MESSAGES } from '@storefront/contracts/accounts';
import type { ApiError } from '@storefront/contracts/api';

export type LoginFailure =
  | { kind: 'invalid' | 'challenge' | 'locked' | 'unknown'; message: string }
  | { kind: 'inactive'; accountId: number; message: string };

const hasCode = (errors: readonly ApiError[], code: number) => errors.some((e) => Number(e.code) === code);

/**
 * Unauthorized or invalid client: 'Invalid email or password'; an inactive account offers activation (needs the
 * account id from the answer); a challenge error: 'Please complete the following challenge'; too many attempts:
 * the lock's message; anything else: 'Unknown error ocurred while trying to perform login'.
 */
export function loginFailureOf(status: number, errors: readonly ApiError[], value: unknown): LoginFailure {
  if (hasCode(errors, ACCOUNT_ERROR.RecaptchaFailure)) {
    return { kind: 'challenge', message: ACCOUNT_MESSAGES.challengeRequired };
  }
  if (status === 403 || hasCode(errors, ACCOUNT_ERROR.InactiveAccount)) {
    const accountId =
      value && typeof value === 'object' && 'accountId' in value && typeof value.accountId === 'number'
        ? value.accountId
        : null;
    if (accountId !== null) return { kind: 'inactive', accountId, message: ACCOUNT_MESSAGES.inactiveAccount };
  }
  if (status === 401 || status === 400)
    return { kind: 'invalid', message: ACCOUNT_MESSAGES.invalidCredentials };
  if (status === 429) return { kind: 'locked', message: ACCOUNT_MESSAGES.tooManyAttempts };
  return { kind: 'unknown', message: ACCOUNT_MESSAGES.loginUnknown };
}

/** The first server message, else the spec's text about the e-mail address. */
export function signupFailureOf(errors: readonly ApiError[], status: number): string {
  // A 5xx (or the storefront's own 'service unavailable') says nothing useful about the address.
  const first = status < 500 ? errors[0]?.message : undefined;
  return first && first.trim() ? first : ACCOUNT_MESSAGES.signupFailed;
}

/** Whether an answer is the captcha's refusal: the dialog then asks for a fresh challenge. */
export function isChallengeFailure(errors: readonly ApiError[]): boolean {
  return hasCode(errors, ACCOUNT_ERROR.RecaptchaFailure);
}

/** checkout-account section 8: 'Forgot-password failures show 'Server error''. */
export const FORGOT_PASSWORD_FAILED = 'Server error';

/** The confirmation after forgot password: the same for every address (no account enumeration). */
export const forgotPasswordSent = (email: string) =>
  `If an account exists for ${email}, we sent it a link to create a new password. Check your e-mail.`;

/** Sign-up done: the customer confirms the address by the e-mailed link before signing in. */
export const signupSucceeded = (email: string) =>
  `Thanks for signing up! We sent an activation link to ${email}. Check your e-mail to activate your account.`;

/** The activation page's failure code: the API's error code, else its message's key, else 'Unknown'. */
export function activationErrorCode(errors: readonly ApiError[]): string {
  const first = errors[0];
  return first ? String(first.code) : 'Unknown';
}
