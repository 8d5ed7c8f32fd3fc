import { describe, expect, it } from 'vitest';
import { nextReconnectDelay } from './kitchen-reconnect';

describe('nextReconnectDelay', () => {
  it('doubles from 1 s and stops growing at 30 s', () => {
    expect([0, 1, 2, 3, 4, 5, 6, 50].map((a) => nextReconnectDelay(a, 0.9999999))).toEqual([
      1_000, 2_000, 4_000, 8_000, 16_000, 30_000, 30_000, 30_000,
    ]);
  });

  it('waits between half and all of the step, by the random draw', () => {
    expect(nextReconnectDelay(3, 0)).toBe(4_000);
    expect(nextReconnectDelay(3, 0.5)).toBe(6_000);
    expect(nextReconnectDelay(-1, 0)).toBe(500);
    expect(nextReconnectDelay(0, 7)).toBe(1_000);
  });
});
