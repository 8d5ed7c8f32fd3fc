import { describe, expect, it } from 'vitest';
import { applySequenceOfChanges } from '@storefront/contracts/pricing';
import { fromSelectedModifiers, selectionChanges, toSelectedModifiers } from './item-selection';

describe('selectionChanges', () => {
  it('turns the base selection into the current one when replayed by the pricing rules', () => {
    const base = { '1-2-10-40-401': 1, '1-2-10-43-431': 1, '1-2-10-43-431-50-501': 1, '1-2-10-44-441': 2 };
    const current = { '1-2-10-40-402': 1, '1-2-10-44-441': 3 };
    const changes = selectionChanges(base, current);
    expect(changes.filter((c) => c.operationType === 'remove').map((c) => c.itemPathKey)).toEqual([
      '1-2-10-40-401',
      '1-2-10-43-431',
      '1-2-10-43-431-50-501',
    ]);
    const replayed = applySequenceOfChanges(toSelectedModifiers(base), changes);
    expect(fromSelectedModifiers(replayed)).toEqual(current);
  });

  it('is empty when nothing changed', () => {
    expect(selectionChanges({ '1-2-10-40-401': 1 }, { '1-2-10-40-401': 1 })).toEqual([]);
  });
});
