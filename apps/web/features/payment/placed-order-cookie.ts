import 'server-only';
import { cookies } from 'next/headers';
import { z } from 'zod';
import { cookieOptions } from '@/lib/cookies';
import { secureCookies } from '@/lib/env';

/** The order placed last in this browser, for /confirmation: `{ orderId, locationId, menuType }` as JSON. */
export const PLACED_ORDER_COOKIE = 'sf_placed';
/** The confirmation is for the moments after placing; the tracking link lasts longer. */
const PLACED_ORDER_MAX_AGE_S = 60 * 60 * 2;

const PlacedOrderSchema = z.object({
  orderId: z.number().int().positive(),
  locationId: z.number().int().positive(),
  menuType: z.enum(['menu', 'catering']).default('menu'),
});
export type PlacedOrder = z.output<typeof PlacedOrderSchema>;

/** The value to set on a response (route handlers set it on their redirect). */
export function placedOrderCookie(order: PlacedOrder) {
  return {
    name: PLACED_ORDER_COOKIE,
    value: JSON.stringify(order),
    ...cookieOptions(secureCookies, PLACED_ORDER_MAX_AGE_S),
  };
}

/** The order placed last in this browser, or null when none (or the cookie is unreadable). */
export async function getPlacedOrder(): Promise<PlacedOrder | null> {
  const raw = (await cookies()).get(PLACED_ORDER_COOKIE)?.value;
  if (!raw) return null;
  try {
    const parsed = PlacedOrderSchema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}
