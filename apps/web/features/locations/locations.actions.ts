'use server';

import { setOrderRef } from '@/lib/order-cookie';

export type ActionResult = { ok: true; data: { href: string } } | { ok: false; error: string };

/** Leaving the location (change location, logo, search): the current order is dropped. */
export async function leaveLocation(): Promise<ActionResult> {
  await setOrderRef(null);
  return { ok: true, data: { href: '/search-locations' } };
}
