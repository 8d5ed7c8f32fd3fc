/** Test builders for menu nodes, shared by the contracts', the API's and the storefront's tests. */
import { ITEM_TYPE } from './enum-values';
import type { MenuNode } from './menu';

/**
 * A menu node with every field a node must have: an item by default (no display data, no price, no rules), with
 * `partial` on top. Its id is the key's last segment; it is a last node when it has no children.
 */
export function menuNode(partial: Partial<MenuNode> & Pick<MenuNode, 'itemPathKey' | 'title'>): MenuNode {
  return {
    itemMasterId: Number(partial.itemPathKey.split('-').at(-1)),
    displayAttribute: null,
    isOutOfStock: false,
    lastNode: (partial.children ?? []).length === 0,
    children: [],
    itemType: ITEM_TYPE.MenuItem,
    selectionAttribute: null,
    itemConfigurations: { displayOrder: 0, maxQuantity: 1, defaultQuantity: 0 },
    priceAttribute: null,
    operationalAttribute: { promptForModifiers: false },
    itemTransitions: null,
    brandIds: [],
    isCrossSellTrigger: false,
    crossSellTriggerMode: null,
    nutritionInfo: null,
    ...partial,
  };
}
