/**
 * GET /api/session-reset?next=/path: where a page's render sends the browser when the API answered a user request
 * with 401 or 10005 (lib/api.ts): the signed-in cookies are dropped, the notice 'Your session has been reset.' is
 * left for the next page, and the browser goes back to `next` (a path on this origin), where the proxy gets a
 * fresh guest token.
 *
 * The cookies are dropped only once the API confirms that the session is over (its account-details answer 401
 * or 10005): a link from another site cannot sign a customer out, and a page that keeps failing for another
 * reason does not bounce between here and itself.
 */
import { NextResponse, type NextRequest } from 'next/server';
import { ACCOUNT_ERROR } from '@storefront/contracts/accounts';
import { ACCESS_TOKEN_COOKIE } from '@/lib/cookies';
import { env, secureCookies } from '@/lib/env';
import { safeReturnPath } from '@/lib/return-path';
import { clearSignedInCookies } from '@/lib/session-cookies';
import { tokenUserId } from '@/lib/token';

async function isSessionOver(token: string | undefined): Promise<boolean> {
  const userId = tokenUserId(token);
  if (!token || !userId) return false;
  try {
    const res = await fetch(`${env.API_URL}/v1/guests/account-details`, {
      headers: { authorization: `Bearer ${token}`, 'x-integration': userId, accept: 'application/json' },
      cache: 'no-store',
    });
    if (res.status === 401) return true;
    const body = (await res.json().catch(() => null)) as { errors?: Array<{ code?: unknown }> } | null;
    return body?.errors?.some((e) => Number(e.code) === ACCOUNT_ERROR.SessionInvalid) ?? false;
  } catch {
    return false;
  }
}

export async function GET(request: NextRequest) {
  const next = safeReturnPath(request.nextUrl.searchParams.get('next'));
  const response = NextResponse.redirect(new URL(next, env.WEB_PUBLIC_URL), 303);
  response.headers.set('cache-control', 'no-store');
  if (await isSessionOver(request.cookies.get(ACCESS_TOKEN_COOKIE)?.value)) {
    clearSignedInCookies(response.cookies, secureCookies, 'session-reset');
  }
  return response;
}
