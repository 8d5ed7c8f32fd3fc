import { describe, expect, it } from 'vitest';
import { boxOf, inPolygon, intersectBoxes, labelPoint, type PolygonRings } from './map-labels';

// An L-shaped area: the square 0..4 x 0..4 without its top-right quarter 2..4 x 2..4.
const L_SHAPE: PolygonRings = [
  [
    [0, 0],
    [4, 0],
    [4, 2],
    [2, 2],
    [2, 4],
    [0, 4],
    [0, 0],
  ],
];
// A square 0..10 with a hole 4..6 in its middle.
const WITH_HOLE: PolygonRings = [
  [
    [0, 0],
    [10, 0],
    [10, 10],
    [0, 10],
    [0, 0],
  ],
  [
    [4, 4],
    [6, 4],
    [6, 6],
    [4, 6],
    [4, 4],
  ],
];

describe('map labels', () => {
  it('boxes polygons and intersects boxes', () => {
    expect(boxOf([L_SHAPE])).toEqual([0, 0, 4, 4]);
    expect(intersectBoxes([0, 0, 4, 4], [3, 1, 8, 9])).toEqual([3, 1, 4, 4]);
    expect(intersectBoxes([0, 0, 4, 4], [5, 5, 8, 9])).toBeNull();
  });

  it('tells points inside a polygon, holes excluded', () => {
    expect(inPolygon(1, 1, L_SHAPE)).toBe(true);
    expect(inPolygon(3, 3, L_SHAPE)).toBe(false);
    expect(inPolygon(2, 2, WITH_HOLE)).toBe(true);
    expect(inPolygon(5, 5, WITH_HOLE)).toBe(false);
  });

  it('names an area inside itself, never in its notch or hole', () => {
    const [x, y] = labelPoint([L_SHAPE], [-10, -10, 10, 10]) ?? [NaN, NaN];
    expect(inPolygon(x, y, L_SHAPE)).toBe(true);
    const [hx, hy] = labelPoint([WITH_HOLE], [-10, -10, 20, 20]) ?? [NaN, NaN];
    expect(inPolygon(hx, hy, WITH_HOLE)).toBe(true);
  });

  it('keeps the name in view when the area is larger than the view (street zoom)', () => {
    const view = [7, 7, 7.5, 7.5] as const;
    const [x, y] = labelPoint([WITH_HOLE], view) ?? [NaN, NaN];
    expect(x).toBeGreaterThan(7);
    expect(x).toBeLessThan(7.5);
    expect(y).toBeGreaterThan(7);
    expect(y).toBeLessThan(7.5);
  });

  it('gives no place for an area out of view, or whose only part in view is its notch', () => {
    expect(labelPoint([L_SHAPE], [20, 20, 30, 30])).toBeNull();
    expect(labelPoint([L_SHAPE], [2.5, 2.5, 3.5, 3.5])).toBeNull();
  });
});
