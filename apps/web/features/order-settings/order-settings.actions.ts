'use server';

import { revalidatePath } from 'next/cache';
import { z } from 'zod';
import type { ApiError } from '@storefront/contracts/api';
import { FulfillmentMethodSchema } from '@storefront/contracts/enums';
import { ORDER_ERROR } from '@storefront/contracts/errors';
import { OrderTimeOptionsSchema } from '@storefront/contracts/locations';
import { OrderTimeSchema, defaultOrderSettings, type OrderTime } from '@storefront/contracts/order-settings';
import { OrderSchema } from '@storefront/contracts/orders';
import { apiRequest } from '@/lib/api';
import { getOrderRef } from '@/lib/order-cookie';
import { getStoredOrderSettings, setOrderSettings } from '@/lib/order-settings-cookie';

const SaveInputSchema = z.object({
  locationId: z.number().int().positive(),
  catering: z.boolean(),
  fulfillmentMethod: FulfillmentMethodSchema,
  time: OrderTimeSchema,
});
export type SaveOrderSettingsInput = z.input<typeof SaveInputSchema>;

/** 'invalid-date': the InvalidOrderDateTime dialog (the stored schedule has been cleared). */
export type SaveOrderSettingsResult =
  { ok: true } | { ok: false; reason: 'invalid-date' | 'unexpected'; error: string };

/** Codes that mean the chosen date/time cannot be used at this store (spec: InvalidOrderDateTime and 21037). */
const INVALID_DATE_CODES: readonly number[] = [
  ORDER_ERROR.InvalidOrderDateTime,
  ORDER_ERROR.InvalidOrderTime,
];
const isInvalidDate = (errors: readonly ApiError[]) =>
  errors.some((e) => INVALID_DATE_CODES.includes(Number(e.code)));

const UNEXPECTED = { ok: false, reason: 'unexpected', error: 'Please try again.' } as const;
const INVALID_DATE = {
  ok: false,
  reason: 'invalid-date',
  error: 'Please use a valid Date for the Location',
} as const;

/** Whether `at` is one of the store's ready-time slots for the method on its date. */
async function isOfferedTime(
  locationId: number,
  catering: boolean,
  fulfillmentMethod: number,
  at: string,
): Promise<boolean> {
  const result = await apiRequest(z.array(OrderTimeOptionsSchema), `locations/${locationId}/order-times`, {
    query: { fulfillmentMethod, catering, customDate: at.slice(0, 10) },
  });
  if (!result.ok) return false;
  const wanted = Date.parse(at);
  return result.value.some((day) => day.times.some((t) => Date.parse(t) === wanted));
}

/**
 * Saves the Order Settings (method and ASAP or a scheduled time) for this store: in the settings cookie, and on
 * the current order when there is one (method through PATCH, time through PUT ready-time). A time the store
 * cannot serve clears the stored schedule and answers 'invalid-date'.
 */
export async function saveOrderSettings(input: SaveOrderSettingsInput): Promise<SaveOrderSettingsResult> {
  const parsed = SaveInputSchema.safeParse(input);
  if (!parsed.success) return UNEXPECTED;
  const { locationId, catering, fulfillmentMethod, time } = parsed.data;
  const stored = await getStoredOrderSettings();
  const base =
    stored && stored.locationId === locationId && stored.catering === catering
      ? stored
      : defaultOrderSettings(locationId, catering, fulfillmentMethod);
  const storeTime = async (next: OrderTime) => setOrderSettings({ ...base, fulfillmentMethod, time: next });
  const refresh = () => revalidatePath(`/${locationId}/${catering ? 'catering' : 'menu'}`);

  if (time.kind === 'SCHEDULED' && !(await isOfferedTime(locationId, catering, fulfillmentMethod, time.at))) {
    await storeTime({ kind: 'ASAP' });
    refresh();
    return INVALID_DATE;
  }

  const ref = await getOrderRef();
  if (ref && ref.locationId === locationId) {
    const order = await apiRequest(OrderSchema, `sales/orders/${ref.orderId}`);
    if (order.ok && !order.value.isPlaced) {
      if (order.value.context.fulfillmentMethod !== fulfillmentMethod) {
        const moved = await apiRequest(OrderSchema, `sales/orders/${ref.orderId}`, {
          method: 'PATCH',
          body: { snapshotId: order.value.context.snapshotId, fulfillmentMethod },
        });
        if (!moved.ok) return UNEXPECTED;
      }
      const ready = await apiRequest(z.unknown(), `sales/orders/${ref.orderId}/ready-time`, {
        method: 'PUT',
        body: { orderReadyTime: time.kind === 'SCHEDULED' ? time.at : null },
      });
      if (!ready.ok) {
        if (!isInvalidDate(ready.errors)) return UNEXPECTED;
        await storeTime({ kind: 'ASAP' });
        refresh();
        return INVALID_DATE;
      }
    }
  }
  await storeTime(time);
  refresh();
  return { ok: true };
}
