/**
 * Sign-in hand-offs on the search page (`?login=true`, `security_token`). `login=true` opens the login dialog
 * where customer-relationship login is active (the header's account entry does that); under loyalty login the
 * header's Sign in goes to the loyalty program; elsewhere the guest is told signing in is not available. A
 * single-sign-on token is exchanged by the page (session feature), which comes back without it, or with
 * loginResult=failure (shown on every page by the session feature's LoginResultToast).
 */
export const SIGN_IN_UNAVAILABLE_MESSAGE = 'Signing in is not available yet. You can order as a guest.';

export const LOGIN_PARAMS = ['login', 'security_token', 'loginResult'] as const;

export type LoginNotice = { type: 'error' | 'success'; message: string } | null;

type Params = Record<string, string | string[] | undefined>;
const first = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v);

/** Whether `login=true` asks for the login dialog (customer-relationship login active). */
export function opensLoginDialog(params: Params, crmLoginActive: boolean): boolean {
  return crmLoginActive && first(params.login) === 'true';
}

/**
 * The toast a sign-in parameter calls for: null when there is none, when the login dialog opens instead, or
 * under loyalty login (the header's Sign in is there).
 */
export function loginNoticeOf(
  params: Params,
  crmLoginActive = false,
  loyaltyLoginActive = false,
): LoginNotice {
  if (opensLoginDialog(params, crmLoginActive) || loyaltyLoginActive) return null;
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
