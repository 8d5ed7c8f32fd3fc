/**
 * Every page request gets a valid access token: when the httpOnly cookie is missing or about to expire, a new
 * user token is fetched with the signed-in customer's refresh token (sf_rt, replaced by the next one each time:
 * refresh tokens rotate), else a new client-credentials token and set on both the response and the request, so server components of
 * the same request already see it. Every response gets the page security headers (lib/security-headers.ts)
 * with a fresh CSP nonce; the policy also goes on the request, where Next reads the nonce for its own scripts,
 * and the nonce alone in `x-nonce` for the root layout's inlined stylesheet.
 */
import { NextResponse, type NextRequest } from 'next/server';
import {
  ACCESS_TOKEN_COOKIE,
  CLIENT_TYPE_COOKIE,
  ORDER_COOKIE,
  REFRESH_TOKEN_COOKIE,
  SESSION_NOTICE_COOKIE,
  USER_COOKIE,
  cookieOptions,
} from './lib/cookies';
import { isSameOriginRequest } from './lib/origin-check';
import { secondsUntilExpiry } from './lib/token-expiry';
import { fetchClientToken, parseClientType, refreshUserToken } from './lib/token';
import { ORDER_CHANNEL, type OrderChannel } from '@storefront/contracts/enums';
import { env, secureCookies } from './lib/env';
import {
  NONCE_HEADER,
  createNonce,
  pageSecurityHeaders,
  requestCameOverHttps,
  type PageSecurityHeaders,
} from './lib/security-headers';

const REFRESH_BEFORE_SECONDS = 300;

const STORE_ROUTE = /^\/\d+\/(menu|catering)(?:\/|$)/;

/**
 * The client type a store route needs (spec section 4, token type switch): catering pages order with a
 * catering token (106); the main menu with a web token (107), or the in-store one (105) a guest already has.
 * Null outside store routes: the current type is kept.
 */
function routeClientType(url: URL, current: OrderChannel): OrderChannel | null {
  const segment = STORE_ROUTE.exec(url.pathname)?.[1];
  if (segment === 'catering') return ORDER_CHANNEL.catering;
  if (segment !== 'menu') return null;
  // A curbside or table QR link (fp=curbside|table) orders with the in-store token (ordering spec sections 1
  // and 6: the in-store channel is for table and curbside flows).
  const entry = url.searchParams.get('fp');
  if (entry === 'curbside' || entry === 'table') return ORDER_CHANNEL.inStore;
  return current === ORDER_CHANNEL.catering ? ORDER_CHANNEL.web : current;
}

/** The page's security headers for this request and its nonce. */
function securityHeaders(request: NextRequest, nonce: string): PageSecurityHeaders {
  return pageSecurityHeaders({
    nonce,
    https: requestCameOverHttps(request.headers, env.TRUST_PROXY_HOPS),
    development: env.NODE_ENV === 'development',
    webPublicUrl: env.WEB_PUBLIC_URL,
    processorPublicUrl: env.PROCESSOR_PUBLIC_URL,
    mapTileUrl: env.MAP_TILE_URL,
    recaptcha: env.RECAPTCHA_SITE_KEY !== undefined,
  });
}

function withSecurityHeaders(response: NextResponse, headers: PageSecurityHeaders): NextResponse {
  for (const [name, value] of Object.entries(headers)) {
    if (typeof value === 'string') response.headers.set(name, value);
  }
  return response;
}

