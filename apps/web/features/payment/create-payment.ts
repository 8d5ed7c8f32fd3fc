import { readPaymentAnswer } from '@storefront/contracts/payment-rules';
import type { CreatePaymentBody, Payment } from '@storefront/contracts/payments';
import { paymentFailure, type PaymentFailure } from './payment-errors';

/**
 * Creates a payment on the browser's order through the same-origin POST /api/payments?checkId={orderId}
 * (checkout spec section 7) with the spec's payment body: the payment (a new card's carries its hosted frame
 * URL), or the refusal as the page shows it (9902 asks for the captcha, the API's message otherwise; an answer
 * that is not the envelope fails with its HTTP status). A network failure throws, as the server actions do.
 */
export async function createPayment(
  orderId: number,
  body: CreatePaymentBody,
): Promise<{ ok: true; data: Payment } | PaymentFailure> {
  const res = await fetch(`/api/payments?checkId=${encodeURIComponent(orderId)}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json' },
    body: JSON.stringify(body),
    cache: 'no-store',
  });
  const answer = readPaymentAnswer(await res.json().catch(() => null));
  if (!answer) return paymentFailure([], res.ok || res.status >= 500 ? 500 : res.status);
  if (res.ok && answer.succeed && answer.value) return { ok: true, data: answer.value };
  return paymentFailure(answer.errors, res.status);
}
