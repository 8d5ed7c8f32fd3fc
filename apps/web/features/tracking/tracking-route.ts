import 'server-only';
import { NextResponse, type NextRequest } from 'next/server';
import type { ApiResult } from '@/lib/api';
import { parseOrderId, parseTrackingToken } from './tracking.queries';

/**
 * The shape of the storefront's tracking routes: `?orderId` plus the tracking token in the Authorization
 * header; 400/401 for a missing one, the API's status and errors on failure, else `map(value)` as JSON.
 */
export async function answerTrackingRequest<T>(
  request: NextRequest,
  load: (orderId: number, token: string) => Promise<ApiResult<T>>,
  map: (value: T) => unknown = (value) => value,
): Promise<NextResponse> {
  const orderId = parseOrderId(request.nextUrl.searchParams.get('orderId'));
  const token = parseTrackingToken(request.headers.get('authorization'));
  if (orderId === null) {
    return NextResponse.json(
      { errors: [{ key: 'orderId', code: 400, message: 'orderId is required' }] },
      { status: 400 },
    );
  }
  if (token === null) {
    return NextResponse.json(
      { errors: [{ key: 'Unauthorized', code: 401, message: 'A tracking token is required' }] },
      { status: 401 },
    );
  }
  const result = await load(orderId, token);
  if (!result.ok) return NextResponse.json({ errors: result.errors }, { status: result.status });
  return NextResponse.json(map(result.value), { headers: { 'cache-control': 'no-store' } });
}
