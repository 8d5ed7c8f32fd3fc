/**
 * The captcha the session dialogs render (one component interface, two widgets): ALTCHA, the self-hosted proof
 * of work whose challenge comes from this origin's /api/captcha, or reCAPTCHA v2 when RECAPTCHA_SITE_KEY is set.
 */
export type CaptchaConfig = { kind: 'altcha' } | { kind: 'recaptcha'; siteKey: string };

/** The same-origin route the ALTCHA widget fetches its challenge from (app/api/captcha). */
export const CAPTCHA_CHALLENGE_PATH = '/api/captcha';
