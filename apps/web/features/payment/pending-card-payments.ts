import 'server-only';
import { z } from 'zod';
import { PAYMENT_METHOD } from '@storefront/contracts/enums';
import { PaymentSchema, type Payment } from '@storefront/contracts/payments';
import { apiRequest, type ApiResult } from '@/lib/api';

/** The payments a new card, saved card or wallet attempt replaces: uncharged card and wallet entries. */
const REPLACEABLE_METHODS: readonly number[] = [PAYMENT_METHOD.CreditCard, PAYMENT_METHOD.VirtualWallet];

export function isPendingCardPayment(payment: Payment): boolean {
  return REPLACEABLE_METHODS.includes(payment.paymentMethod) && payment.status !== 'Approved';
}

/**
 * Removes the order's uncharged credit-card and wallet payments (a new frame replaces them) and answers the
 * order's remaining payments (gift cards stay: they are part of the split tender). Checkout and payment both do
 * it on load (checkout spec section 4).
 */
export async function deletePendingCardPayments(orderId: number): Promise<ApiResult<Payment[]>> {
  const payments = await apiRequest(z.array(PaymentSchema), `sales/orders/${orderId}/payments`);
  if (!payments.ok) return payments;
  const kept: Payment[] = [];
  for (const payment of payments.value) {
    if (!isPendingCardPayment(payment)) {
      kept.push(payment);
      continue;
    }
    const deleted = await apiRequest(z.unknown(), `sales/orders/${orderId}/payments/${payment.id}`, {
      method: 'DELETE',
    });
    if (!deleted.ok && deleted.status !== 404) return deleted;
  }
  return { ok: true, value: kept };
}
