import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { ITEM_TYPE } from './enums';
import { ORDER_ERROR } from './errors';
import type { MenuNode } from './menu';
import { menuNode as node } from './menu.fixtures';
import {
  applySequenceOfChanges,
  computeOrderTotals,
  totalsRows,
  defaultSelection,
  groupHint,
  groupStatus,
  includedLabel,
  priceItem,
  substitutionCount,
  substitutionLabel,
  validateSelection,
  type SelectedModifier,
} from './pricing';

const base = (price: number) => ({
  priceType: 'BasePrice' as const,
  prices: [{ portionTypeId: null, price, default: true, isOutOfStock: false }],
  propagatePortionSelection: false,
});

function modifier(key: string, title: string, price: number, extra: Partial<MenuNode> = {}): MenuNode {
  return node({
    itemPathKey: key,
    title,
    itemType: ITEM_TYPE.Modifier,
    priceAttribute: base(price),
    ...extra,
  });
}

function group(
  key: string,
  title: string,
  minQty: number,
  maxQty: number,
  includedQty: number,
  children: MenuNode[],
) {
  return node({
    itemPathKey: key,
    title,
    itemType: ITEM_TYPE.Group,
    selectionAttribute: { minQty, maxQty, includedQty },
    children,
  });
}

/** Burger 1-1-10: portions S/R/L (1/2/3) at 8.00/10.00/12.50; cheese radio (required); toppings 2 included;
 * combo side with a nested sauce group. */
const sauce = group('1-1-10-30-301-40', 'Sauce', 1, 1, 0, [
  modifier('1-1-10-30-301-40-401', 'Ketchup', 0),
  modifier('1-1-10-30-301-40-402', 'Truffle mayo', 0.75),
]);
const burger = node({
  itemPathKey: '1-1-10',
  title: 'Burger',
  priceAttribute: {
    priceType: 'Portions',
    prices: [
      { portionTypeId: 1, price: 8, default: false, isOutOfStock: false },
      { portionTypeId: 2, price: 10, default: true, isOutOfStock: false },
      { portionTypeId: 3, price: 12.5, default: false, isOutOfStock: true },
    ],
    propagatePortionSelection: false,
  },
  children: [
    group('1-1-10-20', 'Cheese', 1, 1, 0, [
      modifier('1-1-10-20-201', 'Cheddar', 0, {
        itemConfigurations: { displayOrder: 0, maxQuantity: 1, defaultQuantity: 1 },
      }),
      modifier('1-1-10-20-202', 'Blue cheese', 1.25),
    ]),
    group('1-1-10-21', 'Toppings', 0, 4, 2, [
      modifier('1-1-10-21-211', 'Onion', 0.5, {
        itemConfigurations: { displayOrder: 0, maxQuantity: 2, defaultQuantity: 0 },
      }),
      modifier('1-1-10-21-212', 'Bacon', 2),
      modifier('1-1-10-21-213', 'Avocado', 1.5),
      modifier('1-1-10-21-214', 'Jalapeno', 0.4, { isOutOfStock: true }),
    ]),
    group('1-1-10-30', 'Side', 0, 1, 0, [
      modifier('1-1-10-30-301', 'Fries', 2.5, { children: [sauce], lastNode: false }),
    ]),
  ],
});

const sel = (key: string, quantity = 1): SelectedModifier => ({ itemPathKey: key, quantity });

