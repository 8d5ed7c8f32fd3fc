/**
 * Placement asks a store's ordering state for every order (locationForOrderingOf on the catalogue's record with
 * a fresh row merged in), and it is worked out once per minute for the record's hours (issue 36). The state a
 * guest gets must still be the store's at that very instant: on either side of every opening, closing and
 * 'Closes Soon' edge, and at once for a time zone the fresh row changed.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { computeStoreStatus } from '@storefront/contracts/store-hours';
import { DEMO_LOCATIONS } from '../../db/seed/locations';
import { createTestContext, type TestContext } from '../../test/harness';
import { findCatalogRecord, locationForOrderingOf, scheduleOf } from './locations.service';
import type { LocationRecord } from './locations.repository';

const MINUTE = 60_000;

/** The status worked out afresh, as it was before any cache: what every instant must answer. */
const freshStatus = (record: LocationRecord, at: number) =>
  computeStoreStatus(scheduleOf(record, at), record.timeZone, at);

describe('a store ordering state worked out once a minute', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext('pglite');
  });
  afterAll(() => ctx?.close());

  it('answers the status of the very instant around each edge of a week of split shifts', async () => {
    const record = await findCatalogRecord(ctx.database.db, DEMO_LOCATIONS.foodHall);
    if (!record) throw new Error('no food hall');
    // Every edge the next week holds: each opening, closing and the start of each 'Closes Soon' window.
    const edges: number[] = [];
    let at = Date.now();
    for (let i = 0; i < 40; i += 1) {
      const status = freshStatus(record, at);
      const next = status.closesAt ?? status.opensAt;
      if (next === null) break;
      edges.push(next, next - 30 * MINUTE);
      at = next;
    }
    expect(edges.length).toBeGreaterThan(4);
    for (const edge of edges) {
      // Within one minute on either side (the same minutes the cache keeps), in a row and out of order.
      for (const t of [edge - MINUTE, edge - 1, edge, edge + 1, edge + MINUTE - 1, edge - 1, edge]) {
        // Placement's record: the catalogue's with a fresh row merged in, a new object each time.
        const state = locationForOrderingOf({ ...record }, t);
        expect(state.status, new Date(t).toISOString()).toEqual(freshStatus(record, t));
      }
    }
  });

  it('answers a time zone a fresh row changed within the same minute', async () => {
    const record = await findCatalogRecord(ctx.database.db, DEMO_LOCATIONS.foodHall);
    if (!record) throw new Error('no food hall');
    const at = Date.now();
    const moved = {
      ...record,
      timeZone: record.timeZone === 'Asia/Tokyo' ? 'America/New_York' : 'Asia/Tokyo',
    };
    expect(locationForOrderingOf({ ...record }, at).status).toEqual(freshStatus(record, at));
    expect(locationForOrderingOf(moved, at).status).toEqual(freshStatus(moved, at));
    expect(locationForOrderingOf({ ...record }, at).status).toEqual(freshStatus(record, at));
  });
});
