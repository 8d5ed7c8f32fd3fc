/**
 * The pure pricing rules and the modifier-selection validator, shared by the item page (live price and form
 * state at once) and the API (authoritative). Everything is integer cents; menu prices (dollars, 2 decimals)
 * are converted once with `dollarsToCents`.
 *
 * A selection is flat: `modifiers` lists every chosen modifier by item path key, nested ones included; where a
 * modifier sits (its group, its parent modifier) follows from its key (see menu.ts).
 *
 * Included quantities: a group's first `includedQty` units are free, and the free units go to the modifiers in
 * the order they were chosen: the order of `selection.modifiers` (a key's first occurrence), which is the order
 * the guest ticked them (the item page keeps it, the API stores it as the modifiers' position). So with two
 * toppings included, Lettuce and Bacon ticked keep both free and a Tomato ticked after them costs its own price.
 * Only a modifier's own price is waived; the nested modifiers under it are charged as usual.
 */
import { ORDER_ERROR } from './errors';
import { dollarsToCents } from './money';
import { defaultPrice, hasPortions, isDescendantKey, isGroupNode, parentItemPathKey } from './menu-tree';
import type { MenuNode } from './menu';
import { QUANTITY_MAX } from './text';

export const ITEM_QUANTITY_MIN = 1;
export const ITEM_QUANTITY_MAX = QUANTITY_MAX;
/** Upper bound of one modifier's quantity on the wire (the menu's maxQuantity is the real limit). */
export const MODIFIER_QUANTITY_MAX = 99;

export interface SelectedModifier {
  itemPathKey: string;
  quantity: number;
  portionId?: number | null | undefined;
}

export interface ItemSelection {
  quantity: number;
  portionId?: number | null | undefined;
  modifiers: readonly SelectedModifier[];
}

export const PRICE_CHANGE_OPERATIONS = ['add', 'update', 'remove'] as const;
export type PriceChangeOperation = (typeof PRICE_CHANGE_OPERATIONS)[number];

/**
 * A price-change entry (`sequenceOfChanges`): what the guest did to the modifiers, in order. Its schema is in
 * orders.ts (PriceChangeSchema), with the other request bodies, so this module stays free of zod.
 */
export interface PriceChange {
  itemPathKey: string;
  quantity: number;
  portionId?: number | null | undefined;
  operationType: PriceChangeOperation;
}
export const SEQUENCE_OF_CHANGES_MAX = 200;

/**
 * Replays `changes` on `base`: `add` adds its quantity (creating the entry), `update` sets quantity and portion
 * (quantity 0 removes), `remove` drops the modifier and every selection nested under it. Never fails.
 */
export function applySequenceOfChanges(
  base: readonly SelectedModifier[],
  changes: readonly PriceChange[],
): SelectedModifier[] {
  const selected = new Map<string, SelectedModifier>();
  for (const m of base) selected.set(m.itemPathKey, { ...m });
  const drop = (key: string) => {
    for (const k of [...selected.keys()]) if (k === key || isDescendantKey(k, key)) selected.delete(k);
  };
  for (const change of changes) {
    const current = selected.get(change.itemPathKey);
    const portionId = change.portionId ?? current?.portionId ?? null;
    if (change.operationType === 'remove') {
      drop(change.itemPathKey);
    } else if (change.operationType === 'add') {
      const quantity = (current?.quantity ?? 0) + change.quantity;
      if (quantity > 0)
        selected.set(change.itemPathKey, { itemPathKey: change.itemPathKey, quantity, portionId });
    } else if (change.quantity <= 0) {
      drop(change.itemPathKey);
    } else {
      selected.set(change.itemPathKey, {
        itemPathKey: change.itemPathKey,
        quantity: change.quantity,
        portionId,
      });
    }
  }
  return [...selected.values()];
}

/**
 * The selection the item page starts from: the default portion and every in-stock modifier with a
 * defaultQuantity (nested defaults only under chosen modifiers).
 */
