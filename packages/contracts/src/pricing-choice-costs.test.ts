import { describe, expect, it } from 'vitest';
import { ITEM_TYPE } from './enums';
import type { ItemPrice, MenuNode } from './menu';
import { menuNode as node } from './menu.fixtures';
import { isGroupNode } from './menu-tree';
import {
  choiceCosts,
  defaultSelection,
  isRadioGroup,
  modifierMaxQuantity,
  priceItem,
  type ItemSelection,
  type SelectedModifier,
} from './pricing';

/**
 * The modifier tiles' 'Included' / '+$x.xx' (issue 24, point 4): what a tile says choosing it costs must be what
 * the live total does when the guest chooses it. Checked over every reachable selection of the demo menu's groups
 * with included quantities and prices (apps/api/src/db/seed/menus.ts: the burgers' Toppings, 2 included; the
 * bowl's Toppings, 3 included; the fries' Dips, 1 included), its priced radio groups and a combo with portions
 * propagated to its drinks and a nested sauce.
 */

type ModifierDef = [id: number, title: string, dollars: number, extra?: Partial<MenuNode>];

const prices = (dollars: number): MenuNode['priceAttribute'] => ({
  priceType: 'BasePrice',
  prices: [{ portionTypeId: null, price: dollars, default: true, isOutOfStock: false }],
  propagatePortionSelection: false,
});

function group(
  parentKey: string,
  id: number,
  title: string,
  rules: { min: number; max: number; included?: number },
  mods: ModifierDef[],
): MenuNode {
  const key = `${parentKey}-${id}`;
  return node({
    itemPathKey: key,
    title,
    itemType: ITEM_TYPE.Group,
    selectionAttribute: { minQty: rules.min, maxQty: rules.max, includedQty: rules.included ?? 0 },
    children: mods.map(([modId, modTitle, dollars, extra]) =>
      node({
        itemPathKey: `${key}-${modId}`,
        title: modTitle,
        itemType: ITEM_TYPE.Modifier,
        priceAttribute: prices(dollars),
        ...extra,
        // Nested groups are given as builders of the modifier's key.
        children: [],
      }),
    ),
  });
}

const qty = (maxQuantity: number, defaultQuantity = 0) => ({
  itemConfigurations: { displayOrder: 0, maxQuantity, defaultQuantity },
});

function item(key: string, title: string, dollars: number, groups: ((key: string) => MenuNode)[]): MenuNode {
  return node({
    itemPathKey: key,
    title,
    priceAttribute: prices(dollars),
    children: groups.map((g) => g(key)),
  });
}

const cheese = (k: string) =>
  group(k, 910, 'Cheese', { min: 1, max: 1 }, [
    [9101, 'American', 0, qty(1, 1)],
    [9102, 'Sharp cheddar', 0],
    [9103, 'Swiss', 0.5],
    [9104, 'Pepper jack', 0.5],
    [9105, 'No cheese', 0],
  ]);
const burgerToppings = (k: string) =>
  group(k, 911, 'Toppings', { min: 0, max: 5, included: 2 }, [
    [9111, 'Lettuce', 0.3],
    [9112, 'Tomato', 0.3],
    [9113, 'Grilled onion', 0.3],
    [9114, 'Mushrooms', 0.75],
    [9115, 'Bacon', 1.99, qty(2)],
    [9116, 'Avocado', 1.5],
    [9117, 'Fried egg', 1.25],
    [9118, 'Jalapeños', 0.5, { isOutOfStock: true }],
  ]);
const classicBurger = item('1-10-101', 'Classic Burger', 9.49, [cheese, burgerToppings]);

const bowl = item('1-12-120', 'Build-Your-Own Bowl', 11.49, [
  (k) =>
    group(k, 962, 'Toppings', { min: 0, max: 6, included: 3 }, [
      [9621, 'Roasted corn', 0.5],
      [9622, 'Cucumber', 0.5],
      [9623, 'Pico de gallo', 0.5],
      [9624, 'Broccoli', 0.5],
      [9625, 'Soft egg', 1],
      [9626, 'Avocado', 1.5],
    ]),
  (k) =>
    group(k, 961, 'Protein', { min: 1, max: 2 }, [
      [9611, 'Grilled chicken', 0],
      [9612, 'Steak', 2],
      [9613, 'Crispy tofu', 0],
      [9614, 'Salmon', 3],
    ]),
]);

