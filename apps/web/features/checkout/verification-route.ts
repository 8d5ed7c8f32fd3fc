import 'server-only';
import { NextResponse, type NextRequest } from 'next/server';
import { z } from 'zod';
import {
  OtpResponseSchema,
  VerificationCodeGenerationBodySchema,
  VerifiedAccessTokenBodySchema,
  VerifiedAccessTokenSchema,
} from '@storefront/contracts/verification';
import { apiRequest, type ApiResult } from '@/lib/api';
import { ACCESS_TOKEN_COOKIE, cookieOptions } from '@/lib/cookies';
import { secureCookies } from '@/lib/env';
import { refuseCrossSite } from '@/lib/origin-check';

const OrderIdSchema = z.coerce.number().int().min(1).max(2_147_483_647);

const failure = (status: number, key: string, message: string) =>
  NextResponse.json({ value: null, succeed: false, errors: [{ key, code: status, message }] }, { status });

/** The request's JSON body (an empty body is `{}`), or null when it is not JSON. */
async function jsonBody(request: NextRequest): Promise<unknown> {
  const text = await request.text();
  if (text.length > 4_096) return null;
  if (!text.trim()) return {};
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}

function answer<T>(result: ApiResult<T>, value: (v: T) => unknown): NextResponse {
  const headers = { 'cache-control': 'no-store' };
  if (!result.ok) {
    return NextResponse.json(
      { value: null, succeed: false, errors: result.errors },
      { status: result.status, headers },
    );
  }
  return NextResponse.json({ value: value(result.value), succeed: true, errors: [] }, { headers });
}

/**
 * The shape of both verification routes: same-origin POST, `?orderId`, a JSON body checked by `schema`; 400 for
 * a missing order id or a malformed body, else `run`'s answer.
 */
async function handle<S extends z.ZodType>(
  request: NextRequest,
  schema: S,
  run: (orderId: number, body: z.output<S>) => Promise<NextResponse>,
): Promise<NextResponse> {
  const refused = refuseCrossSite(request);
  if (refused) return refused;
  const orderId = OrderIdSchema.safeParse(request.nextUrl.searchParams.get('orderId'));
  if (!orderId.success) return failure(400, 'orderId', 'orderId is required');
  const body = schema.safeParse(await jsonBody(request));
  if (!body.success) return failure(400, 'body', 'The request body is not valid');
  return run(orderId.data, body.data);
}

/** POST /api/verification-code-generations?orderId: texts a code; answers the OTP response (digits). */
export function answerCodeGeneration(request: NextRequest): Promise<NextResponse> {
  return handle(request, VerificationCodeGenerationBodySchema, async (orderId, body) =>
    answer(
      await apiRequest(OtpResponseSchema, `sales/orders/${orderId}/verification-code-generations`, {
        method: 'POST',
        body,
      }),
      (value) => value,
    ),
  );
}

/**
 * POST /api/verified-access-token?orderId with { digits }: checks the code; on success the verified access token
 * replaces the session's token in its httpOnly cookie (it never reaches the page's script) and the answer says
 * only that it worked.
 */
export function answerVerifiedAccessToken(request: NextRequest): Promise<NextResponse> {
  return handle(request, VerifiedAccessTokenBodySchema, async (orderId, body) => {
    const result = await apiRequest(
      VerifiedAccessTokenSchema,
      `sales/orders/${orderId}/verified-access-token`,
      {
        method: 'POST',
        body,
      },
    );
    const response = answer(result, () => ({ verified: true }));
    if (result.ok) {
      response.cookies.set(
        ACCESS_TOKEN_COOKIE,
        result.value.accessToken,
        cookieOptions(secureCookies, result.value.expiresIn),
      );
    }
    return response;
  });
}
