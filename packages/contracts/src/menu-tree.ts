/**
 * Item path keys and menu tree helpers, free of the schema library so the browser's item and menu code can use
 * them without loading zod (menu.ts, which holds the schemas, re-exports everything here). See menu.ts for the
 * key format.
 */
import { FULFILLMENT_METHOD_LABEL, ITEM_TYPE, type FulfillmentMethod } from './enum-values';
import type { ItemPrice, MenuNode } from './menu';

/** Segment count of a top-level item key (menu-category-item). */
export const TOP_LEVEL_ITEM_DEPTH = 3;

export function splitItemPathKey(key: string): string[] {
  return key.split('-');
}

export function joinItemPathKey(segments: readonly (string | number)[]): string {
  return segments.map(String).join('-');
}

/** The key one level up (a modifier's group, a group's item); null for a menu key. */
export function parentItemPathKey(key: string): string | null {
  const at = key.lastIndexOf('-');
  return at < 0 ? null : key.slice(0, at);
}

export function itemPathKeyDepth(key: string): number {
  return splitItemPathKey(key).length;
}

/** Odd segment count from 3: an orderable node (top-level item, modifier, nested modifier). */
export function isOrderableKey(key: string): boolean {
  const depth = itemPathKeyDepth(key);
  return depth >= TOP_LEVEL_ITEM_DEPTH && depth % 2 === 1;
}

export function isTopLevelItemKey(key: string): boolean {
  return itemPathKeyDepth(key) === TOP_LEVEL_ITEM_DEPTH;
}

/** More than 5 dash-separated parts: a nested item (modifier of a modifier) or its group. */
export function isNestedItemKey(key: string): boolean {
  return itemPathKeyDepth(key) > 5;
}

/** Where a modifier's selection is examined: its parent key (the group holding min/max/included). */
export function selectionKeyOf(modifierKey: string): string | null {
  return parentItemPathKey(modifierKey);
}

/** The top-level item a modifier key belongs to (first 3 segments); null above item level. */
export function topLevelItemKeyOf(key: string): string | null {
  const segments = splitItemPathKey(key);
  return segments.length < TOP_LEVEL_ITEM_DEPTH
    ? null
    : joinItemPathKey(segments.slice(0, TOP_LEVEL_ITEM_DEPTH));
}

/** Whether `key` lies strictly under `ancestorKey`. */
export function isDescendantKey(key: string, ancestorKey: string): boolean {
  return key.startsWith(`${ancestorKey}-`);
}

/** Whether an item can be ordered for the method (items without a method list serve every method). */
export function isAvailableFor(
  node: Pick<MenuNode, 'fulfillmentMethods'>,
  fulfillmentMethod: FulfillmentMethod,
): boolean {
  return node.fulfillmentMethods === undefined || node.fulfillmentMethods.includes(fulfillmentMethod);
}

/** 'Not available for Delivery': why an item cannot be ordered for the method. */
export const unavailableForText = (fulfillmentMethod: FulfillmentMethod) =>
  `Not available for ${FULFILLMENT_METHOD_LABEL[fulfillmentMethod]}`;

/** Groups hold modifiers; everything else with a price is orderable. */
export function isGroupNode(node: Pick<MenuNode, 'itemType'>): boolean {
  return node.itemType === ITEM_TYPE.Group;
}

/** Shown on the menu: has display data and is not hidden (out-of-stock ones show 'Not Available'). */
export function isDisplayable(node: { displayAttribute: { hidden: boolean } | null }): boolean {
  return node.displayAttribute !== null && !node.displayAttribute.hidden;
}

/** Depth-first search for a key in a tree (or forest). */
export function findMenuNode(nodes: readonly MenuNode[], key: string): MenuNode | null {
  for (const node of nodes) {
    if (node.itemPathKey === key) return node;
    if (isDescendantKey(key, node.itemPathKey)) return findMenuNode(node.children, key);
  }
  return null;
}

/** The default price entry (the one marked default, else the first), or null without prices. */
export function defaultPrice(node: {
  priceAttribute: { prices: readonly ItemPrice[] } | null;
}): ItemPrice | null {
  const prices = node.priceAttribute?.prices ?? [];
  return prices.find((p) => p.default) ?? prices[0] ?? null;
}

/** Whether the item asks the guest to choose a portion (priced by portions with portion ids). */
export function hasPortions(node: Pick<MenuNode, 'priceAttribute'>): boolean {
  const attribute = node.priceAttribute;
  return (
    attribute !== null &&
    attribute.priceType === 'Portions' &&
    attribute.prices.some((p) => p.portionTypeId !== null)
  );
}