describe('priceItem', () => {
  it('prices the default portion and its modifiers in cents', () => {
    const pricing = priceItem(burger, defaultSelection(burger));
    expect(pricing.portionId).toBe(2);
    expect(pricing.totalCents).toBe(1000);
  });

  it('multiplies by quantity and charges modifiers at their price', () => {
    const pricing = priceItem(burger, { quantity: 3, portionId: 1, modifiers: [sel('1-1-10-20-202')] });
    expect(pricing.unitPriceCents).toBe(800 + 125);
    expect(pricing.totalCents).toBe(3 * 925);
  });

  it('gives the included units to the modifiers in the order they were chosen', () => {
    const pricing = priceItem(burger, {
      quantity: 1,
      portionId: 2,
      modifiers: [sel('1-1-10-21-212'), sel('1-1-10-21-213'), sel('1-1-10-21-211')],
    });
    // Bacon 2.00 and Avocado 1.50 chosen first are free; Onion 0.50 chosen last is charged.
    expect(pricing.totalCents).toBe(1000 + 50);
    const bacon = pricing.modifiers.find((m) => m.itemPathKey === '1-1-10-21-212');
    expect(bacon).toMatchObject({ includedQuantity: 1, priceCents: 0 });
    const onion = pricing.modifiers.find((m) => m.itemPathKey === '1-1-10-21-211');
    expect(onion).toMatchObject({ includedQuantity: 0, priceCents: 50 });
    // The same modifiers ticked the other way round: Onion and Avocado free, Bacon charged
    const reversed = priceItem(burger, {
      quantity: 1,
      portionId: 2,
      modifiers: [sel('1-1-10-21-211'), sel('1-1-10-21-213'), sel('1-1-10-21-212')],
    });
    expect(reversed.totalCents).toBe(1000 + 200);
    // Priced lines stay in menu order whatever the order chosen
    expect(reversed.modifiers.map((m) => m.itemPathKey)).toEqual(pricing.modifiers.map((m) => m.itemPathKey));
  });

  it('counts a key repeated in the selection at its first occurrence', () => {
    const pricing = priceItem(burger, {
      quantity: 1,
      portionId: 2,
      modifiers: [sel('1-1-10-21-212'), sel('1-1-10-21-211'), sel('1-1-10-21-213'), sel('1-1-10-21-212')],
    });
    // Bacon (2 units, first) takes both included units; Onion and Avocado are charged.
    expect(pricing.totalCents).toBe(1000 + 50 + 150);
  });

  it('charges nested modifiers for each unit of their parent', () => {
    const pricing = priceItem(burger, {
      quantity: 2,
      portionId: 2,
      modifiers: [sel('1-1-10-30-301'), sel('1-1-10-30-301-40-402')],
    });
    expect(pricing.unitPriceCents).toBe(1000 + 250 + 75);
    expect(pricing.totalCents).toBe(2 * 1325);
  });

  it('ignores orphaned nested modifiers and unknown keys', () => {
    const pricing = priceItem(burger, {
      quantity: 1,
      portionId: 2,
      modifiers: [sel('1-1-10-30-301-40-402'), sel('9-9-9-9-9')],
    });
    expect(pricing.totalCents).toBe(1000);
  });

  it('is never negative, is an integer, and grows with every added paid modifier (property)', () => {
    const keys = [
      '1-1-10-20-202',
      '1-1-10-21-211',
      '1-1-10-21-212',
      '1-1-10-21-213',
      '1-1-10-30-301',
      '1-1-10-30-301-40-402',
    ];
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 20 }),
        fc.constantFrom(1, 2, 3, null),
        fc.subarray(keys),
        fc.integer({ min: 1, max: 3 }),
        (quantity, portionId, chosen, q) => {
          const pricing = priceItem(burger, { quantity, portionId, modifiers: chosen.map((k) => sel(k, q)) });
          expect(Number.isInteger(pricing.totalCents)).toBe(true);
          expect(pricing.totalCents).toBeGreaterThanOrEqual(0);
          expect(pricing.totalCents).toBe(pricing.unitPriceCents * quantity);
          const sum = pricing.basePriceCents + pricing.modifiers.reduce((s, m) => s + m.priceCents, 0);
          expect(pricing.unitPriceCents).toBe(sum);
        },
      ),
    );
  });

  it('waives exactly the first-chosen units within the included quantity, whatever their prices (property)', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 5000 }), { minLength: 1, maxLength: 6 }),
        fc.integer({ min: 0, max: 8 }),
        fc.integer({ min: 0, max: 1000 }),
        (cents, included, seed) => {
          const mods = cents.map((c, i) => modifier(`1-1-5-6-${i + 1}`, `M${i}`, c / 100));
          const item = node({
            itemPathKey: '1-1-5',
            title: 'X',
            priceAttribute: base(0),
            children: [group('1-1-5-6', 'G', 0, 0, included, mods)],
          });
          // Chosen in some order other than the menu's: a rotation of it
          const order = cents.map((_, i) => (i + seed) % cents.length);
          const pricing = priceItem(item, {
            quantity: 1,
            modifiers: order.map((i) => sel(mods[i]?.itemPathKey ?? '')),
          });
          const expected = order.slice(included).reduce((s, i) => s + (cents[i] ?? 0), 0);
          expect(pricing.totalCents).toBe(expected);
          expect(pricing.totalCents).toBeLessThanOrEqual(cents.reduce((s, c) => s + c, 0));
        },
      ),
    );
  });

  it('prices modifiers at the item portion when the item propagates its portion', () => {
    const cup = node({
      itemPathKey: '1-2-3-4-5',
      title: 'Extra',
      itemType: ITEM_TYPE.Modifier,
      priceAttribute: {
        priceType: 'Portions',
        prices: [
          { portionTypeId: 1, price: 1, default: true, isOutOfStock: false },
          { portionTypeId: 3, price: 2, default: false, isOutOfStock: false },
        ],
        propagatePortionSelection: false,
      },
    });
    const item = node({
      itemPathKey: '1-2-3',
      title: 'Soup',
      priceAttribute: {
        priceType: 'Portions',
        prices: [
          { portionTypeId: 1, price: 5, default: true, isOutOfStock: false },
          { portionTypeId: 3, price: 7, default: false, isOutOfStock: false },
        ],
        propagatePortionSelection: true,
      },
      children: [group('1-2-3-4', 'Extras', 0, 2, 0, [cup])],
    });
    expect(priceItem(item, { quantity: 1, portionId: 3, modifiers: [sel('1-2-3-4-5')] }).totalCents).toBe(
      900,
    );
  });
});

