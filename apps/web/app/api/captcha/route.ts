/**
 * GET /api/captcha: a fresh ALTCHA challenge from the API (GET /v1/captcha/challenge), the envelope's value passed on as the
 * widget reads it, so the browser talks to this origin only. Never cached: each challenge is
 * single use.
 */
import { NextResponse, type NextRequest } from 'next/server';
import { CaptchaChallengeResponseSchema } from '@storefront/contracts/accounts';
import { clientAddressHeaders } from '@/lib/client-address';
import { env } from '@/lib/env';

const unavailable = (status: 503 | 429 = 503) =>
  NextResponse.json(
    { error: 'The challenge is not available at this moment' },
    { status, headers: { 'cache-control': 'no-store' } },
  );

export async function GET(request: NextRequest) {
  let res: Response;
  try {
    res = await fetch(`${env.API_URL}/v1/captcha/challenge`, {
      // The API counts challenges per guest address (lib/client-address.ts), not per storefront.
      headers: { accept: 'application/json', ...clientAddressHeaders(request.headers) },
      cache: 'no-store',
    });
  } catch {
    return unavailable();
  }
  // The guest's address asked for too many: 429 as the API says, so that a script sees the limit for what it is.
  if (res.status === 429) return unavailable(429);
  const challenge = CaptchaChallengeResponseSchema.safeParse(await res.json().catch(() => null));
  if (!res.ok || !challenge.success) return unavailable();
  return NextResponse.json(challenge.data.value, { headers: { 'cache-control': 'no-store' } });
}