const fries = item('1-30-301', 'Fries', 3.99, [
  (k) =>
    group(k, 971, 'Dips', { min: 0, max: 3, included: 1 }, [
      [9711, 'Ketchup', 0],
      [9712, 'Ranch', 0.5],
      [9713, 'Chipotle mayo', 0.5],
    ]),
]);

/** The combo: portions propagated to the drinks (Large costs more), a side whose sauce is a nested group. */
function combo(): MenuNode {
  const portion = (portionTypeId: number, price: number, isDefault: boolean): ItemPrice => ({
    portionTypeId,
    price,
    default: isDefault,
    isOutOfStock: false,
  });
  const root = node({
    itemPathKey: '1-10-106',
    title: 'Burger Combo',
    priceAttribute: {
      priceType: 'Portions',
      prices: [portion(2, 14.99, true), portion(3, 16.99, false)],
      propagatePortionSelection: true,
    },
  });
  const side = group(root.itemPathKey, 951, 'Choose a side', { min: 1, max: 1 }, [
    [9511, 'Fries', 0],
    [9512, 'Onion rings', 1],
  ]);
  for (const modifier of side.children) {
    modifier.children = [
      group(modifier.itemPathKey, 952, 'Dipping sauce', { min: 1, max: 1 }, [
        [9521, 'Ketchup', 0, qty(1, 1)],
        [9522, 'Chipotle mayo', 0.5],
        [9523, 'Truffle aioli', 0.75],
      ]),
    ];
    modifier.lastNode = false;
  }
  const drink = group(root.itemPathKey, 954, 'Choose a drink', { min: 1, max: 1 }, [
    [9541, 'Fountain soda', 0],
    [9542, 'Fresh lemonade', 0],
  ]);
  const [soda, lemonade] = drink.children;
  if (soda)
    soda.priceAttribute = {
      priceType: 'Portions',
      propagatePortionSelection: false,
      prices: [portion(2, 0, true), portion(3, 0.5, false)],
    };
  if (lemonade)
    lemonade.priceAttribute = {
      priceType: 'Portions',
      propagatePortionSelection: false,
      prices: [portion(2, 1, true), portion(3, 1.5, false)],
    };
  root.children = [side, drink];
  root.lastNode = false;
  return root;
}

const add = (modifiers: readonly SelectedModifier[], key: string, quantity = 1): SelectedModifier[] => {
  const existing = modifiers.find((m) => m.itemPathKey === key);
  return existing
    ? modifiers.map((m) => (m.itemPathKey === key ? { ...m, quantity: m.quantity + quantity } : m))
    : [...modifiers, { itemPathKey: key, quantity }];
};

/** Every selection of a checkbox group within its max (each modifier 0..its maxQuantity), others untouched. */
function groupSelections(groupNode: MenuNode, base: readonly SelectedModifier[]): SelectedModifier[][] {
  const max = groupNode.selectionAttribute?.maxQty ?? 0;
  let out: SelectedModifier[][] = [[...base]];
  for (const modifier of groupNode.children) {
    if (modifier.isOutOfStock) continue;
    const next: SelectedModifier[][] = [];
    for (const selection of out) {
      const count = selection
        .filter((m) => groupNode.children.some((c) => c.itemPathKey === m.itemPathKey))
        .reduce((sum, m) => sum + m.quantity, 0);
      for (let q = 0; q <= modifierMaxQuantity(modifier) && (max === 0 || count + q <= max); q++)
        next.push(q === 0 ? selection : add(selection, modifier.itemPathKey, q));
    }
    out = next;
  }
  return out;
}

const unit = (menuItem: MenuNode, selection: ItemSelection) =>
  priceItem(menuItem, { ...selection, quantity: 1 }).unitPriceCents;

const money = (cents: number) => (cents / 100).toFixed(2);

