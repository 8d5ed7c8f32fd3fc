/** What the store page draws from a menu snapshot: categories and their visible item cards. */
import { MENU_LAYOUT, type FulfillmentMethod, type MenuLayout } from '@storefront/contracts/enums';
import {
  isAvailableFor,
  isDisplayable,
  unavailableForText,
  type CompactMenu,
  type CompactMenuItem,
} from '@storefront/contracts/menu';
import { cardPrice, type CardPrice } from '@storefront/contracts/menu-display';

/** An out-of-stock item's card. */
export const NOT_AVAILABLE_LABEL = 'Not Available';

export interface MenuCardView {
  itemPathKey: string;
  title: string;
  shortDescription: string | null;
  imageFileId: string | null;
  /** Per baseItemsPriceDisplay: the base price, a rolled-up 'from' price, or null (hidden or none). */
  price: CardPrice | null;
  calories: string | null;
  isOutOfStock: boolean;
  /** Why it cannot be ordered now: 'Not Available' (out of stock) or 'Not available for Delivery'; null = it can. */
  unavailable: string | null;
}

export interface MenuCategoryView {
  /** Anchor id without '#': `c-{itemMasterId}`. */
  anchor: string;
  itemPathKey: string;
  title: string;
  /** How the category's cards are drawn (its displayAttribute.webOrderingLayout). */
  layout: MenuLayout;
  items: MenuCardView[];
}

function caloriesOf(node: CompactMenuItem): string | null {
  const info = node.nutritionInfo;
  if (!info) return null;
  if (info.calories) return /cal/i.test(info.calories) ? info.calories : `${info.calories} Cal`;
  return info.defaultCalories === null ? null : `${info.defaultCalories} Cal`;
}

function cardOf(node: CompactMenuItem, method: FulfillmentMethod | null): MenuCardView {
  const display = node.displayAttribute;
  return {
    itemPathKey: node.itemPathKey,
    title: display?.itemTitle || node.title,
    shortDescription: display?.shortDescription ?? null,
    imageFileId: display?.imageFileId ?? null,
    price: cardPrice(node),
    calories: caloriesOf(node),
    isOutOfStock: node.isOutOfStock,
    unavailable: node.isOutOfStock
      ? NOT_AVAILABLE_LABEL
      : method !== null && !isAvailableFor(node, method)
        ? unavailableForText(method)
        : null,
  };
}

/**
 * Categories in menu order with their displayable items in display order (the order of the compact menu; hidden
 * items and items without display data are left out); categories that are hidden or end up empty are left out too.
 */
export function buildMenuView(
  menu: Pick<CompactMenu, 'categories'>,
  fulfillmentMethod: FulfillmentMethod | null = null,
): MenuCategoryView[] {
  return menu.categories
    .filter((category) => category.displayAttribute?.hidden !== true)
    .map((category) => ({
      anchor: `c-${category.itemMasterId}`,
      itemPathKey: category.itemPathKey,
      title: category.displayAttribute?.itemTitle || category.title,
      layout: category.displayAttribute?.webOrderingLayout ?? MENU_LAYOUT.Standard,
      items: category.children.filter(isDisplayable).map((node) => cardOf(node, fulfillmentMethod)),
    }))
    .filter((category) => category.items.length > 0);
}

/** Storefront-origin image URL (proxied to the API's image route). */
export { imageSrc as menuImageSrc } from '@/lib/image-src';

/**
 * How many item cards the store page's HTML carries. Beyond them the cards arrive in a second request once the
 * page is up (DeferredCards): a 300-item menu's document would otherwise need more round trips on a slow
 * connection than a 30-item one's, and paint later (the rule: a large menu is not slower to first paint).
 */
export const FIRST_PAINT_ITEMS = 30;

/** Per category (in order), how many of its cards the first paint draws: categories fill up to `budget` cards. */
export function firstPaintCounts(
  categories: readonly Pick<MenuCategoryView, 'items'>[],
  budget = FIRST_PAINT_ITEMS,
): number[] {
  let left = budget;
  return categories.map((category) => {
    const count = Math.min(category.items.length, left);
    left -= count;
    return count;
  });
}

/** Per category, how many deferred cards (those past `counts`) come before its own, in menu order. */
export function deferredOffsets(
  categories: readonly Pick<MenuCategoryView, 'items'>[],
  counts: readonly number[],
): number[] {
  const offsets: number[] = [];
  let before = 0;
  for (const [i, category] of categories.entries()) {
    offsets.push(before);
    before += category.items.length - (counts[i] ?? 0);
  }
  return offsets;
}

/** The cards left out of the first paint, by category anchor (categories with none left out are absent). */
export function deferredCards(
  categories: readonly MenuCategoryView[],
  budget = FIRST_PAINT_ITEMS,
): { anchor: string; layout: MenuLayout; items: MenuCardView[] }[] {
  const counts = firstPaintCounts(categories, budget);
  return categories
    .map((category, i) => ({
      anchor: category.anchor,
      layout: category.layout,
      items: category.items.slice(counts[i]),
    }))
    .filter((category) => category.items.length > 0);
}
