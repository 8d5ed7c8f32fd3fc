'use server';

import { redirect } from 'next/navigation';
import { z } from 'zod';
import { IdSchema } from '@storefront/contracts/bounds';
import {
  FULFILLMENT_METHOD,
  NOTIFICATION_TYPE,
  PAYMENT_METHOD,
  PICKUP_TYPE,
} from '@storefront/contracts/enums';
import { OrderSchema } from '@storefront/contracts/orders';
import {
  BillingAddressSchema,
  CloseRequestResultSchema,
  IDEMPOTENCY_KEY_HEADER,
  IdempotencyKeySchema,
  PaymentSchema,
  type BillingAddress,
  type CreatePaymentBody,
  type Payment,
} from '@storefront/contracts/payments';
import { centsToDollars } from '@storefront/contracts/money';
import { apiRequest, type ApiResult } from '@/lib/api';
import { getOrderRef, orderMenuHref, setOrderRef } from '@/lib/order-cookie';
import { getStoredOrderSettings, setOrderSettings } from '@/lib/order-settings-cookie';
import { getTipCents, setTipCents } from '@/lib/tip-cookie';
import { cardShare } from './card-share';
import { paymentFailure, type PaymentFailure } from './payment-errors';
import { deletePendingCardPayments, isPendingCardPayment } from './pending-card-payments';

export type ActionFailure = PaymentFailure;
export type ActionResult<T> = { ok: true; data: T } | ActionFailure;

function failure(result: Extract<ApiResult<unknown>, { ok: false }>): ActionFailure {
  return paymentFailure(result.errors, result.status);
}

const noOrder = { ok: false as const, error: 'There is no order to pay', code: 10029 };

export type StartedPayment =
  /**
   * A card (new, or saved) pays what is due: the page creates its payment with `body` through the same-origin
   * POST /api/payments?checkId=orderId (checkout spec section 7), a new card's answer carrying the hosted frame.
   */
  | {
      kind: 'create';
      orderId: number;
      body: CreatePaymentBody;
      dueCents: number;
      tipCents: number;
      giftCards: Payment[];
    }
  /** The wallet pays: no card payment, no frame (the wallet adds its own payment). */
  | { kind: 'no-frame'; paymentId: null; dueCents: number; tipCents: number; giftCards: Payment[] }
  /** Nothing is due (gift cards cover it all): the order is placed without a card. */
  | { kind: 'nothing-due'; tipCents: number; giftCards: Payment[] };

const StartPaymentInputSchema = z.object({
  instrument: z.enum(['new-card', 'saved-card', 'wallet']).default('new-card'),
  savedPaymentId: IdSchema.nullable().default(null),
  billingAddress: BillingAddressSchema.nullable().default(null),
  recaptchaInput: z.string().min(1).max(4000).nullable().default(null),
});
export type StartPaymentInput = z.input<typeof StartPaymentInputSchema>;

/**
 * Starts (or restarts) the payment: deletes the order's uncharged card and wallet payments and works out what
 * the card must pay: the body of the card payment the page then creates through /api/payments (a new card
 * with its billing address and captcha answer, or the chosen saved card), no payment for the wallet, or
 * nothing when gift cards cover the order.
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
  const share = cardShare(order.value, tipCents);
  const giftCards = cleared.value.filter((p) => p.paymentMethod === PAYMENT_METHOD.GiftCard);
  if (share.dueCents === 0) return { ok: true, data: { kind: 'nothing-due', tipCents, giftCards } };
  if (instrument === 'wallet') {
    return {
      ok: true,
      data: { kind: 'no-frame', paymentId: null, dueCents: share.dueCents, tipCents, giftCards },
    };
  }
  if (instrument === 'saved-card' && savedPaymentId === null) {
    return { ok: false, error: 'Choose a saved card', code: 400 };
  }
  const body: CreatePaymentBody = {
    paymentMethod: PAYMENT_METHOD.CreditCard,
    baseAmount: centsToDollars(share.baseCents),
    tipAmount: centsToDollars(share.tipShare),
    ...(billingAddress ? { billingAddress } : {}),
    ...(instrument === 'saved-card' ? { savedPaymentId } : {}),
    ...(recaptchaInput ? { recaptchaInput } : {}),
  };
  return {
    ok: true,
    data: { kind: 'create', orderId: ref.orderId, body, dueCents: share.dueCents, tipCents, giftCards },
  };
}

export interface PaymentState {
  dueCents: number;
  tipCents: number;
  giftCards: Payment[];
  /** The order's uncharged card or wallet payment, when it still has one. */
  pendingPaymentId: number | null;
  /**
   * Its hosted card page as the API signs it now: the page shows the amount, so a re-amounted payment (a gift
   * card applied, changed or removed) has a new address, which the card frame then loads.
   */
  pendingPaymentUrl: string | null;
  pendingAlternatePaymentUrl: string | null;
}