describe('applySequenceOfChanges', () => {
  it('adds, updates and removes (with nested selections)', () => {
    const result = applySequenceOfChanges(
      [sel('1-1-10-20-201')],
      [
        { itemPathKey: '1-1-10-20-201', quantity: 0, operationType: 'remove' },
        { itemPathKey: '1-1-10-20-202', quantity: 1, operationType: 'add' },
        { itemPathKey: '1-1-10-30-301', quantity: 1, operationType: 'add' },
        { itemPathKey: '1-1-10-30-301-40-401', quantity: 1, operationType: 'add' },
        { itemPathKey: '1-1-10-21-211', quantity: 1, operationType: 'add' },
        { itemPathKey: '1-1-10-21-211', quantity: 1, operationType: 'add' },
        { itemPathKey: '1-1-10-30-301', quantity: 0, operationType: 'remove' },
      ],
    );
    expect(result).toEqual([
      { itemPathKey: '1-1-10-20-202', quantity: 1, portionId: null },
      { itemPathKey: '1-1-10-21-211', quantity: 2, portionId: null },
    ]);
    expect(
      applySequenceOfChanges(result, [
        { itemPathKey: '1-1-10-21-211', quantity: 0, operationType: 'update' },
      ]),
    ).toHaveLength(1);
  });
});

describe('substitutions (ordering spec section 8: 21008 substitution quantity exceeded)', () => {
  const standard = (key: string, title: string) =>
    modifier(key, title, 0, { itemConfigurations: { displayOrder: 0, maxQuantity: 1, defaultQuantity: 1 } });
  const vegetables = node({
    itemPathKey: '1-2-20-65',
    title: 'Vegetables',
    itemType: ITEM_TYPE.Group,
    selectionAttribute: { minQty: 0, maxQty: 4, includedQty: 0, maxSubstitutions: 1 },
    children: [
      standard('1-2-20-65-651', 'Broccoli'),
      standard('1-2-20-65-652', 'Pickled carrots'),
      modifier('1-2-20-65-653', 'Edamame', 0),
      modifier('1-2-20-65-654', 'Cucumber', 0),
    ],
  });
  const bowl = node({
    itemPathKey: '1-2-20',
    title: 'Teriyaki Bowl',
    priceAttribute: base(12.49),
    children: [vegetables],
  });
  const chosen = (...keys: string[]) => keys.map((k) => ({ itemPathKey: `1-2-20-65-${k}`, quantity: 1 }));
  const check = (...keys: string[]) => validateSelection(bowl, { quantity: 1, modifiers: chosen(...keys) });

  it('counts a default taken away and replaced as one substitution, not a default dropped or an extra added', () => {
    const count = (...keys: string[]) =>
      substitutionCount(vegetables, new Map(chosen(...keys).map((m) => [m.itemPathKey, m.quantity])));
    expect(count('651', '652')).toBe(0);
    expect(count('651')).toBe(0);
    expect(count('651', '652', '653', '654')).toBe(0);
    expect(count('651', '653')).toBe(1);
    expect(count('653', '654')).toBe(2);
    expect(count('653')).toBe(1);
  });

  it('allows the set number of swaps and refuses one more with 21008, saying so on the group', () => {
    expect(check('651', '653').isValid).toBe(true);
    expect(check('651', '653').groups[0]).toMatchObject({
      substitutionLabel: '(up to 1 substitution)',
      isValid: true,
    });
    const v = check('653', '654');
    expect(v.isValid).toBe(false);
    expect(v.issues).toEqual([
      {
        itemPathKey: '1-2-20-65',
        code: ORDER_ERROR.SubstitutionQuantityExceeded,
        message: 'Vegetables: swap at most 1 of the standard choices',
      },
    ]);
    expect(v.groups[0]).toMatchObject({ isValid: false, message: 'Swap at most 1 of the standard choices' });
  });

  it('labels the limit and leaves groups without one unlimited', () => {
    expect(substitutionLabel(0)).toBe('(no substitutions)');
    expect(substitutionLabel(2)).toBe('(up to 2 substitutions)');
    expect(substitutionLabel(null)).toBeNull();
    expect(substitutionLabel(undefined)).toBeNull();
    const open = node({
      ...bowl,
      children: [{ ...vegetables, selectionAttribute: { minQty: 0, maxQty: 4, includedQty: 0 } }],
    });
    expect(validateSelection(open, { quantity: 1, modifiers: chosen('653', '654') }).isValid).toBe(true);
  });
});

