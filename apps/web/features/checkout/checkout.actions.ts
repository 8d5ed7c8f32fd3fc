'use server';

import { revalidatePath } from 'next/cache';
import { z } from 'zod';
import { OrderSchema, defaultDriverTipCents } from '@storefront/contracts/orders';
import {
  ContactInformationSchema,
  ContactInformationValueSchema,
  NotesSchema,
  OrderPropertiesValueSchema,
  OrderValidationResultSchema,
  PickupDataValueSchema,
  TIP_MAX_CENTS,
  type ContactInformationInput,
  type OrderValidationError,
} from '@storefront/contracts/checkout';
import { FULFILLMENT_METHOD, PAYMENT_METHOD, PICKUP_TYPE } from '@storefront/contracts/enums';
import { centsToDollars, dollarsToCents } from '@storefront/contracts/money';
import {
  CloseRequestResultSchema,
  IDEMPOTENCY_KEY_HEADER,
  IdempotencyKeySchema,
  PaymentMethodInfoSchema,
  PaymentSchema,
  cardBaseAmount,
} from '@storefront/contracts/payments';
import type { OrderSettings } from '@storefront/contracts/order-settings';
import { headers } from 'next/headers';
import { apiRequest, type ApiResult } from '@/lib/api';
import { methodsForDevice } from '@/lib/device-wallet';
import { getOrderRef } from '@/lib/order-cookie';
import { getStoredOrderSettings } from '@/lib/order-settings-cookie';
import { getTipCents, setTipCents } from '@/lib/tip-cookie';
import { deletePendingCardPayments } from '../payment/pending-card-payments';
import { paymentStepFor, type PaymentStep } from './payment-step';

export type ConfirmOrderResult =
  | { ok: true; data: PaymentStep }
  | {
      ok: false;
      error: string;
      fieldErrors?: Partial<Record<keyof ContactInformationInput | 'notes' | 'tip', string>>;
      /** PreCheckout failures, shown in the 'Validation failed' dialog. */
      validationErrors?: OrderValidationError[];
    };

const ConfirmOrderInputSchema = z.object({
  /** null when the store hides the contact section for this order (table / curbside settings). */
  contact: ContactInformationSchema.nullable(),
  notes: NotesSchema.nullable(),
  tipCents: z.number().int().min(0).max(TIP_MAX_CENTS),
});

export interface ConfirmOrderInput {
  contact: ContactInformationInput | null;
  notes: string | null;
  tipCents: number;
}

/**
 * The pickup data from the guest's Order Settings at this store: a table number for dine-in, the curbside or
 * drive-thru choice with the car and place, else walk-in.
 */
function pickupDataFor(settings: OrderSettings | null, locationId: number) {
  if (!settings || settings.locationId !== locationId) return { pickupOption: PICKUP_TYPE.WalkIn };
  if (settings.fulfillmentMethod === FULFILLMENT_METHOD.DineIn) {
    return { pickupOption: PICKUP_TYPE.WalkIn, fulfillmentPlace: settings.fulfillmentPlace };
  }
  if (settings.pickupOption === null || settings.pickupOption === PICKUP_TYPE.WalkIn) {
    return { pickupOption: PICKUP_TYPE.WalkIn };
  }
  return {
    pickupOption: settings.pickupOption,
    carType: settings.carType,
    carColor: settings.carColor,
    fulfillmentPlace: settings.fulfillmentPlace,
  };
}

function apiFailure(result: Extract<ApiResult<unknown>, { ok: false }>): ConfirmOrderResult {
  return { ok: false, error: result.errors[0]?.message ?? 'Please try again.' };
}

/**
 * 'Confirm Order': saves the contact information (unless hidden), the pickup data and the notes, runs the PreCheckout
 * validation and, when it passes, keeps the tip for the payment (the client then goes to /payment). Failures come back as
 * values (field errors, the validation list, or the API's message).
 */