export function defaultSelection(item: MenuNode, quantity = 1): ItemSelection {
  const price = defaultPrice(item);
  return {
    quantity,
    portionId: hasPortions(item) ? (price?.portionTypeId ?? null) : null,
    modifiers: nestedDefaults(item),
  };
}

/** The in-stock modifiers with a defaultQuantity under `node` (nested defaults only under chosen ones). */
function nestedDefaults(node: MenuNode): SelectedModifier[] {
  const modifiers: SelectedModifier[] = [];
  const visit = (parent: MenuNode) => {
    for (const group of parent.children) {
      if (!isGroupNode(group)) continue;
      for (const modifier of group.children) {
        const quantityDefault = modifier.itemConfigurations.defaultQuantity;
        if (quantityDefault > 0 && !modifier.isOutOfStock) {
          modifiers.push({ itemPathKey: modifier.itemPathKey, quantity: quantityDefault, portionId: null });
          visit(modifier);
        }
      }
    }
  };
  visit(node);
  return modifiers;
}

export interface PricedModifier {
  itemPathKey: string;
  title: string;
  quantity: number;
  portionId: number | null;
  /** The modifier's own price for one unit. */
  unitPriceCents: number;
  /** Units of this modifier covered by its group's included quantity. */
  includedQuantity: number;
  /** What this modifier adds to ONE unit of the item (nested modifiers have their own lines). */
  priceCents: number;
}

export interface ItemPricing {
  portionId: number | null;
  /** The item's own price at the chosen portion. */
  basePriceCents: number;
  /** Base plus modifiers, for one unit. */
  unitPriceCents: number;
  quantity: number;
  totalCents: number;
  /** In menu order; only modifiers that sit under the item's chosen path. */
  modifiers: PricedModifier[];
}

/** The price of a node at a portion: the requested portion, else the propagated one, else the default. */
export function nodePriceCents(
  node: MenuNode,
  portionId: number | null | undefined,
  propagatedPortionId: number | null = null,
): { cents: number; portionId: number | null } {
  const prices = node.priceAttribute?.prices ?? [];
  const pick =
    (portionId == null ? undefined : prices.find((p) => p.portionTypeId === portionId)) ??
    (propagatedPortionId === null
      ? undefined
      : prices.find((p) => p.portionTypeId === propagatedPortionId)) ??
    defaultPrice(node);
  return pick
    ? { cents: dollarsToCents(pick.price), portionId: pick.portionTypeId }
    : { cents: 0, portionId: null };
}

interface Chosen {
  node: MenuNode;
  quantity: number;
  unitCents: number;
  portionId: number | null;
  /** Position of the key's first occurrence in `selection.modifiers`: the order it was chosen in. */
  rank: number;
}

function priceChildren(
  node: MenuNode,
  selected: ReadonlyMap<string, SelectedModifier & { rank: number }>,
  portionId: number | null,
  multiplier: number,
  out: PricedModifier[],
): number {
  const propagated = node.priceAttribute?.propagatePortionSelection ? portionId : null;
  let total = 0;
  for (const group of node.children) {
    if (!isGroupNode(group)) continue;
    const chosen: Chosen[] = [];
    for (const modifier of group.children) {
      const selection = selected.get(modifier.itemPathKey);
      if (!selection || selection.quantity <= 0) continue;
      const price = nodePriceCents(modifier, selection.portionId, propagated);
      chosen.push({
        node: modifier,
        quantity: selection.quantity,
        unitCents: price.cents,
        portionId: price.portionId,
        rank: selection.rank,
      });
    }
    const free = new Map<string, number>();
    let remaining = group.selectionAttribute?.includedQty ?? 0;
    for (const c of [...chosen].sort((a, b) => a.rank - b.rank)) {
      const units = Math.min(remaining, c.quantity);
      free.set(c.node.itemPathKey, units);
      remaining -= units;
    }
    for (const c of chosen) {
      const includedQuantity = free.get(c.node.itemPathKey) ?? 0;
      const priceCents = (c.quantity - includedQuantity) * c.unitCents * multiplier;
      out.push({
        itemPathKey: c.node.itemPathKey,
        title: c.node.title,
        quantity: c.quantity,
        portionId: c.portionId,
        unitPriceCents: c.unitCents,
        includedQuantity,
        priceCents,
      });
      total += priceCents;
      total += priceChildren(c.node, selected, c.portionId, multiplier * c.quantity, out);
    }
  }
  return total;
}

