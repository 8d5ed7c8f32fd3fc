import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CompactMenuResponseSchema,
  DescendantsResponseSchema,
  MenuResponseSchema,
  type CompactMenu,
  type CompactMenuItem,
  type Menu,
  type MenuNode,
} from '@storefront/contracts/menu';
import { cardPrice } from '@storefront/contracts/menu-display';
import type { ItemPricingValue } from '@storefront/contracts/orders';
import { createTestContext, dbKinds, type TestContext } from '../../test/harness';
import { DEMO_LOCATIONS } from '../../db/seed/locations';

type Body<T> = {
  value: T;
  succeed: boolean;
  errors: { key: string; code: number | string; message: string }[];
};

function findByTitle(nodes: readonly MenuNode[], title: string): MenuNode | undefined {
  for (const node of nodes) {
    if (node.title === title) return node;
    const found = findByTitle(node.children, title);
    if (found) return found;
  }
  return undefined;
}

function findCard(menu: CompactMenu, title: string): CompactMenuItem | undefined {
  return menu.categories.flatMap((c) => c.children).find((item) => item.title === title);
}

/** What a compact menu says of a full item: its card (everything but rollupPrice, checked on its own). */
function cardOf(node: MenuNode): Omit<CompactMenuItem, 'rollupPrice'> {
  const display = node.displayAttribute;
  return {
    itemPathKey: node.itemPathKey,
    itemMasterId: node.itemMasterId,
    title: node.title,
    itemType: node.itemType,
    displayAttribute: display && {
      itemTitle: display.itemTitle,
      shortDescription: display.shortDescription,
      imageFileId: display.imageFileId,
      hidden: display.hidden,
      baseItemsPriceDisplay: display.baseItemsPriceDisplay,
    },
    isOutOfStock: node.isOutOfStock,
    lastNode: node.lastNode,
    priceAttribute: node.priceAttribute && { prices: node.priceAttribute.prices },
    nutritionInfo: node.nutritionInfo,
    isCrossSellTrigger: node.isCrossSellTrigger,
    crossSellTriggerMode: node.crossSellTriggerMode,
    ...(node.fulfillmentMethods ? { fulfillmentMethods: node.fulfillmentMethods } : {}),
  };
}

