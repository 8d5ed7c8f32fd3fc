/**
 * The item form's selection as plain data, and the pure moves the form makes on it: a radio group replaces its
 * choice, a checkbox group stops at its maxQty, a modifier's quantity stays within its maxQuantity and the group's
 * room, and removing a modifier removes everything nested under it. Rules (validity, price) come from contracts.
 */
import type { MenuNode } from '@storefront/contracts/menu';
import { isDescendantKey, isGroupNode } from '@storefront/contracts/menu-tree';
import { modifierMaxQuantity, type PriceChange, type SelectedModifier } from '@storefront/contracts/pricing';

/** Chosen modifiers by item path key (nested ones included) with their quantity. */
export type ModifierQuantities = Readonly<Record<string, number>>;

export function toSelectedModifiers(quantities: ModifierQuantities): SelectedModifier[] {
  return Object.entries(quantities)
    .filter(([, quantity]) => quantity > 0)
    .map(([itemPathKey, quantity]) => ({ itemPathKey, quantity, portionId: null }));
}

export function fromSelectedModifiers(modifiers: readonly SelectedModifier[]): ModifierQuantities {
  const out: Record<string, number> = {};
  for (const m of modifiers) if (m.quantity > 0) out[m.itemPathKey] = (out[m.itemPathKey] ?? 0) + m.quantity;
  return out;
}

/** Drops a modifier and every selection nested under it. */
export function withoutSubtree(quantities: ModifierQuantities, key: string): ModifierQuantities {
  const out: Record<string, number> = {};
  for (const [k, q] of Object.entries(quantities)) if (k !== key && !isDescendantKey(k, key)) out[k] = q;
  return out;
}

/** Adds a modifier with its nested defaults (in-stock modifiers with a defaultQuantity, recursively). */
function withModifier(
  quantities: ModifierQuantities,
  modifier: MenuNode,
  quantity: number,
): ModifierQuantities {
  const out: Record<string, number> = { ...quantities, [modifier.itemPathKey]: quantity };
  const visit = (node: MenuNode) => {
    for (const group of node.children) {
      if (!isGroupNode(group)) continue;
      for (const child of group.children) {
        const q = child.itemConfigurations.defaultQuantity;
        if (q > 0 && !child.isOutOfStock) {
          out[child.itemPathKey] = Math.min(q, modifierMaxQuantity(child));
          visit(child);
        }
      }
    }
  };
  visit(modifier);
  return out;
}

/** Total quantity chosen in one group. */
export function groupCount(quantities: ModifierQuantities, group: MenuNode): number {
  return group.children.reduce((sum, m) => sum + (quantities[m.itemPathKey] ?? 0), 0);
}

/** How many more units the group accepts (Infinity when maxQty is 0, i.e. unbounded). */
export function groupRoom(quantities: ModifierQuantities, group: MenuNode): number {
  const max = group.selectionAttribute?.maxQty ?? 0;
  return max > 0 ? Math.max(0, max - groupCount(quantities, group)) : Number.POSITIVE_INFINITY;
}

function initialQuantity(modifier: MenuNode): number {
  return Math.min(Math.max(1, modifier.itemConfigurations.defaultQuantity), modifierMaxQuantity(modifier));
}

/** Radio groups (min 1, max 1) replace the choice. */
export function chooseRadio(
  quantities: ModifierQuantities,
  group: MenuNode,
  modifier: MenuNode,
): ModifierQuantities {
  if ((quantities[modifier.itemPathKey] ?? 0) > 0) return quantities;
  let out = quantities;
  for (const m of group.children) out = withoutSubtree(out, m.itemPathKey);
  return withModifier(out, modifier, 1);
}

/** Checkbox groups stop at maxQty: checking when the group is full changes nothing. */
export function toggleCheckbox(
  quantities: ModifierQuantities,
  group: MenuNode,
  modifier: MenuNode,
  checked: boolean,
): ModifierQuantities {
  const current = quantities[modifier.itemPathKey] ?? 0;
  if (!checked) return current > 0 ? withoutSubtree(quantities, modifier.itemPathKey) : quantities;
  if (current > 0) return quantities;
  const room = groupRoom(quantities, group);
  if (room <= 0) return quantities;
  return withModifier(quantities, modifier, Math.min(initialQuantity(modifier), room));
}

/** Sets one modifier's quantity within its maxQuantity and the group's room; 0 removes it. */
export function setModifierQuantity(
  quantities: ModifierQuantities,
  group: MenuNode,
  modifier: MenuNode,
  quantity: number,
): ModifierQuantities {
  const current = quantities[modifier.itemPathKey] ?? 0;
  const limit = Math.min(modifierMaxQuantity(modifier), current + groupRoom(quantities, group));
  const next = Math.max(0, Math.min(Math.trunc(quantity), limit));
  if (next === current) return quantities;
  if (next === 0) return withoutSubtree(quantities, modifier.itemPathKey);
  if (current === 0) return withModifier(quantities, modifier, next);
  return { ...quantities, [modifier.itemPathKey]: next };
}

/** The most one modifier can be set to right now. */
export function modifierLimit(quantities: ModifierQuantities, group: MenuNode, modifier: MenuNode): number {
  const current = quantities[modifier.itemPathKey] ?? 0;
  return Math.min(modifierMaxQuantity(modifier), current + groupRoom(quantities, group));
}

/** Whether a modifier has groups of its own (opens the nested panel). */
export function hasNestedGroups(modifier: MenuNode): boolean {
  return modifier.children.some(isGroupNode);
}

/**
 * The price-change entries that turn `base` into `current` (for the pricing calls, which replay changes on the
 * defaults or on the line's selection), keeping `current`'s order, which is the order the guest chose in and
 * decides which choices a group's included units cover: removals first, then the quantity of every chosen
 * modifier in `current`'s insertion order. The replay keeps a kept key where it was and appends a new one, so a
 * base key that `current` has moved (unticked and ticked again) is removed and set again in its new place.
 */
export function selectionChanges(base: ModifierQuantities, current: ModifierQuantities): PriceChange[] {
  const baseKeys = Object.keys(base);
  const currentKeys = Object.keys(current).filter((key) => (current[key] ?? 0) > 0);
  // The leading keys of `current` that the replay leaves in place: base keys in base order, none of them under a
  // key the replay removes.
  let prefix: string[] = [];
  let at = 0;
  for (const key of currentKeys) {
    const index = baseKeys.indexOf(key, at);
    if (index < 0) break;
    prefix.push(key);
    at = index + 1;
  }
  let removed: string[];
  for (;;) {
    const inPrefix = new Set(prefix);
    removed = baseKeys.filter((key) => !inPrefix.has(key));
    const cut = prefix.findIndex((key) => removed.some((r) => isDescendantKey(key, r)));
    if (cut < 0) break;
    prefix = prefix.slice(0, cut);
  }
  const kept = new Set(prefix);
  const changes: PriceChange[] = removed.map((key) => ({
    itemPathKey: key,
    quantity: 0,
    operationType: 'remove',
  }));
  for (const key of currentKeys) {
    const quantity = current[key] ?? 0;
    if (!kept.has(key) || base[key] !== quantity) {
      changes.push({ itemPathKey: key, quantity, operationType: 'update' });
    }
  }
  return changes;
}