describe('choiceCosts: a tile says what choosing it does to the live price', () => {
  const checkboxCases: [string, MenuNode, string][] = [
    ['Classic Burger toppings (2 included)', classicBurger, '1-10-101-911'],
    ['bowl toppings (3 included)', bowl, '1-12-120-962'],
    ['bowl proteins (1 to 2, priced)', bowl, '1-12-120-961'],
    ['fries dips (1 included, a free ketchup)', fries, '1-30-301-971'],
  ];
  it.each(checkboxCases)(
    '%s: for every reachable selection, ticking an unticked tile changes the unit price by its cost',
    (_, menuItem, groupKey) => {
      const groupNode = menuItem.children.find((g) => g.itemPathKey === groupKey);
      if (!groupNode) throw new Error(`no group ${groupKey}`);
      const defaults = defaultSelection(menuItem);
      let checked = 0;
      for (const modifiers of groupSelections(groupNode, defaults.modifiers)) {
        const selection = { ...defaults, modifiers };
        const costs = choiceCosts(menuItem, selection, groupNode);
        const max = groupNode.selectionAttribute?.maxQty ?? 0;
        const count = modifiers
          .filter((m) => groupNode.children.some((c) => c.itemPathKey === m.itemPathKey))
          .reduce((sum, m) => sum + m.quantity, 0);
        for (const modifier of groupNode.children) {
          const cost = costs.get(modifier.itemPathKey);
          if (!cost) throw new Error(`no cost for ${modifier.title}`);
          const chosen = modifiers.some((m) => m.itemPathKey === modifier.itemPathKey);
          if (chosen || modifier.isOutOfStock || (max > 0 && count >= max)) continue;
          const after = unit(menuItem, { ...selection, modifiers: add(modifiers, modifier.itemPathKey) });
          expect(money(cost.cents), `${modifier.title} after ${JSON.stringify(modifiers)}`).toBe(
            money(after - unit(menuItem, selection)),
          );
          expect(cost.isIncluded).toBe(
            cost.cents === 0 && (modifier.priceAttribute?.prices[0]?.price ?? 0) > 0,
          );
          checked++;
        }
      }
      expect(checked).toBeGreaterThan(10);
    },
  );

  it('ticked tiles add up to the modifiers part of the unit price, each one its own charged units', () => {
    const groupNode = classicBurger.children[1];
    if (!groupNode) throw new Error('no toppings');
    const defaults = defaultSelection(classicBurger);
    for (const modifiers of groupSelections(groupNode, defaults.modifiers)) {
      const selection = { ...defaults, modifiers };
      const costs = choiceCosts(classicBurger, selection, groupNode);
      const chosenSum = modifiers
        .filter((m) => groupNode.children.some((c) => c.itemPathKey === m.itemPathKey))
        .reduce((sum, m) => sum + (costs.get(m.itemPathKey)?.cents ?? Number.NaN), 0);
      expect(chosenSum).toBe(unit(classicBurger, selection) - 949);
    }
  });

  it("Classic Burger: 'Included' while the first two are free, then what the next one really adds", () => {
    const toppings = classicBurger.children[1];
    if (!toppings) throw new Error('no toppings');
    const key = (id: number) => `1-10-101-911-${id}`;
    const label = (modifiers: SelectedModifier[], id: number) => {
      const cost = choiceCosts(classicBurger, { quantity: 1, portionId: null, modifiers }, toppings).get(
        key(id),
      );
      return cost?.isIncluded ? 'Included' : `+${money(cost?.cents ?? Number.NaN)}`;
    };
    const cheese = { itemPathKey: '1-10-101-910-9101', quantity: 1 };
    // Nothing yet: Bacon would be free (the issue saw '+$1.99' here)
    expect(label([cheese], 9115)).toBe('Included');
    const withBacon = [cheese, { itemPathKey: key(9115), quantity: 1 }];
    expect(label(withBacon, 9115)).toBe('Included');
    expect(label(withBacon, 9116)).toBe('Included');
    const lettuceTomato = [
      cheese,
      { itemPathKey: key(9111), quantity: 1 },
      { itemPathKey: key(9112), quantity: 1 },
    ];
    // Both included units taken by the 0.30 ones: the next costs its own price
    expect(label(lettuceTomato, 9111)).toBe('Included');
    expect(label(lettuceTomato, 9115)).toBe('+1.99');
    expect(label(lettuceTomato, 9113)).toBe('+0.30');
    // Bacon and Lettuce took the included units (chosen first): a Tomato ticked now costs its own 0.30 and
    // Bacon stays included (the issue saw '+$1.99' here)
    const baconLettuce = [...withBacon, { itemPathKey: key(9111), quantity: 1 }];
    expect(label(baconLettuce, 9112)).toBe('+0.30');
    expect(label(baconLettuce, 9115)).toBe('Included');
    expect(label([...baconLettuce, { itemPathKey: key(9112), quantity: 1 }], 9112)).toBe('+0.30');
  });

  it('Classic Burger: Lettuce and Bacon ticked (2 included), a Tomato reads +$0.30 and the total grows by that', () => {
    const toppings = classicBurger.children[1];
    if (!toppings) throw new Error('no toppings');
    const key = (id: number) => `1-10-101-911-${id}`;
    const cheese = { itemPathKey: '1-10-101-910-9101', quantity: 1 };
    const lettuceBacon = [
      cheese,
      { itemPathKey: key(9111), quantity: 1 },
      { itemPathKey: key(9115), quantity: 1 },
    ];
    const selection = { quantity: 1, portionId: null, modifiers: lettuceBacon };
    const costs = choiceCosts(classicBurger, selection, toppings);
    expect(costs.get(key(9111))).toEqual({ cents: 0, isIncluded: true });
    expect(costs.get(key(9115))).toEqual({ cents: 0, isIncluded: true });
    expect(costs.get(key(9112))).toEqual({ cents: 30, isIncluded: false });
    expect(costs.get(key(9116))).toEqual({ cents: 150, isIncluded: false });
    const withTomato = [...lettuceBacon, { itemPathKey: key(9112), quantity: 1 }];
    expect(
      unit(classicBurger, { ...selection, modifiers: withTomato }) - unit(classicBurger, selection),
    ).toBe(30);
    // Ticked the other way round (Tomato first, then Lettuce, then Bacon): Bacon is the one charged
    const reordered = [
      cheese,
      { itemPathKey: key(9112), quantity: 1 },
      { itemPathKey: key(9111), quantity: 1 },
      { itemPathKey: key(9115), quantity: 1 },
    ];
    expect(
      choiceCosts(classicBurger, { ...selection, modifiers: reordered }, toppings).get(key(9115)),
    ).toEqual({
      cents: 199,
      isIncluded: false,
    });
  });

  it('radio groups: each option is priced over the group left empty, so switching changes the price by the difference', () => {
    for (const menuItem of [classicBurger, combo()]) {
      const defaults = defaultSelection(menuItem);
      const portions = menuItem.priceAttribute?.prices.map((p) => p.portionTypeId) ?? [null];
      for (const portionId of portions) {
        const visit = (owner: MenuNode, modifiers: readonly SelectedModifier[]) => {
          for (const groupNode of owner.children.filter(isGroupNode).filter(isRadioGroup)) {
            const selection = { quantity: 1, portionId, modifiers };
            const costs = choiceCosts(menuItem, selection, groupNode);
            const current = groupNode.children.find((m) =>
              modifiers.some((s) => s.itemPathKey === m.itemPathKey),
            );
            const currentCents = current ? (costs.get(current.itemPathKey)?.cents ?? Number.NaN) : 0;
            for (const modifier of groupNode.children) {
              if (modifier === current) continue;
              const inGroup = (k: string) => groupNode.children.some((c) => k.startsWith(c.itemPathKey));
              const replaced = [
                ...modifiers.filter((m) => !inGroup(m.itemPathKey)),
                { itemPathKey: modifier.itemPathKey, quantity: 1 },
                ...defaultsUnder(modifier),
              ];
              const change =
                unit(menuItem, { ...selection, modifiers: replaced }) - unit(menuItem, selection);
              expect(money((costs.get(modifier.itemPathKey)?.cents ?? Number.NaN) - currentCents)).toBe(
                money(change),
              );
              // Under the newly chosen modifier its own groups are priced the same way
              visit(modifier, replaced);
            }
          }
        };
        visit(menuItem, defaults.modifiers);
      }
    }
  });

  it('Burger Combo (Large): a drink tile shows its Large price', () => {
    const menuItem = combo();
    const drinks = menuItem.children[1];
    if (!drinks) throw new Error('no drinks');
    const costs = choiceCosts(menuItem, { quantity: 1, portionId: 3, modifiers: [] }, drinks);
    expect([...costs.values()].map((c) => c.cents)).toEqual([50, 150]);
  });
});

function defaultsUnder(modifier: MenuNode): readonly SelectedModifier[] {
  return defaultSelection({ ...modifier, priceAttribute: null }).modifiers;
}
