/**
 * Price agreement (issue 3, beyond the spec): the item page shows the shared pricing function's total at once and
 * reconciles with the pricing route; the two must agree on every demo item. This walks every item of the demo
 * menus (main, catering, the food hall's other brands) and the selections the item page can reach with its own
 * moves (apps/web/features/item/item-selection.ts): the defaults, every portion, every modifier chosen or
 * unchosen (nested ones after choosing their parents), every modifier at its largest quantity, and random move
 * sequences (fast-check). Each selection is priced locally and sent as the page sends it (the changes from the
 * defaults), and the totals, unit prices and validity must be equal.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CompactMenuResponseSchema, isGroupNode, type MenuNode } from '@storefront/contracts/menu';
import { dollarsToCents } from '@storefront/contracts/money';
import type { ItemPricingValue } from '@storefront/contracts/orders';
import { defaultSelection, isRadioGroup, priceItem, validateSelection } from '@storefront/contracts/pricing';
import {
  chooseRadio,
  fromSelectedModifiers,
  modifierLimit,
  selectionChanges,
  setModifierQuantity,
  toSelectedModifiers,
  toggleCheckbox,
  type ModifierQuantities,
} from '../../../../web/features/item/item-selection';
import { DEMO_LOCATIONS } from '../../db/seed/locations';
import { createTestContext, dbKinds, type TestContext } from '../../test/harness';

interface Choice {
  quantities: ModifierQuantities;
  portionId: number | null;
  quantity: number;
}

/** Groups the guest can see now: the item's, and those of every chosen modifier (the nested panels). */
function visibleGroups(item: MenuNode, quantities: ModifierQuantities): MenuNode[] {
  const out: MenuNode[] = [];
  const visit = (owner: MenuNode) => {
    for (const group of owner.children) {
      if (!isGroupNode(group)) continue;
      out.push(group);
      for (const modifier of group.children) if ((quantities[modifier.itemPathKey] ?? 0) > 0) visit(modifier);
    }
  };
  visit(item);
  return out;
}

/** Every group of the item with the chain of (group, modifier) choices that opens it. */
function allGroups(item: MenuNode): { group: MenuNode; path: [MenuNode, MenuNode][] }[] {
  const out: { group: MenuNode; path: [MenuNode, MenuNode][] }[] = [];
  const visit = (owner: MenuNode, path: [MenuNode, MenuNode][]) => {
    for (const group of owner.children) {
      if (!isGroupNode(group)) continue;
      out.push({ group, path });
      for (const modifier of group.children) visit(modifier, [...path, [group, modifier]]);
    }
  };
  visit(item, []);
  return out;
}

/** The item page's click on a modifier: radio groups replace the choice, checkboxes toggle. */
function click(quantities: ModifierQuantities, group: MenuNode, modifier: MenuNode): ModifierQuantities {
  if (isRadioGroup(group)) return chooseRadio(quantities, group, modifier);
  return toggleCheckbox(quantities, group, modifier, (quantities[modifier.itemPathKey] ?? 0) === 0);
}

function choose(quantities: ModifierQuantities, group: MenuNode, modifier: MenuNode): ModifierQuantities {
  return (quantities[modifier.itemPathKey] ?? 0) > 0 ? quantities : click(quantities, group, modifier);
}

/** The selections of one item reached by the walk (before the random ones). */
function walkedChoices(item: MenuNode): Choice[] {
  const defaults = defaultSelection(item);
  const base = fromSelectedModifiers(defaults.modifiers);
  const portionId = defaults.portionId ?? null;
  const choices: Choice[] = [
    { quantities: base, portionId, quantity: 1 },
    { quantities: base, portionId, quantity: 3 },
    { quantities: base, portionId: null, quantity: 1 },
  ];
  for (const price of item.priceAttribute?.prices ?? []) {
    if (price.portionTypeId !== null)
      choices.push({ quantities: base, portionId: price.portionTypeId, quantity: 2 });
  }
  for (const { group, path } of allGroups(item)) {
    let opened = base;
    for (const [g, m] of path) opened = choose(opened, g, m);
    for (const modifier of group.children) {
      const clicked = click(opened, group, modifier);
      choices.push({ quantities: clicked, portionId, quantity: 1 });
      const most = setModifierQuantity(clicked, group, modifier, modifierLimit(clicked, group, modifier));
      choices.push({ quantities: most, portionId, quantity: 2 });
      for (const price of modifier.priceAttribute?.prices ?? []) {
        if (price.portionTypeId !== null)
          choices.push({ quantities: most, portionId: price.portionTypeId, quantity: 1 });
      }
    }
  }
  return choices;
}

