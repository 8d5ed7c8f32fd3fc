/**
 * POST /api/payments?checkId={orderId} (checkout spec section 7, payments, same origin): adds a payment to the
 * browser's own order with the spec's payment body (paymentMethod, baseAmount, tipAmount, billingAddress,
 * savedPaymentId, recaptchaInput, giftCardNumber) and answers the API's envelope with the payment (its
 * paymentUrl / alternatePaymentUrl for a card's hosted frame). The guest's token stays server-side: another
 * order id answers 404 without a call to the API, and the API's refusals (9902 for a failed captcha, 400 for
 * an amount over what is due) come back with their status and errors.
 */
import { NextResponse, type NextRequest } from 'next/server';
import { z } from 'zod';
import { IdSchema } from '@storefront/contracts/bounds';
import { CreatePaymentBodySchema, PaymentSchema } from '@storefront/contracts/payments';
import { apiRequest } from '@/lib/api';
import { refuseCrossSite } from '@/lib/origin-check';
import { getOrderRef } from '@/lib/order-cookie';

const noStore = { 'cache-control': 'no-store' };

function refusal(status: number, code: number | string, message: string, key = 'Payments') {
  return NextResponse.json(
    { value: null, succeed: false, errors: [{ key, code, message }] },
    { status, headers: noStore },
  );
}

export async function POST(request: NextRequest) {
  const refused = refuseCrossSite(request);
  if (refused) return refused;
  const checkId = z.coerce.number().pipe(IdSchema).safeParse(request.nextUrl.searchParams.get('checkId'));
  if (!checkId.success) return refusal(400, 400, 'checkId is required', 'checkId');
  const body = CreatePaymentBodySchema.safeParse(await request.json().catch(() => null));
  if (!body.success) {
    const issue = body.error.issues[0];
    return refusal(400, 400, issue?.message ?? 'Invalid payment', ['body', ...(issue?.path ?? [])].join('.'));
  }
  // Only the browser's own order: the API checks that the token owns it too.
  const ref = await getOrderRef();
  if (!ref || ref.orderId !== checkId.data) return refusal(404, 21042, 'Order not found');
  const result = await apiRequest(PaymentSchema, `sales/orders/${checkId.data}/payments`, {
    method: 'POST',
    body: body.data,
  });
  if (!result.ok) {
    return NextResponse.json(
      { value: null, succeed: false, errors: result.errors },
      { status: result.status >= 500 ? 502 : result.status, headers: noStore },
    );
  }
  return NextResponse.json({ value: result.value, succeed: true, errors: [] }, { headers: noStore });
}
