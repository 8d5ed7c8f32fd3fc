import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  ItemPathKeySchema,
  isNestedItemKey,
  isOrderableKey,
  isTopLevelItemKey,
  joinItemPathKey,
  parentItemPathKey,
  selectionKeyOf,
  splitItemPathKey,
  topLevelItemKeyOf,
} from './menu';

describe('item path keys', () => {
  it('classifies keys by segment count', () => {
    expect(isTopLevelItemKey('1-2-10')).toBe(true);
    expect(isOrderableKey('1-2-10')).toBe(true);
    expect(isOrderableKey('1-2-10-40')).toBe(false);
    expect(isOrderableKey('1-2-10-40-401')).toBe(true);
    expect(isNestedItemKey('1-2-10-40-401')).toBe(false);
    expect(isNestedItemKey('1-2-10-40-401-50-501')).toBe(true);
    expect(selectionKeyOf('1-2-10-40-401')).toBe('1-2-10-40');
    expect(topLevelItemKeyOf('1-2-10-40-401')).toBe('1-2-10');
    expect(parentItemPathKey('1')).toBeNull();
  });

  it('round-trips split and join, and validates (property)', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 999_999 }), { minLength: 1, maxLength: 9 }),
        (segments) => {
          const key = joinItemPathKey(segments);
          expect(splitItemPathKey(key).map(Number)).toEqual(segments);
          expect(ItemPathKeySchema.safeParse(key).success).toBe(true);
        },
      ),
    );
    for (const bad of ['', '1--2', 'a-1', '-1', '1-', '1 2']) {
      expect(ItemPathKeySchema.safeParse(bad).success).toBe(false);
    }
  });
});
