import { describe, expect, it } from 'vitest';
import { ITEM_TYPE } from '@storefront/contracts/enums';
import type { MenuNode } from '@storefront/contracts/menu';
import { menuNode } from '@storefront/contracts/menu.fixtures';
import { validateSelection, type SelectedModifier } from '@storefront/contracts/pricing';
import { firstMissingChoice } from './missing-choice';

const price = (dollars: number): MenuNode['priceAttribute'] => ({
  priceType: 'BasePrice',
  prices: [{ portionTypeId: null, price: dollars, default: true, isOutOfStock: false }],
  propagatePortionSelection: false,
});
const modifier = (key: string, title: string, children: MenuNode[] = []) =>
  menuNode({ itemPathKey: key, title, itemType: ITEM_TYPE.Modifier, priceAttribute: price(0), children });
const group = (key: string, title: string, minQty: number, maxQty: number, children: MenuNode[]) =>
  menuNode({
    itemPathKey: key,
    title,
    itemType: ITEM_TYPE.Group,
    selectionAttribute: { minQty, maxQty, includedQty: 0 },
    children,
  });

/** A bowl: a size, Base (one), Protein (1 to 2), a side whose dressing is a nested required choice. */
const bowl = menuNode({
  itemPathKey: '1-20-201',
  title: 'Build-Your-Own Bowl',
  priceAttribute: {
    priceType: 'Portions',
    prices: [
      { portionTypeId: 2, price: 11.49, default: true, isOutOfStock: false },
      { portionTypeId: 3, price: 13.99, default: false, isOutOfStock: false },
    ],
    propagatePortionSelection: false,
  },
  children: [
    group('1-20-201-960', 'Base', 1, 1, [modifier('1-20-201-960-9601', 'White rice')]),
    group('1-20-201-961', 'Protein', 1, 2, [modifier('1-20-201-961-9611', 'Grilled chicken')]),
    group('1-20-201-962', 'Side', 0, 1, [
      modifier('1-20-201-962-9621', 'Side salad', [
        group('1-20-201-962-9621-930', 'Dressing', 1, 1, [modifier('1-20-201-962-9621-930-9301', 'Ranch')]),
      ]),
    ]),
  ],
});

const sel = (...keys: string[]): SelectedModifier[] =>
  keys.map((itemPathKey) => ({ itemPathKey, quantity: 1 }));
const missing = (portionId: number | null, modifiers: SelectedModifier[], item = bowl) =>
  firstMissingChoice(item, validateSelection(item, { quantity: 1, portionId, modifiers }));

describe('firstMissingChoice: where the grey Add to Order points, in reading order', () => {
  it('the size first, in the spec words', () => {
    expect(missing(null, [])).toEqual({ target: { kind: 'portion' }, text: 'Size: Select a portion size' });
  });

  it("then each required group in menu order, with its status and hint ('Required. Select one option')", () => {
    expect(missing(2, [])).toEqual({
      target: { kind: 'group', groupKey: '1-20-201-960' },
      text: 'Base: Required. Select one option',
    });
    expect(missing(2, sel('1-20-201-960-9601'))).toEqual({
      target: { kind: 'group', groupKey: '1-20-201-961' },
      text: 'Protein: Required. Select between 1 and 2',
    });
  });

  it('a nested group through the group that holds its modifier, naming the modifier', () => {
    expect(missing(2, sel('1-20-201-960-9601', '1-20-201-961-9611', '1-20-201-962-9621'))).toEqual({
      target: { kind: 'group', groupKey: '1-20-201-962' },
      text: 'Side salad, Dressing: Required. Select one option',
    });
  });

  it('an item out of stock has nothing to choose: only the words say why', () => {
    expect(missing(2, [], { ...bowl, isOutOfStock: true })).toEqual({
      target: null,
      text: 'Build-Your-Own Bowl is not available',
    });
  });
});
