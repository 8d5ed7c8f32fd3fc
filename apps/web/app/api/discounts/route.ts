/**
 * POST /api/discounts?orderId=: removes every discount the guest added to the order (spec: leaving checkout for
 * any page but /payment removes all discounts). The checkout page calls it as it is left; a failure is logged
 * as 'Coupon cleanup has failed' and answered 502.
 */
import { NextResponse, type NextRequest } from 'next/server';
import { z } from 'zod';
import { IdSchema } from '@storefront/contracts/bounds';
import { DISCOUNT_MESSAGES } from '@storefront/contracts/discounts';
import { OrderSchema } from '@storefront/contracts/orders';
import { apiRequest } from '@/lib/api';
import { refuseCrossSite } from '@/lib/origin-check';
import { getOrderRef } from '@/lib/order-cookie';

const noStore = { 'cache-control': 'no-store' };

function refusal(status: number, code: number | string, message: string) {
  return NextResponse.json(
    { value: null, succeed: false, errors: [{ key: 'Discounts', code, message }] },
    { status, headers: noStore },
  );
}

export async function POST(request: NextRequest) {
  const refused = refuseCrossSite(request);
  if (refused) return refused;
  const orderId = z.coerce.number().pipe(IdSchema).safeParse(request.nextUrl.searchParams.get('orderId'));
  if (!orderId.success) return refusal(400, 400, 'orderId is required');
  // Only the browser's own order: the API checks the token owns it too.
  const ref = await getOrderRef();
  if (!ref || ref.orderId !== orderId.data) return refusal(404, 21042, 'Order not found');
  const result = await apiRequest(OrderSchema, `sales/orders/${orderId.data}/discounts`, {
    method: 'DELETE',
  });
  if (!result.ok) {
    console.error(DISCOUNT_MESSAGES.cleanupFailed, {
      orderId: orderId.data,
      status: result.status,
      errors: result.errors,
    });
    return refusal(502, result.errors[0]?.code ?? 500, DISCOUNT_MESSAGES.cleanupFailed);
  }
  return NextResponse.json({ value: null, succeed: true, errors: [] }, { headers: noStore });
}
