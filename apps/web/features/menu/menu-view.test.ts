import { describe, expect, it } from 'vitest';
import {
  FULFILLMENT_METHOD,
  ITEM_TYPE,
  MENU_LAYOUT,
  type FulfillmentMethod,
} from '@storefront/contracts/enums';
import type { z } from 'zod';
import { CompactMenuItemSchema, type CompactMenuItem, type MenuNode } from '@storefront/contracts/menu';
import { buildMenuView, menuImageSrc } from './menu-view';

/** A category node (full, as in every menu) holding compact items. */
function category(key: string, children: CompactMenuItem[], overrides: Partial<MenuNode> = {}) {
  const id = Number(key.split('-').at(-1));
  const node: Omit<MenuNode, 'children'> = {
    itemPathKey: key,
    itemMasterId: id,
    title: `Node ${id}`,
    displayAttribute: {
      itemTitle: `Title ${id}`,
      shortDescription: null,
      description: null,
      imageFileId: null,
      hidden: false,
      webOrderingLayout: MENU_LAYOUT.Standard,
      baseItemsPriceDisplay: 'ShowBasePrice',
    },
    isOutOfStock: false,
    lastNode: false,
    itemType: ITEM_TYPE.Category,
    selectionAttribute: null,
    itemConfigurations: { displayOrder: id, maxQuantity: 0, defaultQuantity: 0 },
    priceAttribute: null,
    operationalAttribute: { promptForModifiers: false },
    itemTransitions: null,
    brandIds: [],
    isCrossSellTrigger: false,
    crossSellTriggerMode: null,
    nutritionInfo: null,
    ...overrides,
  };
  return { ...node, children };
}

/** A compact item as the API sends it (defaults left out), parsed as the storefront parses it. */
function item(key: string, overrides: Partial<z.input<typeof CompactMenuItemSchema>> = {}): CompactMenuItem {
  const id = Number(key.split('-').at(-1));
  return CompactMenuItemSchema.parse({
    itemPathKey: key,
    itemMasterId: id,
    title: `Node ${id}`,
    displayAttribute: { itemTitle: `Title ${id}`, imageFileId: `img-${id}` },
    lastNode: true,
    priceAttribute: { prices: [{ price: 8.5, default: true }] },
    nutritionInfo: { defaultCalories: 640 },
    ...overrides,
  });
}

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
