import 'server-only';
import { ACCOUNT_ERROR } from '@storefront/contracts/accounts';
import { env } from './env';
import { tokenUserId } from './token';

/**
 * Whether the API refuses this access token itself (spec, ordering §4: a 401 resets the token and the session with
 * 'Your session has been reset.'). Asked before anything is dropped, so that a 401 meaning something else (a wrong
 * password, a tracking link's token) or a link from another site never throws a guest's order away.
 *
 * A user token is checked against its customer session (account details: 401 or 10005). A guest token needs no
 * database on the API's side: any route behind its token check answers 401 before it looks at its input when the
 * token is refused (signature, expiry, a rotated JWT secret), so the promo-popups read (the cheapest such route)
 * is the probe.
 */
export async function isTokenRefused(token: string | undefined | null): Promise<boolean> {
  if (!token) return false;
  const userId = tokenUserId(token);
  const path = userId ? '/v1/guests/account-details' : '/v1/marketing/promo-popups?locationId=1';
  try {
    const res = await fetch(new URL(path, env.API_URL), {
      headers: {
        authorization: `Bearer ${token}`,
        ...(userId ? { 'x-integration': userId } : {}),
        accept: 'application/json',
      },
      cache: 'no-store',
    });
    if (res.status === 401) return true;
    if (!userId) return false;
    const body = (await res.json().catch(() => null)) as { errors?: Array<{ code?: unknown }> } | null;
    return body?.errors?.some((e) => Number(e.code) === ACCOUNT_ERROR.SessionInvalid) ?? false;
  } catch {
    return false;
  }
}
