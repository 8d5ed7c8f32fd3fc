import { asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { runStatement, statement } from '../../db/statements';
import { brands } from '../../db/schema/locations';
import { menuSnapshotNodes, menuSnapshots, menus, portions } from '../../db/schema/menus';

// Read through a transaction's handle on every repeat order whose store's pointer is not in memory: sent by name.
const LOCATION_MENU = statement(
  'location_menu',
  `select snapshot_id as "snapshotId", menu_id as "menuId" from location_menus
   where location_id = $1 and catering = $2 limit 1`,
);

/** The snapshot a location currently serves (main or catering menu), or null. */
export async function findLocationMenu(
  db: Db,
  locationId: number,
  catering: boolean,
): Promise<{ snapshotId: number; menuId: number } | null> {
  const [row] = await runStatement<{ snapshotId: number; menuId: number }>(db, LOCATION_MENU, [
    locationId,
    catering,
  ]);
  return row ?? null;
}

export async function findSnapshot(db: Db, snapshotId: number) {
  const [row] = await db
    .select({
      id: menuSnapshots.id,
      menuId: menuSnapshots.menuId,
      locationId: menuSnapshots.locationId,
      catering: menuSnapshots.catering,
      createdAt: menuSnapshots.createdAt,
      title: menus.title,
    })
    .from(menuSnapshots)
    .innerJoin(menus, eq(menus.id, menuSnapshots.menuId))
    .where(eq(menuSnapshots.id, snapshotId))
    .limit(1);
  return row ?? null;
}

export async function findSnapshotNodes(db: Db, snapshotId: number) {
  return db
    .select({
      itemPathKey: menuSnapshotNodes.itemPathKey,
      parentPathKey: menuSnapshotNodes.parentPathKey,
      position: menuSnapshotNodes.position,
      node: menuSnapshotNodes.node,
    })
    .from(menuSnapshotNodes)
    .where(eq(menuSnapshotNodes.snapshotId, snapshotId))
    .orderBy(asc(menuSnapshotNodes.position));
}

export async function findBrands(db: Db, ids: readonly number[]) {
  if (ids.length === 0) return [];
  return db
    .select({ id: brands.id, name: brands.name, logo: brands.logo })
    .from(brands)
    .where(inArray(brands.id, [...ids]))
    .orderBy(asc(brands.id));
}

export async function findPortions(db: Db) {
  return db.select({ id: portions.id, title: portions.title }).from(portions).orderBy(asc(portions.id));
}
