import { describe, expect, it } from 'vitest';
import { asapReadyTime, isSlotFull, nextSlotStart, slotHasRoom, slotStartOf } from './capacity';

describe('kitchen slots', () => {
  it('puts an instant in its quarter-hour slot on the wall clock, also in a half-hour zone', () => {
    const at = Date.parse('2026-11-24T12:29:59-05:00');
    expect(new Date(slotStartOf(at)).toISOString()).toBe('2026-11-24T17:15:00.000Z');
    expect(new Date(nextSlotStart(slotStartOf(at))).toISOString()).toBe('2026-11-24T17:30:00.000Z');
    // India (UTC+5:30): 10:44 local is in the 10:30 slot.
    const kolkata = Date.parse('2026-11-24T10:44:00+05:30');
    expect(new Date(slotStartOf(kolkata)).toISOString()).toBe('2026-11-24T05:00:00.000Z');
  });

  it('counts orders and items against the capacity, null meaning no limit', () => {
    const capacity = { maxOrders: 2, maxItems: 10 };
    expect(slotHasRoom(capacity, { orders: 1, items: 4 }, 6)).toBe(true);
    expect(slotHasRoom(capacity, { orders: 1, items: 4 }, 7)).toBe(false);
    expect(slotHasRoom(capacity, { orders: 2, items: 0 }, 1)).toBe(false);
    expect(slotHasRoom({ maxOrders: null, maxItems: 3 }, { orders: 50, items: 2 }, 1)).toBe(true);
    expect(slotHasRoom(null, { orders: 999, items: 999 }, 999)).toBe(true);
    expect(isSlotFull(capacity, { orders: 1, items: 10 })).toBe(true);
    expect(isSlotFull(capacity, { orders: 1, items: 9 })).toBe(false);
  });
});

describe('asapReadyTime (the ASAP estimate and the placement share it)', () => {
  const slot = Date.parse('2026-11-25T23:00:00Z');
  const earliest = slot + 7 * 60_000;
  const empty = () => ({ orders: 0, items: 0 });

  it('keeps the earliest time when its slot has room, and with no capacity at all', () => {
    expect(asapReadyTime(earliest, null, empty, 3)).toBe(earliest);
    expect(asapReadyTime(earliest, { maxOrders: 2, maxItems: 10 }, empty, 3)).toBe(earliest);
  });

  it("rolls to the start of the first later slot with room for the order's items", () => {
    const loads = new Map([
      [slot, { orders: 2, items: 2 }],
      [nextSlotStart(slot), { orders: 1, items: 9 }],
    ]);
    const loadOf = (start: number) => loads.get(start) ?? { orders: 0, items: 0 };
    const capacity = { maxOrders: 2, maxItems: 10 };
    expect(asapReadyTime(earliest, capacity, loadOf, 1)).toBe(nextSlotStart(slot));
    expect(asapReadyTime(earliest, capacity, loadOf, 2)).toBe(nextSlotStart(nextSlotStart(slot)));
  });

  it('gives up after ASAP_ROLL_SLOTS slots', () => {
    const full = () => ({ orders: 1, items: 1 });
    expect(asapReadyTime(earliest, { maxOrders: 1, maxItems: null }, full, 1)).toBeNull();
    expect(asapReadyTime(earliest, { maxOrders: null, maxItems: 4 }, empty, 5)).toBeNull();
  });
});
