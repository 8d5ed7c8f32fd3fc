/**
 * GET /api/captcha: a fresh ALTCHA challenge from the API (GET /v1/captcha/challenge), the envelope's value passed on as the
 * widget reads it, so the browser talks to this origin only. Never cached: each challenge is
 * single use.
 */
import { NextResponse, type NextRequest } from 'next/server';
import { CaptchaChallengeResponseSchema } from '@storefront/contracts/accounts';
import { clientAddress } from '@/lib/client-address';
import { env } from '@/lib/env';

const unavailable = () =>
  NextResponse.json(
    { error: 'The challenge is not available at this moment' },
    { status: 503, headers: { 'cache-control': 'no-store' } },
  );

export async function GET(request: NextRequest) {
  // The API counts challenges per guest address (lib/client-address.ts), not per storefront.
  const address = clientAddress(request.headers.get('x-forwarded-for'), env.TRUST_PROXY_HOPS);
  let res: Response;
  try {
    res = await fetch(`${env.API_URL}/v1/captcha/challenge`, {
      headers: { accept: 'application/json', ...(address ? { 'x-forwarded-for': address } : {}) },
      cache: 'no-store',
    });
  } catch {
    return unavailable();
  }
  const challenge = CaptchaChallengeResponseSchema.safeParse(await res.json().catch(() => null));
  if (!res.ok || !challenge.success) return unavailable();
  return NextResponse.json(challenge.data.value, { headers: { 'cache-control': 'no-store' } });
}
