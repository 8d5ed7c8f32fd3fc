import 'server-only';
import { cookies } from 'next/headers';
import { NextResponse, type NextRequest } from 'next/server';
import { z } from 'zod';
import { LoginValueSchema } from '@storefront/contracts/accounts';
import {
  AccessTokenCodeBodySchema,
  LOYALTY_ERROR,
  LOYALTY_MESSAGES,
  type AccessTokenCodeValue,
} from '@storefront/contracts/loyalty';
import { apiRequest } from '@/lib/api';
import { LOYALTY_SIGN_IN_COOKIE } from '@/lib/cookies';
import { getOrderRef } from '@/lib/order-cookie';
import { refuseCrossSite } from '@/lib/origin-check';
import { DEFAULT_RETURN_PATH, safeReturnPath } from './loyalty-sign-in';
import { setSignedInCookies } from './signed-in-cookies';

const PendingSignInSchema = z.object({ state: z.string().min(1), returnPath: z.string() });

/** The sign-in this browser started (startLoyaltySignIn), or null. */
function pendingSignIn(raw: string | undefined): z.infer<typeof PendingSignInSchema> | null {
  if (!raw) return null;
  try {
    const parsed = PendingSignInSchema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** The request's JSON body, or null when it is not JSON or too long for a code and a state. */
async function jsonBody(request: NextRequest): Promise<unknown> {
  const text = await request.text();
  if (text.length > 8_192) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}

function answer(value: AccessTokenCodeValue): NextResponse {
  const headers = { 'cache-control': 'no-store' };
  if (value.loginResult === 'success') {
    return NextResponse.json({ value, succeed: true, errors: [] }, { headers });
  }
  return NextResponse.json(
    {
      value,
      succeed: false,
      errors: [
        { key: 'LoginFailed', code: LOYALTY_ERROR.LoyaltyLoginFailed, message: LOYALTY_MESSAGES.loginFailed },
      ],
    },
    { status: 401, headers },
  );
}

/**
 * POST /api/access-token, the authorization-code exchange of the /loyalty-sso page (checkout-account spec
 * sections 2 and 7): `{ code, state, iss }` as the loyalty issuer returned them (or its `error`), with the spec's
 * `orderId` (the order being built: this browser's order cookie's, sent on to the API, which carries it on to the
 * member's session; another order named fails the sign-in) and `recaptchaInput` (the page's solved invisible
 * captcha, checked by the API: one that does not pass fails the sign-in). The state must be
 * the one this browser's sign-in started with (its cookie, used up here); the API then exchanges the code with
 * the PKCE verifier only it holds, in this guest's order session. Success sets the signed-in cookies. Either way
 * the answer names the page to return to (the one the sign-in began on) and the loginResult to show there:
 * 200 success, 401 failure ('Login attempt failed').
 */
export async function answerAccessToken(request: NextRequest): Promise<NextResponse> {
  const refused = refuseCrossSite(request);
  if (refused) return refused;
  const store = await cookies();
  const pending = pendingSignIn(store.get(LOYALTY_SIGN_IN_COOKIE)?.value);
  // One return per sign-in: whatever happens next, this browser's sign-in is over.
  store.delete(LOYALTY_SIGN_IN_COOKIE);
  const returnPath = pending ? safeReturnPath(pending.returnPath) : DEFAULT_RETURN_PATH;
  const failure = () => answer({ loginResult: 'failure', returnPath });
  const body = AccessTokenCodeBodySchema.safeParse(await jsonBody(request));
  if (!body.success || !pending) return failure();
  const { code, state, iss, error, recaptchaInput } = body.data;
  if (error !== undefined || code === undefined || state !== pending.state) return failure();
  // The order being built, carried on to the member's session: this browser's (a page cannot name another).
  const orderId = (await getOrderRef())?.orderId;
  if (body.data.orderId !== undefined && body.data.orderId !== orderId) return failure();
  const result = await apiRequest(LoginValueSchema, 'loyalty/oidc-sessions', {
    method: 'POST',
    body: {
      code,
      state,
      ...(iss === undefined ? {} : { iss }),
      ...(orderId === undefined ? {} : { orderId }),
      ...(recaptchaInput === undefined ? {} : { recaptchaInput }),
    },
  });
  if (!result.ok) return failure();
  await setSignedInCookies(result.value);
  return answer({ loginResult: 'success', returnPath });
}
