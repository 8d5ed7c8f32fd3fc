import { describe, expect, it } from 'vitest';
import { etaView, formatClock, formatWhen, type EtaInput } from './eta';

const ZONE = 'America/New_York';
const MINUTE = 60_000;
// 6:45 PM in Washington on Wed 11/25.
const READY = '2026-11-25T18:45:00-05:00';
const readyMs = Date.parse(READY);
const pickup: EtaInput = { readyAt: READY, arrival: null, isScheduled: false, timeZone: ZONE };
const view = (statusId: number, now: number, eta: EtaInput = pickup) =>
  etaView({ eta, statusId, now, readyDetail: 'Pick it up at Dupont Circle.' });

describe('the tracking page headline', () => {
  it("prints the store's wall clock, with the day when it is not today", () => {
    expect(formatClock(readyMs, ZONE)).toBe('6:45 PM');
    expect(formatClock(readyMs, 'America/Chicago')).toBe('5:45 PM');
    expect(formatWhen(readyMs, readyMs - 60 * MINUTE, ZONE)).toBe('6:45 PM');
    expect(formatWhen(readyMs + 24 * 60 * MINUTE, readyMs, ZONE)).toBe('Thu 11/26 6:45 PM');
  });

  it("leads with 'Ready at' and the minutes left", () => {
    expect(view(1, readyMs - 14 * MINUTE - 5_000)).toEqual({
      tone: 'on-time',
      title: 'Ready at 6:45 PM',
      detail: 'in about 15 mins',
    });
    expect(view(2, readyMs - 30_000).detail).toBe('any minute now');
  });

  it('gives a delivery its arrival window', () => {
    const delivery = {
      ...pickup,
      arrival: { start: '2026-11-25T19:15:00-05:00', end: '2026-11-25T19:30:00-05:00' },
    };
    expect(view(1, readyMs - 20 * MINUTE, delivery).title).toBe('Arriving 7:15 PM–7:30 PM');
  });

  it("says 'Running late' with a new estimate once the ready time has passed and it is not ready", () => {
    const late = view(2, readyMs + 2 * MINUTE);
    expect(late.tone).toBe('late');
    expect(late.title).toBe('Running late');
    expect(late.detail).toBe(
      'Sorry, it is taking longer than planned: now expected by 6:55 PM. It was due at 6:45 PM.',
    );
  });

  it('follows the kitchen: ready, then complete, never late once complete', () => {
    expect(view(3, readyMs - 5 * MINUTE)).toEqual({
      tone: 'ready',
      title: 'Your order is ready',
      detail: 'Pick it up at Dupont Circle.',
    });
    expect(view(4, readyMs + 60 * MINUTE).tone).toBe('complete');
  });

  it('keeps the delayed warning at stage 3 once the ready time has passed (checkout spec section 4)', () => {
    expect(view(3, readyMs + 30 * MINUTE)).toEqual({
      tone: 'late',
      title: 'Running late',
      detail: 'Your order is ready: it was due at 6:45 PM. Pick it up at Dupont Circle.',
    });
  });
});
