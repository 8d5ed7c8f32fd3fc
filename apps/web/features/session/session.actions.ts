'use server';

import { cookies, headers } from 'next/headers';
import { z } from 'zod';
import {
  AcceptedValueSchema,
  AccountIdParamsSchema,
  ActivateAccountValueSchema,
  CreateAccountValueSchema,
  ForgotPasswordFormSchema,
  LoginFormSchema,
  LoginValueSchema,
  RecaptchaInputSchema,
  ResetPasswordFormSchema,
  ResetPasswordValueSchema,
  SignupFormSchema,
  ACCOUNT_ERROR,
  ACCOUNT_MESSAGES,
} from '@storefront/contracts/accounts';
import {
  LOYALTY_MESSAGES,
  LOYALTY_SIGN_IN_TTL_SECONDS,
  LOYALTY_SSO_PATH,
  LoyaltySignInValueSchema,
  SsoTokenExchangeBodySchema,
} from '@storefront/contracts/loyalty';
import { BulkItemsValueSchema, OrderSchema, lineModifiers, type Order } from '@storefront/contracts/orders';
import { apiRequest, currentAccessToken } from '@/lib/api';
import {
  ACCESS_TOKEN_COOKIE,
  CLIENT_TYPE_COOKIE,
  LOYALTY_SIGN_IN_COOKIE,
  cookieOptions,
} from '@/lib/cookies';
import { env, secureCookies } from '@/lib/env';
import { getOrderRef, setOrderRef } from '@/lib/order-cookie';
import { clearSignedInCookies } from '@/lib/session-cookies';
import { safeReturnPath } from './loyalty-sign-in';
import { setSignedInCookies } from './signed-in-cookies';
import { fetchClientToken, parseClientType } from '@/lib/token';
import {
  FORGOT_PASSWORD_FAILED,
  activationErrorCode,
  isChallengeFailure,
  loginFailureOf,
  signupFailureOf,
  type LoginFailure,
} from './session-errors';

export type SessionActionResult<T, E = string> =
  { ok: true; data: T } | { ok: false; error: E; challenge?: boolean };

const activationDestination = () => new URL('/activation', env.WEB_PUBLIC_URL).toString();
const resetDestination = () => new URL('/my-account/reset-password', env.WEB_PUBLIC_URL).toString();

const LoginInputSchema = LoginFormSchema.extend({ recaptchaInput: RecaptchaInputSchema });

/**
 * CRM login with the guest's token (its order session, and so the cart, carries over to the customer). Sets the
 * user token, the refresh token (kept as long as the API says) and the greeting cookie; the order cookie stays.
 */
export async function signIn(
  input: z.input<typeof LoginInputSchema>,
): Promise<SessionActionResult<{ firstName: string }, LoginFailure>> {
  const parsed = LoginInputSchema.safeParse(input);
  if (!parsed.success) {
    return { ok: false, error: { kind: 'invalid', message: ACCOUNT_MESSAGES.invalidCredentials } };
  }
  const result = await apiRequest(LoginValueSchema, 'guests/sessions', { method: 'POST', body: parsed.data });
  if (!result.ok) {
    const error = loginFailureOf(result.status, result.errors, result.value);
    return { ok: false, error, challenge: error.kind === 'challenge' };
  }
  const login = result.value;
  await setSignedInCookies(login);
  return { ok: true, data: { firstName: login.account.firstName } };
}

/**
 * Single sign-on from the brand's app: the search page's `security_token` exchanged (with the guest's token, so
 * the cart carries over) for a customer session, whose cookies are set as a login's. Any refusal is one failure:
 * the page shows 'Login attempt failed'.
 */
export async function signInWithSecurityToken(securityToken: string): Promise<SessionActionResult<null>> {
  const parsed = SsoTokenExchangeBodySchema.safeParse({ securityToken });
  if (!parsed.success) return { ok: false, error: LOYALTY_MESSAGES.loginFailed };
  const result = await apiRequest(LoginValueSchema, 'loyalty/sso-sessions', {
    method: 'POST',
    body: parsed.data,
  });
  if (!result.ok) return { ok: false, error: LOYALTY_MESSAGES.loginFailed };
  await setSignedInCookies(result.value);
  return { ok: true, data: null };
}

/**
 * Loyalty sign-in (login configuration Loyalty): the API starts a sign-in at the loyalty program's issuer that
 * comes back to /loyalty-sso; its state and the page to return to (`returnPath`, a path of this storefront) are
 * kept in an httpOnly cookie for LOYALTY_SIGN_IN_TTL_SECONDS, and the issuer's address is answered: the browser
 * goes there. Failure: the API's message (the program cannot be reached), else 'Login attempt failed'.
 */
