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
import { FULFILLMENT_METHOD, PICKUP_TYPE } from '@storefront/contracts/enums';
import type { OrderSettings } from '@storefront/contracts/order-settings';
import { apiRequest, type ApiResult } from '@/lib/api';
import { getOrderRef } from '@/lib/order-cookie';
import { getStoredOrderSettings } from '@/lib/order-settings-cookie';
import { setTipCents } from '@/lib/tip-cookie';

export type ConfirmOrderResult =
  | { ok: true; data: null }
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
  return { ok: true, data: null };
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
