import { NextResponse, type NextRequest } from 'next/server';
import { TrackingUrlValueSchema } from '@storefront/contracts/tracking';
import { FEATURE_FLAG } from '@storefront/contracts/templates';
import { apiRequest } from '@/lib/api';
import { ORDER_COOKIE } from '@/lib/cookies';
import { isFeatureEnabled } from '@/lib/feature-flags';
import { getOrderRef } from '@/lib/order-cookie';
import { refuseCrossSite } from '@/lib/origin-check';
import { TIP_COOKIE } from '@/lib/tip-cookie';
import { placedOrderCookie } from '@/features/payment/placed-order-cookie';

/**
 * POST /payment/complete (after the order was placed): forgets the order (it is placed), remembers it for
 * /confirmation and sends the browser on (303): to the tracking page the API names when new order tracking is
 * on, else, or when the API cannot give the tracking link, to /confirmation ('Order Confirmation'). The URL
 * comes from the API, never from the request, so this is no open redirect.
 */
export async function POST(request: NextRequest) {
  const refused = refuseCrossSite(request);
  if (refused) return refused;
  const ref = await getOrderRef();
  if (!ref) return NextResponse.redirect(new URL('/', request.url), 303);
  const tracking = (await isFeatureEnabled(FEATURE_FLAG.newOrderTracking))
    ? await apiRequest(TrackingUrlValueSchema, `sales/orders/${ref.orderId}/tracking-url`, {
        query: { locationId: ref.locationId },
      })
    : null;
  const to = tracking?.ok ? new URL(tracking.value.url, request.url) : new URL('/confirmation', request.url);
  const response = NextResponse.redirect(to, 303);
  response.cookies.delete(ORDER_COOKIE);
  response.cookies.delete(TIP_COOKIE);
  response.cookies.set(placedOrderCookie(ref));
  return response;
}