export async function startLoyaltySignIn(
  returnPath: string,
): Promise<SessionActionResult<{ authorizationUrl: string }>> {
  const result = await apiRequest(LoyaltySignInValueSchema, 'loyalty/sign-ins', {
    method: 'POST',
    body: { callbackUrl: `${new URL(env.WEB_PUBLIC_URL).origin}${LOYALTY_SSO_PATH}` },
  });
  if (!result.ok) return { ok: false, error: result.errors[0]?.message ?? LOYALTY_MESSAGES.loginFailed };
  (await cookies()).set(
    LOYALTY_SIGN_IN_COOKIE,
    JSON.stringify({ state: result.value.state, returnPath: safeReturnPath(returnPath) }),
    cookieOptions(secureCookies, LOYALTY_SIGN_IN_TTL_SECONDS),
  );
  return { ok: true, data: { authorizationUrl: result.value.authorizationUrl } };
}

const SignupInputSchema = z.object({ form: SignupFormSchema, recaptchaInput: RecaptchaInputSchema });

/**
 * Creates the account; the API e-mails the activation link to /activation. The answer is the same for a new
 * and a known address. Failure: the first server message, else the spec's text.
 */
export async function signUp(
  input: z.input<typeof SignupInputSchema>,
): Promise<SessionActionResult<{ email: string }>> {
  const parsed = SignupInputSchema.safeParse(input);
  if (!parsed.success) return { ok: false, error: ACCOUNT_MESSAGES.signupFailed };
  const { confirmPassword: _confirm, ...accountDetails } = parsed.data.form;
  const result = await apiRequest(CreateAccountValueSchema, 'guests/accounts', {
    method: 'POST',
    headers: { 'idempotency-key': crypto.randomUUID() },
    body: {
      accountDetails,
      activationType: 1,
      customActivationDestination: activationDestination(),
      recaptchaInput: parsed.data.recaptchaInput,
    },
  });
  if (!result.ok) {
    return {
      ok: false,
      error: signupFailureOf(result.errors, result.status),
      challenge: isChallengeFailure(result.errors),
    };
  }
  return { ok: true, data: { email: accountDetails.email } };
}

/** Sends a new activation link to an inactive account (the login dialog's 'Resend activation link'). */
export async function resendActivation(input: { accountId: number }): Promise<SessionActionResult<null>> {
  const parsed = AccountIdParamsSchema.safeParse(input);
  if (!parsed.success) return { ok: false, error: ACCOUNT_MESSAGES.loginUnknown };
  const result = await apiRequest(
    AcceptedValueSchema,
    `guests/accounts/${parsed.data.accountId}/resend-activation`,
    {
      method: 'POST',
      body: { customActivationDestination: activationDestination() },
    },
  );
  return result.ok
    ? { ok: true, data: null }
    : { ok: false, error: result.errors[0]?.message ?? ACCOUNT_MESSAGES.loginUnknown };
}

const ForgotInputSchema = ForgotPasswordFormSchema.extend({ recaptchaInput: RecaptchaInputSchema });

/** E-mails a reset link when the address has an account; the answer is the same either way. */
export async function forgotPassword(
  input: z.input<typeof ForgotInputSchema>,
): Promise<SessionActionResult<{ email: string }>> {
  const parsed = ForgotInputSchema.safeParse(input);
  if (!parsed.success) return { ok: false, error: FORGOT_PASSWORD_FAILED };
  const result = await apiRequest(AcceptedValueSchema, 'guests/accounts/forgot-password', {
    method: 'POST',
    body: { ...parsed.data, customResetDestination: resetDestination() },
  });
  if (!result.ok) {
    const challenge = isChallengeFailure(result.errors);
    return {
      ok: false,
      error: challenge ? ACCOUNT_MESSAGES.challengeRequired : FORGOT_PASSWORD_FAILED,
      challenge,
    };
  }
  return { ok: true, data: { email: parsed.data.email } };
}

const ActivateInputSchema = z.object({ email: z.string().max(320), token: z.string().max(200) });

/**
 * The activation page's call. Missing parameters are code 9000 without asking the API; a refused token gives
 * the API's code.
 */
