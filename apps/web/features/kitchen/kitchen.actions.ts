'use server';

import { redirect } from 'next/navigation';
import { refresh } from 'next/cache';
import { z } from 'zod';
import { OrderStatusSchema } from '@storefront/contracts/enums';
import { OnlineOrderingValueSchema } from '@storefront/contracts/capacity';
import { AdvanceOrderStatusValueSchema, STAFF_KEY_HEADER } from '@storefront/contracts/staff';
import { apiRequest } from '@/lib/api';
import { getStaffKey, setStaffKey } from './kitchen-cookie';
import { listStaffLocations } from './kitchen.queries';

export type KitchenActionResult = { ok: true; data: null } | { ok: false; error: string };

const StaffKeySchema = z
  .string()
  .trim()
  .min(1, 'Please enter the staff key')
  .max(200, 'That staff key is not valid.');

/** Signs the kitchen screen in with a staff key checked against the staff API. */
export async function signIn(
  _previous: KitchenActionResult | null,
  formData: FormData,
): Promise<KitchenActionResult> {
  const parsed = StaffKeySchema.safeParse(formData.get('staffKey'));
  if (!parsed.success)
    return { ok: false, error: parsed.error.issues[0]?.message ?? 'Please enter the staff key' };
  const check = await listStaffLocations(parsed.data);
  if (!check.ok) {
    return {
      ok: false,
      error:
        check.status === 401 || check.status === 403
          ? 'That staff key is not valid.'
          : 'The kitchen service is not available at this moment. Please try again.',
    };
  }
  await setStaffKey(parsed.data);
  redirect('/kitchen');
}

export async function signOut(): Promise<void> {
  await setStaffKey(null);
  redirect('/kitchen');
}

const AdvanceSchema = z.object({
  orderId: z.number().int().positive(),
  /** The status the screen expects next (a stale screen gets 409 instead of skipping a step). */
  nextStatusId: OrderStatusSchema,
});

/** Moves an order to its next status (Received -> Preparing -> Ready -> Completed). */
export async function advanceOrder(input: {
  orderId: number;
  nextStatusId: number;
}): Promise<KitchenActionResult> {
  const parsed = AdvanceSchema.safeParse(input);
  if (!parsed.success) return { ok: false, error: 'Invalid order' };
  const staffKey = await getStaffKey();
  if (!staffKey) return { ok: false, error: 'Please sign in again.' };
  const result = await apiRequest(
    AdvanceOrderStatusValueSchema,
    `staff/orders/${parsed.data.orderId}/status`,
    {
      method: 'POST',
      token: null,
      headers: { [STAFF_KEY_HEADER]: staffKey },
      body: { statusId: parsed.data.nextStatusId },
    },
  );
  refresh();
  if (!result.ok) {
    return {
      ok: false,
      error:
        result.status === 409
          ? 'This order was already moved on. The screen is up to date now.'
          : (result.errors[0]?.message ?? 'The order could not be updated.'),
    };
  }
  return { ok: true, data: null };
}

const OnlineSchema = z.object({ locationId: z.number().int().positive(), isOnline: z.boolean() });

/** Pauses or resumes online ordering at a location (guests then see the store offline). */
export async function setOnlineOrdering(input: {
  locationId: number;
  isOnline: boolean;
}): Promise<KitchenActionResult> {
  const parsed = OnlineSchema.safeParse(input);
  if (!parsed.success) return { ok: false, error: 'Invalid location' };
  const staffKey = await getStaffKey();
  if (!staffKey) return { ok: false, error: 'Please sign in again.' };
  const result = await apiRequest(
    OnlineOrderingValueSchema,
    `staff/locations/${parsed.data.locationId}/online`,
    {
      method: 'PUT',
      token: null,
      headers: { [STAFF_KEY_HEADER]: staffKey },
      body: { isOnline: parsed.data.isOnline },
    },
  );
  refresh();
  return result.ok
    ? { ok: true, data: null }
    : { ok: false, error: result.errors[0]?.message ?? 'Online ordering could not be changed.' };
}
