import 'server-only';
import { cookies } from 'next/headers';
import { cookieOptions } from '@/lib/cookies';
import { secureCookies } from '@/lib/env';

/** The staff key of the signed-in kitchen screen (httpOnly, sent only to /kitchen). */
const STAFF_KEY_COOKIE = 'sf_staff';
const STAFF_COOKIE_PATH = '/kitchen';
const STAFF_SESSION_SECONDS = 60 * 60 * 12;

export async function getStaffKey(): Promise<string | null> {
  return (await cookies()).get(STAFF_KEY_COOKIE)?.value ?? null;
}

/** Server actions only. `null` signs out. */
export async function setStaffKey(key: string | null): Promise<void> {
  const store = await cookies();
  if (key) {
    store.set(STAFF_KEY_COOKIE, key, {
      ...cookieOptions(secureCookies, STAFF_SESSION_SECONDS),
      sameSite: 'strict',
      path: STAFF_COOKIE_PATH,
    });
  } else {
    store.delete({ name: STAFF_KEY_COOKIE, path: STAFF_COOKIE_PATH });
  }
}