export async function activateAccount(input: {
  email: string | null;
  token: string | null;
}): Promise<SessionActionResult<null, { code: string }>> {
  if (!input.email || !input.token) {
    return { ok: false, error: { code: String(ACCOUNT_ERROR.MissingActivationParameters) } };
  }
  const parsed = ActivateInputSchema.safeParse(input);
  if (!parsed.success) return { ok: false, error: { code: String(ACCOUNT_ERROR.InvalidAccountToken) } };
  const result = await apiRequest(ActivateAccountValueSchema, 'guests/accounts/activate', {
    method: 'POST',
    body: { email: parsed.data.email, activationToken: parsed.data.token },
  });
  return result.ok
    ? { ok: true, data: null }
    : { ok: false, error: { code: activationErrorCode(result.errors) } };
}

const ResetInputSchema = z.object({ token: z.string().min(1).max(200), form: ResetPasswordFormSchema });

export type ResetPasswordFailure = { kind: 'invalid-link' } | { kind: 'error'; message: string };

/** 'Create New Password': sets the password (the API ends every session of the customer). */
export async function resetPassword(
  input: z.input<typeof ResetInputSchema>,
): Promise<SessionActionResult<null, ResetPasswordFailure>> {
  const parsed = ResetInputSchema.safeParse(input);
  if (!parsed.success) return { ok: false, error: { kind: 'invalid-link' } };
  const result = await apiRequest(ResetPasswordValueSchema, 'guests/accounts/reset-password', {
    method: 'POST',
    body: { accountToken: parsed.data.token, password: parsed.data.form.password },
  });
  if (result.ok) return { ok: true, data: null };
  if (result.errors.some((e) => Number(e.code) === ACCOUNT_ERROR.InvalidAccountToken)) {
    return { ok: false, error: { kind: 'invalid-link' } };
  }
  return {
    ok: false,
    error: { kind: 'error', message: result.errors[0]?.message ?? FORGOT_PASSWORD_FAILED },
  };
}

/**
 * Logout: the cart's lines are read with the user token, the customer session is ended on the API, a guest
 * token is fetched and the lines are re-added to a fresh order at the same store (items no longer orderable are
 * left out). The session ends here even when the API cannot be told (it expires on its own).
 */
export async function logOut(): Promise<SessionActionResult<null>> {
  const store = await cookies();
  const userToken = await currentAccessToken();
  const ref = await getOrderRef();
  let order: Order | null = null;
  if (userToken && ref) {
    const current = await apiRequest(OrderSchema, `sales/orders/${ref.orderId}`, { token: userToken });
    if (current.ok && !current.value.isPlaced) order = current.value;
  }
  if (userToken) {
    await apiRequest(z.unknown(), 'guests/sessions/current', { method: 'DELETE', token: userToken });
  }
  clearSignedInCookies(store, secureCookies, null);
  let guest: Awaited<ReturnType<typeof fetchClientToken>>;
  try {
    guest = await fetchClientToken(parseClientType(store.get(CLIENT_TYPE_COOKIE)?.value), await headers());
  } catch {
    // The proxy gets a guest token on the next page; the customer is signed out either way.
    return { ok: true, data: null };
  }
  store.set(ACCESS_TOKEN_COOKIE, guest.accessToken, cookieOptions(secureCookies, guest.expiresIn));
  store.set(CLIENT_TYPE_COOKIE, String(guest.appType), cookieOptions(secureCookies));
  if (ref && order && order.items.length > 0) await readdLines(guest.accessToken, ref, order);
  return { ok: true, data: null };
}

/** The previous cart's lines into a fresh guest order at the same store (best effort: logout is done anyway). */
async function readdLines(
  token: string,
  ref: NonNullable<Awaited<ReturnType<typeof getOrderRef>>>,
  order: Order,
): Promise<void> {
  const created = await apiRequest(OrderSchema, 'sales/orders', {
    method: 'POST',
    token,
    body: { menuSnapshotId: order.context.snapshotId, fulfillmentMethod: order.context.fulfillmentMethod },
  });
  if (!created.ok) return;
  await setOrderRef({ orderId: created.value.id, locationId: ref.locationId, menuType: ref.menuType });
  await apiRequest(BulkItemsValueSchema, `sales/orders/${created.value.id}/bulk-items`, {
    method: 'POST',
    token,
    query: { removeInvalidItems: true },
    body: {
      items: order.items.slice(0, 50).map((line) => ({
        itemPathKey: line.itemPathKey,
        quantity: line.quantity,
        portionId: line.portionId,
        modifiers: lineModifiers(line),
        note: line.note,
      })),
    },
  });
}
