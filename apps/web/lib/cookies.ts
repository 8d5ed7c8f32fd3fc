/**
 * Cookie names and options shared by the proxy, route handlers, server actions and browser code. Keep it free of
 * Node APIs: a `Buffer` here put a 6 kB Buffer polyfill into every page that reads a cookie name.
 */
export const ACCESS_TOKEN_COOKIE = 'sf_at';
/** The client app type the token was issued for (107 web, 106 catering, 105 in-store). */
export const CLIENT_TYPE_COOKIE = 'sf_ct';
/** The current order and its location: `{ orderId, locationId }` as JSON. */
export const ORDER_COOKIE = 'sf_order';
/** The guest's delivery address `{ locationId, address, deliveryTime }` as JSON, until an order carries it. */
export const DELIVERY_ADDRESS_COOKIE = 'sf_delivery';
/** Debug mode on ('1'); mirrors the browser's local-storage flag for the server (outside production only). */
export const DEBUG_MODE_COOKIE = 'sf_debug';
/** The promo popup was shown ('1'); written by the browser, read by the store page to render the popup or not. */
export const PROMO_SHOWN_COOKIE = 'sf_promo_shown';

export function cookieOptions(secure: boolean, maxAgeSeconds?: number) {
  return {
    httpOnly: true,
    secure,
    sameSite: 'lax' as const,
    path: '/',
    ...(maxAgeSeconds === undefined ? {} : { maxAge: maxAgeSeconds }),
  };
}

/** The guest's order settings (method, time, pickup option, place) for the last store, as JSON (contracts' OrderSettings). */
export const ORDER_SETTINGS_COOKIE = 'sf_settings';

/**
 * A signed-in customer's refresh token (httpOnly, maxAge = the API's refreshExpiresIn): the proxy trades it for a
 * new user access token when `sf_at` is missing or about to expire, or when the client type switches.
 */
export const REFRESH_TOKEN_COOKIE = 'sf_rt';
/**
 * Who is signed in, for the header's 'Hi, {first name}': `{ id, firstName }` as JSON. Not a credential (the
 * tokens are); set at login, dropped at logout or session reset.
 */
export const USER_COOKIE = 'sf_user';
/** A one-shot notice for the next page ('session-reset', 'logged-out'), read and shown by a client toast. */
export const SESSION_NOTICE_COOKIE = 'sf_notice';
/**
 * A loyalty sign-in under way (httpOnly, 10 minutes): `{ state, returnPath }` as JSON. /api/access-token checks the
 * issuer's returned state against it (the return belongs to this browser) and sends the member back to the path.
 */
export const LOYALTY_SIGN_IN_COOKIE = 'sf_loyalty';
