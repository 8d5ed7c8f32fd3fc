'use server';

import { redirect } from 'next/navigation';
import { z } from 'zod';
import { IdSchema } from '@storefront/contracts/bounds';
import { NOTIFICATION_TYPE, PAYMENT_METHOD } from '@storefront/contracts/enums';
import { OrderSchema, type Order } from '@storefront/contracts/orders';
import {
  BillingAddressSchema,
  CloseRequestResultSchema,
  IDEMPOTENCY_KEY_HEADER,
  IdempotencyKeySchema,
  PaymentSchema,
  type Payment,
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

/** The payments a new card, saved card or wallet attempt replaces: uncharged card and wallet entries. */
const REPLACEABLE_METHODS: readonly number[] = [PAYMENT_METHOD.CreditCard, PAYMENT_METHOD.VirtualWallet];

/**
 * Removes the order's uncharged credit-card and wallet payments (a new frame replaces them) and answers the
 * order's remaining payments (gift cards stay: they are part of the split tender).
 */
async function deletePendingCardPayments(orderId: number): Promise<ApiResult<Payment[]>> {
  const payments = await apiRequest(z.array(PaymentSchema), `sales/orders/${orderId}/payments`);
  if (!payments.ok) return payments;
  const kept: Payment[] = [];
  for (const payment of payments.value) {
    if (!REPLACEABLE_METHODS.includes(payment.paymentMethod) || payment.status === 'Approved') {
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

export type StartedPayment =
  | {
      kind: 'frame';
      paymentId: number;
      paymentUrl: string;
      alternatePaymentUrl: string | null;
      dueCents: number;
      tipCents: number;
    }
  /** A saved card (or the wallet) pays: no frame, 'Place Order' places with it. */
  | { kind: 'no-frame'; paymentId: number | null; dueCents: number; tipCents: number }
  /** Nothing is due (gift cards cover it all): the order is placed without a card. */
  | { kind: 'nothing-due'; tipCents: number };

const StartPaymentInputSchema = z.object({
  instrument: z.enum(['new-card', 'saved-card', 'wallet']).default('new-card'),
  savedPaymentId: IdSchema.nullable().default(null),
  billingAddress: BillingAddressSchema.nullable().default(null),
  recaptchaInput: z.string().min(1).max(4000).nullable().default(null),
});
export type StartPaymentInput = z.input<typeof StartPaymentInputSchema>;

/**
 * What the card (or wallet) still pays, in cents: the order's total before its stored tip plus the guest's
 * tip, less the gift-card payments already on the order; the tip is kept whole while the rest covers it.
 */
function cardShare(order: Order, kept: readonly Payment[], tipCents: number) {
  const totalCents = dollarsToCents(order.totals.total) - dollarsToCents(order.totals.tip) + tipCents;
  const giftCents = kept
    .filter((p) => p.paymentMethod === PAYMENT_METHOD.GiftCard)
    .reduce((sum, p) => sum + dollarsToCents(p.amount), 0);
  const dueCents = Math.max(0, totalCents - giftCents);
  const tipShare = Math.min(tipCents, dueCents);
  return { dueCents, baseCents: dueCents - tipShare, tipShare };
}

/**
 * Starts (or restarts) the payment: deletes the order's uncharged card and wallet payments, then creates a
 * new card payment for what is still due (hosted frame), one with the chosen saved card, or none (wallet, or
 * nothing due). A captcha answer goes with a new card's payment when the API asks for one (9902).
 */
export async function startPayment(input: StartPaymentInput = {}): Promise<ActionResult<StartedPayment>> {
  const parsed = StartPaymentInputSchema.safeParse(input);
  if (!parsed.success) return { ok: false, error: 'Invalid payment request', code: 400 };
  const { instrument, savedPaymentId, billingAddress, recaptchaInput } = parsed.data;
  const ref = await getOrderRef();
  if (!ref) return noOrder;
  const cleared = await deletePendingCardPayments(ref.orderId);
  if (!cleared.ok) return failure(cleared);
  const order = await apiRequest(OrderSchema, `sales/orders/${ref.orderId}`);
  if (!order.ok) return failure(order);
  const tipCents = await getTipCents(ref.orderId);
  const share = cardShare(order.value, cleared.value, tipCents);
  if (share.dueCents === 0) return { ok: true, data: { kind: 'nothing-due', tipCents } };
  if (instrument === 'wallet') {
    return { ok: true, data: { kind: 'no-frame', paymentId: null, dueCents: share.dueCents, tipCents } };
  }
  if (instrument === 'saved-card' && savedPaymentId === null) {
    return { ok: false, error: 'Choose a saved card', code: 400 };
  }
  const payment = await apiRequest(PaymentSchema, `sales/orders/${ref.orderId}/payments`, {
    method: 'POST',
    body: {
      paymentMethod: PAYMENT_METHOD.CreditCard,
      baseAmount: centsToDollars(share.baseCents),
      tipAmount: centsToDollars(share.tipShare),
      ...(billingAddress ? { billingAddress } : {}),
      ...(instrument === 'saved-card' ? { savedPaymentId } : {}),
      ...(recaptchaInput ? { recaptchaInput } : {}),
    },
  });
  if (!payment.ok) return failure(payment);
  if (instrument === 'saved-card') {
    return {
      ok: true,
      data: { kind: 'no-frame', paymentId: payment.value.id, dueCents: share.dueCents, tipCents },
    };
  }
  if (!payment.value.paymentUrl) return { ok: false, error: 'The payment form is not available', code: 9904 };
  return {
    ok: true,
    data: {
      kind: 'frame',
      paymentId: payment.value.id,
      paymentUrl: payment.value.paymentUrl,
      alternatePaymentUrl: payment.value.alternatePaymentUrl,
      dueCents: share.dueCents,
      tipCents,
    },
  };
}

const PlaceOrderInputSchema = z.object({
  paymentToken: z.string().min(1).max(2000).nullable(),
  idempotencyKey: IdempotencyKeySchema,
  paymentIdToSave: IdSchema.nullable().default(null),
  /** The SMS alert toggle: SMS (2) is sent as a guest notification type. */
  smsAlerts: z.boolean().default(false),
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
  paymentIdToSave?: number | null;
  smsAlerts?: boolean;
}): Promise<ActionResult<{ orderId: number; referenceNumber: string }>> {
  const parsed = PlaceOrderInputSchema.safeParse(input);
  if (!parsed.success) return { ok: false, error: 'Invalid payment attempt', code: 400 };
  const ref = await getOrderRef();
  if (!ref) return noOrder;
  const result = await apiRequest(CloseRequestResultSchema, `sales/orders/${ref.orderId}/close-requests`, {
    method: 'POST',
    headers: { [IDEMPOTENCY_KEY_HEADER]: parsed.data.idempotencyKey },
    body: {
      ...(parsed.data.paymentToken ? { paymentToken: parsed.data.paymentToken } : {}),
      ...(parsed.data.paymentIdToSave ? { paymentIdToSave: parsed.data.paymentIdToSave } : {}),
      ...(parsed.data.smsAlerts ? { guestNotificationTypes: [NOTIFICATION_TYPE.SMS] } : {}),
    },
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