/**
 * Prices one item with its selection, in integer cents: (item price at the portion + modifiers) x quantity.
 * Never fails: unknown or orphaned modifier keys are ignored (the validator reports them), a missing portion
 * falls back to the default price, an item without prices costs 0.
 */
export function priceItem(item: MenuNode, selection: ItemSelection): ItemPricing {
  const selected = new Map<string, SelectedModifier & { rank: number }>();
  selection.modifiers.forEach((m, rank) => {
    const existing = selected.get(m.itemPathKey);
    selected.set(
      m.itemPathKey,
      existing ? { ...m, quantity: existing.quantity + m.quantity, rank: existing.rank } : { ...m, rank },
    );
  });
  const base = nodePriceCents(item, selection.portionId);
  const modifiers: PricedModifier[] = [];
  const modifiersCents = priceChildren(item, selected, base.portionId, 1, modifiers);
  const quantity = Math.max(0, Math.trunc(selection.quantity));
  const unitPriceCents = base.cents + modifiersCents;
  return {
    portionId: base.portionId,
    basePriceCents: base.cents,
    unitPriceCents,
    quantity,
    totalCents: unitPriceCents * quantity,
    modifiers,
  };
}

// ---------------------------------------------------------------------------------------------------------
// What a choice costs now (the modifier tiles)

export interface ChoiceCost {
  /** Cents per unit of the item: what the choice adds now (chosen) or would add if chosen now (not chosen). */
  cents: number;
  /** The modifier has a price of its own and the group's included quantity covers it now: 'Included'. */
  isIncluded: boolean;
}

/**
 * What each modifier of `group` costs now, per unit of the item, by the same rule `priceItem` prices with (the
 * included units go to the choices in the order they were chosen; a choice not chosen yet would be chosen last),
 * so a tile never promises a price the total will not show:
 * - chosen: what its own units add now, the ones beyond those the included quantity covers (nested choices
 *   under it are tiles of their own);
 * - not chosen, in a radio group (choosing replaces the choice): the item's price with it (and its nested
 *   defaults) over the price with the group left empty, i.e. the option's own price, 0 while included;
 * - not chosen, in any other group: the item's price with one of it added (and its nested defaults) minus the
 *   price now, exactly the change of the live total. When the included units are all taken, that is its own
 *   price (with its nested defaults): it is chosen after every choice made, so it takes no included unit away.
 * Never fails: a group that is not under `item` gives an empty map.
 */
