'use server';

import { z } from 'zod';
import { PAYMENT_METHOD } from '@storefront/contracts/enums';
import { centsToDollars } from '@storefront/contracts/money';
import { OrderSchema } from '@storefront/contracts/orders';
import { WalletSessionSchema, type WalletSession } from '@storefront/contracts/payment-frames';
import { PaymentSchema } from '@storefront/contracts/payments';
import { apiRequest, type ApiResult } from '@/lib/api';
import { getOrderRef } from '@/lib/order-cookie';
import { getTipCents } from '@/lib/tip-cookie';
import { cardShare } from './card-share';

export type WalletSessionResult = { ok: true; data: WalletSession } | { ok: false; error: string };

function failure(result: Extract<ApiResult<unknown>, { ok: false }>): { ok: false; error: string } {
  return { ok: false, error: result.errors[0]?.message ?? 'Unknown error' };
}

/**
 * The order's wallet payment for what is still due (spec section 4, Virtual wallet: 'Add a payment for the due
 * amount'): the one already pending, or a new one for the order's due (after the gift cards) with the guest's
 * tip on top (as much of it as is still due). The flow has deleted the card payment it replaces.
 */
async function ensureWalletPayment(orderId: number): Promise<ApiResult<number>> {
  const payments = await apiRequest(z.array(PaymentSchema), `sales/orders/${orderId}/payments`);
  if (!payments.ok) return payments;
  const pending = payments.value.find(
    (p) => p.paymentMethod === PAYMENT_METHOD.VirtualWallet && p.status !== 'Approved',
  );
  if (pending) return { ok: true, value: pending.id };
  const order = await apiRequest(OrderSchema, `sales/orders/${orderId}`);
  if (!order.ok) return order;
  const share = cardShare(order.value, await getTipCents(orderId));
  const created = await apiRequest(PaymentSchema, `sales/orders/${orderId}/payments`, {
    method: 'POST',
    body: {
      paymentMethod: PAYMENT_METHOD.VirtualWallet,
      baseAmount: centsToDollars(share.baseCents),
      tipAmount: centsToDollars(share.tipShare),
    },
  });
  return created.ok ? { ok: true, value: created.value.id } : created;
}

/**
 * A wallet session for what the order still owes: the wallet payment first, then GET payment-methods/15/
 * sessions (a write at the processor: it opens a session, hence an action). Failures carry the first error's
 * message (spec section 8: wallet session errors throw it); the button hides on any failure.
 */
export async function beginWalletSession(): Promise<WalletSessionResult> {
  const ref = await getOrderRef();
  if (!ref) return { ok: false, error: 'There is no order to pay' };
  const payment = await ensureWalletPayment(ref.orderId);
  if (!payment.ok) return failure(payment);
  const result = await apiRequest(
    WalletSessionSchema,
    `sales/orders/${ref.orderId}/payment-methods/${PAYMENT_METHOD.VirtualWallet}/sessions`,
  );
  if (!result.ok) return failure(result);
  return { ok: true, data: result.value };
}