describe('validateSelection', () => {
  it('accepts the defaults with a portion', () => {
    const v = validateSelection(burger, defaultSelection(burger));
    expect(v.isValid).toBe(true);
    expect(v.groups.map((g) => g.hint)).toEqual(['Select one option', 'Select up to 4', 'Select up to 1']);
    expect(v.groups[1]?.includedLabel).toBe('(2 included in price)');
  });

  it("requires a portion ('Select a portion size', 21009) and the required group ('Required')", () => {
    const v = validateSelection(burger, { quantity: 1, modifiers: [] });
    expect(v.isValid).toBe(false);
    expect(v.portion).toEqual({ isRequired: true, isValid: false, message: 'Select a portion size' });
    expect(v.issues.map((i) => i.code)).toEqual(
      expect.arrayContaining([ORDER_ERROR.ItemPortionMissing, ORDER_ERROR.MinItemQuantityNotMet]),
    );
    expect(v.groups[0]).toMatchObject({ status: 'Required', isValid: false, message: 'Select an option' });
  });

  it('refuses out-of-stock portions and modifiers (21001), unknown keys (21002) and too many (21007)', () => {
    const v = validateSelection(burger, {
      quantity: 1,
      portionId: 3,
      modifiers: [
        sel('1-1-10-20-201'),
        sel('1-1-10-20-202'),
        sel('1-1-10-21-214'),
        sel('1-1-10-21-212', 2),
        sel('1-1-10-30-301-40-401'),
      ],
    });
    const codes = v.issues.map((i) => `${i.itemPathKey}:${i.code}`);
    expect(codes).toEqual(
      expect.arrayContaining([
        '1-1-10:21001',
        '1-1-10-20:21007',
        '1-1-10-21-214:21001',
        '1-1-10-21-212:21007',
        '1-1-10-30-301-40-401:21002',
      ]),
    );
  });

  it('validates nested groups only under chosen modifiers', () => {
    const without = validateSelection(burger, {
      quantity: 1,
      portionId: 2,
      modifiers: [sel('1-1-10-20-201')],
    });
    expect(without.groups.some((g) => g.itemPathKey === '1-1-10-30-301-40')).toBe(false);
    const withSide = validateSelection(burger, {
      quantity: 1,
      portionId: 2,
      modifiers: [sel('1-1-10-20-201'), sel('1-1-10-30-301')],
    });
    expect(withSide.isValid).toBe(false);
    expect(withSide.groups.find((g) => g.itemPathKey === '1-1-10-30-301-40')).toMatchObject({
      parentKey: '1-1-10-30-301',
      status: 'Required',
    });
  });

  it('checks the item quantity range 1-20', () => {
    for (const [quantity, code] of [
      [0, 21006],
      [21, 21007],
    ] as const) {
      const v = validateSelection(burger, { quantity, portionId: 2, modifiers: [sel('1-1-10-20-201')] });
      expect(v.issues).toEqual([expect.objectContaining({ code })]);
    }
  });

  it('never reports valid when a required group is short (property)', () => {
    fc.assert(
      fc.property(
        fc.subarray(['1-1-10-20-201', '1-1-10-20-202', '1-1-10-21-211', '1-1-10-21-212']),
        (keys) => {
          const v = validateSelection(burger, {
            quantity: 1,
            portionId: 2,
            modifiers: keys.map((k) => sel(k)),
          });
          const cheese = keys.filter((k) => k.startsWith('1-1-10-20-')).length;
          expect(v.isValid).toBe(cheese === 1);
        },
      ),
    );
  });
});

