import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { applySequenceOfChanges } from '@storefront/contracts/pricing';
import { fromSelectedModifiers, selectionChanges, toSelectedModifiers } from './item-selection';

describe('selectionChanges', () => {
  it('turns the base selection into the current one when replayed by the pricing rules', () => {
    const base = { '1-2-10-40-401': 1, '1-2-10-43-431': 1, '1-2-10-43-431-50-501': 1, '1-2-10-44-441': 2 };
    const current = { '1-2-10-40-402': 1, '1-2-10-44-441': 3 };
    const changes = selectionChanges(base, current);
    // 441 stays but now comes after the newly chosen 402: it is set again after it
    expect(changes.filter((c) => c.operationType === 'remove').map((c) => c.itemPathKey)).toEqual([
      '1-2-10-40-401',
      '1-2-10-43-431',
      '1-2-10-43-431-50-501',
      '1-2-10-44-441',
    ]);
    const replayed = applySequenceOfChanges(toSelectedModifiers(base), changes);
    expect(fromSelectedModifiers(replayed)).toEqual(current);
    expect(replayed.map((m) => m.itemPathKey)).toEqual(Object.keys(current));
  });

  it('keeps the order the guest ticked in, so the API gives the included units to the same choices', () => {
    // Defaults Lettuce and Tomato; the guest unticks Lettuce, ticks Bacon, then ticks Lettuce again
    const base = { '1-10-101-911-9111': 1, '1-10-101-911-9112': 1 };
    const current = { '1-10-101-911-9112': 1, '1-10-101-911-9115': 1, '1-10-101-911-9111': 1 };
    const changes = selectionChanges(base, current);
    expect(changes.map((c) => `${c.operationType} ${c.itemPathKey}`)).toEqual([
      'remove 1-10-101-911-9111',
      'update 1-10-101-911-9115',
      'update 1-10-101-911-9111',
    ]);
    const replayed = applySequenceOfChanges(toSelectedModifiers(base), changes);
    expect(replayed.map((m) => m.itemPathKey)).toEqual(Object.keys(current));
  });

  it('replays to exactly the current selection, in its order (property)', () => {
    const keys = ['1-2-10-40-401', '1-2-10-40-402', '1-2-10-43-431', '1-2-10-43-431-50-501', '1-2-10-44-441'];
    const ordered = fc
      .uniqueArray(fc.constantFrom(...keys), { maxLength: keys.length })
      .chain((chosen) =>
        fc.tuple(...chosen.map((k) => fc.tuple(fc.constant(k), fc.integer({ min: 1, max: 3 })))),
      );
    fc.assert(
      fc.property(ordered, ordered, (baseEntries, currentEntries) => {
        const base = Object.fromEntries(baseEntries);
        const current = Object.fromEntries(currentEntries);
        const replayed = applySequenceOfChanges(toSelectedModifiers(base), selectionChanges(base, current));
        expect(replayed.map((m) => [m.itemPathKey, m.quantity])).toEqual(currentEntries);
      }),
    );
  });

  it('is empty when nothing changed', () => {
    expect(selectionChanges({ '1-2-10-40-401': 1 }, { '1-2-10-40-401': 1 })).toEqual([]);
  });
});
