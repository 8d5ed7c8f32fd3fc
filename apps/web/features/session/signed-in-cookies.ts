import 'server-only';
import { cookies } from 'next/headers';
import type { LoginValue } from '@storefront/contracts/accounts';
import {
  ACCESS_TOKEN_COOKIE,
  CLIENT_TYPE_COOKIE,
  REFRESH_TOKEN_COOKIE,
  USER_COOKIE,
  cookieOptions,
} from '@/lib/cookies';
import { secureCookies } from '@/lib/env';

/**
 * The cookies of a signed-in customer, whichever way they signed in (password, the brand app's token, the loyalty
 * issuer): user token, refresh token (kept as long as the API says), client type and the greeting.
 */
export async function setSignedInCookies(login: LoginValue) {
  const store = await cookies();
  store.set(ACCESS_TOKEN_COOKIE, login.accessToken, cookieOptions(secureCookies, login.expiresIn));
  store.set(REFRESH_TOKEN_COOKIE, login.refreshToken, cookieOptions(secureCookies, login.refreshExpiresIn));
  store.set(CLIENT_TYPE_COOKIE, String(login.appType), cookieOptions(secureCookies));
  store.set(
    USER_COOKIE,
    JSON.stringify({ id: login.account.id, firstName: login.account.firstName }),
    cookieOptions(secureCookies, login.refreshExpiresIn),
  );
}
