/**
 * Transitions (combos): carrying the guest's choices from one item to the item it turns into. A group of the
 * source item and a group of the target are "the same" when they share the menu's itemMasterId (the combo's
 * 'Cheese' under its Classic Burger is the burger's own 'Cheese'); the target's defaults fill everything else.
 * The carried selection travels in the target page's `selection` query (`key.qty,key.qty`).
 */
import type { MenuNode } from '@storefront/contracts/menu';
import { findMenuNode, isGroupNode } from '@storefront/contracts/menu-tree';
import { defaultSelection } from '@storefront/contracts/pricing';
import {
  chooseRadio,
  fromSelectedModifiers,
  setModifierQuantity,
  toggleCheckbox,
  withoutSubtree,
  type ModifierQuantities,
} from './item-selection';

/** Groups of a node and, under chosen modifiers, their nested groups (top-down, menu order). */
function chosenGroups(node: MenuNode, quantities: ModifierQuantities): MenuNode[] {
  const out: MenuNode[] = [];
  for (const group of node.children) {
    if (!isGroupNode(group)) continue;
    out.push(group);
    for (const m of group.children)
      if ((quantities[m.itemPathKey] ?? 0) > 0) out.push(...chosenGroups(m, quantities));
  }
  return out;
}

/**
 * The target's selection: its defaults, then for each source group (top-down) the first target group with the
 * same itemMasterId whose owner is chosen gets the source's choices (matched by itemMasterId, within the
 * target's limits). Choices with no counterpart are dropped.
 */
export function carrySelection(
  source: MenuNode,
  sourceQuantities: ModifierQuantities,
  target: MenuNode,
): ModifierQuantities {
  let out = fromSelectedModifiers(defaultSelection(target).modifiers);
  for (const sourceGroup of chosenGroups(source, sourceQuantities)) {
    // In the order the guest chose them (it decides which ones the included units cover)
    const order = Object.keys(sourceQuantities);
    const chosen = sourceGroup.children
      .filter((m) => (sourceQuantities[m.itemPathKey] ?? 0) > 0)
      .sort((a, b) => order.indexOf(a.itemPathKey) - order.indexOf(b.itemPathKey));
    const targetGroup = chosenGroups(target, out).find((g) => g.itemMasterId === sourceGroup.itemMasterId);
    if (!targetGroup) continue;
    for (const m of targetGroup.children) out = withoutSubtree(out, m.itemPathKey);
    for (const sourceModifier of chosen) {
      const targetModifier = targetGroup.children.find((m) => m.itemMasterId === sourceModifier.itemMasterId);
      if (!targetModifier || targetModifier.isOutOfStock) continue;
      const radio =
        targetGroup.selectionAttribute?.minQty === 1 && targetGroup.selectionAttribute.maxQty === 1;
      out = radio
        ? chooseRadio(out, targetGroup, targetModifier)
        : toggleCheckbox(out, targetGroup, targetModifier, true);
      const quantity = sourceQuantities[sourceModifier.itemPathKey] ?? 1;
      if (quantity > 1) out = setModifierQuantity(out, targetGroup, targetModifier, quantity);
    }
  }
  return out;
}

export function encodeSelection(quantities: ModifierQuantities): string {
  return Object.entries(quantities)
    .filter(([, q]) => q > 0)
    .map(([key, q]) => `${key}.${q}`)
    .join(',');
}

/** Parses `key.qty,...`, keeping only keys of modifiers under `item` (null when nothing usable was given). */
export function decodeSelection(value: string | undefined, item: MenuNode): ModifierQuantities | null {
  if (!value || value.length > 4000) return null;
  const out: Record<string, number> = {};
  for (const part of value.split(',')) {
    const match = /^(\d{1,9}(?:-\d{1,9}){4,40})\.(\d{1,2})$/.exec(part);
    if (!match?.[1] || !match[2]) continue;
    const node = findMenuNode([item], match[1]);
    if (node && !isGroupNode(node) && node.itemPathKey !== item.itemPathKey) out[match[1]] = Number(match[2]);
  }
  return Object.keys(out).length > 0 ? out : null;
}
