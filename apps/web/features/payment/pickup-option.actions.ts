'use server';

import { revalidatePath } from 'next/cache';
import { z } from 'zod';
import { PickupDataValueSchema } from '@storefront/contracts/checkout';
import { FULFILLMENT_METHOD, PICKUP_TYPE, PickupTypeSchema } from '@storefront/contracts/enums';
import { FulfillmentSettingsSchema } from '@storefront/contracts/locations';
import { keptPickupFields, pickupChoiceError, pickupFieldErrors } from '@storefront/contracts/pickup';
import { apiRequest } from '@/lib/api';
import { getOrderRef } from '@/lib/order-cookie';
import { getStoredOrderSettings, setOrderSettings } from '@/lib/order-settings-cookie';

const PaymentPickupInputSchema = z.object({
  pickupOption: PickupTypeSchema,
  carType: z.number().int().min(0).max(100).nullable(),
  carColor: z.number().int().min(0).max(100).nullable(),
  fulfillmentPlace: z.string().trim().max(20).nullable(),
  additionalFields: z
    .array(z.object({ id: z.string().max(40), value: z.string().max(80) }))
    .max(20)
    .default([]),
});

export type PaymentPickupResult =
  { ok: true } | { ok: false; error: string; fieldErrors?: Record<string, string> };

/**
 * The payment page's pickup option selector (checkout spec section 2): checked against the store's options with
 * the spec's messages, saved on the order as pickup data (PUT pickup-data) and kept in the Order Settings.
 */
export async function savePaymentPickup(
  input: z.input<typeof PaymentPickupInputSchema>,
): Promise<PaymentPickupResult> {
  const parsed = PaymentPickupInputSchema.safeParse(input);
  if (!parsed.success) return { ok: false, error: 'Please review the pickup option.' };
  const ref = await getOrderRef();
  if (!ref) return { ok: false, error: 'There is no order to pay' };
  const choice = parsed.data;
  const settings = await apiRequest(
    FulfillmentSettingsSchema,
    `locations/${ref.locationId}/fulfillment-settings`,
  );
  if (!settings.ok) return { ok: false, error: 'Please try again.' };
  const problem = pickupChoiceError(settings.value.availablePickupMethods, choice);
  if (problem) return { ok: false, error: problem.message };
  // Checkout spec section 5: the chosen option's additional fields, with the same rules as the API.
  const fields =
    settings.value.availablePickupMethods.find((m) => m.pickupOption === choice.pickupOption)
      ?.additionalFields ?? [];
  const fieldErrors = pickupFieldErrors(fields, choice.additionalFields);
  const [firstFieldError] = Object.values(fieldErrors);
  if (firstFieldError) return { ok: false, error: firstFieldError, fieldErrors };
  const additionalFields = keptPickupFields(fields, choice.additionalFields);
  const walkIn = choice.pickupOption === PICKUP_TYPE.WalkIn;
  const body = walkIn
    ? { pickupOption: PICKUP_TYPE.WalkIn, additionalFields }
    : {
        additionalFields,
        pickupOption: choice.pickupOption,
        carType: choice.carType,
        carColor: choice.carColor,
        // A place only means something for curbside (a parking spot); drive-thru has none.
        fulfillmentPlace:
          choice.pickupOption === PICKUP_TYPE.Curbside ? choice.fulfillmentPlace || null : null,
      };
  const saved = await apiRequest(PickupDataValueSchema, `sales/orders/${ref.orderId}/pickup-data`, {
    method: 'PUT',
    body,
  });
  if (!saved.ok) return { ok: false, error: saved.errors[0]?.message ?? 'Error updating pickup data' };
  const stored = await getStoredOrderSettings();
  if (
    stored &&
    stored.locationId === ref.locationId &&
    stored.fulfillmentMethod === FULFILLMENT_METHOD.Pickup
  ) {
    await setOrderSettings({
      ...stored,
      pickupOption: choice.pickupOption,
      carType: walkIn ? null : choice.carType,
      carColor: walkIn ? null : choice.carColor,
      fulfillmentPlace: 'fulfillmentPlace' in body ? (body.fulfillmentPlace ?? null) : null,
    });
  }
  revalidatePath('/payment');
  return { ok: true };
}