export function choiceCosts(
  item: MenuNode,
  selection: ItemSelection,
  group: MenuNode,
): Map<string, ChoiceCost> {
  const costs = new Map<string, ChoiceCost>();
  if (!isGroupNode(group)) return costs;
  const priceWith = (modifiers: readonly SelectedModifier[]) =>
    priceItem(item, { quantity: 1, portionId: selection.portionId, modifiers });
  const now = priceItem(item, { ...selection, quantity: 1 });
  const priced = new Map(now.modifiers.map((m) => [m.itemPathKey, m]));
  const chosenKeys = new Set(selection.modifiers.filter((m) => m.quantity > 0).map((m) => m.itemPathKey));
  const inGroup = (key: string) =>
    group.children.some((m) => key === m.itemPathKey || isDescendantKey(key, m.itemPathKey));
  const radio = isRadioGroup(group);
  // A radio choice is priced over the group left empty; anything else over the selection as it is.
  const base = radio ? selection.modifiers.filter((m) => !inGroup(m.itemPathKey)) : selection.modifiers;
  const baseCents = radio ? priceWith(base).unitPriceCents : now.unitPriceCents;
  for (const modifier of group.children) {
    const line = chosenKeys.has(modifier.itemPathKey) ? priced.get(modifier.itemPathKey) : undefined;
    if (line) {
      costs.set(modifier.itemPathKey, {
        cents: line.priceCents,
        isIncluded: line.priceCents === 0 && line.includedQuantity > 0 && line.unitPriceCents > 0,
      });
      continue;
    }
    const added: SelectedModifier = { itemPathKey: modifier.itemPathKey, quantity: 1, portionId: null };
    const after = priceWith([...base, added, ...nestedDefaults(modifier)]);
    const cents = after.unitPriceCents - baseCents;
    const own = after.modifiers.find((m) => m.itemPathKey === modifier.itemPathKey);
    costs.set(modifier.itemPathKey, {
      cents,
      isIncluded: cents === 0 && own !== undefined && own.unitPriceCents > 0 && own.includedQuantity > 0,
    });
  }
  return costs;
}

// ---------------------------------------------------------------------------------------------------------
// Selection validation

export const PORTION_REQUIRED_MESSAGE = 'Select a portion size';
export const GROUP_REQUIRED_MESSAGE = 'Select an option';

/** The hint under a group's title, or null when the group has no rule worth saying. */
export function groupHint(minQty: number, maxQty: number): string | null {
  if (minQty === 1 && maxQty === 1) return 'Select one option';
  if (minQty > 0 && maxQty > minQty) return `Select between ${minQty} and ${maxQty}`;
  // Not worded by the spec: an exact count above one.
  if (minQty > 1 && maxQty === minQty) return `Select ${minQty} options`;
  if (minQty === 0 && maxQty > 0) return `Select up to ${maxQty}`;
  if (minQty > 0 && maxQty === 0) return `Select at least ${minQty}`;
  return null;
}

/** '(n included in price)' or null. */
export function includedLabel(includedQty: number): string | null {
  return includedQty > 0 ? `(${includedQty} included in price)` : null;
}

/** '(up to n substitutions)' when the group limits swaps of its default choices, else null. */
export function substitutionLabel(maxSubstitutions: number | null | undefined): string | null {
  if (maxSubstitutions == null) return null;
  if (maxSubstitutions === 0) return '(no substitutions)';
  return `(up to ${maxSubstitutions} substitution${maxSubstitutions === 1 ? '' : 's'})`;
}

/** The group message when too many default choices were swapped. */
export const substitutionMessage = (maxSubstitutions: number) =>
  maxSubstitutions === 0
    ? 'The standard choices cannot be swapped'
    : `Swap at most ${maxSubstitutions} of the standard choices`;

/**
 * How many of a group's default choices were swapped for others: the default units taken away (each default
 * modifier's defaultQuantity beyond what is chosen of it) matched by units of the group's other choices, so taking
 * a default away without a replacement is no substitution, and neither is adding an extra without taking one away.
 */
export function substitutionCount(group: MenuNode, chosen: ReadonlyMap<string, number>): number {
  let removed = 0;
  let added = 0;
  for (const modifier of group.children) {
    const quantity = Math.max(0, chosen.get(modifier.itemPathKey) ?? 0);
    const standard = modifier.itemConfigurations.defaultQuantity;
    if (standard > 0) removed += Math.max(0, standard - quantity);
    else added += quantity;
  }
  return Math.min(removed, added);
}

/** 'Required' while nothing is chosen in a required group, '{n} Pending' while short of the minimum, else null. */
export function groupStatus(minQty: number, selectedQuantity: number): string | null {
  if (minQty <= 0 || selectedQuantity >= minQty) return null;
  return selectedQuantity === 0 ? 'Required' : `${minQty - selectedQuantity} Pending`;
}

