import 'server-only';
import { cookies } from 'next/headers';
import type { Store } from '@storefront/contracts/locations';
import { DEBUG_MODE_COOKIE } from './cookies';
import { debugModeAllowed } from './env';

/**
 * Debug mode (ordering spec, sessions and configuration): allowed only outside production; the guest's flag is
 * kept in local storage and mirrored in a cookie for the server. On, stores count as online and their closed
 * restrictions are relaxed (any open store serves a delivery search, closed ones can be chosen and take
 * scheduled orders), and address suggestions are not limited to the US.
 */
export async function isDebugMode(): Promise<boolean> {
  if (!debugModeAllowed) return false;
  return (await cookies()).get(DEBUG_MODE_COOKIE)?.value === '1';
}

/** A store as debug mode sees it: online, and taking orders while closed. */
export function relaxedStore<T extends Pick<Store, 'isOnline' | 'acceptOrdersWhenClosed'>>(store: T): T {
  return { ...store, isOnline: true, acceptOrdersWhenClosed: true };
}
