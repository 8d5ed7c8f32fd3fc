/** Menu nodes for tests of the store page (compact items as the storefront parses them). */
import { ITEM_TYPE, MENU_LAYOUT } from '@storefront/contracts/enums';
import type { z } from 'zod';
import { CompactMenuItemSchema, type CompactMenuItem, type MenuNode } from '@storefront/contracts/menu';
import { menuNode } from '@storefront/contracts/menu.fixtures';

/** A category node (full, as in every menu) holding compact items. */
export function menuCategory(key: string, children: CompactMenuItem[], overrides: Partial<MenuNode> = {}) {
  const id = Number(key.split('-').at(-1));
  const node = menuNode({
    itemPathKey: key,
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
    lastNode: false,
    itemType: ITEM_TYPE.Category,
    itemConfigurations: { displayOrder: id, maxQuantity: 0, defaultQuantity: 0 },
    ...overrides,
  });
  return { ...node, children };
}

/** A compact item as the API sends it (defaults left out), parsed as the storefront parses it. */
export function menuItem(
  key: string,
  overrides: Partial<z.input<typeof CompactMenuItemSchema>> = {},
): CompactMenuItem {
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
