/**
 * The captcha of this deployment: ALTCHA (self-hosted proof of work) unless RECAPTCHA_SECRET_KEY selects
 * Google reCAPTCHA, on `app.captcha`; and requireCaptcha(), which the routes' services call before they act.
 */
import { hkdfSync } from 'node:crypto';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { ACCOUNT_ERROR, ACCOUNT_MESSAGES } from '@storefront/contracts/accounts';
import type { Env } from '../../env';
import type { Db } from '../../db/client';
import { DomainError } from '../../lib/errors';
import { AltchaProvider } from './altcha';
import type { CaptchaAction, CaptchaProvider } from './captcha-provider';
import { RecaptchaProvider } from './recaptcha';

export type { CaptchaAction, CaptchaProvider, CaptchaResult } from './captcha-provider';
export { AltchaProvider, CAPTCHA_TTL_SECONDS, createAltchaChallenge, purgeSpentCaptchas } from './altcha';
export { RecaptchaProvider, recaptchaActionName } from './recaptcha';

declare module 'fastify' {
  interface FastifyInstance {
    captcha: CaptchaProvider;
  }
}

/**
 * The HMAC key of ALTCHA challenges, derived from JWT_SECRET (HKDF-SHA-256 with a label of its own): secret
 * wherever the JWT secret is, shared by every process of a deployment, and unrelated to the token signatures.
 */
export function altchaHmacKey(env: Pick<Env, 'JWT_SECRET'>): string {
  return Buffer.from(hkdfSync('sha256', env.JWT_SECRET, '', 'storefront/altcha-challenge/v1', 32)).toString(
    'hex',
  );
}

/** The provider the configuration selects; `db` is the root handle (spent ALTCHA challenges). */
export function createCaptchaProvider(env: Env, db: Db, log?: FastifyBaseLogger): CaptchaProvider {
  if (env.RECAPTCHA_SECRET_KEY) {
    return new RecaptchaProvider({
      secretKey: env.RECAPTCHA_SECRET_KEY,
      verifyUrl: env.RECAPTCHA_VERIFY_URL,
      minScore: env.RECAPTCHA_MIN_SCORE,
      onError: (error) => log?.error({ err: error }, 'reCAPTCHA siteverify failed; the captcha is refused'),
    });
  }
  return new AltchaProvider(db, altchaHmacKey(env));
}

/**
 * Passes when `input` answers the captcha for `action`; otherwise throws the 422 envelope (code 9902, 'Please
 * complete the following challenge'; key 'ChallengeExpired' for an expired challenge, 'Recaptcha' otherwise).
 * Call it before the transaction of what it guards: it writes through the root handle (a spent challenge).
 */
export async function requireCaptcha(
  app: FastifyInstance,
  input: string | undefined,
  action: CaptchaAction,
): Promise<void> {
  const result = input
    ? await app.captcha.verify(input, action)
    : ({ ok: false, reason: 'invalid' } as const);
  if (result.ok) return;
  throw new DomainError(422, {
    key: result.reason === 'expired' ? 'ChallengeExpired' : 'Recaptcha',
    code: ACCOUNT_ERROR.RecaptchaFailure,
    message: ACCOUNT_MESSAGES.challengeRequired,
  });
}
