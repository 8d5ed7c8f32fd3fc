import { NextResponse, type NextRequest } from 'next/server';
import { TrackingUrlValueSchema } from '@storefront/contracts/tracking';
import { apiRequest, firstErrorMessage } from '@/lib/api';
import { ORDER_COOKIE } from '@/lib/cookies';
import { getOrderRef } from '@/lib/order-cookie';
import { TIP_COOKIE } from '@/lib/tip-cookie';

/**
 * POST /payment/complete (after 'Payment approved!'): reads the placed order's tracking URL from the API,
 * forgets the order (it is placed) and sends the browser there (303). The URL comes from the API, never from
 * the request, so this is no open redirect.
 */
export async function POST(request: NextRequest) {
  const ref = await getOrderRef();
  if (!ref) return NextResponse.redirect(new URL('/', request.url), 303);
  const result = await apiRequest(TrackingUrlValueSchema, `sales/orders/${ref.orderId}/tracking-url`, {
    query: { locationId: ref.locationId },
  });
  if (!result.ok) {
    const target = new URL('/error', request.url);
    target.searchParams.set('code', String(result.status));
    target.searchParams.set('message', firstErrorMessage(result, 'The order tracking link is not available'));
    return NextResponse.redirect(target, 303);
  }
  const response = NextResponse.redirect(new URL(result.value.url, request.url), 303);
  response.cookies.delete(ORDER_COOKIE);
  response.cookies.delete(TIP_COOKIE);
  return response;
}
