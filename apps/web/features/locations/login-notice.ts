/**
 * Sign-in hand-offs on the search page (`?login=true`, `security_token`, `loginResult`). `login=true` opens the
 * login dialog where customer-relationship login is active (the header's account entry does that); elsewhere the
 * guest is told signing in is not available. A single-sign-on token is exchanged by the page (session feature),
 * which comes back without it, or with loginResult=failure.
 */
export const LOGIN_FAILED_MESSAGE = 'Login attempt failed';
export const LOGIN_SUCCEEDED_MESSAGE = "You've signed in successfully";
export const SIGN_IN_UNAVAILABLE_MESSAGE = 'Signing in is not available yet. You can order as a guest.';

export const LOGIN_PARAMS = ['login', 'security_token', 'loginResult'] as const;

export type LoginNotice = { type: 'error' | 'success'; message: string } | null;

type Params = Record<string, string | string[] | undefined>;
const first = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v);

/** Whether `login=true` asks for the login dialog (customer-relationship login active). */
export function opensLoginDialog(params: Params, crmLoginActive: boolean): boolean {
  return crmLoginActive && first(params.login) === 'true';
}

/** The toast a sign-in parameter calls for (null when there is none, or when the login dialog opens instead). */
export function loginNoticeOf(params: Params, crmLoginActive = false): LoginNotice {
  const result = first(params.loginResult);
  if (result === 'failure') return { type: 'error', message: LOGIN_FAILED_MESSAGE };
  if (result === 'success') return { type: 'success', message: LOGIN_SUCCEEDED_MESSAGE };
  if (opensLoginDialog(params, crmLoginActive)) return null;
  if (first(params.security_token) !== undefined) return null;
  if (first(params.login) === 'true') {
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
