/** Reads and guarded writes of the virtual wallet's payments (the sessions live at the processor). */
import { and, desc, eq, ne } from 'drizzle-orm';
import { PAYMENT_METHOD } from '@storefront/contracts/enums';
import type { Db } from '../../db/client';
import { locations } from '../../db/schema/locations';
import { locationPaymentMethods, payments } from '../../db/schema/payments';

/** Whether the store accepts the virtual wallet (a configured method 15). */
export async function storeHasWallet(db: Db, locationId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: locationPaymentMethods.id })
    .from(locationPaymentMethods)
    .where(
      and(
        eq(locationPaymentMethods.locationId, locationId),
        eq(locationPaymentMethods.paymentMethod, PAYMENT_METHOD.VirtualWallet),
      ),
    )
    .limit(1);
  return row !== undefined;
}

/** The order's latest uncharged virtual wallet payment (a declined one may be paid again), or null. */
export async function findOpenWalletPayment(db: Db, orderId: number) {
  const [row] = await db
    .select()
    .from(payments)
    .where(
      and(
        eq(payments.orderId, orderId),
        eq(payments.paymentMethod, PAYMENT_METHOD.VirtualWallet),
        ne(payments.status, 'Approved'),
      ),
    )
    .orderBy(desc(payments.id))
    .limit(1);
  return row ?? null;
}

export async function findStoreName(db: Db, locationId: number) {
  const [row] = await db
    .select({ name: locations.name })
    .from(locations)
    .where(eq(locations.id, locationId))
    .limit(1);
  return row?.name ?? null;
}
