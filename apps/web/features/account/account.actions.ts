'use server';

import { revalidatePath } from 'next/cache';
import { z } from 'zod';
import {
  ACCOUNT_ERROR,
  ACCOUNT_MESSAGES,
  AccountDetailsSchema,
  PastOrderDetailSchema,
  PastOrdersValueSchema,
  ProfileFormSchema,
  RepeatOrderValueSchema,
  type AccountDetails,
  type PastOrderSummary,
  type ProfileForm,
} from '@storefront/contracts/accounts';
import type { ApiError } from '@storefront/contracts/api';
import { IdSchema } from '@storefront/contracts/bounds';
import { BulkItemsValueSchema, OrderSchema } from '@storefront/contracts/orders';
import { apiRequest } from '@/lib/api';
import { getOrderRef, orderMenuHref, setOrderRef } from '@/lib/order-cookie';
import { pastOrderMenuType, unknownRepeatFailure } from './account-view';
import { PAST_ORDERS_PAGE } from './account.queries';

export type ProfileResult =
  | { ok: true; data: AccountDetails }
  | { ok: false; error: string; fieldErrors?: Partial<Record<keyof ProfileForm, string>> };

/**
 * 'Save' on Personal info: PATCH guests/account-details. The form's messages come from ProfileFormSchema; the
 * API's first error message is the failure shown (checkout-account section 7).
 */
export async function updateProfile(input: ProfileForm): Promise<ProfileResult> {
  const parsed = ProfileFormSchema.safeParse(input);
  if (!parsed.success) {
    const fieldErrors: Partial<Record<keyof ProfileForm, string>> = {};
    for (const issue of parsed.error.issues) {
      const field = issue.path[0];
      if (field === 'firstName' || field === 'lastName' || field === 'phoneNumber') {
        fieldErrors[field] ??= issue.message;
      }
    }
    return { ok: false, error: parsed.error.issues[0]?.message ?? 'Please try again.', fieldErrors };
  }
  const result = await apiRequest(AccountDetailsSchema, 'guests/account-details', {
    method: 'PATCH',
    body: parsed.data,
  });
  if (!result.ok) return { ok: false, error: result.errors[0]?.message ?? 'Please try again.' };
  revalidatePath('/my-account', 'layout');
  return { ok: true, data: result.value };
}

export type MorePastOrdersResult =
  { ok: true; data: { orders: PastOrderSummary[]; hasMore: boolean } } | { ok: false; error: string };

/**
 * 'More Orders' past the first page: the page after the order `before`. A read, not a write: it is an action
 * because the history grows in the browser without reloading what is on screen; it reads with the caller's own
 * token and only the caller's orders, as the API would answer the browser directly.
 */
export async function loadMorePastOrders(input: { before: number }): Promise<MorePastOrdersResult> {
  const before = IdSchema.safeParse(input.before);
  if (!before.success) return { ok: false, error: 'Please try again.' };
  const result = await apiRequest(PastOrdersValueSchema, 'guests/past-orders', {
    query: { limit: PAST_ORDERS_PAGE, before: before.data, filterByCurrentOrderChannel: true },
  });
  return result.ok
    ? { ok: true, data: result.value }
    : { ok: false, error: result.errors[0]?.message ?? 'Please try again.' };
}

export type RepeatOrderResult =
  | { ok: true; data: { href: string } }
  /** Some items cannot be ordered today: 'Missing items' lists them; Continue repeats without them. */
  | { ok: false; kind: 'missing'; items: string[] }
  /** None of the items can be ordered today. */
  | { ok: false; kind: 'none'; error: string }
  | ReturnType<typeof unknownRepeatFailure>;

const RepeatOrderInputSchema = z.object({ pastOrderId: IdSchema, removeInvalidItems: z.boolean() });

const is10018 = (e: ApiError) => Number(e.code) === ACCOUNT_ERROR.BulkAddFailed;
const failed = (errors: readonly ApiError[]): RepeatOrderResult => unknownRepeatFailure(errors);

/**
 * 'Repeat Order' (checkout-account sections 4 and 8): the past order's items go into the current order when it is
 * at the same store and has items (bulk-items), else into a new order at that store (POST sales/orders with
 * pastOrderId), repriced on today's menu. Without removeInvalidItems an item that cannot be ordered answers
 * 'missing' with the items; with it those are left out, and 'none' when nothing is left. Success sets the order
 * cookie and answers the store menu to go to.
 */
export async function repeatOrder(input: {
  pastOrderId: number;
  removeInvalidItems: boolean;
}): Promise<RepeatOrderResult> {
  const parsed = RepeatOrderInputSchema.safeParse(input);
  if (!parsed.success) return unknownRepeatFailure([]);
  const { pastOrderId, removeInvalidItems } = parsed.data;
  const past = await apiRequest(PastOrderDetailSchema, `guests/past-orders/${pastOrderId}`);
  if (!past.ok) return failed(past.errors);
  const menuType = pastOrderMenuType(past.value);
  const target = { locationId: past.value.locationId, menuType } as const;

  const ref = await getOrderRef();
  if (ref && ref.locationId === past.value.locationId && past.value.reorderItems.length > 0) {
    const current = await apiRequest(OrderSchema, `sales/orders/${ref.orderId}`);
    if (current.ok && current.value.items.length > 0) {
      const added = await apiRequest(BulkItemsValueSchema, `sales/orders/${ref.orderId}/bulk-items`, {
        method: 'POST',
        query: { removeInvalidItems },
        body: { items: past.value.reorderItems },
      });
      if (added.ok) {
        return added.value.removedItems.length >= past.value.reorderItems.length
          ? { ok: false, kind: 'none', error: ACCOUNT_MESSAGES.noAvailableItem }
          : done(target);
      }
      if (!added.errors.some(is10018)) return failed(added.errors);
      // The lines' own errors follow the 10018 summary; each names the item it refuses.
      const items = added.errors.filter((e) => !is10018(e)).map((e) => e.message);
      return items.length > 0 ? { ok: false, kind: 'missing', items } : failed(added.errors);
    }
  }

  const created = await apiRequest(RepeatOrderValueSchema, 'sales/orders', {
    method: 'POST',
    body: { pastOrderId, removeInvalidItems },
  });
  if (created.ok) {
    await setOrderRef({ orderId: created.value.order.id, locationId: target.locationId, menuType });
    return done(target);
  }
  if (created.errors.some((e) => e.key === 'NoAvailableItem')) {
    return { ok: false, kind: 'none', error: ACCOUNT_MESSAGES.noAvailableItem };
  }
  const missing = created.errors.filter((e) => e.key === 'MissingItem').map((e) => e.message);
  if (missing.length > 0) return { ok: false, kind: 'missing', items: missing };
  return failed(created.errors);
}

function done(target: { locationId: number; menuType: 'menu' | 'catering' }): RepeatOrderResult {
  const href = orderMenuHref(target);
  revalidatePath(href);
  return { ok: true, data: { href } };
}
