import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { locations } from '../../db/schema/locations';

/** Everything a store answer needs, in one statement (Drizzle's relational query). */
const withDetails = {
  hours: { orderBy: (h, { asc: up }) => [up(h.weekday), up(h.opensAt)] },
  holidays: true,
  pickupMethods: { orderBy: (p, { asc: up }) => [up(p.pickupOption)] },
  brands: { with: { brand: true }, orderBy: (b, { asc: up }) => [up(b.displayOrder)] },
  deliveryZones: { orderBy: (z, { asc: up }) => [up(z.id)] },
} as const satisfies NonNullable<Parameters<Db['query']['locations']['findMany']>[0]>['with'];

export async function findLocations(db: Db) {
  return db.query.locations.findMany({ with: withDetails, orderBy: [asc(locations.id)] });
}

export type LocationRecord = Awaited<ReturnType<typeof findLocations>>[number];

export async function findLocation(db: Db, id: number): Promise<LocationRecord | null> {
  const row = await db.query.locations.findFirst({ with: withDetails, where: eq(locations.id, id) });
  return row ?? null;
}
