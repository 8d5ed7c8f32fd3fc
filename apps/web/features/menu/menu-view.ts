/** What the store page draws from a menu snapshot: categories and their visible item cards. */
import { MENU_LAYOUT, type MenuLayout } from '@storefront/contracts/enums';
import { isDisplayable, type Menu, type MenuNode } from '@storefront/contracts/menu';
import { cardPrice, type CardPrice } from '@storefront/contracts/menu-display';

export interface MenuCardView {
  itemPathKey: string;
  title: string;
  shortDescription: string | null;
  imageFileId: string | null;
  /** Per baseItemsPriceDisplay: the base price, a rolled-up 'from' price, or null (hidden or none). */
  price: CardPrice | null;
  calories: string | null;
  isOutOfStock: boolean;
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

function caloriesOf(node: MenuNode): string | null {
  const info = node.nutritionInfo;
  if (!info) return null;
  if (info.calories) return /cal/i.test(info.calories) ? info.calories : `${info.calories} Cal`;
  return info.defaultCalories === null ? null : `${info.defaultCalories} Cal`;
}

function cardOf(node: MenuNode): MenuCardView {
  const display = node.displayAttribute;
  return {
    itemPathKey: node.itemPathKey,
    title: display?.itemTitle || node.title,
    shortDescription: display?.shortDescription ?? null,
    imageFileId: display?.imageFileId ?? null,
    price: cardPrice(node),
    calories: caloriesOf(node),
    isOutOfStock: node.isOutOfStock,
  };
}

/**
 * Categories in menu order with their displayable items (hidden items and items without display data are
 * left out); categories that are hidden or end up empty are left out too.
 */
export function buildMenuView(menu: Pick<Menu, 'categories'>): MenuCategoryView[] {
  return menu.categories
    .filter((category) => category.displayAttribute?.hidden !== true)
    .map((category) => ({
      anchor: `c-${category.itemMasterId}`,
      itemPathKey: category.itemPathKey,
      title: category.displayAttribute?.itemTitle || category.title,
      layout: category.displayAttribute?.webOrderingLayout ?? MENU_LAYOUT.Standard,
      items: [...category.children]
        .filter(isDisplayable)
        .sort((a, b) => a.itemConfigurations.displayOrder - b.itemConfigurations.displayOrder)
        .map(cardOf),
    }))
    .filter((category) => category.items.length > 0);
}

/** Storefront-origin image URL (proxied to the API's image route), at the menu card size by default. */
export function menuImageSrc(imageFileId: string, size: { width: number; height: number }): string {
  return `/images/${encodeURIComponent(imageFileId)}?width=${size.width}&height=${size.height}`;
}