export async function confirmOrder(input: ConfirmOrderInput): Promise<ConfirmOrderResult> {
  const parsed = ConfirmOrderInputSchema.safeParse(input);
  if (!parsed.success) {
    const fieldErrors: NonNullable<Extract<ConfirmOrderResult, { ok: false }>['fieldErrors']> = {};
    for (const issue of parsed.error.issues) {
      const [section, field] = issue.path;
      const key = section === 'contact' ? field : section === 'tipCents' ? 'tip' : section;
      if (typeof key === 'string' && !(key in fieldErrors)) {
        fieldErrors[key as keyof typeof fieldErrors] = issue.message;
      }
    }
    return { ok: false, error: 'Please review the highlighted fields.', fieldErrors };
  }
  const ref = await getOrderRef();
  if (!ref) return { ok: false, error: 'Your order is no longer available.' };
  const base = `sales/orders/${ref.orderId}`;
  const { contact, notes, tipCents } = parsed.data;

  if (contact) {
    const saved = await apiRequest(ContactInformationValueSchema, `${base}/contact-information`, {
      method: 'PATCH',
      body: contact,
    });
    if (!saved.ok) return apiFailure(saved);
  }
  const pickup = await apiRequest(PickupDataValueSchema, `${base}/pickup-data`, {
    method: 'PUT',
    body: pickupDataFor(await getStoredOrderSettings(), ref.locationId),
  });
  if (!pickup.ok) return apiFailure(pickup);
  if (notes !== null) {
    const properties = await apiRequest(OrderPropertiesValueSchema, `${base}/properties`, {
      method: 'PATCH',
      body: { notes: notes.trim() === '' ? null : notes },
    });
    if (!properties.ok) return apiFailure(properties);
  }
  const validation = await apiRequest(OrderValidationResultSchema, `${base}/validations/PreCheckout`, {
    method: 'POST',
  });
  if (!validation.ok) {
    const codes = validation.errors.map((e) => ({ code: Number(e.code) || 0, message: e.message }));
    if (validation.status === 422 && codes.length > 0) {
      return { ok: false, error: 'Validation failed', validationErrors: codes };
    }
    return apiFailure(validation);
  }
  if (!validation.value.isValid) {
    return {
      ok: false,
      error: 'Validation failed',
      validationErrors: validation.value.orderValidationErrors,
    };
  }
  await setTipCents(ref.orderId, tipCents);
  const methods = await apiRequest(z.array(PaymentMethodInfoSchema), `${base}/payment-methods`);
  // A wallet the guest's device cannot use is not offered (Apple Pay on Android).
  const usable = methodsForDevice(methods.ok ? methods.value : [], (await headers()).get('user-agent'));
  return { ok: true, data: paymentStepFor(usable) };
}

export type PayAtStoreResult =
  { ok: true } | { ok: false; error: string; code: number | string | null; verificationNeeded?: boolean };

const PayAtStoreInputSchema = z.object({
  idempotencyKey: IdempotencyKeySchema,
  /** The invisible check's answer (lib/captcha): the API asks for it as it does for a new card. */
  recaptchaInput: z.string().min(1).max(4000).nullable().optional(),
});

/** Card and wallet payments that never were charged: paying at the store replaces them. */
const REPLACED_BY_OFFLINE: readonly number[] = [PAYMENT_METHOD.CreditCard, PAYMENT_METHOD.VirtualWallet];

/**
 * Pay at the store (offline credit, spec section 4): reuses the order's offline-credit payment (set to the
 * amount due) or adds one for it (with the captcha's answer, which the API asks for as for a new card), then
 * places the order with the attempt's Idempotency-Key (the client keeps
 * the key for retries of the same attempt). When placing fails the payment is deleted again, so the order is as
 * it was. The client then goes to /payment/complete (the tracking page) like a card payment.
 */
