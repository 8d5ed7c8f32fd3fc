import 'server-only';
import { cookies } from 'next/headers';
import type { FulfillmentMethod } from '@storefront/contracts/enums';
import {
  OrderSettingsSchema,
  chooseFulfillmentMethod,
  defaultOrderSettings,
  type OrderSettings,
} from '@storefront/contracts/order-settings';
import { ORDER_SETTINGS_COOKIE, cookieOptions } from './cookies';
import { secureCookies } from './env';

/** The settings cookie as it was last written (any store), or null when absent or unreadable. */
export async function getStoredOrderSettings(): Promise<OrderSettings | null> {
  const raw = (await cookies()).get(ORDER_SETTINGS_COOKIE)?.value;
  if (!raw) return null;
  try {
    const parsed = OrderSettingsSchema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/**
 * The guest's settings at this store: the stored ones when they are for this store and menu type, otherwise the
 * defaults with the previous method carried over (spec: the previous method is remembered). The method is
 * re-checked against what the store offers; `fulfillmentMethod` null means the store offers none of them.
 */
export async function getOrderSettings(
  locationId: number,
  catering: boolean,
  enabledMethods: readonly FulfillmentMethod[],
): Promise<Omit<OrderSettings, 'fulfillmentMethod'> & { fulfillmentMethod: FulfillmentMethod | null }> {
  const stored = await getStoredOrderSettings();
  const method = chooseFulfillmentMethod(stored?.fulfillmentMethod ?? null, enabledMethods);
  if (method === null) {
    return { ...defaultOrderSettings(locationId, catering, 0), fulfillmentMethod: null };
  }
  if (stored && stored.locationId === locationId && stored.catering === catering) {
    return stored.fulfillmentMethod === method ? stored : { ...stored, fulfillmentMethod: method };
  }
  return defaultOrderSettings(locationId, catering, method);
}

/** Server actions and route handlers only (cookies are read-only in server components). */
export async function setOrderSettings(settings: OrderSettings | null): Promise<void> {
  const store = await cookies();
  if (settings) {
    store.set(
      ORDER_SETTINGS_COOKIE,
      JSON.stringify(OrderSettingsSchema.parse(settings)),
      cookieOptions(secureCookies, 60 * 60 * 24 * 30),
    );
  } else {
    store.delete(ORDER_SETTINGS_COOKIE);
  }
}