/** Radio layout: exactly one choice. */
export function isRadioGroup(group: Pick<MenuNode, 'selectionAttribute'>): boolean {
  const s = group.selectionAttribute;
  return s !== null && s.minQty === 1 && s.maxQty === 1;
}

/** How many of one modifier may be chosen (maxQuantity 0 means 1). */
export function modifierMaxQuantity(modifier: Pick<MenuNode, 'itemConfigurations'>): number {
  return Math.max(1, modifier.itemConfigurations.maxQuantity);
}

export interface GroupState {
  itemPathKey: string;
  title: string;
  /** The modifier (or the item) the group belongs to. */
  parentKey: string;
  minQty: number;
  maxQty: number;
  includedQty: number;
  /** How many default choices may be swapped (null: any). */
  maxSubstitutions: number | null;
  selectedQuantity: number;
  isRadio: boolean;
  isRequired: boolean;
  hint: string | null;
  includedLabel: string | null;
  /** '(up to n substitutions)' or null. */
  substitutionLabel: string | null;
  status: string | null;
  isValid: boolean;
  message: string | null;
}

export interface SelectionIssue {
  itemPathKey: string;
  code: number;
  message: string;
}

export interface SelectionValidation {
  isValid: boolean;
  portion: { isRequired: boolean; isValid: boolean; message: string | null };
  /** The item's groups and, under chosen modifiers, their nested groups, in menu order. */
  groups: GroupState[];
  issues: SelectionIssue[];
}

/**
 * Checks a selection against the item's rules: item quantity 1-20 (21006/21007), portion required and known
 * (21009 'Select a portion size'), stock (21001), every modifier key known and under a chosen path (21002),
 * per-modifier max quantity (21007), each visible group's min/max (21006/21007, 'Select an option') and its
 * limit on swapped default choices (21008, substitution quantity exceeded).
 * Returns the state of every group for the form; `isValid` is false when any issue exists.
 */
