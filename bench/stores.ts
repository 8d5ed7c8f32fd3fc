/**
 * Bench-only stores for the placement figures (issue 36): copies of the open demo store (its hours, brands, card
 * and pickup methods, and Pay at the Store) with a 30-item menu, far from the demo area, whose kitchen takes 100,000 orders a slot, so
 * that 2,000 orders at one store are never refused for capacity while the guarded slot upsert still runs.
 */
import { eq } from 'drizzle-orm';
import { PAYMENT_METHOD } from '@storefront/contracts/enums';
import { openDatabase } from '../apps/api/src/db/client';
import { seedBenchLargeMenu } from '../apps/api/src/db/seed/bench-menu';
import { DEMO_LOCATIONS } from '../apps/api/src/db/seed/locations';
import { locationSlotCapacities } from '../apps/api/src/db/schema/capacity';
import { locationPickupMethods, locations } from '../apps/api/src/db/schema/locations';
import { locationPaymentMethods } from '../apps/api/src/db/schema/payments';

/** Orders a bench store's kitchen takes per slot and method: never reached by a bench run. */
const BENCH_SLOT_ORDERS = 100_000;

/** Adds `count` bench stores to the bench's database; answers their ids. */
export async function seedBenchStores(databaseUrl: string, count: number): Promise<number[]> {
  const database = openDatabase({ url: databaseUrl, poolSize: 1 });
  try {
    const { db } = database;
    const ids: number[] = [];
    const payments = await db
      .select()
      .from(locationPaymentMethods)
      .where(eq(locationPaymentMethods.locationId, DEMO_LOCATIONS.open));
    const pickup = await db
      .select()
      .from(locationPickupMethods)
      .where(eq(locationPickupMethods.locationId, DEMO_LOCATIONS.open));
    for (let i = 0; i < count; i += 1) {
      const id = await seedBenchLargeMenu(db, 30);
      await db
        .update(locations)
        .set({ name: `Bench Store ${i + 1}` })
        .where(eq(locations.id, id));
      // The open store's methods, and Pay at the Store with a cap no bench run reaches (the placement figures
      // place orders left to pay there too).
      await db.insert(locationPaymentMethods).values([
        ...payments
          .filter((p) => p.paymentMethod !== PAYMENT_METHOD.OfflineCredit)
          .map(({ id: _id, ...p }) => ({ ...p, locationId: id })),
        {
          locationId: id,
          paymentMethod: PAYMENT_METHOD.OfflineCredit,
          displayOrder: payments.length + 1,
          maxOpenUnpaidOrders: BENCH_SLOT_ORDERS,
        },
      ]);
      if (pickup.length > 0) {
        await db
          .insert(locationPickupMethods)
          .values(pickup.map(({ id: _id, ...p }) => ({ ...p, locationId: id })));
      }
      await db.insert(locationSlotCapacities).values(
        [0, 1, 2].map((fulfillmentMethod) => ({
          locationId: id,
          fulfillmentMethod,
          maxOrders: BENCH_SLOT_ORDERS,
          maxItems: null,
        })),
      );
      ids.push(id);
    }
    return ids;
  } finally {
    await database.close();
  }
}
