/**
 * The pure parts of My account: who the access token belongs to, the greeting, the order history's labels and
 * which cards show, and whether a request comes from a phone (the details open as a page there).
 */
import { decodeJwt } from 'jose';
import { ORDER_HISTORY_FIRST, type PastOrderSummary } from '@storefront/contracts/accounts';
import type { ApiError } from '@storefront/contracts/api';
import { ORDER_CHANNEL } from '@storefront/contracts/enums';
import { APP_ERROR } from '@storefront/contracts/errors';
import { pluralLabel } from '@storefront/contracts/text';
import { DATE_FORMAT, formatInZone } from '@/lib/dates';

/**
 * The customer id of a user access token (its `uid` claim), or null for a guest token or an unreadable one. Read
 * without verifying: the API verifies every call; this only decides what the storefront shows and asks for.
 */
export function customerIdOf(token: string | null | undefined): number | null {
  if (!token) return null;
  try {
    const { uid } = decodeJwt(token);
    const id = typeof uid === 'number' ? uid : typeof uid === 'string' ? Number(uid) : Number.NaN;
    return Number.isSafeInteger(id) && id > 0 ? id : null;
  } catch {
    return null;
  }
}

/** 'Hi, {first name or User}' (checkout-account section 2). */
export function greeting(firstName: string | null | undefined): string {
  const name = firstName?.trim();
  return `Hi, ${name ? name : 'User'}`;
}

/** Phones and tablets by their user agent: there /my-account is the menu and order details are a page. */
export function isMobileUserAgent(userAgent: string | null | undefined): boolean {
  return /Mobi|Android|iPhone|iPad|iPod|Windows Phone/i.test(userAgent ?? '');
}

/**
 * An ISO date-time with its offset ('2026-03-02T12:30:00-05:00') on the wall clock it was written for (the
 * store's), as 'MMM dd hh:mm a'. The zone is the string's own offset: a past order does not carry its store's
 * IANA zone, and the offset is what the store's clock read at that instant.
 */
export function formatReadyDateTime(iso: string): string {
  const offset = /([+-]\d{2}:\d{2}|Z)$/.exec(iso)?.[1] ?? 'Z';
  return formatInZone(iso, offset === 'Z' ? 'UTC' : offset, DATE_FORMAT.monthDayTime);
}

/** '1 item', '2 items', '21 item' (the spec's plural rule, contracts/text.ts). */
export const itemCountLabel = (count: number) => pluralLabel(count, 'item');

/** The order history shows the first four until 'More Orders' is pressed, then every order loaded. */
export function visibleOrders<T>(orders: readonly T[], expanded: boolean): readonly T[] {
  return expanded ? orders : orders.slice(0, ORDER_HISTORY_FIRST);
}

/** 'More Orders' shows while orders are hidden or the API has more after the last one loaded. */
export function hasMoreOrders(loaded: number, expanded: boolean, apiHasMore: boolean): boolean {
  return (!expanded && loaded > ORDER_HISTORY_FIRST) || apiHasMore;
}

/** The store menu a past order was placed from (catering orders go back to the catering menu). */
export function pastOrderMenuType(order: Pick<PastOrderSummary, 'orderChannel'>): 'menu' | 'catering' {
  return order.orderChannel === ORDER_CHANNEL.catering ? 'catering' : 'menu';
}

/**
 * A repeat order that failed for a reason the dialogs do not name (not 'Missing items', not 'No available item'):
 * the Unknown code 9903 (checkout spec section 8) with the API's first message, else 'Please try again.'.
 */
export function unknownRepeatFailure(errors: readonly ApiError[]): {
  ok: false;
  kind: 'failed';
  code: typeof APP_ERROR.Unknown;
  error: string;
} {
  return {
    ok: false,
    kind: 'failed',
    code: APP_ERROR.Unknown,
    error: errors[0]?.message ?? 'Please try again.',
  };
}
