import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cardPrice } from '@storefront/contracts/menu-display';
import type { Menu, MenuNode } from '@storefront/contracts/menu';
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

describe.each(await dbKinds())('multibrand menus and card display on %s', (kind) => {
  let ctx: TestContext;
  let token: string;
  beforeAll(async () => {
    ctx = await createTestContext(kind);
    token = await ctx.token();
  });
  afterAll(() => ctx.close());

  const menu = async (query: string) => {
    const res = await ctx.app.inject({
      method: 'GET',
      url: `/v1/sales/menus?${query}`,
      headers: { authorization: `Bearer ${token}`, prefer: 'return=compact' },
    });
    return { status: res.statusCode, body: res.json<Body<Menu>>() };
  };

  it('filters the food hall menu by brandIds: only the chosen brands, their categories and items', async () => {
    const all = await menu(`locationId=${DEMO_LOCATIONS.foodHall}`);
    expect(all.status).toBe(200);
    expect(all.body.value.brands.map((b) => b.id).sort()).toEqual(
      [DEMO_BRANDS.capitalKitchen, DEMO_BRANDS.potomacNoodleBar, DEMO_BRANDS.chesapeakeTacos].sort(),
    );
    const tacos = await menu(`locationId=${DEMO_LOCATIONS.foodHall}&brandIds=${DEMO_BRANDS.chesapeakeTacos}`);
    expect(tacos.status).toBe(200);
    expect(tacos.body.value.brands.map((b) => b.id)).toEqual([DEMO_BRANDS.chesapeakeTacos]);
    expect(tacos.body.value.categories.map((c) => c.title)).toEqual(['Tacos']);
    expect(items(tacos.body.value).every((i) => i.brandIds.includes(DEMO_BRANDS.chesapeakeTacos))).toBe(true);
    const two = await menu(
      `locationId=${DEMO_LOCATIONS.foodHall}&brandIds=${DEMO_BRANDS.potomacNoodleBar},${DEMO_BRANDS.chesapeakeTacos}`,
    );
    expect(two.body.value.categories.map((c) => c.title)).toEqual(['Noodles', 'Tacos']);
    expect(items(all.body.value).length).toBeGreaterThan(items(two.body.value).length);
  });

  it('rejects malformed brandIds with 400', async () => {
    expect((await menu(`locationId=${DEMO_LOCATIONS.foodHall}&brandIds=1,,2`)).status).toBe(400);
    expect((await menu(`locationId=${DEMO_LOCATIONS.foodHall}&brandIds=tacos`)).status).toBe(400);
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
    const { body } = await menu(`locationId=${DEMO_LOCATIONS.open}&includeOutOfStock=true`);
    const layouts = new Set(body.value.categories.map((c) => c.displayAttribute?.webOrderingLayout));
    expect([...layouts].sort()).toEqual([1, 2, 3]);
    const displays = new Set(
      items(body.value).flatMap((i) =>
        i.displayAttribute ? [i.displayAttribute.baseItemsPriceDisplay] : [],
      ),
    );
    expect(displays).toEqual(new Set(['ShowBasePrice', 'HideBasePrice', 'RollupChildItemPricing']));
    const fries = items(body.value).find((i) => i.title === 'Fries');
    // Compact: the tree is left out, its rolled-up price comes along.
    expect(fries).toMatchObject({ children: [], lastNode: false, rollupPrice: 2.99 });
    // Small is the cheapest portion; no group is required.
    expect(fries && cardPrice(fries)).toEqual({ kind: 'from', cents: 299 });
    const bowl = items(body.value).find((i) => i.title === 'Build-Your-Own Bowl');
    expect(bowl && cardPrice(bowl)).toEqual({ kind: 'from', cents: 1149 });
    const salad = items(body.value).find((i) => i.title === 'Side Salad');
    expect(salad && cardPrice(salad)).toBeNull();
    const burger = items(body.value).find((i) => i.title === 'Classic Burger');
    expect(burger?.children).toEqual([]);
  });
});
