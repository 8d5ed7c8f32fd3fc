/**
 * The captcha behind sign-in, sign-up and the other forms robots like: an interface, so the storefront's ALTCHA
 * proof of work and Google's reCAPTCHA are interchangeable (the accounts module knows only this file).
 */

/** What the captcha protects (reCAPTCHA v3 checks the action its token was made for). */
export type CaptchaAction =
  'login' | 'signup' | 'forgot-password' | 'payment' | 'coupons' | 'loyalty-sign-in';

/** Passed, or why not: the input is wrong or forged, its challenge expired, or it was used already. */
export type CaptchaResult = { ok: true } | { ok: false; reason: 'invalid' | 'expired' | 'spent' };

export interface CaptchaProvider {
  /** 'altcha' or 'recaptcha'. */
  readonly name: string;
  /** Checks the widget's answer for `action`; a passing answer is spent (the same input passes once). */
  verify(input: string, action: CaptchaAction): Promise<CaptchaResult>;
}
