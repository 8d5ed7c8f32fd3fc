/**
 * Cross-site request refusal for the storefront's state-changing route handlers (server actions get the same
 * check from Next itself). The cookies are SameSite=Lax, which still lets another site's auto-submitted form
 * navigate here with a POST: `/api/token` would drop the guest's cart, `/payment/complete` forget the order.
 */
import 'server-only';
import { NextResponse } from 'next/server';
import { env } from './env';

/**
 * Whether the browser says the request comes from this storefront's own pages. Fetch Metadata first
 * (`Sec-Fetch-Site`, which no page can set): only 'same-origin' passes. Without it (plain http outside
 * localhost, older browsers) the Origin header must be the public origin. A request with neither comes from
 * no browser (curl, a server), which holds no guest's cookies to abuse.
 */
export function isSameOriginRequest(headers: Headers, publicOrigin: string): boolean {
  const site = headers.get('sec-fetch-site');
  if (site !== null) return site === 'same-origin';
  const origin = headers.get('origin');
  if (origin === null) return true;
  return origin === new URL(publicOrigin).origin;
}

/**
 * 403 in the API's envelope for a request from another site, null for one from this storefront (WEB_PUBLIC_URL).
 * Route handlers that change state start with `const refused = refuseCrossSite(request); if (refused) return refused;`.
 */
export function refuseCrossSite(request: Request): NextResponse | null {
  if (isSameOriginRequest(request.headers, env.WEB_PUBLIC_URL)) return null;
  return NextResponse.json(
    {
      value: null,
      succeed: false,
      errors: [{ key: 'Origin', code: 403, message: 'Requests from other sites are not accepted' }],
    },
    { status: 403, headers: { 'cache-control': 'no-store' } },
  );
}
