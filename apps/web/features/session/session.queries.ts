import 'server-only';
import { cookies } from 'next/headers';
import { z } from 'zod';
import {
  AccountDetailsSchema,
  LoginConfigurationValueSchema,
  type LoginConfigurationValue,
} from '@storefront/contracts/accounts';
import { LOGIN_CONFIGURATION } from '@storefront/contracts/enum-values';
import { apiRequest } from '@/lib/api';
import { ACCESS_TOKEN_COOKIE, USER_COOKIE } from '@/lib/cookies';
import { env } from '@/lib/env';
import { tokenUserId } from '@/lib/token';
import type { CaptchaConfig } from './captcha-config';

const SignedInUserSchema = z.object({ id: z.number().int().positive(), firstName: z.string().max(100) });
export type SignedInUser = z.infer<typeof SignedInUserSchema>;

/**
 * The signed-in customer (id and first name, for 'Hi, {first name or User}'), or null for a guest. Read from the
 * greeting cookie set at login, and only while the access token is that customer's user token: a guest token
 * (the session ended, the proxy fell back) means nobody is signed in whatever the greeting cookie says.
 */
export async function getSignedInUser(): Promise<SignedInUser | null> {
  const store = await cookies();
  const raw = store.get(USER_COOKIE)?.value;
  if (!raw) return null;
  let user: SignedInUser;
  try {
    const parsed = SignedInUserSchema.safeParse(JSON.parse(raw));
    if (!parsed.success) return null;
    user = parsed.data;
  } catch {
    return null;
  }
  return tokenUserId(store.get(ACCESS_TOKEN_COOKIE)?.value) === String(user.id) ? user : null;
}

/**
 * The signed-in customer as the API knows them now (their current first name), or null for a guest. A session
 * that has ended elsewhere (logout, password reset) answers 401 here, which resets it (lib/api.ts) with
 * 'Your session has been reset.'. When the API cannot answer, the greeting cookie stands in.
 */
export async function getCurrentCustomer(): Promise<SignedInUser | null> {
  const user = await getSignedInUser();
  if (!user) return null;
  const details = await apiRequest(AccountDetailsSchema, 'guests/account-details');
  return details.ok ? { id: details.value.id, firstName: details.value.firstName } : user;
}

/** The header's greeting: the first name, or 'User' without one. */
export const greetingOf = (user: Pick<SignedInUser, 'firstName'>) => `Hi, ${user.firstName.trim() || 'User'}`;

const LOGIN_CONFIGURATION_CACHE_SECONDS = 60;

/**
 * The brand's login configuration (None, QuCrm or Loyalty). Null when the API cannot say: nothing is offered
 * then rather than a sign-in that cannot work.
 */
export async function getLoginConfiguration(): Promise<LoginConfigurationValue | null> {
  const result = await apiRequest(LoginConfigurationValueSchema, 'guests/login-configurations', {
    revalidate: LOGIN_CONFIGURATION_CACHE_SECONDS,
    tags: ['login-configuration'],
  });
  return result.ok ? result.value : null;
}

/** Whether the storefront's own sign-in dialogs are offered (customer-relationship login is active). */
export async function isCrmLoginActive(): Promise<boolean> {
  const configuration = await getLoginConfiguration();
  return configuration?.currentLogInConfiguration === LOGIN_CONFIGURATION.QuCrm;
}

/** Whether members sign in through the loyalty program (login configuration Loyalty): Sign in goes there. */
export async function isLoyaltyLoginActive(): Promise<boolean> {
  const configuration = await getLoginConfiguration();
  return configuration?.currentLogInConfiguration === LOGIN_CONFIGURATION.Loyalty;
}

const HeaderPointsSchema = z.object({
  loyaltyBalance: z.object({ netPointsBalance: z.number().int() }),
});

/**
 * The signed-in member's points for the header under loyalty login, or null when the API cannot say (no
 * program, the session ended): the header then shows the greeting alone.
 */
export async function getHeaderPoints(): Promise<number | null> {
  const result = await apiRequest(HeaderPointsSchema, 'loyalty/account');
  return result.ok ? result.value.loyaltyBalance.netPointsBalance : null;
}

/** Which captcha the dialogs render: reCAPTCHA v2 when a site key is configured, else ALTCHA. */
export function getCaptchaConfig(): CaptchaConfig {
  return env.RECAPTCHA_SITE_KEY ? { kind: 'recaptcha', siteKey: env.RECAPTCHA_SITE_KEY } : { kind: 'altcha' };
}
