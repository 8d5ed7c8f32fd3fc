import 'server-only';
import { cookies } from 'next/headers';
import { z } from 'zod';
import { DeliveryAddressSchema } from '@storefront/contracts/locations';
import { DELIVERY_ADDRESS_COOKIE, cookieOptions } from './cookies';
import { secureCookies } from './env';

const DeliveryChoiceSchema = z.object({
  locationId: z.number().int().positive(),
  address: DeliveryAddressSchema,
  /** The first delivery estimate's arrival time (ISO 8601 with offset). */
  deliveryTime: z.string(),
});
export type DeliveryChoice = z.infer<typeof DeliveryChoiceSchema>;

/** The delivery address chosen on the search page (kept until an order carries it), or null. */
export async function getDeliveryChoice(): Promise<DeliveryChoice | null> {
  const raw = (await cookies()).get(DELIVERY_ADDRESS_COOKIE)?.value;
  if (!raw) return null;
  try {
    const parsed = DeliveryChoiceSchema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** Server actions and route handlers only. */
export async function setDeliveryChoice(choice: DeliveryChoice | null): Promise<void> {
  const store = await cookies();
  if (choice) {
    store.set(DELIVERY_ADDRESS_COOKIE, JSON.stringify(choice), cookieOptions(secureCookies, 60 * 60 * 24));
  } else {
    store.delete(DELIVERY_ADDRESS_COOKIE);
  }
}
