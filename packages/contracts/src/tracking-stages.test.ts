import { describe, expect, it } from 'vitest';
import {
  DELIVERY_WINDOW_MINUTES,
  deliveryTravelMinutes,
  deliveryWindow,
  isRunningLate,
  lateEstimate,
  pollsStatus,
  showsDelayedWarning,
} from './tracking-stages';

const MINUTE = 60_000;
const at = (iso: string) => Date.parse(iso);

describe('when the guest gets the order', () => {
  it('sends a delivery the average delivery time beyond the preparation time, never less than none', () => {
    expect(deliveryTravelMinutes(15, 45)).toBe(30);
    expect(deliveryTravelMinutes(25, 20)).toBe(0);
  });

  it('gives a delivery a window from its arrival', () => {
    const start = at('2026-11-25T23:00:00Z');
    expect(deliveryWindow(start)).toEqual({ start, end: start + DELIVERY_WINDOW_MINUTES * MINUTE });
  });

  it('runs late once the ready time has passed and the kitchen has not marked it ready', () => {
    const ready = at('2026-11-25T23:00:00Z');
    expect(isRunningLate(1, ready, ready)).toBe(false);
    expect(isRunningLate(1, ready, ready + 1)).toBe(true);
    expect(isRunningLate(2, ready, ready + 30 * MINUTE)).toBe(true);
    // Ready at the counter, or picked up: not late for the guest.
    expect(isRunningLate(3, ready, ready + 30 * MINUTE)).toBe(false);
    expect(isRunningLate(4, ready, ready + 30 * MINUTE)).toBe(false);
  });

  it("shows the page's delayed warning past the ready time at every stage before 4, stage 3 included", () => {
    const ready = at('2026-11-25T23:00:00Z');
    expect(showsDelayedWarning(2, ready, ready)).toBe(false);
    expect(showsDelayedWarning(2, ready, ready + 1)).toBe(true);
    expect(showsDelayedWarning(3, ready, ready + 30 * MINUTE)).toBe(true);
    expect(showsDelayedWarning(4, ready, ready + 30 * MINUTE)).toBe(false);
  });

  it('polls the status only while it can change, the display is on and the completion time is valid', () => {
    const readyTime = '2026-11-25T18:00:00-05:00';
    expect(pollsStatus({ statusId: 2, statusDisplay: true, orderReadyTime: readyTime })).toBe(true);
    expect(pollsStatus({ statusId: 3, statusDisplay: true, orderReadyTime: readyTime })).toBe(true);
    expect(pollsStatus({ statusId: 4, statusDisplay: true, orderReadyTime: readyTime })).toBe(false);
    expect(pollsStatus({ statusId: 2, statusDisplay: false, orderReadyTime: readyTime })).toBe(false);
    expect(pollsStatus({ statusId: 2, statusDisplay: true, orderReadyTime: null })).toBe(false);
    expect(pollsStatus({ statusId: 2, statusDisplay: true, orderReadyTime: 'soon' })).toBe(false);
  });

  it('moves a late order on to the first 5-minute mark at least 5 minutes away', () => {
    expect(lateEstimate(at('2026-11-25T23:00:00Z'))).toBe(at('2026-11-25T23:05:00Z'));
    expect(lateEstimate(at('2026-11-25T23:01:10Z'))).toBe(at('2026-11-25T23:10:00Z'));
    expect(lateEstimate(at('2026-11-25T23:04:59Z'))).toBe(at('2026-11-25T23:10:00Z'));
  });
});
