/**
 * The bench's large-menu store, not part of the demo data (the API adds it on first start when
 * SEED_LARGE_MENU_ITEMS asks, as the browser journeys do): a copy of the open demo store far from the demo area
 * ("Bench Large Menu", Anchorage, so location searches around Washington do not see it) whose main menu is the
 * demo menu with its items repeated, modifiers and all, up to a given item count (300 by default). `npm run bench`
 * calls it on its own database to measure GET /v1/sales/menus and the store page at demo scale and at 300 items.
 */
import { and, asc, eq } from 'drizzle-orm';
import { ITEM_TYPE } from '@storefront/contracts/enums';
import { splitItemPathKey } from '@storefront/contracts/menu';
import type { Db } from '../client';
import { locationBrands, locationHours, locations } from '../schema/locations';
import { locationMenus, menuSnapshotNodes, menuSnapshots } from '../schema/menus';
import { DEMO_LOCATIONS } from './locations';

export const BENCH_LARGE_MENU_ITEMS = 300;

interface Row {
  itemPathKey: string;
  parentPathKey: string | null;
  position: number;
  node: (typeof menuSnapshotNodes.$inferSelect)['node'];
}

/** Rewrites the item segment (the third) of a key of the item's subtree. */
function withItemSegment(key: string, itemSegment: string): string {
  const parts = splitItemPathKey(key);
  parts[2] = itemSegment;
  return parts.join('-');
}

/** A store's opening hours (weekday, opens, closes), in week order. */
export function openingHoursOf(db: Pick<Db, 'select'>, locationId: number) {
  return db
    .select({
      weekday: locationHours.weekday,
      opensAt: locationHours.opensAt,
      closesAt: locationHours.closesAt,
    })
    .from(locationHours)
    .where(eq(locationHours.locationId, locationId))
    .orderBy(asc(locationHours.weekday), asc(locationHours.opensAt));
}

/**
 * Publishes the large menu for a new bench location and returns the location id. Items are copied in menu order
 * (copy n of item 101 becomes item 101_00n, titled "... #n") until `itemCount` top-level items exist.
 */
export async function seedBenchLargeMenu(db: Db, itemCount = BENCH_LARGE_MENU_ITEMS): Promise<number> {
  return db.transaction(async (tx) => {
    const [source] = await tx.select().from(locations).where(eq(locations.id, DEMO_LOCATIONS.open));
    const [pointer] = await tx
      .select()
      .from(locationMenus)
      .where(and(eq(locationMenus.locationId, DEMO_LOCATIONS.open), eq(locationMenus.catering, false)));
    if (!source || !pointer) throw new Error('the demo data is missing: seed the database first');
    const { id: _sourceId, createdAt: _c, updatedAt: _u, ...fields } = source;
    const [location] = await tx
      .insert(locations)
      .values({
        ...fields,
        name: 'Bench Large Menu',
        address1: '1 Bench Way',
        city: 'Anchorage',
        stateCode: 'AK',
        postalCode: '99501',
        latitude: 61.2181,
        longitude: -149.9003,
      })
      .returning({ id: locations.id });
    if (!location) throw new Error('location insert returned nothing');
    const brands = await tx
      .select()
      .from(locationBrands)
      .where(eq(locationBrands.locationId, DEMO_LOCATIONS.open));
    if (brands.length > 0) {
      await tx.insert(locationBrands).values(brands.map((b) => ({ ...b, locationId: location.id })));
    }
    // Its opening hours too: open when the demo store is, so its page is the store page a guest orders from.
    const hours = await openingHoursOf(tx, DEMO_LOCATIONS.open);
    if (hours.length > 0) {
      await tx.insert(locationHours).values(hours.map((h) => ({ ...h, locationId: location.id })));
    }

    const rows: Row[] = await tx
      .select({
        itemPathKey: menuSnapshotNodes.itemPathKey,
        parentPathKey: menuSnapshotNodes.parentPathKey,
        position: menuSnapshotNodes.position,
        node: menuSnapshotNodes.node,
      })
      .from(menuSnapshotNodes)
      .where(eq(menuSnapshotNodes.snapshotId, pointer.snapshotId))
      .orderBy(asc(menuSnapshotNodes.position));
    const items = rows.filter(
      (r) => r.node.itemType === ITEM_TYPE.MenuItem && splitItemPathKey(r.itemPathKey).length === 3,
    );
    if (items.length === 0) throw new Error('the demo menu has no items');
    const out: Row[] = [...rows];
    for (let copy = 1; items.length * copy < itemCount; copy += 1) {
      for (const item of items.slice(0, Math.min(items.length, itemCount - items.length * copy))) {
        const segment = `${splitItemPathKey(item.itemPathKey)[2] ?? ''}${String(copy).padStart(3, '0')}`;
        const prefix = `${item.itemPathKey}-`;
        for (const row of rows) {
          if (row.itemPathKey !== item.itemPathKey && !row.itemPathKey.startsWith(prefix)) continue;
          const isItem = row.itemPathKey === item.itemPathKey;
          const key = withItemSegment(row.itemPathKey, segment);
          out.push({
            itemPathKey: key,
            parentPathKey: isItem ? row.parentPathKey : withItemSegment(row.parentPathKey ?? '', segment),
            position: out.length,
            node: {
              ...row.node,
              itemPathKey: key,
              ...(isItem
                ? {
                    itemMasterId: Number(segment),
                    title: `${row.node.title} #${copy + 1}`,
                    itemTransitions: null,
                  }
                : {}),
            },
          });
        }
      }
    }

    const [snapshot] = await tx
      .insert(menuSnapshots)
      .values({ menuId: pointer.menuId, locationId: location.id, catering: false })
      .returning({ id: menuSnapshots.id });
    if (!snapshot) throw new Error('snapshot insert returned nothing');
    for (let i = 0; i < out.length; i += 500) {
      await tx
        .insert(menuSnapshotNodes)
        .values(out.slice(i, i + 500).map((r) => ({ ...r, snapshotId: snapshot.id })));
    }
    await tx
      .insert(locationMenus)
      .values({ locationId: location.id, catering: false, menuId: pointer.menuId, snapshotId: snapshot.id });
    return location.id;
  });
}
