import { localMinutesOf, minutesToClock, type OpeningPeriod } from '@storefront/contracts/store-hours';
import type { LocationRecord } from './locations.repository';

const DAY = 1440;
const HOUR = 60;
const quarterCeil = (minutes: number) => Math.ceil(minutes / 15) * 15;
/** Where an 'opens-later' store's day starts: 8:00 AM, noon or 4:00 PM local, as a real store's would. */
const OPENS_LATER_ANCHORS = [8 * HOUR, 12 * HOUR, 16 * HOUR];
/** The soonest an 'opens-later' store opens: a guest has time to schedule an order for its first slot. */
const OPENS_LATER_LEAD = 30;

/**
 * A demo store's rolling schedule (see db/seed/locations.ts): the same period every day, placed relative to
 * the current local time so that the store always shows the state it demonstrates.
 * - 'closes-soon': closes 15 to 30 minutes from now, opened 8 hours earlier.
 * - 'opens-later': opens at the next of 8:00 AM, noon and 4:00 PM at least 30 minutes away (else 8:00 AM the
 *   next day), for 6 hours. It used to open at the next 4-hour mark, which at night read 'Opens tomorrow at
 *   12:00 AM' or 'Opens at 4:00 AM', times no restaurant opens. Six hours keep it closed now in every case: the
 *   latest day (4:00-10:00 PM) ends before the earliest evening that rolls on to 8:00 AM (3:30 PM is past the
 *   8:00 AM-2:00 PM day). The anchor moves at most every 4 hours (and not at all overnight), so a slot a guest
 *   scheduled stays valid while they check out.
 */
export function demoWeekly(
  mode: NonNullable<LocationRecord['demoSchedule']>,
  timeZone: string,
  now: number,
): OpeningPeriod[][] {
  const current = localMinutesOf(now, timeZone);
  const open =
    mode === 'closes-soon'
      ? quarterCeil(current) + 15 - 8 * HOUR
      : (OPENS_LATER_ANCHORS.find((anchor) => anchor - current >= OPENS_LATER_LEAD) ??
        DAY + (OPENS_LATER_ANCHORS[0] ?? 0));
  const start = ((open % DAY) + DAY) % DAY;
  const hours = mode === 'closes-soon' ? 8 : 6;
  const period: OpeningPeriod = {
    open: minutesToClock(start),
    close: minutesToClock((start + hours * HOUR) % DAY),
  };
  return Array.from({ length: 7 }, () => [period]);
}