/**
 * Re-reads what is due without touching the payments (after a gift card was applied, updated or removed the
 * API re-amounts the pending card payment itself, so the card frame and the guest's entries stay).
 */
export async function readPaymentState(): Promise<ActionResult<PaymentState>> {
  const ref = await getOrderRef();
  if (!ref) return noOrder;
  const [order, payments] = await Promise.all([
    apiRequest(OrderSchema, `sales/orders/${ref.orderId}`),
    apiRequest(z.array(PaymentSchema), `sales/orders/${ref.orderId}/payments`),
  ]);
  if (!order.ok) return failure(order);
  if (!payments.ok) return failure(payments);
  const tipCents = await getTipCents(ref.orderId);
  const share = cardShare(order.value, tipCents);
  const pending = payments.value.find(isPendingCardPayment);
  return {
    ok: true,
    data: {
      dueCents: share.dueCents,
      tipCents,
      giftCards: payments.value.filter((p) => p.paymentMethod === PAYMENT_METHOD.GiftCard),
      pendingPaymentId: pending?.id ?? null,
      pendingPaymentUrl: pending?.paymentUrl ?? null,
      pendingAlternatePaymentUrl: pending?.alternatePaymentUrl ?? null,
    },
  };
}

const BillingInputSchema = z.object({ paymentId: IdSchema, billingAddress: BillingAddressSchema });

/**
 * The new card's billing address (AVS), set on the pending payment (PATCH): the frame and what the guest
 * typed stay. The API checks it at the store's level; its field messages come back as fieldErrors.
 */
export async function setPaymentBillingAddress(input: {
  paymentId: number;
  billingAddress: BillingAddress;
}): Promise<ActionResult<null>> {
  const parsed = BillingInputSchema.safeParse(input);
  if (!parsed.success) return { ok: false, error: 'Invalid billing address', code: 400 };
  const ref = await getOrderRef();
  if (!ref) return noOrder;
  const result = await apiRequest(
    PaymentSchema,
    `sales/orders/${ref.orderId}/payments/${parsed.data.paymentId}`,
    { method: 'PATCH', body: { billingAddress: parsed.data.billingAddress } },
  );
  return result.ok ? { ok: true, data: null } : failure(result);
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
 * After a fatal payment error (Reset Order): deletes the pending card payment, forgets the order, selects the
 * pickup method (walk-in) in the guest's order settings and sends the guest to the store page (or the store
 * finder when the store is unknown).
 */
export async function resetOrder(): Promise<void> {
  const ref = await getOrderRef();
  if (ref) {
    await deletePendingCardPayments(ref.orderId);
    await setTipCents(ref.orderId, null);
    const settings = await getStoredOrderSettings();
    if (settings && settings.locationId === ref.locationId) {
      await setOrderSettings({
        ...settings,
        fulfillmentMethod: FULFILLMENT_METHOD.Pickup,
        pickupOption: PICKUP_TYPE.WalkIn,
        fulfillmentPlace: null,
        carType: null,
        carColor: null,
      });
    }
  }
  await setOrderRef(null);
  redirect(ref ? orderMenuHref(ref) : '/search-locations');
}

/** Whether this browser's current order is still `orderId` (a page restored from the back-forward cache asks). */
export async function isCurrentOrder(orderId: number): Promise<boolean> {
  const ref = await getOrderRef();
  return ref !== null && ref.orderId === orderId;
}
