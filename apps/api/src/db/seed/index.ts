/** Demo data: loaded on first start (empty database) and again by `npm run db:seed`. */
import { sql } from 'drizzle-orm';
import type { Db } from '../client';
import type { Env } from '../../env';
import { clients } from '../schema/clients';
import { seedClients } from './clients';
import { seedLocations } from './locations';
import { seedMenus } from './menus';
import { seedMarketing } from './marketing';
import { seedDiscounts } from './discounts';
import { seedBenchLargeMenu } from './bench-menu';
import { seedCustomers } from './customers';
import { seedPayments } from './payments';
import { seedLoyalty } from './loyalty';

/** Each domain's seed, in dependency order. They run in one transaction. */
export async function seedDemo(db: Db, env: Env) {
  await db.transaction(async (tx) => {
    await seedClients(tx, env);
    await seedLocations(tx);
    await seedPayments(tx);
    await seedMenus(tx);
    await seedDiscounts(tx);
    await seedMarketing(tx);
    await seedCustomers(tx);
    await seedLoyalty(tx);
  });
}

/** Seeds only when no client exists yet (and the large-menu store when SEED_LARGE_MENU_ITEMS asks); returns whether it seeded. */
export async function seedIfEmpty(db: Db, env: Env): Promise<boolean> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(clients);
  if ((row?.n ?? 0) > 0) return false;
  await seedDemo(db, env);
  if (env.SEED_LARGE_MENU_ITEMS > 0) await seedBenchLargeMenu(db, env.SEED_LARGE_MENU_ITEMS);
  return true;
}
