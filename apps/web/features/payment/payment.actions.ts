'use server';

import { redirect } from 'next/navigation';
import { z } from 'zod';
import { PAYMENT_METHOD } from '@storefront/contracts/enums';
import { OrderSchema } from '@storefront/contracts/orders';
import {
  CloseRequestResultSchema,
  IDEMPOTENCY_KEY_HEADER,
  IdempotencyKeySchema,
  PaymentSchema,
} from '@storefront/contracts/payments';
import { centsToDollars, dollarsToCents } from '@storefront/contracts/money';
import { apiRequest, type ApiResult } from '@/lib/api';
import { getOrderRef, orderMenuHref, setOrderRef } from '@/lib/order-cookie';
import { getTipCents, setTipCents } from '@/lib/tip-cookie';

export type ActionResult<T> =
  { ok: true; data: T } | { ok: false; error: string; code: number | string | null };

function failure(result: Extract<ApiResult<unknown>, { ok: false }>): {
  ok: false;
  error: string;
  code: number | string | null;
} {
  const first = result.errors[0];
  return { ok: false, error: first?.message ?? 'Unknown error', code: first?.code ?? result.status };
}

const noOrder = { ok: false as const, error: 'There is no order to pay', code: 10029 };

/** Removes the order's credit-card payments that were not charged (a new frame replaces them). */
async function deletePendingCardPayments(orderId: number): Promise<ApiResult<null>> {
  const payments = await apiRequest(z.array(PaymentSchema), `sales/orders/${orderId}/payments`);
  if (!payments.ok) return payments;
  for (const payment of payments.value) {
    if (payment.paymentMethod !== PAYMENT_METHOD.CreditCard || payment.status === 'Approved') continue;
    const deleted = await apiRequest(z.unknown(), `sales/orders/${orderId}/payments/${payment.id}`, {
      method: 'DELETE',
    });
    if (!deleted.ok && deleted.status !== 404) return deleted;
  }
  return { ok: true, value: null };
}

export type StartedPayment =
  | { kind: 'frame'; paymentId: number; paymentUrl: string }
  /** Nothing is due: the order is placed without a card. */
  | { kind: 'nothing-due' };

/**
 * Starts (or restarts) the card payment: deletes the order's uncharged card payments, then creates a new
 * one for the amount due plus the tip, whose hosted page the client shows in a frame.
 */
export async function startPayment(): Promise<ActionResult<StartedPayment>> {
  const ref = await getOrderRef();
  if (!ref) return noOrder;
  const cleared = await deletePendingCardPayments(ref.orderId);
  if (!cleared.ok) return failure(cleared);
  const order = await apiRequest(OrderSchema, `sales/orders/${ref.orderId}`);
  if (!order.ok) return failure(order);
  const tipCents = await getTipCents(ref.orderId);
  // The API's total includes the tip set by an earlier payment; the base amount is the total before tip.
  const dueCents = dollarsToCents(order.value.totals.total) - dollarsToCents(order.value.totals.tip);
  if (dueCents === 0 && tipCents === 0) return { ok: true, data: { kind: 'nothing-due' } };
  const payment = await apiRequest(PaymentSchema, `sales/orders/${ref.orderId}/payments`, {
    method: 'POST',
    body: {
      paymentMethod: PAYMENT_METHOD.CreditCard,
      baseAmount: centsToDollars(dueCents),
      tipAmount: centsToDollars(tipCents),
    },
  });
  if (!payment.ok) return failure(payment);
  if (!payment.value.paymentUrl) return { ok: false, error: 'The payment form is not available', code: 9904 };
  return {
    ok: true,
    data: { kind: 'frame', paymentId: payment.value.id, paymentUrl: payment.value.paymentUrl },
  };
}

const PlaceOrderInputSchema = z.object({
  paymentToken: z.string().min(1).max(2000).nullable(),
  idempotencyKey: IdempotencyKeySchema,
});

/**
 * Places the order with the frame's one-time token (POST close-requests). The idempotency key belongs to the
 * attempt: the client sends the same key when it retries the same token, so the order is placed and charged
 * once whatever the retries. The order cookie stays until /payment/complete, so the page is not re-rendered
 * away from its success overlay.
 */
export async function placeOrder(input: {
  paymentToken: string | null;
  idempotencyKey: string;
}): Promise<ActionResult<{ orderId: number; referenceNumber: string }>> {
  const parsed = PlaceOrderInputSchema.safeParse(input);
  if (!parsed.success) return { ok: false, error: 'Invalid payment attempt', code: 400 };
  const ref = await getOrderRef();
  if (!ref) return noOrder;
  const result = await apiRequest(CloseRequestResultSchema, `sales/orders/${ref.orderId}/close-requests`, {
    method: 'POST',
    headers: { [IDEMPOTENCY_KEY_HEADER]: parsed.data.idempotencyKey },
    body: parsed.data.paymentToken ? { paymentToken: parsed.data.paymentToken } : {},
  });
  if (!result.ok) return failure(result);
  return { ok: true, data: { orderId: result.value.orderId, referenceNumber: result.value.referenceNumber } };
}

/**
 * After a fatal payment error: deletes the pending card payment, forgets the order and sends the guest to
 * the store page (or the store finder when the store is unknown).
 */
export async function resetOrder(): Promise<void> {
  const ref = await getOrderRef();
  if (ref) {
    await deletePendingCardPayments(ref.orderId);
    await setTipCents(ref.orderId, null);
  }
  await setOrderRef(null);
  redirect(ref ? orderMenuHref(ref) : '/search-locations');
}