/** A random session on the item page: a portion, a quantity and a few moves on the visible groups. */
function randomChoice(item: MenuNode) {
  const portions = [null, ...(item.priceAttribute?.prices ?? []).map((p) => p.portionTypeId)];
  const move = fc.record({
    group: fc.nat(),
    modifier: fc.nat(),
    kind: fc.constantFrom('click', 'most', 'set'),
    amount: fc.integer({ min: 0, max: 4 }),
  });
  return fc
    .record({
      portion: fc.constantFrom(...portions),
      quantity: fc.integer({ min: 1, max: 20 }),
      moves: fc.array(move, { maxLength: 10 }),
    })
    .map(({ portion, quantity, moves }): Choice => {
      let quantities = fromSelectedModifiers(defaultSelection(item).modifiers);
      for (const m of moves) {
        const groups = visibleGroups(item, quantities);
        const group = groups[m.group % Math.max(1, groups.length)];
        const modifier = group?.children[m.modifier % Math.max(1, group.children.length)];
        if (!group || !modifier) continue;
        if (m.kind === 'click') quantities = click(quantities, group, modifier);
        else if (m.kind === 'most')
          quantities = setModifierQuantity(
            quantities,
            group,
            modifier,
            modifierLimit(quantities, group, modifier),
          );
        else quantities = setModifierQuantity(quantities, group, modifier, m.amount);
      }
      return { quantities, portionId: portion ?? null, quantity };
    });
}

describe.each(await dbKinds())('item page price and pricing route agree on %s', (kind) => {
  let ctx: TestContext;
  let token: string;
  const auth = () => ({ authorization: `Bearer ${token}` });

  beforeAll(async () => {
    ctx = await createTestContext(kind);
    token = await ctx.token();
  });
  afterAll(() => ctx.close());

  async function menuItems(locationId: number, catering: boolean) {
    const res = await ctx.app.inject({
      method: 'GET',
      url: `/v1/sales/menus?locationId=${locationId}&includeOutOfStock=true&catering=${catering}`,
      headers: { ...auth(), prefer: 'return=compact' },
    });
    expect(res.statusCode).toBe(200);
    const menu = CompactMenuResponseSchema.parse(res.json()).value;
    return menu.categories.flatMap((c) => c.children).map((node) => ({ snapshotId: menu.snapshotId, node }));
  }

  /** The item as the item page loads it (descendants, out-of-stock included). */
  async function itemTree(snapshotId: number, itemPathKey: string): Promise<MenuNode> {
    const res = await ctx.app.inject({
      method: 'GET',
      url: `/v1/sales/menus/${snapshotId}/items/${itemPathKey}/descendants?includeOutOfStock=true`,
      headers: auth(),
    });
    expect(res.statusCode).toBe(200);
    return res.json<{ value: MenuNode }>().value;
  }

  async function expectAgreement(snapshotId: number, item: MenuNode, choice: Choice) {
    const base = fromSelectedModifiers(defaultSelection(item).modifiers);
    const selection = {
      quantity: choice.quantity,
      portionId: choice.portionId,
      modifiers: toSelectedModifiers(choice.quantities),
    };
    const local = priceItem(item, selection);
    const res = await ctx.app.inject({
      method: 'POST',
      url: `/v1/sales/menus/${snapshotId}/items/${item.itemPathKey}/pricings`,
      headers: auth(),
      payload: {
        quantity: choice.quantity,
        portionId: choice.portionId,
        sequenceOfChanges: selectionChanges(base, choice.quantities),
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    const server = res.json<{ value: ItemPricingValue }>().value;
    const context = `${item.title} (${item.itemPathKey}) ${JSON.stringify(choice)}`;
    expect(dollarsToCents(server.total), context).toBe(local.totalCents);
    expect(dollarsToCents(server.unitPrice), context).toBe(local.unitPriceCents);
    expect(server.isValid, context).toBe(validateSelection(item, selection).isValid);
  }

  it('agrees on every demo item for the defaults, each portion and each modifier chosen or unchosen', async () => {
    const entries = [
      ...(await menuItems(DEMO_LOCATIONS.open, false)),
      ...(await menuItems(DEMO_LOCATIONS.open, true)),
      ...(await menuItems(DEMO_LOCATIONS.foodHall, false)),
    ];
    const seen = new Set<string>();
    let checked = 0;
    let withModifiers = 0;
    for (const { snapshotId, node } of entries) {
      if (seen.has(node.itemPathKey)) continue;
      seen.add(node.itemPathKey);
      const item = await itemTree(snapshotId, node.itemPathKey);
      if (item.children.some(isGroupNode)) withModifiers += 1;
      for (const choice of walkedChoices(item)) {
        await expectAgreement(snapshotId, item, choice);
        checked += 1;
      }
    }
    expect(seen.size).toBeGreaterThan(30);
    expect(withModifiers).toBeGreaterThan(5);
    expect(checked).toBeGreaterThan(seen.size * 3);
  });

  it('agrees on random selections made with the item page moves', async () => {
    const entries = (await menuItems(DEMO_LOCATIONS.open, false)).filter(
      ({ node }) => !node.lastNode || (node.priceAttribute?.prices.length ?? 0) > 1,
    );
    expect(entries.length).toBeGreaterThan(5);
    for (const { snapshotId, node } of entries) {
      const item = await itemTree(snapshotId, node.itemPathKey);
      await fc.assert(
        fc.asyncProperty(randomChoice(item), (choice) => expectAgreement(snapshotId, item, choice)),
        { numRuns: 25, seed: 20261122 },
      );
    }
  });
});