export async function proxy(request: NextRequest) {
  const requestHeaders = new Headers(request.headers);
  requestHeaders.set('x-pathname', request.nextUrl.pathname);
  const nonce = createNonce();
  const security = securityHeaders(request, nonce);
  requestHeaders.set('Content-Security-Policy', security['Content-Security-Policy']);
  requestHeaders.set(NONCE_HEADER, nonce);

  // Another site's auto-submitted form arrives without the guest's cookies (SameSite=Lax): a session minted
  // for it would replace the guest's, and the cart with it. Such a request gets no session; the route handlers
  // refuse it (lib/origin-check.ts).
  if (
    request.method !== 'GET' &&
    request.method !== 'HEAD' &&
    !isSameOriginRequest(request.headers, env.WEB_PUBLIC_URL)
  ) {
    return withSecurityHeaders(NextResponse.next({ request: { headers: requestHeaders } }), security);
  }

  const current = request.cookies.get(ACCESS_TOKEN_COOKIE)?.value;
  const remaining = current ? secondsUntilExpiry(current) : null;
  const currentType = parseClientType(request.cookies.get(CLIENT_TYPE_COOKIE)?.value);
  // Switching between the main menu and catering resets the order and needs a token of the other type.
  // A prefetch never switches: only a real visit may change the session.
  const isPrefetch =
    request.headers.has('next-router-prefetch') || request.headers.get('purpose') === 'prefetch';
  const clientType = (isPrefetch ? null : routeClientType(request.nextUrl, currentType)) ?? currentType;
  if (current && remaining !== null && remaining > REFRESH_BEFORE_SECONDS && clientType === currentType) {
    return withSecurityHeaders(NextResponse.next({ request: { headers: requestHeaders } }), security);
  }

  // A signed-in customer's refresh token buys the next user token (of the type this route needs, which is how
  // the web<->catering switch keeps the customer signed in). Refused, the customer session is over: the guest
  // token below takes its place and the next page says 'Your session has been reset.'.
  const refreshToken = request.cookies.get(REFRESH_TOKEN_COOKIE)?.value;
  let sessionEnded = false;
  if (refreshToken) {
    const refreshed = await refreshUserToken(clientType, refreshToken, request.headers);
    if (refreshed.ok) {
      const switched = clientType !== currentType;
      // Refresh tokens rotate: the one sent is used up, and the answer's replaces it (absent when a parallel
      // request of this browser rotated it a moment ago: that request's answer carries the new one).
      const rotated = refreshed.token.refreshToken;
      request.cookies.set(ACCESS_TOKEN_COOKIE, refreshed.token.accessToken);
      if (rotated) request.cookies.set(REFRESH_TOKEN_COOKIE, rotated);
      // The user token keeps the order session, so the cart stays; a switch of menu type starts a new order.
      if (switched) request.cookies.delete(ORDER_COOKIE);
      requestHeaders.set('cookie', request.cookies.toString());
      const response = NextResponse.next({ request: { headers: requestHeaders } });
      response.cookies.set(
        ACCESS_TOKEN_COOKIE,
        refreshed.token.accessToken,
        cookieOptions(secureCookies, refreshed.token.expiresIn),
      );
      response.cookies.set(CLIENT_TYPE_COOKIE, String(refreshed.token.appType), cookieOptions(secureCookies));
      if (rotated) {
        response.cookies.set(
          REFRESH_TOKEN_COOKIE,
          rotated,
          cookieOptions(secureCookies, refreshed.token.refreshExpiresIn),
        );
      }
      if (switched) response.cookies.delete(ORDER_COOKIE);
      return withSecurityHeaders(response, security);
    }
    if (!refreshed.revoked) {
      // The API is unreachable: keep the session for when it answers again; the page shows its error state.
      return withSecurityHeaders(NextResponse.next({ request: { headers: requestHeaders } }), security);
    }
    sessionEnded = true;
  }

  let token: Awaited<ReturnType<typeof fetchClientToken>>;
  try {
    token = await fetchClientToken(clientType, request.headers);
  } catch (error) {
    // The API is down: let the page render its own error state.
    console.error(error instanceof Error ? error.message : error);
    return withSecurityHeaders(NextResponse.next({ request: { headers: requestHeaders } }), security);
  }
  // A guest token: nobody is signed in any more (a user token that expired without a refresh token included).
  const wasSignedIn = request.cookies.has(USER_COOKIE) || refreshToken !== undefined;
  request.cookies.set(ACCESS_TOKEN_COOKIE, token.accessToken);
  // A new session cannot see the previous session's order.
  if (current || sessionEnded) request.cookies.delete(ORDER_COOKIE);
  request.cookies.delete(REFRESH_TOKEN_COOKIE);
  request.cookies.delete(USER_COOKIE);
  requestHeaders.set('cookie', request.cookies.toString());
  const response = NextResponse.next({ request: { headers: requestHeaders } });
  response.cookies.set(ACCESS_TOKEN_COOKIE, token.accessToken, cookieOptions(secureCookies, token.expiresIn));
  response.cookies.set(CLIENT_TYPE_COOKIE, String(token.appType), cookieOptions(secureCookies));
  if (current || sessionEnded) response.cookies.delete(ORDER_COOKIE);
  if (wasSignedIn) {
    response.cookies.delete(REFRESH_TOKEN_COOKIE);
    response.cookies.delete(USER_COOKIE);
  }
  if (sessionEnded) {
    response.cookies.set(SESSION_NOTICE_COOKIE, 'session-reset', {
      path: '/',
      maxAge: 60,
      sameSite: 'lax',
      httpOnly: false,
      secure: secureCookies,
    });
  }
  return withSecurityHeaders(response, security);
}

export const config = {
  matcher: ['/((?!_next/static|_next/image|favicon|images/|.*\\.(?:png|jpg|svg|webp|ico|css|js|woff2?)$).*)'],
};