export function validateSelection(item: MenuNode, selection: ItemSelection): SelectionValidation {
  const issues: SelectionIssue[] = [];
  const groups: GroupState[] = [];
  const issue = (itemPathKey: string, code: number, message: string) =>
    issues.push({ itemPathKey, code, message });

  if (item.isOutOfStock) issue(item.itemPathKey, ORDER_ERROR.ItemOutOfStock, `${item.title} is out of stock`);
  if (!Number.isInteger(selection.quantity) || selection.quantity < ITEM_QUANTITY_MIN) {
    issue(
      item.itemPathKey,
      ORDER_ERROR.MinItemQuantityNotMet,
      `Quantity must be at least ${ITEM_QUANTITY_MIN}`,
    );
  } else if (selection.quantity > ITEM_QUANTITY_MAX) {
    issue(
      item.itemPathKey,
      ORDER_ERROR.MaxItemQuantityExceeded,
      `Quantity must be at most ${ITEM_QUANTITY_MAX}`,
    );
  }

  const portionRequired = hasPortions(item);
  let portionMessage: string | null = null;
  if (portionRequired) {
    const price = item.priceAttribute?.prices.find(
      (p) => selection.portionId != null && p.portionTypeId === selection.portionId,
    );
    if (selection.portionId == null) {
      portionMessage = PORTION_REQUIRED_MESSAGE;
      issue(item.itemPathKey, ORDER_ERROR.ItemPortionMissing, PORTION_REQUIRED_MESSAGE);
    } else if (!price) {
      portionMessage = PORTION_REQUIRED_MESSAGE;
      issue(
        item.itemPathKey,
        ORDER_ERROR.ItemPortionMissing,
        `Portion ${selection.portionId} is not offered`,
      );
    } else if (price.isOutOfStock) {
      portionMessage = 'This portion size is not available';
      issue(item.itemPathKey, ORDER_ERROR.ItemOutOfStock, 'This portion size is not available');
    }
  }

  const selected = new Map<string, number>();
  for (const m of selection.modifiers) {
    selected.set(m.itemPathKey, (selected.get(m.itemPathKey) ?? 0) + m.quantity);
  }
  const reached = new Set<string>();

  const visit = (node: MenuNode) => {
    for (const group of node.children) {
      if (!isGroupNode(group)) continue;
      const rules = group.selectionAttribute ?? { minQty: 0, maxQty: 0, includedQty: 0 };
      let count = 0;
      for (const modifier of group.children) {
        const quantity = selected.get(modifier.itemPathKey);
        if (quantity === undefined) continue;
        reached.add(modifier.itemPathKey);
        if (quantity <= 0) continue;
        count += quantity;
        if (modifier.isOutOfStock) {
          issue(modifier.itemPathKey, ORDER_ERROR.ItemOutOfStock, `${modifier.title} is out of stock`);
        }
        const max = modifierMaxQuantity(modifier);
        if (quantity > max) {
          issue(
            modifier.itemPathKey,
            ORDER_ERROR.MaxItemQuantityExceeded,
            `Choose at most ${max} of ${modifier.title}`,
          );
        }
        visit(modifier);
      }
      const tooFew = count < rules.minQty;
      const tooMany = rules.maxQty > 0 && count > rules.maxQty;
      const maxSubstitutions = rules.maxSubstitutions ?? null;
      const tooManySwaps = maxSubstitutions !== null && substitutionCount(group, selected) > maxSubstitutions;
      let message: string | null = null;
      if (tooFew) {
        message = GROUP_REQUIRED_MESSAGE;
        issue(
          group.itemPathKey,
          ORDER_ERROR.MinItemQuantityNotMet,
          `${group.title}: ${GROUP_REQUIRED_MESSAGE}`,
        );
      } else if (tooMany) {
        message = `Select up to ${rules.maxQty}`;
        issue(
          group.itemPathKey,
          ORDER_ERROR.MaxItemQuantityExceeded,
          `${group.title}: select up to ${rules.maxQty}`,
        );
      } else if (tooManySwaps) {
        message = substitutionMessage(maxSubstitutions);
        issue(
          group.itemPathKey,
          ORDER_ERROR.SubstitutionQuantityExceeded,
          `${group.title}: ${substitutionMessage(maxSubstitutions).toLowerCase()}`,
        );
      }
      groups.push({
        itemPathKey: group.itemPathKey,
        title: group.displayAttribute?.itemTitle ?? group.title,
        parentKey: node.itemPathKey,
        minQty: rules.minQty,
        maxQty: rules.maxQty,
        includedQty: rules.includedQty,
        maxSubstitutions,
        selectedQuantity: count,
        isRadio: isRadioGroup(group),
        isRequired: rules.minQty > 0,
        hint: groupHint(rules.minQty, rules.maxQty),
        includedLabel: includedLabel(rules.includedQty),
        substitutionLabel: substitutionLabel(maxSubstitutions),
        status: groupStatus(rules.minQty, count),
        isValid: !tooFew && !tooMany && !tooManySwaps,
        message,
      });
    }
  };
  visit(item);

  for (const key of selected.keys()) {
    if (!reached.has(key)) issue(key, ORDER_ERROR.InvalidItem, `Invalid modifier ${key}`);
  }
  return {
    isValid: issues.length === 0,
    portion: { isRequired: portionRequired, isValid: portionMessage === null, message: portionMessage },
    groups,
    issues,
  };
}

/** The groups of one node only (the nested panel's Confirm needs these valid). */
export function groupsOf(validation: SelectionValidation, parentKey: string): GroupState[] {
  return validation.groups.filter((g) => g.parentKey === parentKey);
}

/** A modifier key's group key and parent modifier/item key. */
export function modifierParents(modifierKey: string): { groupKey: string | null; ownerKey: string | null } {
  const groupKey = parentItemPathKey(modifierKey);
  return { groupKey, ownerKey: groupKey === null ? null : parentItemPathKey(groupKey) };
}