describe.each(await dbKinds())('menus on %s', (kind) => {
  let ctx: TestContext;
  let token: string;
  let menu: CompactMenu;
  let compactJson: string;
  const auth = () => ({ authorization: `Bearer ${token}` });

  beforeAll(async () => {
    ctx = await createTestContext(kind);
    token = await ctx.token();
    const res = await ctx.app.inject({
      method: 'GET',
      url: `/v1/sales/menus?locationId=${DEMO_LOCATIONS.open}&includeOutOfStock=true&includeCrossSellTriggers=true`,
      headers: { ...auth(), prefer: 'return=compact' },
    });
    expect(res.statusCode).toBe(200);
    compactJson = res.body;
    menu = CompactMenuResponseSchema.parse(res.json()).value;
  });
  afterAll(() => ctx.close());

  it('serves the location menu with its snapshot id, compact (items without children)', () => {
    expect(menu.snapshotId).toBeGreaterThan(0);
    expect(menu.locationId).toBe(DEMO_LOCATIONS.open);
    expect(menu.compact).toBe(true);
    expect(menu.categories.map((c) => c.title)).toEqual(['Burgers', 'Bowls', 'Sides', 'Drinks', 'Desserts']);
    const burger = findCard(menu, 'Classic Burger');
    expect(burger).toMatchObject({ lastNode: false, isCrossSellTrigger: false });
    expect(burger).not.toHaveProperty('children');
    expect(findCard(menu, 'Crispy Chicken Sandwich')).toMatchObject({
      isCrossSellTrigger: true,
      crossSellTriggerMode: 'AddItem',
    });
    expect(burger?.displayAttribute?.imageFileId).toMatch(/^food-/);
    expect(findCard(menu, 'Mushroom Swiss Burger')?.isOutOfStock).toBe(true);
    expect(findCard(menu, 'Bottled Water')?.displayAttribute).toBeNull();
    expect(findCard(menu, 'Key Lime Pie')?.displayAttribute?.hidden).toBe(true);
  });

  it('answers the same snapshot again, the full tree without Prefer, and hides out-of-stock items by default', async () => {
    const res = await ctx.app.inject({
      method: 'GET',
      url: `/v1/sales/menus?locationId=${DEMO_LOCATIONS.open}`,
      headers: auth(),
    });
    const full = res.json<Body<Menu>>().value;
    expect(full.snapshotId).toBe(menu.snapshotId);
    expect(full.compact).toBe(false);
    expect(findByTitle(full.categories, 'Classic Burger')?.children.length).toBeGreaterThan(0);
    expect(findByTitle(full.categories, 'Mushroom Swiss Burger')).toBeUndefined();
    expect(findByTitle(full.categories, 'Crispy Chicken Sandwich')?.isCrossSellTrigger).toBe(false);
  });

  it('keeps the compact menu small: no item trees or long descriptions, rolled-up prices computed from the full tree', async () => {
    const res = await ctx.app.inject({
      method: 'GET',
      url: `/v1/sales/menus?locationId=${DEMO_LOCATIONS.open}&includeOutOfStock=true&includeCrossSellTriggers=true`,
      headers: auth(),
    });
    const full = res.json<Body<Menu>>().value;
    const fullBowl = findByTitle(full.categories, 'Build-Your-Own Bowl');
    const compactBowl = findCard(menu, 'Build-Your-Own Bowl');
    expect(fullBowl?.children.length).toBeGreaterThan(0);
    expect(fullBowl?.displayAttribute?.description).toMatch(/bowl/i);
    expect(compactBowl).toMatchObject({ lastNode: false });
    expect(compactBowl).not.toHaveProperty('children');
    expect(compactBowl?.displayAttribute).not.toHaveProperty('description');
    expect(compactBowl?.displayAttribute?.shortDescription).toBe(
      fullBowl?.displayAttribute?.shortDescription,
    );
    // The card shows the same 'from' price from either form: computed here from the tree, or from rollupPrice.
    expect(fullBowl && cardPrice(fullBowl)).toMatchObject({ kind: 'from' });
    expect(compactBowl && cardPrice(compactBowl)).toEqual(fullBowl && cardPrice(fullBowl));
    expect(compactBowl?.rollupPrice).toBeGreaterThan(0);
    expect(fullBowl?.rollupPrice).toBeUndefined();
    // Items shown with their base price carry no rollupPrice.
    expect(findCard(menu, 'Classic Burger')).not.toHaveProperty('rollupPrice');
    // Every compact item is the card of the full item (in display order), with the same card price.
    for (const [index, category] of full.categories.entries()) {
      const items = [...category.children].sort(
        (a, b) => a.itemConfigurations.displayOrder - b.itemConfigurations.displayOrder,
      );
      const cards = menu.categories[index]?.children ?? [];
      expect(cards.map((c) => c.itemPathKey)).toEqual(items.map((i) => i.itemPathKey));
      for (const [at, item] of items.entries()) {
        const compactItem = cards[at];
        if (!compactItem) throw new Error(`no card for ${item.title}`);
        const { rollupPrice: _rollupPrice, ...card } = compactItem;
        expect(card, item.title).toEqual(cardOf(item));
        expect(cardPrice(compactItem), item.title).toEqual(cardPrice(item));
      }
    }
    // Over the wire, item fields at their default are left out (the schema fills them back in).
    const sent = JSON.parse(compactJson) as { value: { categories: { children: unknown[] }[] } };
    const sentItems = JSON.stringify(sent.value.categories.flatMap((c) => c.children));
    expect(sentItems).not.toMatch(/:null|:false|:\[\]|"ShowBasePrice"|"itemConfigurations"|"children"/);
    expect(compactJson.length).toBeLessThan(res.body.length / 3);
  });

  it('filters by brand and serves the catering menu', async () => {
    const hall = await ctx.app.inject({
      method: 'GET',
      url: `/v1/sales/menus?locationId=${DEMO_LOCATIONS.foodHall}&brandIds=2`,
      headers: auth(),
    });
    expect(hall.json<Body<Menu>>().value.categories.map((c) => c.title)).toEqual(['Noodles']);
    const catering = await ctx.app.inject({
      method: 'GET',
      url: `/v1/sales/menus?locationId=${DEMO_LOCATIONS.open}&catering=true`,
      headers: auth(),
    });
    expect(catering.json<Body<Menu>>().value).toMatchObject({ catering: true });
  });

  it('refuses bad queries (400), missing tokens (401) and unknown locations (404)', async () => {
    for (const url of [
      '/v1/sales/menus',
      '/v1/sales/menus?locationId=abc',
      '/v1/sales/menus?locationId=1&brandIds=x',
    ]) {
      const res = await ctx.app.inject({ method: 'GET', url, headers: auth() });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ succeed: false, value: null });
    }
    const anonymous = await ctx.app.inject({ method: 'GET', url: '/v1/sales/menus?locationId=1' });
    expect(anonymous.statusCode).toBe(401);
    const unknown = await ctx.app.inject({
      method: 'GET',
      url: '/v1/sales/menus?locationId=99999',
      headers: auth(),
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ succeed: false, errors: [{ code: 21034 }] });
  });

  it('serves descendants with nested groups, and 404 for unknown keys or snapshots', async () => {
    const combo = findCard(menu, 'Burger Combo');
    const res = await ctx.app.inject({
      method: 'GET',
      url: `/v1/sales/menus/${menu.snapshotId}/items/${combo?.itemPathKey}/descendants?includeOutOfStock=true`,
      headers: auth(),
    });
    expect(res.statusCode).toBe(200);
    const node = res.json<Body<MenuNode>>().value;
    const fries = findByTitle(node.children, 'Fries');
    expect(fries?.children[0]).toMatchObject({
      title: 'Dipping sauce',
      selectionAttribute: { minQty: 1, maxQty: 1 },
    });
    for (const url of [
      `/v1/sales/menus/${menu.snapshotId}/items/1-2-3-4/descendants`,
      `/v1/sales/menus/999999/items/1-10-101/descendants`,
    ]) {
      const missing = await ctx.app.inject({ method: 'GET', url, headers: auth() });
      expect(missing.statusCode).toBe(404);
    }
    const bad = await ctx.app.inject({
      method: 'GET',
      url: `/v1/sales/menus/${menu.snapshotId}/items/not-a-key/descendants`,
      headers: auth(),
    });
    expect(bad.statusCode).toBe(400);
  });

  it('lists transitions (combo) and an empty list when none', async () => {
    const burger = findCard(menu, 'Classic Burger');
    const fries = findCard(menu, 'Fries');
    const res = await ctx.app.inject({
      method: 'GET',
      url: `/v1/sales/menus/${menu.snapshotId}/items/${burger?.itemPathKey}/transitions`,
      headers: auth(),
    });
    expect(res.json<Body<{ title: string }[]>>().value.map((t) => t.title)).toEqual(['Classic Burger Combo']);
    const none = await ctx.app.inject({
      method: 'GET',
      url: `/v1/sales/menus/${menu.snapshotId}/items/${fries?.itemPathKey}/transitions`,
      headers: auth(),
    });
    expect(none.json<Body<unknown[]>>().value).toEqual([]);
  });

  it('lists portion lookups', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/v1/menus/lookups/portions', headers: auth() });
    expect(res.json<Body<unknown>>().value).toEqual([
      { id: 1, title: 'Small' },
      { id: 2, title: 'Regular' },
      { id: 3, title: 'Large' },
    ]);
  });

  it('prices an item from its defaults with a sequence of changes', async () => {
    const bowl = findCard(menu, 'Build-Your-Own Bowl');
    const url = `/v1/sales/menus/${menu.snapshotId}/items/${bowl?.itemPathKey}/pricings`;
    const key = bowl?.itemPathKey ?? '';
    const res = await ctx.app.inject({
      method: 'POST',
      url,
      headers: auth(),
      payload: {
        quantity: 2,
        portionId: 3,
        sequenceOfChanges: [
          { itemPathKey: `${key}-960-9604`, quantity: 1, operationType: 'add' },
          { itemPathKey: `${key}-961-9612`, quantity: 1, operationType: 'add' },
          { itemPathKey: `${key}-962-9621`, quantity: 1, operationType: 'add' },
          { itemPathKey: `${key}-962-9626`, quantity: 1, operationType: 'add' },
          { itemPathKey: `${key}-962-9625`, quantity: 1, operationType: 'add' },
          { itemPathKey: `${key}-962-9622`, quantity: 1, operationType: 'add' },
        ],
      },
    });
    expect(res.statusCode).toBe(200);
    const value = res.json<Body<ItemPricingValue>>().value;
    // Large 13.99 + quinoa 0.75 + steak 2.00 + toppings (3 included, the first three chosen: corn 0.50, avocado
    // 1.50, soft egg 1.00; cucumber 0.50, chosen last, paid)
    expect(value.unitPrice).toBe(17.24);
    expect(value.total).toBe(34.48);
    expect(value.isValid).toBe(true);

    const invalid = await ctx.app.inject({
      method: 'POST',
      url,
      headers: auth(),
      payload: { quantity: 1, sequenceOfChanges: [] },
    });
    expect(invalid.json<Body<ItemPricingValue>>().value).toMatchObject({ isValid: false, total: 11.49 });

    for (const payload of [
      { quantity: 0 },
      { quantity: 21 },
      { sequenceOfChanges: [{ itemPathKey: 'x', quantity: 1, operationType: 'add' }] },
    ]) {
      const bad = await ctx.app.inject({ method: 'POST', url, headers: auth(), payload });
      expect(bad.statusCode).toBe(400);
    }
    const unknown = await ctx.app.inject({
      method: 'POST',
      url: `/v1/sales/menus/${menu.snapshotId}/items/1-10-999999/pricings`,
      headers: auth(),
      payload: {},
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ errors: [{ code: 21002 }] });
    const anonymous = await ctx.app.inject({ method: 'POST', url, payload: {} });
    expect(anonymous.statusCode).toBe(401);
  });

  it('serves resized pictures with immutable caching, and says which parameter is missing', async () => {
    const imageId = findCard(menu, 'Classic Burger')?.displayAttribute?.imageFileId ?? '';
    const res = await ctx.app.inject({
      method: 'GET',
      url: `/v1/images/${imageId}?width=226&height=170`,
      headers: { accept: 'image/avif,image/webp,*/*' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/webp');
    expect(res.headers['cache-control']).toContain('immutable');
    const again = await ctx.app.inject({
      method: 'GET',
      url: `/v1/images/${imageId}?width=226&height=170`,
      headers: { 'if-none-match': String(res.headers.etag).replace('webp', 'png') },
    });
    expect(again.statusCode).toBe(304);
    const png = await ctx.app.inject({ method: 'GET', url: `/v1/images/${imageId}?width=192&height=144` });
    expect(png.headers['content-type']).toBe('image/png');
    const missingWidth = await ctx.app.inject({ method: 'GET', url: `/v1/images/${imageId}?height=170` });
    expect(missingWidth.statusCode).toBe(400);
    expect(missingWidth.json<Body<null>>().errors.map((e) => e.message)).toContain('width is required');
    const missingHeight = await ctx.app.inject({ method: 'GET', url: `/v1/images/${imageId}?width=226` });
    expect(missingHeight.json<Body<null>>().errors.map((e) => e.message)).toContain('height is required');
    const odd = await ctx.app.inject({ method: 'GET', url: `/v1/images/${imageId}?width=300&height=300` });
    expect(odd.statusCode).toBe(400);
    const unknown = await ctx.app.inject({
      method: 'GET',
      url: '/v1/images/food-nothing?width=226&height=170',
    });
    expect(unknown.statusCode).toBe(404);
  });

  it('sends the menu with an ETag: 304 when the client holds it, gzip when accepted, the same JSON either way', async () => {
    const url = `/v1/sales/menus?locationId=${DEMO_LOCATIONS.open}&includeCrossSellTriggers=true`;
    const first = await ctx.app.inject({ method: 'GET', url, headers: auth() });
    expect(first.statusCode).toBe(200);
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^W\/".+"$/);
    expect(first.headers['cache-control']).toBe('private, no-cache');
    expect(String(first.headers.vary)).toMatch(/Prefer/);
    const again = await ctx.app.inject({ method: 'GET', url, headers: { ...auth(), 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    expect(again.headers.etag).toBe(etag);
    const stale = await ctx.app.inject({
      method: 'GET',
      url,
      headers: { ...auth(), 'if-none-match': 'W/"something-else"' },
    });
    expect(stale.statusCode).toBe(200);
    expect(stale.body).toBe(first.body);
    const compact = await ctx.app.inject({
      method: 'GET',
      url,
      headers: { ...auth(), prefer: 'return=compact', 'if-none-match': etag },
    });
    expect(compact.statusCode).toBe(200);
    expect(compact.headers.etag).not.toBe(etag);
    const gzipped = await ctx.app.inject({
      method: 'GET',
      url,
      headers: { ...auth(), 'accept-encoding': 'gzip, deflate' },
    });
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzipped.rawPayload).toString('utf8')).toBe(first.body);
    const anonymous = await ctx.app.inject({ method: 'GET', url, headers: { 'if-none-match': etag } });
    expect(anonymous.statusCode).toBe(401);
    const nowhere = await ctx.app.inject({ method: 'GET', url: '/v1/nowhere' });
    expect(nowhere.statusCode).toBe(404);
    // The security headers of every answer, success, 304 and errors alike.
    for (const res of [first, again, gzipped, anonymous, nowhere]) {
      expect(res.headers).toMatchObject({
        'cross-origin-opener-policy': 'same-origin',
        'cross-origin-resource-policy': 'cross-origin',
        'origin-agent-cluster': '?1',
        'referrer-policy': 'no-referrer',
        'x-content-type-options': 'nosniff',
        'x-dns-prefetch-control': 'off',
        'x-download-options': 'noopen',
        'x-permitted-cross-domain-policies': 'none',
        'x-xss-protection': '0',
      });
      // Plain HTTP: no HSTS (abuse-infra.test.ts shows it over HTTPS).
      expect(res.headers['strict-transport-security']).toBeUndefined();
    }
  });

  it('sends descendants pre-serialised exactly as their schema reads them, immutable, 304 on revalidation', async () => {
    // Classic Burger: nested groups, and an out-of-stock topping that only one of the two answers carries.
    const burger = findCard(menu, 'Classic Burger');
    const url = `/v1/sales/menus/${menu.snapshotId}/items/${burger?.itemPathKey ?? ''}/descendants`;
    const all = await ctx.app.inject({
      method: 'GET',
      url: `${url}?includeOutOfStock=true`,
      headers: auth(),
    });
    const inStock = await ctx.app.inject({ method: 'GET', url, headers: auth() });
    for (const res of [all, inStock]) {
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe('private, max-age=31536000, immutable');
      // What is sent is what the response schema would have produced (nothing extra, nothing missing).
      const sent: unknown = res.json();
      expect(DescendantsResponseSchema.parse(sent)).toEqual(sent);
    }
    expect(all.headers.etag).not.toBe(inStock.headers.etag);
    const again = await ctx.app.inject({
      method: 'GET',
      url: `${url}?includeOutOfStock=true`,
      headers: { ...auth(), 'if-none-match': String(all.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
    const menuRes = await ctx.app.inject({
      method: 'GET',
      url: `/v1/sales/menus?locationId=${DEMO_LOCATIONS.open}&includeCrossSellTriggers=true`,
      headers: auth(),
    });
    const sentMenu: unknown = menuRes.json();
    expect(MenuResponseSchema.parse(sentMenu)).toEqual(sentMenu);
  });
});
