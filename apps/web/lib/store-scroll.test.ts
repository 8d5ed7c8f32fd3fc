import { describe, expect, it } from 'vitest';
import {
  activeCategoryIndex,
  categoryScrollOffset,
  isHeaderCollapsed,
  placeScrollTarget,
} from './store-scroll';

describe('sticky store header geometry', () => {
  it('collapses only after 105 px of scroll', () => {
    expect(isHeaderCollapsed(0)).toBe(false);
    expect(isHeaderCollapsed(105)).toBe(false);
    expect(isHeaderCollapsed(106)).toBe(true);
  });

  it('offsets anchors by 105 on small, 120 on medium and large, 150 on extra large screens', () => {
    expect(categoryScrollOffset(375)).toBe(105);
    expect(categoryScrollOffset(767)).toBe(105);
    expect(categoryScrollOffset(768)).toBe(120);
    expect(categoryScrollOffset(1535)).toBe(120);
    expect(categoryScrollOffset(1536)).toBe(150);
  });

  it('adds the brand filter height', () => {
    expect(categoryScrollOffset(375, 48)).toBe(153);
    expect(categoryScrollOffset(1920, 64)).toBe(214);
    expect(categoryScrollOffset(1024, -5)).toBe(120);
  });

  it('marks the last category whose section reached the offset line', () => {
    expect(activeCategoryIndex([300, 900, 1500], 120)).toBe(0);
    expect(activeCategoryIndex([-400, 120, 700], 120)).toBe(1);
    expect(activeCategoryIndex([-1400, -800, 100], 120)).toBe(2);
  });
});

describe('putting the guest back', () => {
  it('puts the card they opened back at its height on screen', () => {
    // The card was 360 px down the screen; the page above it grew by 80 px meanwhile.
    expect(placeScrollTarget({ y: 2749, cardTop: 360 }, 3189, 10_000)).toBe(2829);
  });

  it('falls back to the old scroll position while the card is not on the page', () => {
    expect(placeScrollTarget({ y: 2749, cardTop: 360 }, null, 10_000)).toBe(2749);
    expect(placeScrollTarget({ y: 2749, cardTop: null }, 3189, 10_000)).toBe(2749);
  });

  it('stays within the scroll range', () => {
    expect(placeScrollTarget({ y: 2749, cardTop: null }, null, 1_500)).toBe(1500);
    expect(placeScrollTarget({ y: 100, cardTop: 400 }, 200, 1_500)).toBe(0);
    expect(placeScrollTarget({ y: 100, cardTop: null }, null, -20)).toBe(0);
  });
});
