import { describe, expect, it } from 'vitest';
import { ITEM_TYPE, type PriceDisplay } from './enums';
import type { MenuNode } from './menu';
import { menuNode as node } from './menu.fixtures';
import { cardPrice, rollupPriceCents } from './menu-display';

const display = (baseItemsPriceDisplay: PriceDisplay) => ({
  itemTitle: 'x',
  shortDescription: null,
  description: null,
  imageFileId: null,
  hidden: false,
  webOrderingLayout: 1 as const,
  baseItemsPriceDisplay,
});

const base = (price: number) => ({
  priceType: 'BasePrice' as const,
  prices: [{ portionTypeId: null, price, default: true, isOutOfStock: false }],
  propagatePortionSelection: false,
});

const portions = (list: [number, number, boolean?][], propagate = false) => ({
  priceType: 'Portions' as const,
  prices: list.map(([portionTypeId, price, out], i) => ({
    portionTypeId,
    price,
    default: i === 0,
    isOutOfStock: out ?? false,
  })),
  propagatePortionSelection: propagate,
});

function mod(key: string, price: number, extra: Partial<MenuNode> = {}): MenuNode {
  return node({
    itemPathKey: key,
    title: key,
    itemType: ITEM_TYPE.Modifier,
    priceAttribute: base(price),
    ...extra,
  });
}

function group(key: string, minQty: number, maxQty: number, children: MenuNode[], includedQty = 0): MenuNode {
  return node({
    itemPathKey: key,
    title: key,
    itemType: ITEM_TYPE.Group,
    selectionAttribute: { minQty, maxQty, includedQty },
    children,
  });
}

describe('cardPrice', () => {
  const plain = (shown: PriceDisplay) =>
    node({ itemPathKey: '1-2-3', title: 'Tea', displayAttribute: display(shown), priceAttribute: base(2.5) });

  it('shows the base price, hides it, or rolls it up per baseItemsPriceDisplay', () => {
    expect(cardPrice(plain('ShowBasePrice'))).toEqual({ kind: 'base', cents: 250 });
    expect(cardPrice(plain('HideBasePrice'))).toBeNull();
    // Nothing to roll up: no children and one price.
    expect(cardPrice(plain('RollupChildItemPricing'))).toEqual({ kind: 'base', cents: 250 });
  });

  it('shows the default portion as the base price and null without prices', () => {
    const item = node({
      itemPathKey: '1-2-3',
      title: 'Fries',
      displayAttribute: display('ShowBasePrice'),
      priceAttribute: portions([
        [2, 3.99],
        [1, 2.99],
      ]),
    });
    expect(cardPrice(item)).toEqual({ kind: 'base', cents: 399 });
    expect(
      cardPrice(node({ itemPathKey: '1-2-4', title: 'Free', displayAttribute: display('ShowBasePrice') })),
    ).toBeNull();
  });
});

describe('rollupPriceCents', () => {
  it('adds the cheapest in-stock modifiers of each required group, ignoring optional groups', () => {
    const item = node({
      itemPathKey: '1-2-3',
      title: 'Bowl',
      displayAttribute: display('RollupChildItemPricing'),
      priceAttribute: base(10),
      children: [
        group('1-2-3-4', 2, 3, [
          mod('1-2-3-4-1', 0.5, { isOutOfStock: true }),
          mod('1-2-3-4-2', 2),
          mod('1-2-3-4-3', 1),
          mod('1-2-3-4-4', 3),
        ]),
        group('1-2-3-5', 0, 2, [mod('1-2-3-5-1', 0.25)]),
      ],
    });
    expect(rollupPriceCents(item)).toBe(1300);
    expect(cardPrice(item)).toEqual({ kind: 'from', cents: 1300 });
  });

  it('lets one modifier fill several units up to its maximum, and applies included quantities', () => {
    const item = node({
      itemPathKey: '1-2-3',
      title: 'Wings',
      priceAttribute: base(8),
      children: [
        group(
          '1-2-3-4',
          3,
          0,
          [
            mod('1-2-3-4-1', 1, {
              itemConfigurations: { displayOrder: 0, maxQuantity: 2, defaultQuantity: 0 },
            }),
            mod('1-2-3-4-2', 1.5),
          ],
          1,
        ),
      ],
    });
    // Units: 1.00, 1.00, 1.50; the included one goes to the 1.50 chosen first: 8 + 1.00 + 1.00.
    expect(rollupPriceCents(item)).toBe(1000);
  });

  it('counts nested required choices in a modifier and picks the cheapest portion in stock', () => {
    const item = node({
      itemPathKey: '1-2-3',
      title: 'Combo',
      priceAttribute: portions(
        [
          [2, 15],
          [1, 12, true],
          [3, 17],
        ],
        true,
      ),
      children: [
        group('1-2-3-4', 1, 1, [
          // 1.00 of its own but a required nested sauce of at least 1.00: 2.00 in all.
          mod('1-2-3-4-1', 1, {
            children: [group('1-2-3-4-1-5', 1, 1, [mod('1-2-3-4-1-5-1', 1), mod('1-2-3-4-1-5-2', 1.25)])],
          }),
          mod('1-2-3-4-2', 1.75),
        ]),
        group('1-2-3-6', 1, 1, [
          node({
            itemPathKey: '1-2-3-6-1',
            title: 'Soda',
            itemType: ITEM_TYPE.Modifier,
            priceAttribute: portions([
              [2, 0],
              [3, 0.5],
            ]),
          }),
        ]),
      ],
    });
    // Portion 1 is out of stock; portion 2: 15 + 1.75 + 0 = 16.75; portion 3: 17 + 1.75 + 0.50.
    expect(rollupPriceCents(item)).toBe(1675);
  });

  it('falls back to the base price when a required group cannot be met', () => {
    const item = node({
      itemPathKey: '1-2-3',
      title: 'Sandwich',
      displayAttribute: display('RollupChildItemPricing'),
      priceAttribute: base(9),
      children: [group('1-2-3-4', 1, 1, [mod('1-2-3-4-1', 1, { isOutOfStock: true })])],
    });
    expect(rollupPriceCents(item)).toBeNull();
    expect(cardPrice(item)).toEqual({ kind: 'base', cents: 900 });
  });
});
