/**
 * What an item card on the store page shows as its price, per the item's `baseItemsPriceDisplay`:
 *
 * - `ShowBasePrice`: the item's own default price (its default portion), as `$x.xx`.
 * - `HideBasePrice`: no price at all.
 * - `RollupChildItemPricing`: 'from $x.xx', the lowest price a guest can actually order the item at: for every
 *   in-stock portion, the item's price at that portion plus, in every required group (minQty > 0, nested required
 *   groups under the chosen modifiers too), the cheapest in-stock modifiers up to minQty units (each modifier up to
 *   its own maximum; a modifier's cost counts its own required nested choices), listed priciest first (the
 *   included units go to the choices made first, so that is the order a guest pays least in). That selection is
 *   priced with `priceItem` (so included quantities and propagated portions apply exactly as at checkout) and the lowest
 *   total over the portions wins. An item without children and with a single price shows its plain price.
 *   Needs the item's children; compact menus leave them out and carry the result in `rollupPrice`. Without a satisfiable
 *   selection (a required group without enough in-stock modifiers) it falls back to the base price.
 */
import { defaultPrice, isGroupNode, type CompactMenuItem, type MenuNode } from './menu';
import { dollarsToCents } from './money';
import { modifierMaxQuantity, nodePriceCents, priceItem, type SelectedModifier } from './pricing';

export type CardPrice = { kind: 'base'; cents: number } | { kind: 'from'; cents: number };

interface Pick {
  modifiers: SelectedModifier[];
  /** Own price plus the nested required picks (the ordering key; priceItem gives the real total). */
  cents: number;
}

/** The cheapest selection meeting every required group under `node`; null when one cannot be met. */
function cheapestRequired(node: MenuNode, portionId: number | null): Pick | null {
  const propagated = node.priceAttribute?.propagatePortionSelection ? portionId : null;
  const modifiers: SelectedModifier[] = [];
  let cents = 0;
  for (const group of node.children) {
    if (!isGroupNode(group)) continue;
    const minQty = group.selectionAttribute?.minQty ?? 0;
    if (minQty <= 0) continue;
    const candidates: {
      node: MenuNode;
      own: number;
      unit: number;
      nested: SelectedModifier[];
      order: number;
    }[] = [];
    group.children.forEach((modifier, order) => {
      if (modifier.isOutOfStock) return;
      const own = nodePriceCents(modifier, null, propagated);
      const nested = cheapestRequired(modifier, own.portionId);
      if (!nested) return;
      candidates.push({
        node: modifier,
        own: own.cents,
        unit: own.cents + nested.cents,
        nested: nested.modifiers,
        order,
      });
    });
    candidates.sort((a, b) => a.unit - b.unit || a.order - b.order);
    let remaining = minQty;
    const picks: { own: number; modifiers: SelectedModifier[] }[] = [];
    for (const candidate of candidates) {
      if (remaining === 0) break;
      const units = Math.min(remaining, modifierMaxQuantity(candidate.node));
      picks.push({
        own: candidate.own,
        // Nested picks are per unit of their parent; the selection lists them once (priceItem multiplies).
        modifiers: [
          { itemPathKey: candidate.node.itemPathKey, quantity: units, portionId: null },
          ...candidate.nested,
        ],
      });
      cents += units * candidate.unit;
      remaining -= units;
    }
    if (remaining > 0) return null;
    // The included units go to the choices made first: the guest pays least choosing the priciest of them first.
    picks.sort((a, b) => b.own - a.own);
    for (const pick of picks) modifiers.push(...pick.modifiers);
  }
  return { modifiers, cents };
}

/** The 'from' price in cents (see the module comment); null when no portion is in stock or no choice fits. */
export function rollupPriceCents(item: MenuNode): number | null {
  const prices = item.priceAttribute?.prices ?? [];
  const portions = prices.filter((p) => !p.isOutOfStock).map((p) => p.portionTypeId);
  const candidates = portions.length > 0 ? portions : prices.length === 0 ? [null] : [];
  let best: number | null = null;
  for (const portionId of candidates) {
    const required = cheapestRequired(item, nodePriceCents(item, portionId).portionId);
    if (!required) continue;
    const total = priceItem(item, { quantity: 1, portionId, modifiers: required.modifiers }).unitPriceCents;
    if (best === null || total < best) best = total;
  }
  return best;
}

/** The rolled-up price of an item with its tree, or null when it shows its base price (see cardPrice). */
export function rolledUpCents(item: MenuNode): number | null {
  const varies = item.children.length > 0 || (item.priceAttribute?.prices.length ?? 0) > 1;
  return varies ? rollupPriceCents(item) : null;
}

/**
 * The price an item card shows, or null (HideBasePrice, or an item without any price). Rollup items whose
 * price cannot vary (no children, one price) show their plain base price. A compact item's rolled-up price is
 * its `rollupPrice` (it has no tree to compute one from).
 */
export function cardPrice(item: MenuNode | CompactMenuItem): CardPrice | null {
  const display = item.displayAttribute?.baseItemsPriceDisplay ?? 'ShowBasePrice';
  if (display === 'HideBasePrice') return null;
  const base = defaultPrice(item);
  const baseCents = base ? dollarsToCents(base.price) : null;
  if (display === 'RollupChildItemPricing') {
    const rolled =
      item.rollupPrice !== undefined
        ? // A compact menu carries the price the API computed from the tree it left out.
          item.rollupPrice === null
          ? null
          : dollarsToCents(item.rollupPrice)
        : 'children' in item
          ? rolledUpCents(item)
          : null;
    if (rolled !== null) return { kind: 'from', cents: rolled };
  }
  return baseCents === null ? null : { kind: 'base', cents: baseCents };
}
