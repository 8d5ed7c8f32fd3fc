import 'server-only';
import { cookies } from 'next/headers';
import { z } from 'zod';
import { ORDER_COOKIE, cookieOptions } from './cookies';
import { secureCookies } from './env';

const OrderRefSchema = z.object({
  orderId: z.number().int().positive(),
  locationId: z.number().int().positive(),
  /** The menu the order is built from: checkout and payment link back to it. */
  menuType: z.enum(['menu', 'catering']).default('menu'),
});
export type OrderRef = z.output<typeof OrderRefSchema>;

/** The store menu page the order belongs to ('/1/menu' or '/1/catering'). */
export const orderMenuHref = (ref: Pick<OrderRef, 'locationId' | 'menuType'>) =>
  `/${ref.locationId}/${ref.menuType}`;

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
export async function setOrderRef(ref: z.input<typeof OrderRefSchema> | null): Promise<void> {
  const store = await cookies();
  if (ref) store.set(ORDER_COOKIE, JSON.stringify(ref), cookieOptions(secureCookies, 60 * 60 * 24));
  else store.delete(ORDER_COOKIE);
}