// ---------------------------------------------------------------------------------------------------------
// Order totals

/** Default sales tax: 10% (Washington, DC restaurant meals), in basis points. */
export const DEFAULT_SALES_TAX_BASIS_POINTS = 1000;

export interface OrderTotalsInput {
  lineTotalsCents: readonly number[];
  discountCents?: number;
  serviceChargeCents?: number;
  taxRateBasisPoints: number;
  tipCents?: number;
  paidCents?: number;
  /** Delivery orders: the zone's fee (taxed like a service charge) and the driver's tip (not taxed). */
  deliveryFeeCents?: number;
  driverTipCents?: number;
}

export interface OrderTotalsCents {
  subtotalCents: number;
  discountCents: number;
  serviceChargeCents: number;
  salesTaxCents: number;
  tipCents: number;
  totalCents: number;
  dueCents: number;
}

/**
 * Order totals in cents: subtotal = sum of lines; tax on (subtotal - discount + service charge + delivery fee),
 * rounded half up at the cent; total = taxable + tax + driver tip + tip; due = total - paid, never below 0.
 * Tips are not taxed. As the spec's API does, the service charge reported includes the delivery fee and the
 * driver tip (checkout spec section 9: 'delivery service charge shown = service charge - delivery fee - tip').
 */
export function computeOrderTotals(input: OrderTotalsInput): OrderTotalsCents {
  const subtotalCents = input.lineTotalsCents.reduce((sum, cents) => sum + cents, 0);
  const discountCents = Math.min(input.discountCents ?? 0, subtotalCents);
  const deliveryFeeCents = input.deliveryFeeCents ?? 0;
  const driverTipCents = input.driverTipCents ?? 0;
  const serviceChargeCents = (input.serviceChargeCents ?? 0) + deliveryFeeCents + driverTipCents;
  const tipCents = input.tipCents ?? 0;
  const taxable = Math.max(0, subtotalCents - discountCents + serviceChargeCents - driverTipCents);
  const salesTaxCents = Math.floor((taxable * input.taxRateBasisPoints + 5000) / 10000);
  const totalCents = taxable + salesTaxCents + driverTipCents + tipCents;
  return {
    subtotalCents,
    discountCents,
    serviceChargeCents,
    salesTaxCents,
    tipCents,
    totalCents,
    dueCents: Math.max(0, totalCents - (input.paidCents ?? 0)),
  };
}

/**
 * The totals rows as checkout, payment, confirmation and tracking show them (checkout spec section 9): rows only
 * when nonzero; for delivery, the delivery fee and the driver tip on their own rows and the 'Service Charge' row
 * as service charge - delivery fee - driver tip. Our total already includes every tip, so the displayed total
 * is the total (the spec's 'total plus tip' reads a total without the tip).
 */
export function totalsRows(totals: {
  subtotal: number;
  discount: number;
  serviceCharge: number;
  salesTax: number;
  tip: number;
  total: number;
  deliveryFee?: number | null | undefined;
  driverTip?: number | null | undefined;
}): { rows: { label: string; dollars: number }[]; total: { label: string; dollars: number } } {
  const fee = totals.deliveryFee ?? 0;
  const driverTip = totals.driverTip ?? 0;
  const cents = (d: number) => Math.round(d * 100);
  const serviceCharge = (cents(totals.serviceCharge) - cents(fee) - cents(driverTip)) / 100;
  const rows = [
    { label: 'Item Total', dollars: totals.subtotal },
    { label: 'Discounts', dollars: -Math.abs(totals.discount) },
    { label: 'Delivery Fee', dollars: fee },
    { label: 'Service Charge', dollars: serviceCharge },
    { label: 'Tax', dollars: totals.salesTax },
    { label: 'Driver Tip', dollars: driverTip },
    { label: 'Tip', dollars: totals.tip },
  ].filter((row) => cents(row.dollars) !== 0);
  return { rows, total: { label: 'Total', dollars: totals.total } };
}
