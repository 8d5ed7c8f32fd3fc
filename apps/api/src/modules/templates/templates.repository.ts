import { and, asc, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { brands, featureFlags, locationBrands, locations, uiTemplates } from '../../db/schema/locations';

export async function findLocationBrand(db: Db, locationId: number) {
  const [row] = await db
    .select({ id: locations.id, brandId: locations.brandId })
    .from(locations)
    .where(eq(locations.id, locationId))
    .limit(1);
  return row ?? null;
}

/** The location's own template, else its brand's default. */
export async function findTemplate(db: Db, brandId: number, locationId: number | null) {
  if (locationId !== null) {
    const [own] = await db.select().from(uiTemplates).where(eq(uiTemplates.locationId, locationId)).limit(1);
    if (own) return own;
  }
  const [brandDefault] = await db
    .select()
    .from(uiTemplates)
    .where(and(eq(uiTemplates.brandId, brandId), isNull(uiTemplates.locationId)))
    .limit(1);
  return brandDefault ?? null;
}

export type TemplateRow = NonNullable<Awaited<ReturnType<typeof findTemplate>>>;

export async function findFirstBrand(db: Db) {
  const [row] = await db.select().from(brands).orderBy(asc(brands.id)).limit(1);
  return row ?? null;
}

export async function findBrand(db: Db, brandId: number) {
  const [row] = await db.select().from(brands).where(eq(brands.id, brandId)).limit(1);
  return row ?? null;
}

/** The brands served at a location, in brand-filter order. */
export async function findLocationBrands(db: Db, locationId: number) {
  return db
    .select({
      id: brands.id,
      name: brands.name,
      logo: brands.logo,
      defaultFilter: locationBrands.defaultFilter,
    })
    .from(locationBrands)
    .innerJoin(brands, eq(brands.id, locationBrands.brandId))
    .where(eq(locationBrands.locationId, locationId))
    .orderBy(asc(locationBrands.displayOrder), asc(brands.id));
}

export async function findFeatureFlags(db: Db) {
  return db.select().from(featureFlags).orderBy(asc(featureFlags.name));
}
