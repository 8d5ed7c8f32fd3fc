import { asc, eq, inArray } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import { runStatement, statement } from '../../db/statements';
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

/** At most this many changed stores are read by id; more, and the whole catalogue is read. */
export const MAX_STORES_READ_BY_ID = 500;

/**
 * Every store with its details (the catalogue), or only the stores `ids` names, the same records the relational
 * query gives, read as six plain ordered selects joined here: with 10,000 stores the relational query's nested
 * JSON took PostgreSQL and the API seconds (issue 36's scale bench), these take a fraction of it.
 */
export async function findLocations(db: Db, ids?: readonly number[]): Promise<LocationRecord[]> {
  if (ids?.length === 0) return [];
  const some = ids ? [...ids] : null;
  const only = <T extends PgColumn>(column: T) => (some ? inArray(column, some) : undefined);
  // One after the other: one pool connection at a time, whatever the catalogue's size.
  const rows = await db.select().from(locations).where(only(locations.id)).orderBy(asc(locations.id));
  const hours = await db
    .select()
    .from(locationHours)
    .where(only(locationHours.locationId))
    .orderBy(asc(locationHours.locationId), asc(locationHours.weekday), asc(locationHours.opensAt));
  const holidays = await db
    .select()
    .from(locationHolidays)
    .where(only(locationHolidays.locationId))
    .orderBy(asc(locationHolidays.locationId), asc(locationHolidays.id));
  const pickupMethods = await db
    .select()
    .from(locationPickupMethods)
    .where(only(locationPickupMethods.locationId))
    .orderBy(asc(locationPickupMethods.locationId), asc(locationPickupMethods.pickupOption));
  const brandLinks = await db
    .select({ link: locationBrands, brand: brands })
    .from(locationBrands)
    .innerJoin(brands, eq(brands.id, locationBrands.brandId))
    .where(only(locationBrands.locationId))
    .orderBy(asc(locationBrands.locationId), asc(locationBrands.displayOrder));
  const zones = await db
    .select()
    .from(locationDeliveryZones)
    .where(only(locationDeliveryZones.locationId))
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

const CHANGED = statement(
  'location_changes_since',
  `select pg_snapshot_xmin(pg_current_snapshot())::text as stamp,
     (select coalesce(json_agg(json_build_array(location_id, changed_by) order by location_id), '[]')
       from location_changes where $1::bigint is not null and changed_by >= $1) as stamps`,
);

/**
 * The stamps of the stores stamped at or after `since` (a stamp this answered earlier; null: none asked for), as
 * [store id, stamp] pairs, and the stamp of this read: the oldest transaction still running when it was taken.
 * Migration 0028's triggers stamp each changed store with its transaction's id, so a change this read cannot see
 * yet carries a stamp at or after this one; a store whose stamp differs from the one seen before was changed.
 * Store 0 stamped: a truncation, everything is to be read again.
 */
export async function findLocationStamps(
  db: Db,
  since: number | null,
): Promise<{ stamp: number; stamps: [number, number][] }> {
  const [row] = await runStatement<{ stamp: string; stamps: [number, number][] | string }>(db, CHANGED, [
    since,
  ]);
  if (!row) throw new Error('no snapshot read');
  const stamps = typeof row.stamps === 'string' ? (JSON.parse(row.stamps) as [number, number][]) : row.stamps;
  return { stamp: Number(row.stamp), stamps };
}

export async function findLocation(db: Db, id: number): Promise<LocationRecord | null> {
  return (await findLocationWithDetails(db, id)) ?? null;
}
