/**
 * GET /api/session-reset?next=/path: where a page's render sends the browser when the API answered a user request
 * with 401 or 10005 (lib/api.ts), a guest's or a customer's: the session's cookies (token, order, sign-in) are dropped, the notice 'Your session has been reset.' is
 * left for the next page, and the browser goes back to `next` (a path on this origin), where the proxy gets a
 * fresh guest token.
 *
 * The cookies are dropped only once the API confirms that it refuses the token (lib/session-check.ts): a link from another site cannot sign a customer out, and a page that keeps failing for another
 * reason does not bounce between here and itself.
 */
import { NextResponse, type NextRequest } from 'next/server';
import { ACCESS_TOKEN_COOKIE } from '@/lib/cookies';
import { env, secureCookies } from '@/lib/env';
import { safeReturnPath } from '@/lib/return-path';
import { clearSignedInCookies } from '@/lib/session-cookies';
import { isTokenRefused } from '@/lib/session-check';

export async function GET(request: NextRequest) {
  const next = safeReturnPath(request.nextUrl.searchParams.get('next'));
  const response = NextResponse.redirect(new URL(next, env.WEB_PUBLIC_URL), 303);
  response.headers.set('cache-control', 'no-store');
  if (await isTokenRefused(request.cookies.get(ACCESS_TOKEN_COOKIE)?.value)) {
    clearSignedInCookies(response.cookies, secureCookies, 'session-reset');
  }
  return response;
}
