'use server';

import { redirect } from 'next/navigation';
import { refresh } from 'next/cache';
import { z } from 'zod';
import { OrderStatusSchema } from '@storefront/contracts/enums';
import { OnlineOrderingValueSchema } from '@storefront/contracts/capacity';
import {
  AdvanceOrderStatusValueSchema,
  CancelOrderValueSchema,
  StaffSessionValueSchema,
} from '@storefront/contracts/staff';
import { apiRequest } from '@/lib/api';
import { getStaffSession, setStaffSession } from './kitchen-cookie';

export type KitchenActionResult = { ok: true; data: null } | { ok: false; error: string };

const StaffKeySchema = z
  .string()
  .trim()
  .min(1, 'Please enter the staff key')
  .max(200, 'That staff key is not valid.');

function signInError(status: number): string {
  if (status === 401 || status === 403 || status === 400) return 'That staff key is not valid.';
  if (status === 429) return 'Too many failed sign-ins. Please wait a few minutes and try again.';
  return 'The kitchen service is not available at this moment. Please try again.';
}

/** Signs the kitchen screen in: the staff key is exchanged for a staff session, and only the session is kept. */
export async function signIn(
  _previous: KitchenActionResult | null,
  formData: FormData,
): Promise<KitchenActionResult> {
  const parsed = StaffKeySchema.safeParse(formData.get('staffKey'));
  if (!parsed.success)
    return { ok: false, error: parsed.error.issues[0]?.message ?? 'Please enter the staff key' };
  const session = await apiRequest(StaffSessionValueSchema, 'staff/sessions', {
    method: 'POST',
    token: null,
    body: { staffKey: parsed.data },
  });
  if (!session.ok) return { ok: false, error: signInError(session.status) };
  await setStaffSession({ token: session.value.sessionToken, expiresAt: session.value.expiresAt });
  redirect('/kitchen');
}

/** Ends the staff session at the API (a copied cookie stops working too), then forgets it. */
export async function signOut(): Promise<void> {
  const token = await getStaffSession();
  if (token) {
    await apiRequest(z.null(), 'staff/sessions/current', { method: 'DELETE', token });
  }
  await setStaffSession(null);
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
  const token = await getStaffSession();
  if (!token) return { ok: false, error: 'Please sign in again.' };
  const result = await apiRequest(
    AdvanceOrderStatusValueSchema,
    `staff/orders/${parsed.data.orderId}/status`,
    { method: 'POST', token, body: { statusId: parsed.data.nextStatusId } },
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

const CancelSchema = z.object({ orderId: z.number().int().positive() });

export type CancelOrderResult = { ok: true; data: { message: string } } | { ok: false; error: string };

/**
 * Cancels an order before it is completed: the API gives its payment back (a refund the processor could not
 * take yet is finished later, which the message says).
 */
export async function cancelOrder(input: { orderId: number }): Promise<CancelOrderResult> {
  const parsed = CancelSchema.safeParse(input);
  if (!parsed.success) return { ok: false, error: 'Invalid order' };
  const token = await getStaffSession();
  if (!token) return { ok: false, error: 'Please sign in again.' };
  const result = await apiRequest(
    CancelOrderValueSchema,
    `staff/orders/${parsed.data.orderId}/cancellation`,
    { method: 'POST', token, body: {} },
  );
  refresh();
  if (!result.ok) {
    return {
      ok: false,
      error:
        result.status === 409
          ? (result.errors[0]?.message ?? 'This order can no longer be cancelled.')
          : (result.errors[0]?.message ?? 'The order could not be cancelled.'),
    };
  }
  return {
    ok: true,
    data: {
      message: result.value.refundPending
        ? 'Order cancelled. The payment could not be returned yet; it will be returned automatically.'
        : 'Order cancelled. The payment was returned to the guest.',
    },
  };
}

const OnlineSchema = z.object({ locationId: z.number().int().positive(), isOnline: z.boolean() });

/** Pauses or resumes online ordering at a location (guests then see the store offline). */
export async function setOnlineOrdering(input: {
  locationId: number;
  isOnline: boolean;
}): Promise<KitchenActionResult> {
  const parsed = OnlineSchema.safeParse(input);
  if (!parsed.success) return { ok: false, error: 'Invalid location' };
  const token = await getStaffSession();
  if (!token) return { ok: false, error: 'Please sign in again.' };
  const result = await apiRequest(
    OnlineOrderingValueSchema,
    `staff/locations/${parsed.data.locationId}/online`,
    { method: 'PUT', token, body: { isOnline: parsed.data.isOnline } },
  );
  refresh();
  return result.ok
    ? { ok: true, data: null }
    : { ok: false, error: result.errors[0]?.message ?? 'Online ordering could not be changed.' };
}
