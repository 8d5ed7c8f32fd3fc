import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { locationBrands, locations } from '../../db/schema/locations';
import { promoCampaigns } from '../../db/schema/marketing';

/** The brands a location serves (its main brand when it lists none); null for an unknown location. */
export async function findLocationBrandIds(db: Db, locationId: number): Promise<number[] | null> {
  const [location] = await db
    .select({ brandId: locations.brandId })
    .from(locations)
    .where(eq(locations.id, locationId))
    .limit(1);
  if (!location) return null;
  const rows = await db
    .select({ brandId: locationBrands.brandId })
    .from(locationBrands)
    .where(eq(locationBrands.locationId, locationId));
  return rows.length > 0 ? rows.map((r) => r.brandId) : [location.brandId];
}

/** Enabled campaigns of these brands, oldest first. */
export async function findEnabledCampaigns(db: Db, brandIds: readonly number[]) {
  if (brandIds.length === 0) return [];
  return db
    .select({
      name: promoCampaigns.name,
      enabled: promoCampaigns.enabled,
      mobileImageUrl: promoCampaigns.mobileImageUrl,
      desktopImageUrl: promoCampaigns.desktopImageUrl,
      imageTargetUrl: promoCampaigns.imageTargetUrl,
      closeButtonLabel: promoCampaigns.closeButtonLabel,
    })
    .from(promoCampaigns)
    .where(and(eq(promoCampaigns.enabled, true), inArray(promoCampaigns.brandId, [...brandIds])))
    .orderBy(asc(promoCampaigns.id));
}