export async function payAtStore(input: {
  idempotencyKey: string;
  recaptchaInput?: string | null;
}): Promise<PayAtStoreResult> {
  const parsed = PayAtStoreInputSchema.safeParse(input);
  if (!parsed.success) return { ok: false, error: 'Invalid payment attempt', code: 400 };
  const ref = await getOrderRef();
  if (!ref) return { ok: false, error: 'Your order is no longer available.', code: 10029 };
  const base = `sales/orders/${ref.orderId}`;
  const [order, payments] = await Promise.all([
    apiRequest(OrderSchema, base),
    apiRequest(z.array(PaymentSchema), `${base}/payments`),
  ]);
  if (!order.ok) return payFailure(order);
  if (!payments.ok) return payFailure(payments);
  for (const payment of payments.value) {
    if (!REPLACED_BY_OFFLINE.includes(payment.paymentMethod) || payment.status === 'Approved') continue;
    const deleted = await apiRequest(z.unknown(), `${base}/payments/${payment.id}`, { method: 'DELETE' });
    if (!deleted.ok && deleted.status !== 404) return payFailure(deleted);
  }
  const tipCents = await getTipCents(ref.orderId);
  const baseAmount = cardBaseAmount(
    centsToDollars(dollarsToCents(order.value.totals.total) - dollarsToCents(order.value.totals.tip)),
    payments.value,
  );
  const amounts = { baseAmount, tipAmount: centsToDollars(tipCents) };
  const existing = payments.value.find(
    (p) => p.paymentMethod === PAYMENT_METHOD.OfflineCredit && p.status !== 'Approved',
  );
  const payment = existing
    ? existing.baseAmount === amounts.baseAmount && existing.tipAmount === amounts.tipAmount
      ? ({ ok: true, value: existing } as const)
      : await apiRequest(PaymentSchema, `${base}/payments/${existing.id}`, { method: 'PATCH', body: amounts })
    : await apiRequest(PaymentSchema, `${base}/payments`, {
        method: 'POST',
        body: {
          paymentMethod: PAYMENT_METHOD.OfflineCredit,
          ...amounts,
          ...(parsed.data.recaptchaInput ? { recaptchaInput: parsed.data.recaptchaInput } : {}),
        },
      });
  if (!payment.ok) return payFailure(payment);
  const placed = await apiRequest(CloseRequestResultSchema, `${base}/close-requests`, {
    method: 'POST',
    headers: { [IDEMPOTENCY_KEY_HEADER]: parsed.data.idempotencyKey },
    body: {},
  });
  if (!placed.ok) {
    await apiRequest(z.unknown(), `${base}/payments/${payment.value.id}`, { method: 'DELETE' });
    return payFailure(placed);
  }
  return { ok: true };
}

function payFailure(result: Extract<ApiResult<unknown>, { ok: false }>): PayAtStoreResult {
  const first = result.errors[0];
  return {
    ok: false,
    error: first?.message ?? 'Unknown error',
    code: first?.code ?? result.status,
    // The API refuses a method that needs a verified identity without the verified token (SMS verification).
    verificationNeeded: first?.key === 'IdentityNotVerified',
  };
}

const DriverTipSchema = z.object({ tipCents: z.number().int().min(0).max(99_999).nullable() });

/**
 * The driver tip of a delivery order (DoordashDrive): `null` applies the default, 10% of the subtotal
 * (checkout spec section 4, on checkout load); a number sets it. A failure on load sends the guest back to the
 * store page (the client does that).
 */
export async function setDriverTip(input: {
  tipCents: number | null;
}): Promise<{ ok: boolean; error?: string }> {
  const parsed = DriverTipSchema.safeParse(input);
  if (!parsed.success) return { ok: false, error: 'Please enter a valid tip' };
  const ref = await getOrderRef();
  if (!ref) return { ok: false, error: 'Your order is no longer available.' };
  let cents = parsed.data.tipCents;
  if (cents === null) {
    const order = await apiRequest(OrderSchema, `sales/orders/${ref.orderId}`);
    if (!order.ok) return { ok: false, error: 'Your order is no longer available.' };
    cents = defaultDriverTipCents(Math.round(order.value.totals.subtotal * 100));
  }
  const result = await apiRequest(z.unknown(), `sales/orders/${ref.orderId}/delivery-tip`, {
    method: 'PUT',
    body: { tip: cents / 100 },
  });
  revalidatePath('/checkout');
  return result.ok ? { ok: true } : { ok: false, error: result.errors[0]?.message ?? 'Please try again.' };
}

/**
 * /checkout on load (checkout spec section 4): the order's existing credit-card payments that were not charged
 * are deleted (the payment page makes a new one). Answers whether that worked; a failure leaves them for the
 * payment page, which deletes them again.
 */
export async function clearPendingCardPayments(): Promise<boolean> {
  const ref = await getOrderRef();
  if (!ref) return false;
  return (await deletePendingCardPayments(ref.orderId)).ok;
}
