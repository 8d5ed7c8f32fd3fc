import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cardPrice } from '@storefront/contracts/menu-display';
import {
  CompactMenuResponseSchema,
  MenuResponseSchema,
  type CompactMenu,
  type CompactMenuItem,
  type Menu,
  type MenuNode,
} from '@storefront/contracts/menu';
import type { UiTemplate } from '@storefront/contracts/templates';
import { DEMO_BRANDS, DEMO_LOCATIONS } from '../../db/seed/locations';
import { createTestContext, dbKinds, type TestContext } from '../../test/harness';

type Body<T> = {
  value: T;
  succeed: boolean;
  errors: { key: string; code: number | string; message: string }[];
};

function items(menu: Menu): MenuNode[] {
  return menu.categories.flatMap((c) => c.children);
}

function cards(menu: CompactMenu): CompactMenuItem[] {
  return menu.categories.flatMap((c) => c.children);
}

describe.each(await dbKinds())('multibrand menus and card display on %s', (kind) => {
  let ctx: TestContext;
  let token: string;
  beforeAll(async () => {
    ctx = await createTestContext(kind);
    token = await ctx.token();
  });
  afterAll(() => ctx.close());

  const get = (query: string, compact: boolean) =>
    ctx.app.inject({
      method: 'GET',
      url: `/v1/sales/menus?${query}`,
      headers: { authorization: `Bearer ${token}`, ...(compact ? { prefer: 'return=compact' } : {}) },
    });
  /** The compact menu, parsed as the storefront parses it. */
  const menu = async (query: string) => {
    const res = await get(query, true);
    expect(res.statusCode).toBe(200);
    return CompactMenuResponseSchema.parse(res.json()).value;
  };
  const fullMenu = async (query: string) => MenuResponseSchema.parse((await get(query, false)).json()).value;

  it('filters the food hall menu by brandIds: only the chosen brands, their categories and items', async () => {
    const all = await menu(`locationId=${DEMO_LOCATIONS.foodHall}`);
    expect(all.brands.map((b) => b.id).sort()).toEqual(
      [DEMO_BRANDS.capitalKitchen, DEMO_BRANDS.potomacNoodleBar, DEMO_BRANDS.chesapeakeTacos].sort(),
    );
    const tacosQuery = `locationId=${DEMO_LOCATIONS.foodHall}&brandIds=${DEMO_BRANDS.chesapeakeTacos}`;
    const tacos = await menu(tacosQuery);
    expect(tacos.brands.map((b) => b.id)).toEqual([DEMO_BRANDS.chesapeakeTacos]);
    expect(tacos.categories.map((c) => c.title)).toEqual(['Tacos']);
    // Item cards do not carry brands: the full menu of the same query shows the items are the brand's.
    const fullTacos = await fullMenu(tacosQuery);
    expect(cards(tacos).map((i) => i.itemPathKey)).toEqual(items(fullTacos).map((i) => i.itemPathKey));
    expect(items(fullTacos).every((i) => i.brandIds.includes(DEMO_BRANDS.chesapeakeTacos))).toBe(true);
    const two = await menu(
      `locationId=${DEMO_LOCATIONS.foodHall}&brandIds=${DEMO_BRANDS.potomacNoodleBar},${DEMO_BRANDS.chesapeakeTacos}`,
    );
    expect(two.categories.map((c) => c.title)).toEqual(['Noodles', 'Tacos']);
    expect(cards(all).length).toBeGreaterThan(cards(two).length);
  });

  it('rejects malformed brandIds with 400', async () => {
    expect((await get(`locationId=${DEMO_LOCATIONS.foodHall}&brandIds=1,,2`, true)).statusCode).toBe(400);
    expect((await get(`locationId=${DEMO_LOCATIONS.foodHall}&brandIds=tacos`, true)).statusCode).toBe(400);
  });

  it('gives brand logos the image route serves, through the location template', async () => {
    const res = await ctx.app.inject({
      method: 'GET',
      url: `/v1/technology/ui-templates?locationId=${DEMO_LOCATIONS.foodHall}`,
    });
    const template = res.json<Body<UiTemplate>>().value;
    expect(template.brands).toHaveLength(3);
    for (const brand of template.brands) {
      expect(brand.logo).toBeTruthy();
      const logo = await ctx.app.inject({
        method: 'GET',
        url: `/v1/images/${brand.logo ?? ''}?width=192&height=192`,
      });
      expect(logo.statusCode).toBe(200);
    }
  });

  it('shows each layout and price display on the demo menu; rollup items carry their computed price when compact', async () => {
    const compact = await menu(`locationId=${DEMO_LOCATIONS.open}&includeOutOfStock=true`);
    const layouts = new Set(compact.categories.map((c) => c.displayAttribute?.webOrderingLayout));
    expect([...layouts].sort()).toEqual([1, 2, 3]);
    const displays = new Set(
      cards(compact).flatMap((i) => (i.displayAttribute ? [i.displayAttribute.baseItemsPriceDisplay] : [])),
    );
    expect(displays).toEqual(new Set(['ShowBasePrice', 'HideBasePrice', 'RollupChildItemPricing']));
    const fries = cards(compact).find((i) => i.title === 'Fries');
    // Compact: the tree is left out, its rolled-up price comes along.
    expect(fries).toMatchObject({ lastNode: false, rollupPrice: 2.99 });
    expect(fries).not.toHaveProperty('children');
    // Small is the cheapest portion; no group is required.
    expect(fries && cardPrice(fries)).toEqual({ kind: 'from', cents: 299 });
    const bowl = cards(compact).find((i) => i.title === 'Build-Your-Own Bowl');
    expect(bowl && cardPrice(bowl)).toEqual({ kind: 'from', cents: 1149 });
    const salad = cards(compact).find((i) => i.title === 'Side Salad');
    expect(salad && cardPrice(salad)).toBeNull();
  });
});
