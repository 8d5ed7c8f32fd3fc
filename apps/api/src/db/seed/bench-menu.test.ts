import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CompactMenuResponseSchema, type MenuNode } from '@storefront/contracts/menu';
import { createTestContext, dbKinds, type TestContext } from '../../test/harness';
import { BENCH_LARGE_MENU_ITEMS, openingHoursOf, seedBenchLargeMenu } from './bench-menu';
import { DEMO_LOCATIONS } from './locations';

describe.each(await dbKinds())('bench large menu on %s', (kind) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext(kind);
  });
  afterAll(() => ctx.close());

  it('publishes a 300-item menu for a bench location far from the demo stores', async () => {
    const locationId = await seedBenchLargeMenu(ctx.app.db);
    const token = await ctx.token();
    const res = await ctx.app.inject({
      method: 'GET',
      url: `/v1/sales/menus?locationId=${locationId}&includeOutOfStock=true`,
      headers: { authorization: `Bearer ${token}`, prefer: 'return=compact' },
    });
    expect(res.statusCode).toBe(200);
    const menu = CompactMenuResponseSchema.parse(res.json()).value;
    const items = menu.categories.flatMap((c) => c.children);
    expect(items).toHaveLength(BENCH_LARGE_MENU_ITEMS);
    expect(new Set(items.map((i) => i.itemPathKey)).size).toBe(BENCH_LARGE_MENU_ITEMS);
    // Copies keep their modifiers: the descendants of a copied burger carry its groups.
    const copy = items.find((i) => i.title === 'Classic Burger #2');
    expect(copy?.lastNode).toBe(false);
    const tree = await ctx.app.inject({
      method: 'GET',
      url: `/v1/sales/menus/${menu.snapshotId}/items/${copy?.itemPathKey ?? ''}/descendants`,
      headers: { authorization: `Bearer ${token}` },
    });
    expect(tree.statusCode).toBe(200);
    expect(tree.json<{ value: MenuNode }>().value.children.map((g) => g.title)).toContain('Cheese');
    const nearby = await ctx.app.inject({
      method: 'GET',
      url: '/v1/locations?latitude=38.9&longitude=-77.03&radiusMiles=25&fulfillmentMethod=1',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(
      nearby.json<{ value: { items: { item: { id: number } }[] } }>().value.items.map((i) => i.item.id),
    ).not.toContain(locationId);
    // It opens when the demo store it copies does (its page takes orders).
    const hours = await openingHoursOf(ctx.app.db, locationId);
    expect(hours.length).toBeGreaterThan(0);
    expect(hours).toEqual(await openingHoursOf(ctx.app.db, DEMO_LOCATIONS.open));
  });
});
