import { NextResponse, type NextRequest } from 'next/server';
import { TrackingUrlValueSchema } from '@storefront/contracts/tracking';
import { apiRequest } from '@/lib/api';
import { ORDER_COOKIE } from '@/lib/cookies';
import { getOrderRef } from '@/lib/order-cookie';
import { refuseCrossSite } from '@/lib/origin-check';
import { TIP_COOKIE } from '@/lib/tip-cookie';
import { errorPagePath } from '@/app/error/error-codes';

/**
 * POST /payment/complete (after 'Payment approved!'): reads the placed order's tracking URL from the API,
 * forgets the order (it is placed) and sends the browser there (303). The URL comes from the API, never from
 * the request, so this is no open redirect.
 */
export async function POST(request: NextRequest) {
  const refused = refuseCrossSite(request);
  if (refused) return refused;
  const ref = await getOrderRef();
  if (!ref) return NextResponse.redirect(new URL('/', request.url), 303);
  const result = await apiRequest(TrackingUrlValueSchema, `sales/orders/${ref.orderId}/tracking-url`, {
    query: { locationId: ref.locationId },
  });
  if (!result.ok) {
    return NextResponse.redirect(new URL(errorPagePath('tracking-link'), request.url), 303);
  }
  const response = NextResponse.redirect(new URL(result.value.url, request.url), 303);
  response.cookies.delete(ORDER_COOKIE);
  response.cookies.delete(TIP_COOKIE);
  return response;
}
