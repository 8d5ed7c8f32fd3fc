import 'server-only';
import { cookies } from 'next/headers';
import { z } from 'zod';
import { cookieOptions } from './cookies';
import { secureCookies } from './env';

/**
 * The pickup tip chosen at checkout, carried to the payment page (where it becomes the payment's tipAmount).
 * Bound to its order: a tip of another order reads as none.
 */
export const TIP_COOKIE = 'sf_tip';

const TipCookieSchema = z.object({
  orderId: z.number().int().positive(),
  cents: z.number().int().min(0).max(99_999),
});

/** The tip in cents chosen for this order, or 0. */
export async function getTipCents(orderId: number): Promise<number> {
  const raw = (await cookies()).get(TIP_COOKIE)?.value;
  if (!raw) return 0;
  try {
    const parsed = TipCookieSchema.safeParse(JSON.parse(raw));
    return parsed.success && parsed.data.orderId === orderId ? parsed.data.cents : 0;
  } catch {
    return 0;
  }
}

/** Server actions and route handlers only. `null` or 0 clears it. */
export async function setTipCents(orderId: number, cents: number | null): Promise<void> {
  const store = await cookies();
  if (cents)
    store.set(TIP_COOKIE, JSON.stringify({ orderId, cents }), cookieOptions(secureCookies, 60 * 60 * 24));
  else store.delete(TIP_COOKIE);
}
