import { computeStoreStatus } from '@storefront/contracts/store-hours';
import { describe, expect, it } from 'vitest';
import { demoWeekly } from './demo-schedule';

const ZONE = 'America/New_York';
/** 2026-11-28 (a Saturday) at hh:mm in New York (EST, UTC-5). */
const at = (hours: number, minutes = 0) => Date.UTC(2026, 10, 28, hours + 5, minutes);

describe('the rolling demo schedules', () => {
  it("an 'opens-later' store is closed at every minute of the day and opens at 8:00 AM, noon or 4:00 PM", () => {
    const seen = new Set<string>();
    for (let minute = 0; minute < 1440; minute += 5) {
      const now = at(0, minute);
      const status = computeStoreStatus(
        { weekly: demoWeekly('opens-later', ZONE, now), holidays: [] },
        ZONE,
        now,
      );
      expect(status.locationStatus).toBe('Closed');
      expect((status.opensAt ?? 0) - now).toBeGreaterThanOrEqual(30 * 60_000);
      seen.add(status.description);
    }
    expect([...seen].sort()).toEqual(
      ['Opens at 12:00 PM', 'Opens at 4:00 PM', 'Opens at 8:00 AM', 'Opens tomorrow at 8:00 AM'].sort(),
    );
  });

  it('late in the evening it opens tomorrow morning, not at midnight', () => {
    const now = at(22, 10);
    const status = computeStoreStatus(
      { weekly: demoWeekly('opens-later', ZONE, now), holidays: [] },
      ZONE,
      now,
    );
    expect(status.description).toBe('Opens tomorrow at 8:00 AM');
    // Its day stays put overnight: a slot scheduled at 10 PM is still offered at 2 AM.
    expect(demoWeekly('opens-later', ZONE, at(2))).toEqual(demoWeekly('opens-later', ZONE, now));
  });

  it("a 'closes-soon' store is open and closes 15 to 30 minutes from now at every minute of the day", () => {
    for (let minute = 0; minute < 1440; minute += 5) {
      const now = at(0, minute);
      const status = computeStoreStatus(
        { weekly: demoWeekly('closes-soon', ZONE, now), holidays: [] },
        ZONE,
        now,
      );
      expect(status.locationStatus).toBe('Closes Soon');
      expect((status.closesAt ?? 0) - now).toBeGreaterThanOrEqual(15 * 60_000);
      expect((status.closesAt ?? Infinity) - now).toBeLessThanOrEqual(30 * 60_000);
    }
  });
});
