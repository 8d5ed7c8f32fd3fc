/**
 * The store catalogue each API process keeps (locations.service.ts loadCatalog): read whole once, then every
 * CATALOG_TTL_MS only the stores migration 0028's triggers stamped as changed are read again (issue 36: at 10,000
 * stores a whole read takes seconds, and it ran every 10 s in every process). A store's change must still show up
 * within CATALOG_TTL_MS, and at once after invalidateLocationsCache.
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  brands,
  locationBrands,
  locationDeliveryZones,
  locationHolidays,
  locationHours,
  locationPickupMethods,
  locations,
} from '../../db/schema/locations';
import { DEMO_LOCATIONS } from '../../db/seed/locations';
import { createTestContext, dbKinds, type DbKind, type TestContext } from '../../test/harness';
import { CATALOG_TTL_MS, invalidateLocationsCache, loadCatalog } from './locations.service';
import { findLocations, type LocationRecord } from './locations.repository';

/** The statements that read or check the catalogue (other workers of the app may query meanwhile). */
const CATALOG_STATEMENT = /location_changes|from "(locations|location_\w+|brands)"/;

function catalogueTests(kind: DbKind) {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext(kind);
  });
  afterAll(() => ctx?.close());

  /** The catalogue's statements sent while `work` runs. */
  async function statementsOf(work: () => Promise<unknown>): Promise<string[]> {
    const texts: string[] = [];
    const stop = ctx.database.onStatement((text) => {
      if (CATALOG_STATEMENT.test(text)) texts.push(text);
    });
    try {
      await work();
    } finally {
      stop();
    }
    return texts;
  }

  /** A clock of the test's own, so that the TTL is crossed on purpose only. */
  let clock = 0;
  /** The catalogue after a check begun now (invalidateLocationsCache), the clock set from now. */
  async function checkedNow(): Promise<LocationRecord[]> {
    invalidateLocationsCache(ctx.database.db);
    clock = Date.now();
    return loadCatalog(ctx.database.db, clock);
  }
  /** The catalogue at the clock, once the check a call past the TTL started in the background has ended. */
  async function afterTtl(until: (rows: LocationRecord[]) => boolean): Promise<LocationRecord[]> {
    clock += CATALOG_TTL_MS;
    await loadCatalog(ctx.database.db, clock);
    return vi.waitFor(
      async () => {
        const rows = await loadCatalog(ctx.database.db, clock);
        if (!until(rows)) throw new Error('not seen yet');
        return rows;
      },
      { timeout: 10_000, interval: 20 },
    );
  }

  const byId = (rows: LocationRecord[], id: number) => rows.find((r) => r.id === id);

  it('shows a store changed by another process after CATALOG_TTL_MS, reading only that store', async () => {
    const db = ctx.database.db;
    const before = await checkedNow();
    const id = DEMO_LOCATIONS.curbside;
    // Another process's write: nothing tells this one.
    await db.update(locations).set({ name: 'Renamed by another process' }).where(eq(locations.id, id));
    expect(byId(await loadCatalog(db, clock + CATALOG_TTL_MS - 1), id)?.name).not.toBe(
      'Renamed by another process',
    );
    let after: LocationRecord[] = [];
    const read = await statementsOf(async () => {
      after = await afterTtl((rows) => byId(rows, id)?.name === 'Renamed by another process');
    });
    // The change's stamp, then that one store's rows: no select over every store.
    expect(read[0]).toMatch(/location_changes/);
    const selects = read.slice(1);
    expect(selects.length).toBeGreaterThan(0);
    for (const text of selects) expect(text).toMatch(/ in \(\$1\)/);
    // Every other store is the very record it was (what is derived from it, such as its JSON, stays cached).
    for (const record of before) {
      if (record.id !== id) expect(byId(after, record.id)).toBe(record);
    }
    expect(after.map((r) => r.id)).toEqual(before.map((r) => r.id));
  });

  it('reads nothing but the stamp when no store changed', async () => {
    await checkedNow();
    const read = await statementsOf(checkedNow);
    expect(read).toHaveLength(1);
    expect(read[0]).toMatch(/location_changes/);
  });

  it('answers inside a transaction from the catalogue already read, reading nothing again', async () => {
    const db = ctx.database.db;
    const rows = await checkedNow();
    const read = await statementsOf(() =>
      db.transaction(async (tx) => {
        expect(await loadCatalog(tx, clock + CATALOG_TTL_MS)).toBe(rows);
      }),
    );
    expect(read).toEqual([]);
  });

  it('sees every kind of store change at once after invalidateLocationsCache, as a whole read sees it', async () => {
    const db = ctx.database.db;
    const id = DEMO_LOCATIONS.tableOrdering;
    await checkedNow();
    const [brand] = await db.insert(brands).values({ name: 'Catalogue brand' }).returning();
    const [added] = await db
      .insert(locations)
      .values({
        brandId: brand?.id ?? 0,
        name: 'Catalogue store',
        address1: '1 Test St',
        city: 'Testville',
        stateCode: 'VA',
        postalCode: '22101',
        latitude: 38.9,
        longitude: -77.2,
        phone: '2025550100',
        timeZone: 'America/New_York',
      })
      .returning();
    const addedId = added?.id ?? 0;
    await db.insert(locationHours).values({ locationId: addedId, weekday: 2, opensAt: 600, closesAt: 1200 });
    await db.insert(locationBrands).values({ locationId: id, brandId: brand?.id ?? 0, displayOrder: 9 });
    await db
      .insert(locationHolidays)
      .values({ locationId: id, date: '2031-12-25', title: 'Closed', isOpen: false });
    await db.delete(locationPickupMethods).where(eq(locationPickupMethods.locationId, id));
    await db
      .insert(locationDeliveryZones)
      .values({ locationId: id, kind: 'radius', radiusMiles: 3, feeCents: 299 });
    let rows = await checkedNow();
    expect(rows).toEqual(await findLocations(db));
    expect(byId(rows, addedId)?.hours).toHaveLength(1);
    expect(byId(rows, id)?.brands.map((b) => b.brand.name)).toContain('Catalogue brand');

    // A brand's new name shows in every store that lists it.
    await db
      .update(brands)
      .set({ name: 'Catalogue brand, renamed' })
      .where(eq(brands.id, brand?.id ?? 0));
    rows = await checkedNow();
    expect(byId(rows, id)?.brands.map((b) => b.brand.name)).toContain('Catalogue brand, renamed');
    expect(byId(rows, addedId)?.brands).toEqual([]);

    // A deleted store leaves the catalogue.
    await db.delete(locations).where(eq(locations.id, addedId));
    rows = await checkedNow();
    expect(byId(rows, addedId)).toBeUndefined();
    expect(rows).toEqual(await findLocations(db));
  });

  it('reads everything again after a truncation', async () => {
    const db = ctx.database.db;
    await checkedNow();
    const read = await statementsOf(async () => {
      await db.execute(sql`truncate location_holidays`);
      const rows = await checkedNow();
      expect(rows.every((r) => r.holidays.length === 0)).toBe(true);
    });
    expect(read.some((text) => /from "locations"/.test(text) && !/ in \(/.test(text))).toBe(true);
  });

  if (kind === 'postgres') {
    it('sees a change whose transaction was still open at a check, at the next check', async () => {
      const db = ctx.database.db;
      const id = DEMO_LOCATIONS.open;
      await checkedNow();
      let commit = () => undefined as void;
      const committed = new Promise<void>((resolve) => {
        commit = resolve;
      });
      let written = () => undefined as void;
      const wrote = new Promise<void>((resolve) => {
        written = resolve;
      });
      const writing = db.transaction(async (tx) => {
        await tx.update(locations).set({ alertTitle: 'Written slowly' }).where(eq(locations.id, id));
        written();
        await committed;
      });
      await wrote;
      // A check while the writer is open: it cannot see the change yet.
      const during = await checkedNow();
      expect(byId(during, id)?.alertTitle).not.toBe('Written slowly');
      commit();
      await writing;
      const after = await afterTtl((rows) => byId(rows, id)?.alertTitle === 'Written slowly');
      expect(byId(after, id)?.alertTitle).toBe('Written slowly');
    });
  }
}

describe.each(await dbKinds())('the store catalogue on %s', (kind) => {
  catalogueTests(kind);
});
