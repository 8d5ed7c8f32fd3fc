/**
 * Loyalty sign-in's return (checkout-account spec section 2, /loyalty-sso): the page the member signed in from is
 * remembered, and the storefront comes back to it with loginResult=success or loginResult=failure, which the page
 * shows ("You've signed in successfully" / 'Login attempt failed') and then takes away. No zod here: the
 * sign-in button and the return page load this with their first script.
 */

/** Where a sign-in returns when the page it began on is not known (or not a page of this storefront). */
export const DEFAULT_RETURN_PATH = '/search-locations';
/** The longest remembered path (a page address with its search). */
export const RETURN_PATH_MAX = 2000;

export type LoginResult = 'success' | 'failure';

/**
 * The page to come back to: a path of this storefront (one leading slash, never `//host` or `/\host`, which a
 * browser reads as another site), without a previous loginResult, and never the return page itself;
 * DEFAULT_RETURN_PATH otherwise.
 */
export function safeReturnPath(path: unknown): string {
  if (typeof path !== 'string' || path.length > RETURN_PATH_MAX) return DEFAULT_RETURN_PATH;
  if (!path.startsWith('/') || path.startsWith('//') || path.startsWith('/\\')) return DEFAULT_RETURN_PATH;
  // eslint-disable-next-line no-control-regex -- control characters are what this refuses
  if (/[\u0000-\u001f\u007f]/.test(path)) return DEFAULT_RETURN_PATH;
  const url = new URL(path, 'http://storefront.invalid');
  if (url.origin !== 'http://storefront.invalid' || url.pathname.startsWith('/loyalty-sso')) {
    return DEFAULT_RETURN_PATH;
  }
  url.searchParams.delete('loginResult');
  // Dot segments can turn '/.//host' into '//host' once resolved: what comes out is checked as what went in.
  if (url.pathname.startsWith('//') || url.pathname.startsWith('/\\')) return DEFAULT_RETURN_PATH;
  return `${url.pathname}${url.search}${url.hash}`;
}

/** The return path with loginResult set (the page shows it, then takes it away). */
export function withLoginResult(returnPath: string, result: LoginResult): string {
  const url = new URL(safeReturnPath(returnPath), 'http://storefront.invalid');
  url.searchParams.set('loginResult', result);
  return `${url.pathname}${url.search}${url.hash}`;
}

export const LOGIN_FAILED_MESSAGE = 'Login attempt failed';
export const LOGIN_SUCCEEDED_MESSAGE = "You've signed in successfully";

/** The toast a loginResult value calls for (null for anything else). */
export function loginResultNotice(
  value: string | null,
): { type: 'error' | 'success'; message: string } | null {
  if (value === 'failure') return { type: 'error', message: LOGIN_FAILED_MESSAGE };
  if (value === 'success') return { type: 'success', message: LOGIN_SUCCEEDED_MESSAGE };
  return null;
}

/** The address without loginResult ('' search when nothing is left). */
export function withoutLoginResult(pathname: string, search: string): string {
  const params = new URLSearchParams(search);
  params.delete('loginResult');
  const rest = params.toString();
  return `${pathname}${rest ? `?${rest}` : ''}`;
}
