import { describe, expect, it } from 'vitest';
import type { RecentOrderedItem } from '@storefront/contracts/accounts';
import {
  orderedOnLabel,
  reorderAddInput,
  reorderEditHref,
  reorderLineLabel,
  reorderPreselection,
} from './reorder';

const burger: RecentOrderedItem = {
  pastItemId: 31,
  itemPathKey: '1-2-3',
  title: 'Classic Burger',
  orderDate: '2026-02-14T19:10:00-05:00',
  quantity: 2,
  portionId: 5,
  total: 21.5,
  isOutOfStock: false,
  note: 'no onions',
  selectedModifiers: [
    { itemPathKey: '1-2-3-9-10', title: 'Bacon', quantity: 1, portionId: null, itemType: 2 },
    { itemPathKey: '1-2-3-9-11', title: 'Swiss', quantity: 2, portionId: 7, itemType: 2 },
  ],
};
const target = { locationId: 4, menuType: 'menu', snapshotId: 88 } as const;

describe('reorder strip labels', () => {
  it("'Ordered on MM/dd/yy' on the order's own clock, also for a bare date", () => {
    expect(orderedOnLabel(burger.orderDate)).toBe('Ordered on 02/14/26');
    // 23:30 in New York is already the next day in UTC: the store's day is shown.
    expect(orderedOnLabel('2026-02-14T23:30:00-05:00')).toBe('Ordered on 02/14/26');
    expect(orderedOnLabel('2025-12-31')).toBe('Ordered on 12/31/25');
    expect(orderedOnLabel('2025-12-31T10:00:00Z')).toBe('Ordered on 12/31/25');
  });

  it("'{quantity} x {title}'", () => {
    expect(reorderLineLabel(burger)).toBe('2 x Classic Burger');
  });
});

describe('a past line as a new one', () => {
  it('preselects portion, modifiers, quantity and note', () => {
    expect(reorderPreselection(burger)).toEqual({
      quantity: 2,
      portionId: 5,
      modifiers: [
        { itemPathKey: '1-2-3-9-10', quantity: 1, portionId: null },
        { itemPathKey: '1-2-3-9-11', quantity: 2, portionId: 7 },
      ],
      note: 'no onions',
    });
  });

  it('adds as a new line (no instance) on the given menu snapshot', () => {
    expect(reorderAddInput(burger, target)).toEqual({
      locationId: 4,
      menuType: 'menu',
      snapshotId: 88,
      itemPathKey: '1-2-3',
      instanceId: null,
      quantity: 2,
      portionId: 5,
      modifiers: reorderPreselection(burger).modifiers,
      note: 'no onions',
    });
  });

  it('edits on the item page in reorder mode', () => {
    expect(reorderEditHref(burger, target)).toBe('/4/menu/1-2-3?pastItemId=31');
    expect(reorderEditHref(burger, { ...target, menuType: 'catering' })).toBe(
      '/4/catering/1-2-3?pastItemId=31',
    );
  });
});
