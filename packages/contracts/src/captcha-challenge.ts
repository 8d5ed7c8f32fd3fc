/**
 * The API's captcha challenge read without zod, for the storefront's browser code (the payment's invisible check);
 * `CaptchaChallengeSchema` in accounts.ts is the same shape for the API and the server (captcha-challenge.test.ts
 * compares the two).
 */

/** An ALTCHA v1 proof-of-work challenge as GET /v1/captcha/challenge gives it. */
export interface CaptchaChallengeFields {
  algorithm: string;
  challenge: string;
  maxnumber?: number;
  salt: string;
  signature: string;
}

/**
 * The challenge's fields when `value` is one (strings, and an optional integer `maxnumber`), other keys left out;
 * null when it is not.
 */
export function readCaptchaChallenge(value: unknown): CaptchaChallengeFields | null {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return null;
  const { algorithm, challenge, maxnumber, salt, signature } = value as Record<string, unknown>;
  if (typeof algorithm !== 'string' || typeof challenge !== 'string') return null;
  if (typeof salt !== 'string' || typeof signature !== 'string') return null;
  if (maxnumber === undefined) {
    return 'maxnumber' in value
      ? { algorithm, challenge, maxnumber, salt, signature }
      : { algorithm, challenge, salt, signature };
  }
  if (typeof maxnumber !== 'number' || !Number.isSafeInteger(maxnumber)) return null;
  return { algorithm, challenge, maxnumber, salt, signature };
}
