import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  brands,
  locationBrands,
  locationDeliveryZones,
  locationHolidays,
  locationHours,
  locationPickupMethods,
  locations,
} from '../../db/schema/locations';

/** Everything a store answer needs, in one statement (Drizzle's relational query). */
const withDetails = {
  hours: { orderBy: (h, { asc: up }) => [up(h.weekday), up(h.opensAt)] },
  holidays: true,
  pickupMethods: { orderBy: (p, { asc: up }) => [up(p.pickupOption)] },
  brands: { with: { brand: true }, orderBy: (b, { asc: up }) => [up(b.displayOrder)] },
  deliveryZones: { orderBy: (z, { asc: up }) => [up(z.id)] },
} as const satisfies NonNullable<Parameters<Db['query']['locations']['findMany']>[0]>['with'];

/** One store with its details, as the relational query answers it. */
export type LocationRecord = NonNullable<Awaited<ReturnType<typeof findLocationWithDetails>>>;

function findLocationWithDetails(db: Db, id: number) {
  return db.query.locations.findFirst({ with: withDetails, where: eq(locations.id, id) });
}

/** Rows grouped by their location, each group in the rows' order. */
function byLocation<T extends { locationId: number }>(rows: T[]): Map<number, T[]> {
  const groups = new Map<number, T[]>();
  for (const row of rows) {
    const group = groups.get(row.locationId);
    if (group) group.push(row);
    else groups.set(row.locationId, [row]);
  }
  return groups;
}

/**
 * Every store with its details (the catalogue), the same records the relational query gives, read as six plain
 * ordered selects joined here: with 10,000 stores the relational query's nested JSON took PostgreSQL and the API
 * seconds (issue 36's scale bench), these take a fraction of it.
 */
export async function findLocations(db: Db): Promise<LocationRecord[]> {
  // One after the other: one pool connection at a time, whatever the catalogue's size.
  const rows = await db.select().from(locations).orderBy(asc(locations.id));
  const hours = await db
    .select()
    .from(locationHours)
    .orderBy(asc(locationHours.locationId), asc(locationHours.weekday), asc(locationHours.opensAt));
  const holidays = await db
    .select()
    .from(locationHolidays)
    .orderBy(asc(locationHolidays.locationId), asc(locationHolidays.id));
  const pickupMethods = await db
    .select()
    .from(locationPickupMethods)
    .orderBy(asc(locationPickupMethods.locationId), asc(locationPickupMethods.pickupOption));
  const brandLinks = await db
    .select({ link: locationBrands, brand: brands })
    .from(locationBrands)
    .innerJoin(brands, eq(brands.id, locationBrands.brandId))
    .orderBy(asc(locationBrands.locationId), asc(locationBrands.displayOrder));
  const zones = await db
    .select()
    .from(locationDeliveryZones)
    .orderBy(asc(locationDeliveryZones.locationId), asc(locationDeliveryZones.id));
  const hoursOf = byLocation(hours);
  const holidaysOf = byLocation(holidays);
  const pickupOf = byLocation(pickupMethods);
  const brandsOf = byLocation(brandLinks.map(({ link, brand }) => ({ ...link, brand })));
  const zonesOf = byLocation(zones);
  return rows.map((row) => ({
    ...row,
    hours: hoursOf.get(row.id) ?? [],
    holidays: holidaysOf.get(row.id) ?? [],
    pickupMethods: pickupOf.get(row.id) ?? [],
    brands: brandsOf.get(row.id) ?? [],
    deliveryZones: zonesOf.get(row.id) ?? [],
  }));
}

export async function findLocation(db: Db, id: number): Promise<LocationRecord | null> {
  return (await findLocationWithDetails(db, id)) ?? null;
}
