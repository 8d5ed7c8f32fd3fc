import 'server-only';
import {
  ACCESS_TOKEN_COOKIE,
  ORDER_COOKIE,
  REFRESH_TOKEN_COOKIE,
  SESSION_NOTICE_COOKIE,
  USER_COOKIE,
} from './cookies';

/** The one-shot notices the next page shows as a toast (features/session's SessionNoticeToast). */
export type SessionNotice = 'session-reset' | 'logged-out';

interface CookieWriter {
  set(
    name: string,
    value: string,
    options: { path: string; maxAge: number; sameSite: 'lax'; httpOnly: boolean; secure: boolean },
  ): unknown;
  delete(name: string): unknown;
}

/**
 * Ends the signed-in state in this browser: drops the user token, the refresh token, the greeting and the order
 * (it belongs to the order session of the token that is dropped), and leaves the notice for the next page. The
 * proxy then gets a fresh guest token. The notice cookie is readable by the page's script (it deletes it once
 * shown); it says nothing but which toast to show.
 */
export function clearSignedInCookies(
  store: CookieWriter,
  secure: boolean,
  notice: SessionNotice | null,
): void {
  store.delete(ACCESS_TOKEN_COOKIE);
  store.delete(REFRESH_TOKEN_COOKIE);
  store.delete(USER_COOKIE);
  store.delete(ORDER_COOKIE);
  if (notice) {
    store.set(SESSION_NOTICE_COOKIE, notice, {
      path: '/',
      maxAge: 60,
      sameSite: 'lax',
      httpOnly: false,
      secure,
    });
  }
}
