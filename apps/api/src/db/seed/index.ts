/** Demo data: loaded on first start (empty database) and again by `npm run db:seed`. */
import { sql } from 'drizzle-orm';
import type { Db } from '../client';
import type { Env } from '../../env';
import { clients } from '../schema/clients';
import { seedClients } from './clients';
import { seedLocations } from './locations';
import { seedMenus } from './menus';
import { seedMarketing } from './marketing';

/** Each domain's seed, in dependency order. They run in one transaction. */
export async function seedDemo(db: Db, env: Env) {
  await db.transaction(async (tx) => {
    await seedClients(tx, env);
    await seedLocations(tx);
    await seedMenus(tx);
    await seedMarketing(tx);
  });
}

/** Seeds only when no client exists yet; returns whether it seeded. */
export async function seedIfEmpty(db: Db, env: Env): Promise<boolean> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(clients);
  if ((row?.n ?? 0) > 0) return false;
  await seedDemo(db, env);
  return true;
}
