/**
 * POST /api/token?clientType=107|106|105: a new guest token for the app type, set as an httpOnly cookie.
 * The body says only whether it worked; the token never reaches JavaScript.
 */
import { NextResponse, type NextRequest } from 'next/server';
import { ACCESS_TOKEN_COOKIE, CLIENT_TYPE_COOKIE, ORDER_COOKIE, cookieOptions } from '@/lib/cookies';
import { secureCookies } from '@/lib/env';
import { refuseCrossSite } from '@/lib/origin-check';
import { fetchClientToken, parseClientType } from '@/lib/token';

export async function POST(request: NextRequest) {
  const refused = refuseCrossSite(request);
  if (refused) return refused;
  const clientType = parseClientType(request.nextUrl.searchParams.get('clientType'));
  try {
    const token = await fetchClientToken(clientType, request.headers);
    const response = NextResponse.json({ succeed: true, value: { clientType: token.appType }, errors: [] });
    response.cookies.set(
      ACCESS_TOKEN_COOKIE,
      token.accessToken,
      cookieOptions(secureCookies, token.expiresIn),
    );
    response.cookies.set(CLIENT_TYPE_COOKIE, String(token.appType), cookieOptions(secureCookies));
    response.cookies.delete(ORDER_COOKIE);
    return response;
  } catch {
    return NextResponse.json(
      {
        succeed: false,
        value: null,
        errors: [{ key: 'Token', code: 9904, message: 'Domain is not configured' }],
      },
      { status: 503 },
    );
  }
}
