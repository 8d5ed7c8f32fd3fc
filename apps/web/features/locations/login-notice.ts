/**
 * Sign-in hand-offs on the search page (`?login=true`, `security_token`, `loginResult`). Accounts do not exist
 * yet, so these only say what happened; nobody is signed in here.
 */
export const LOGIN_FAILED_MESSAGE = 'Login attempt failed';
export const LOGIN_SUCCEEDED_MESSAGE = "You've signed in successfully";
export const SIGN_IN_UNAVAILABLE_MESSAGE = 'Signing in is not available yet. You can order as a guest.';

export const LOGIN_PARAMS = ['login', 'security_token', 'loginResult'] as const;

export type LoginNotice = { type: 'error' | 'success'; message: string } | null;

type Params = Record<string, string | string[] | undefined>;
const first = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v);

/** The toast a sign-in parameter calls for (null when there is none). */
export function loginNoticeOf(params: Params): LoginNotice {
  const result = first(params.loginResult);
  if (result === 'failure') return { type: 'error', message: LOGIN_FAILED_MESSAGE };
  if (result === 'success') return { type: 'success', message: LOGIN_SUCCEEDED_MESSAGE };
  if (first(params.login) === 'true' || first(params.security_token) !== undefined) {
    return { type: 'error', message: SIGN_IN_UNAVAILABLE_MESSAGE };
  }
  return null;
}

/** The query string without the sign-in parameters ('' when nothing is left). */
export function withoutLoginParams(search: string): string {
  const params = new URLSearchParams(search);
  for (const name of LOGIN_PARAMS) params.delete(name);
  const rest = params.toString();
  return rest ? `?${rest}` : '';
}
