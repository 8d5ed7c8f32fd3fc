import 'server-only';
import { cookies } from 'next/headers';
import { cookieOptions } from '@/lib/cookies';
import { secureCookies } from '@/lib/env';

/**
 * The staff session token of the signed-in kitchen screen (httpOnly, sent only to /kitchen). The staff key is
 * exchanged for it at sign-in and never kept: sign-out revokes the session at the API.
 */
const STAFF_SESSION_COOKIE = 'sf_staff_session';
/** Where the key itself was kept before sessions: cleared at sign-in and sign-out. */
const LEGACY_STAFF_KEY_COOKIE = 'sf_staff';
const STAFF_COOKIE_PATH = '/kitchen';

export async function getStaffSession(): Promise<string | null> {
  return (await cookies()).get(STAFF_SESSION_COOKIE)?.value ?? null;
}

/** Server actions only. Keeps the session until it expires at the API; `null` forgets it. */
export async function setStaffSession(session: { token: string; expiresAt: string } | null): Promise<void> {
  const store = await cookies();
  store.delete({ name: LEGACY_STAFF_KEY_COOKIE, path: STAFF_COOKIE_PATH });
  if (session) {
    const seconds = Math.floor((Date.parse(session.expiresAt) - Date.now()) / 1000);
    store.set(STAFF_SESSION_COOKIE, session.token, {
      ...cookieOptions(secureCookies, Math.max(0, seconds)),
      sameSite: 'strict',
      path: STAFF_COOKIE_PATH,
    });
  } else {
    store.delete({ name: STAFF_SESSION_COOKIE, path: STAFF_COOKIE_PATH });
  }
}
