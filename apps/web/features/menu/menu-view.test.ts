import { describe, expect, it } from 'vitest';
import { FULFILLMENT_METHOD, MENU_LAYOUT, type FulfillmentMethod } from '@storefront/contracts/enums';
import { menuCategory as category, menuItem as item } from './menu.fixtures';
import {
  FIRST_PAINT_ITEMS,
  buildMenuView,
  deferredCards,
  deferredOffsets,
  firstPaintCounts,
  menuImageSrc,
} from './menu-view';

describe('buildMenuView', () => {
  const menu = {
    categories: [
      category('1-2', [
        item('1-2-11'),
        item('1-2-12', { displayAttribute: { itemTitle: 'Title 12', hidden: true } }),
        item('1-2-13', { displayAttribute: null }),
        item('1-2-14', { isOutOfStock: true }),
      ]),
      category('1-3', [item('1-3-15', { displayAttribute: null })]),
    ],
  };

  it('keeps categories with visible items, anchored as c-{id}', () => {
    const view = buildMenuView(menu);
    expect(view.map((c) => [c.anchor, c.title, c.layout])).toEqual([
      ['c-2', 'Title 2', MENU_LAYOUT.Standard],
    ]);
  });

  it('leaves out hidden items and items without display data, and keeps out-of-stock ones', () => {
    const [category] = buildMenuView(menu);
    expect(category?.items.map((i) => [i.itemPathKey, i.isOutOfStock])).toEqual([
      ['1-2-11', false],
      ['1-2-14', true],
    ]);
    expect(category?.items[0]).toMatchObject({
      title: 'Title 11',
      price: { kind: 'base', cents: 850 },
      calories: '640 Cal',
      imageFileId: 'img-11',
    });
  });

  it("marks items the guest's method cannot serve, and out-of-stock ones, as not orderable", () => {
    const sundae = item('1-2-16', { fulfillmentMethods: [FULFILLMENT_METHOD.Pickup] });
    const withSundae = { categories: [category('1-2', [item('1-2-11'), sundae])] };
    const unavailable = (method: FulfillmentMethod | null) =>
      buildMenuView(withSundae, method)[0]?.items.map((i) => i.unavailable);
    expect(unavailable(FULFILLMENT_METHOD.Delivery)).toEqual([null, 'Not available for Delivery']);
    expect(unavailable(FULFILLMENT_METHOD.Pickup)).toEqual([null, null]);
    expect(unavailable(null)).toEqual([null, null]);
    expect(buildMenuView(menu)[0]?.items.map((i) => i.unavailable)).toEqual([null, 'Not Available']);
  });

  it('builds same-origin image URLs at the card size', () => {
    expect(menuImageSrc('img 1', { width: 226, height: 170 })).toBe('/images/img%201?width=226&height=170');
  });
});

describe('first paint split (large menus)', () => {
  const view = (sizes: number[]) =>
    sizes.map((n, c) => ({
      anchor: `c-${c}`,
      itemPathKey: `1-${c}`,
      title: `Category ${c}`,
      layout: MENU_LAYOUT.Standard,
      items: Array.from({ length: n }, (_, i) => ({
        itemPathKey: `1-${c}-${i}`,
        title: `Item ${c}.${i}`,
        shortDescription: null,
        imageFileId: null,
        price: null,
        calories: null,
        isOutOfStock: false,
        unavailable: null,
      })),
    }));

  it('draws a menu of FIRST_PAINT_ITEMS cards or fewer whole', () => {
    expect(FIRST_PAINT_ITEMS).toBe(30);
    expect(firstPaintCounts(view([10, 12, 8]))).toEqual([10, 12, 8]);
    expect(deferredCards(view([10, 12, 8]))).toEqual([]);
  });

  it('fills categories in order up to the budget, cutting one mid-way, and defers the rest', () => {
    const categories = view([20, 25, 40]);
    expect(firstPaintCounts(categories)).toEqual([20, 10, 0]);
    const rest = deferredCards(categories);
    expect(rest.map((c) => [c.anchor, c.items.length])).toEqual([
      ['c-1', 15],
      ['c-2', 40],
    ]);
    // The deferred cards continue where the first paint stopped, in menu order.
    expect(rest[0]?.items[0]?.itemPathKey).toBe('1-1-10');
    // Each category's deferred cards start after those of the categories before it.
    expect(deferredOffsets(categories, firstPaintCounts(categories))).toEqual([0, 0, 15]);
    const total =
      firstPaintCounts(categories).reduce((a, b) => a + b, 0) + rest.reduce((a, c) => a + c.items.length, 0);
    expect(total).toBe(85);
  });
});
