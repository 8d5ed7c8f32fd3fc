import 'server-only';
import { cookies } from 'next/headers';
import { z } from 'zod';
import { ORDER_COOKIE, cookieOptions } from './cookies';
import { secureCookies } from './env';

const OrderRefSchema = z.object({
  orderId: z.number().int().positive(),
  locationId: z.number().int().positive(),
});
export type OrderRef = z.infer<typeof OrderRefSchema>;

/** The current order of this browser session, or null. */
export async function getOrderRef(): Promise<OrderRef | null> {
  const raw = (await cookies()).get(ORDER_COOKIE)?.value;
  if (!raw) return null;
  try {
    const parsed = OrderRefSchema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** Server actions and route handlers only (cookies are read-only in server components). */
export async function setOrderRef(ref: OrderRef | null): Promise<void> {
  const store = await cookies();
  if (ref) store.set(ORDER_COOKIE, JSON.stringify(ref), cookieOptions(secureCookies, 60 * 60 * 24));
  else store.delete(ORDER_COOKIE);
}