describe('group texts', () => {
  it('words the hints, included label and status as the spec does', () => {
    expect(groupHint(1, 1)).toBe('Select one option');
    expect(groupHint(1, 3)).toBe('Select between 1 and 3');
    expect(groupHint(0, 3)).toBe('Select up to 3');
    expect(groupHint(2, 0)).toBe('Select at least 2');
    expect(groupHint(0, 0)).toBeNull();
    expect(includedLabel(2)).toBe('(2 included in price)');
    expect(includedLabel(0)).toBeNull();
    expect(groupStatus(2, 0)).toBe('Required');
    expect(groupStatus(3, 1)).toBe('2 Pending');
    expect(groupStatus(2, 2)).toBeNull();
    expect(groupStatus(0, 0)).toBeNull();
  });
});

describe('computeOrderTotals', () => {
  it('taxes subtotal minus discount plus service charge, rounding half up, and adds an untaxed tip', () => {
    expect(
      computeOrderTotals({ lineTotalsCents: [1000, 505], taxRateBasisPoints: 1000, tipCents: 300 }),
    ).toEqual({
      subtotalCents: 1505,
      discountCents: 0,
      serviceChargeCents: 0,
      salesTaxCents: 151,
      tipCents: 300,
      totalCents: 1505 + 151 + 300,
      dueCents: 1956,
    });
  });

  it('keeps total = subtotal - discount + service + tax + tip and due >= 0 (property)', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 100_000 }), { maxLength: 10 }),
        fc.integer({ min: 0, max: 200_000 }),
        fc.integer({ min: 0, max: 2000 }),
        fc.integer({ min: 0, max: 5000 }),
        fc.integer({ min: 0, max: 500_000 }),
        (lines, discount, bps, tip, paid) => {
          const t = computeOrderTotals({
            lineTotalsCents: lines,
            discountCents: discount,
            taxRateBasisPoints: bps,
            tipCents: tip,
            paidCents: paid,
          });
          expect(t.totalCents).toBe(
            t.subtotalCents - t.discountCents + t.serviceChargeCents + t.salesTaxCents + t.tipCents,
          );
          expect(t.dueCents).toBeGreaterThanOrEqual(0);
          expect(Number.isInteger(t.salesTaxCents)).toBe(true);
        },
      ),
    );
  });
});

describe('delivery totals', () => {
  it('taxes the delivery fee, not the driver tip, and reports both inside the service charge', () => {
    const totals = computeOrderTotals({
      lineTotalsCents: [2000],
      taxRateBasisPoints: 1000,
      deliveryFeeCents: 399,
      driverTipCents: 200,
    });
    expect(totals).toMatchObject({
      serviceChargeCents: 599,
      salesTaxCents: 240,
      totalCents: 2000 + 399 + 240 + 200,
    });
  });

  it('shows the delivery fee and driver tip on their own rows, and nonzero rows only', () => {
    const { rows, total } = totalsRows({
      subtotal: 20,
      discount: 0,
      serviceCharge: 5.99,
      salesTax: 2.4,
      tip: 0,
      total: 28.39,
      deliveryFee: 3.99,
      driverTip: 2,
    });
    expect(rows).toEqual([
      { label: 'Item Total', dollars: 20 },
      { label: 'Delivery Fee', dollars: 3.99 },
      { label: 'Tax', dollars: 2.4 },
      { label: 'Driver Tip', dollars: 2 },
    ]);
    expect(total).toEqual({ label: 'Total', dollars: 28.39 });
    expect(
      totalsRows({ subtotal: 10, discount: 1, serviceCharge: 0.5, salesTax: 1, tip: 2, total: 12.5 }).rows,
    ).toEqual([
      { label: 'Item Total', dollars: 10 },
      { label: 'Discounts', dollars: -1 },
      { label: 'Service Charge', dollars: 0.5 },
      { label: 'Tax', dollars: 1 },
      { label: 'Tip', dollars: 2 },
    ]);
  });
});
