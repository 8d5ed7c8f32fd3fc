import { describe, expect, it } from 'vitest';
import {
  addDays,
  canTakeOrders,
  OFFLINE_STATUS_DESCRIPTION,
  shownStoreStatus,
  dayNumberOf,
  computeStoreStatus,
  describeWeek,
  estimateCacheKey,
  findAsapTime,
  NO_ASAP_TIME_MESSAGE,
  orderTimeProblem,
  formatClock12,
  formatZonedIso,
  isOrderTimeAvailable,
  isValidTimeZone,
  listOrderTimes,
  openingIntervals,
  orderDateWindow,
  upcomingHolidays,
  weekdayOf,
  zonedInstant,
  type OpeningPeriod,
  type Schedule,
} from './store-hours';

const NY = 'America/New_York';
const every = (periods: OpeningPeriod[]): OpeningPeriod[][] => Array.from({ length: 7 }, () => periods);
/** Local New York wall time to an instant. */
const ny = (date: string, time: string) => {
  const [h = 0, m = 0] = time.split(':').map(Number);
  return zonedInstant(date, h * 60 + m, NY);
};

// 2025-01-15 is a Wednesday (EST, -05:00); 2025-07-16 a Wednesday (EDT, -04:00).
const splitShift: Schedule = {
  weekly: every([
    { open: '11:00', close: '14:30' },
    { open: '17:00', close: '22:00' },
  ]),
  holidays: [],
};

describe('time-zone arithmetic', () => {
  it('maps New York wall time to instants in winter and summer', () => {
    expect(new Date(ny('2025-01-15', '12:00')).toISOString()).toBe('2025-01-15T17:00:00.000Z');
    expect(new Date(ny('2025-07-16', '12:00')).toISOString()).toBe('2025-07-16T16:00:00.000Z');
    expect(formatZonedIso(ny('2025-01-15', '09:15'), NY)).toBe('2025-01-15T09:15:00-05:00');
    expect(formatZonedIso(ny('2025-07-16', '09:15'), NY)).toBe('2025-07-16T09:15:00-04:00');
  });

  it('handles the daylight-saving days', () => {
    // 2025-03-09: 02:00 EST jumps to 03:00 EDT; 2025-11-02: 02:00 EDT falls back to 01:00 EST.
    expect(formatZonedIso(ny('2025-03-09', '03:30'), NY)).toBe('2025-03-09T03:30:00-04:00');
    expect(formatZonedIso(ny('2025-03-09', '01:30'), NY)).toBe('2025-03-09T01:30:00-05:00');
    expect(formatZonedIso(ny('2025-11-02', '12:00'), NY)).toBe('2025-11-02T12:00:00-05:00');
    expect(ny('2025-03-10', '00:00') - ny('2025-03-09', '00:00')).toBe(23 * 3_600_000);
  });

  it('knows dates, weekdays and clock labels', () => {
    expect(addDays('2024-12-31', 1)).toBe('2025-01-01');
    expect(addDays('2025-03-01', -1)).toBe('2025-02-28');
    expect(weekdayOf('2025-01-15')).toBe(3);
    expect(formatClock12('00:00')).toBe('12:00 AM');
    expect(formatClock12('12:30')).toBe('12:30 PM');
    expect(formatClock12('22:00')).toBe('10:00 PM');
    expect(isValidTimeZone(NY)).toBe(true);
    expect(isValidTimeZone('Mars/Olympus')).toBe(false);
  });
});

describe('computeStoreStatus', () => {
  it('reads Open with the closing time inside a period', () => {
    expect(computeStoreStatus(splitShift, NY, ny('2025-01-15', '12:00'))).toMatchObject({
      locationStatus: 'Open',
      description: 'Open until 2:30 PM',
    });
  });

  it('reads Closes Soon within 30 minutes of closing, and Closed at the closing minute', () => {
    expect(computeStoreStatus(splitShift, NY, ny('2025-01-15', '21:31'))).toMatchObject({
      locationStatus: 'Closes Soon',
      description: 'Closes at 10:00 PM',
    });
    expect(computeStoreStatus(splitShift, NY, ny('2025-01-15', '21:30')).locationStatus).toBe('Closes Soon');
    expect(computeStoreStatus(splitShift, NY, ny('2025-01-15', '21:29')).locationStatus).toBe('Open');
    expect(computeStoreStatus(splitShift, NY, ny('2025-01-15', '22:00'))).toMatchObject({
      locationStatus: 'Closed',
      description: 'Opens tomorrow at 11:00 AM',
    });
  });

  it('reads Closed between split shifts with the reopening time', () => {
    const status = computeStoreStatus(splitShift, NY, ny('2025-01-15', '15:00'));
    expect(status).toMatchObject({ locationStatus: 'Closed', description: 'Opens at 5:00 PM' });
    expect(status.opensAt).toBe(ny('2025-01-15', '17:00'));
  });

  it('follows an overnight period into the next day', () => {
    const lateNight: Schedule = { weekly: every([{ open: '18:00', close: '02:00' }]), holidays: [] };
    expect(computeStoreStatus(lateNight, NY, ny('2025-01-15', '23:00'))).toMatchObject({
      locationStatus: 'Open',
      description: 'Open until 2:00 AM',
    });
    expect(computeStoreStatus(lateNight, NY, ny('2025-01-16', '01:45')).locationStatus).toBe('Closes Soon');
    expect(computeStoreStatus(lateNight, NY, ny('2025-01-16', '03:00'))).toMatchObject({
      locationStatus: 'Closed',
      description: 'Opens at 6:00 PM',
    });
  });

  it('reads Open 24 hours for a store that never closes, across midnight', () => {
    const always: Schedule = { weekly: every([{ open: '00:00', close: '24:00' }]), holidays: [] };
    for (const time of ['00:00', '23:50', '12:00']) {
      expect(computeStoreStatus(always, NY, ny('2025-01-15', time))).toMatchObject({
        locationStatus: 'Open',
        description: 'Open 24 hours',
      });
    }
  });

  it('applies a closed holiday and a holiday with its own hours', () => {
    const withHolidays: Schedule = {
      weekly: splitShift.weekly,
      holidays: [
        { date: '2025-01-15', title: 'Inauguration Day', isOpen: false, hours: [] },
        { date: '2025-01-16', title: 'Short day', isOpen: true, hours: [{ open: '09:00', close: '12:00' }] },
      ],
    };
    expect(computeStoreStatus(withHolidays, NY, ny('2025-01-15', '12:00'))).toMatchObject({
      locationStatus: 'Closed',
      description: 'Opens tomorrow at 9:00 AM',
    });
    expect(computeStoreStatus(withHolidays, NY, ny('2025-01-16', '11:40'))).toMatchObject({
      locationStatus: 'Closes Soon',
      description: 'Closes at 12:00 PM',
    });
    expect(computeStoreStatus(withHolidays, NY, ny('2025-01-16', '18:00')).locationStatus).toBe('Closed');
  });

  it('names the weekday of a later opening, and reads Temporarily closed without any hours', () => {
    const mondaysOnly: Schedule = {
      weekly: [[], [{ open: '10:00', close: '16:00' }], [], [], [], [], []],
      holidays: [],
    };
    expect(computeStoreStatus(mondaysOnly, NY, ny('2025-01-15', '12:00')).description).toBe(
      'Opens Monday at 10:00 AM',
    );
    expect(
      computeStoreStatus({ weekly: every([]), holidays: [] }, NY, ny('2025-01-15', '12:00')),
    ).toMatchObject({
      locationStatus: 'Closed',
      description: 'Temporarily closed',
    });
  });

  it('uses the location time zone, not the machine one', () => {
    const instant = Date.parse('2025-01-15T20:00:00Z'); // 12:00 in Los Angeles, 15:00 in New York
    expect(computeStoreStatus(splitShift, 'America/Los_Angeles', instant).description).toBe(
      'Open until 2:30 PM',
    );
    expect(computeStoreStatus(splitShift, NY, instant).description).toBe('Opens at 5:00 PM');
  });
});

describe('canTakeOrders', () => {
  it('needs the store online and open, or accepting orders when closed', () => {
    expect(canTakeOrders({ isOnline: true, acceptOrdersWhenClosed: false, locationStatus: 'Open' })).toBe(
      true,
    );
    expect(
      canTakeOrders({ isOnline: true, acceptOrdersWhenClosed: false, locationStatus: 'Closes Soon' }),
    ).toBe(true);
    expect(canTakeOrders({ isOnline: true, acceptOrdersWhenClosed: false, locationStatus: 'Closed' })).toBe(
      false,
    );
    expect(canTakeOrders({ isOnline: true, acceptOrdersWhenClosed: true, locationStatus: 'Closed' })).toBe(
      true,
    );
    expect(canTakeOrders({ isOnline: false, acceptOrdersWhenClosed: true, locationStatus: 'Open' })).toBe(
      false,
    );
  });
});

describe('shownStoreStatus', () => {
  const open = { locationStatus: 'Open' as const, description: 'Open 24 hours' };
  const soon = { locationStatus: 'Closes Soon' as const, description: 'Closes at 10:00 PM' };
  const closed = { locationStatus: 'Closed' as const, description: 'Opens at 11:00 AM' };

  it('lets offline win over every status: the chip reads Closed with the reason, and no ASAP', () => {
    for (const status of [open, soon, closed]) {
      expect(shownStoreStatus({ isOnline: false, acceptOrdersWhenClosed: true, status })).toEqual({
        locationStatus: 'Closed',
        description: OFFLINE_STATUS_DESCRIPTION,
        availability: 'offline',
        offersAsap: false,
      });
    }
  });

  it('counts a missing online flag as offline and a missing status as closed', () => {
    expect(
      shownStoreStatus({ isOnline: undefined, acceptOrdersWhenClosed: false, status: open }),
    ).toMatchObject({ locationStatus: 'Closed', availability: 'offline' });
    expect(
      shownStoreStatus({ isOnline: true, acceptOrdersWhenClosed: false, status: undefined }),
    ).toMatchObject({
      locationStatus: 'Closed',
      availability: 'closed',
      offersAsap: false,
    });
  });

  it('keeps a closed store closed, schedule-only when it accepts orders while closed', () => {
    expect(shownStoreStatus({ isOnline: true, acceptOrdersWhenClosed: false, status: closed })).toEqual({
      ...closed,
      availability: 'closed',
      offersAsap: false,
    });
    expect(shownStoreStatus({ isOnline: true, acceptOrdersWhenClosed: true, status: closed })).toEqual({
      ...closed,
      availability: 'schedule-only',
      offersAsap: false,
    });
  });

  it('shows an online store open or closing soon as the API says, with ASAP', () => {
    expect(shownStoreStatus({ isOnline: true, acceptOrdersWhenClosed: false, status: soon })).toEqual({
      ...soon,
      availability: 'open',
      offersAsap: true,
    });
    expect(shownStoreStatus({ isOnline: true, acceptOrdersWhenClosed: true, status: open })).toEqual({
      ...open,
      availability: 'open',
      offersAsap: true,
    });
  });

  it('agrees with canTakeOrders on whether the store can take an order', () => {
    for (const isOnline of [true, false])
      for (const acceptOrdersWhenClosed of [true, false])
        for (const status of [open, soon, closed]) {
          const shown = shownStoreStatus({ isOnline, acceptOrdersWhenClosed, status });
          expect(shown.availability !== 'offline' && shown.availability !== 'closed').toBe(
            canTakeOrders({ isOnline, acceptOrdersWhenClosed, locationStatus: status.locationStatus }),
          );
        }
  });
});

describe('listOrderTimes', () => {
  it('offers 15-minute slots from now plus preparation time to closing, per local date', () => {
    const [today] = listOrderTimes({
      schedule: splitShift,
      timeZone: NY,
      now: ny('2025-01-15', '13:52'),
      prepTimeMinutes: 15,
      days: 1,
    });
    expect(today?.date).toBe('2025-01-15');
    expect(today?.times.slice(0, 3)).toEqual([
      '2025-01-15T14:15:00-05:00',
      '2025-01-15T14:30:00-05:00',
      '2025-01-15T17:15:00-05:00',
    ]);
    expect(today?.times.at(-1)).toBe('2025-01-15T22:00:00-05:00');
  });

  it('answers a custom date, skipping closed holidays, and an empty list for a past date', () => {
    const schedule: Schedule = {
      weekly: splitShift.weekly,
      holidays: [{ date: '2025-01-17', title: 'Closed for staff party', isOpen: false, hours: [] }],
    };
    const now = ny('2025-01-15', '08:00');
    const tomorrow = listOrderTimes({
      schedule,
      timeZone: NY,
      now,
      prepTimeMinutes: 20,
      customDate: '2025-01-16',
    });
    expect(tomorrow).toHaveLength(1);
    expect(tomorrow[0]?.times[0]).toBe('2025-01-16T11:30:00-05:00');
    expect(tomorrow[0]?.times).toHaveLength(13 + 19);
    expect(
      listOrderTimes({ schedule, timeZone: NY, now, prepTimeMinutes: 20, customDate: '2025-01-17' }),
    ).toEqual([{ date: '2025-01-17', times: [] }]);
    expect(
      listOrderTimes({ schedule, timeZone: NY, now, prepTimeMinutes: 20, customDate: '2025-01-01' }),
    ).toEqual([{ date: '2025-01-01', times: [] }]);
    const week = listOrderTimes({ schedule, timeZone: NY, now, prepTimeMinutes: 20 });
    expect(week.map((d) => d.date)).toEqual([
      '2025-01-15',
      '2025-01-16',
      '2025-01-18',
      '2025-01-19',
      '2025-01-20',
      '2025-01-21',
    ]);
  });

  it('puts the after-midnight part of an overnight period on the next date', () => {
    const lateNight: Schedule = { weekly: every([{ open: '18:00', close: '01:00' }]), holidays: [] };
    const result = listOrderTimes({
      schedule: lateNight,
      timeZone: NY,
      now: ny('2025-01-15', '23:30'),
      prepTimeMinutes: 10,
      days: 2,
    });
    expect(result[0]).toEqual({
      date: '2025-01-15',
      times: ['2025-01-15T23:45:00-05:00'],
    });
    expect(result[1]?.times.slice(0, 5)).toEqual([
      '2025-01-16T00:00:00-05:00',
      '2025-01-16T00:15:00-05:00',
      '2025-01-16T00:30:00-05:00',
      '2025-01-16T00:45:00-05:00',
      '2025-01-16T01:00:00-05:00',
    ]);
    expect(result[1]?.times[5]).toBe('2025-01-16T18:15:00-05:00');
  });
});

describe('isOrderTimeAvailable', () => {
  const now = ny('2025-01-15', '12:00');
  it('accepts a time inside the hours after preparation time', () => {
    expect(isOrderTimeAvailable(splitShift, NY, ny('2025-01-15', '12:30'), now, 15)).toBe(true);
    expect(isOrderTimeAvailable(splitShift, NY, ny('2025-01-16', '17:15'), now, 15)).toBe(true);
  });
  it('refuses past, too-soon, closed-hours and before-prep-at-opening times', () => {
    expect(isOrderTimeAvailable(splitShift, NY, ny('2025-01-15', '11:30'), now, 15)).toBe(false);
    expect(isOrderTimeAvailable(splitShift, NY, ny('2025-01-15', '12:05'), now, 15)).toBe(false);
    expect(isOrderTimeAvailable(splitShift, NY, ny('2025-01-15', '15:30'), now, 15)).toBe(false);
    expect(isOrderTimeAvailable(splitShift, NY, ny('2025-01-15', '17:05'), now, 15)).toBe(false);
    expect(isOrderTimeAvailable(splitShift, NY, Number.NaN, now, 15)).toBe(false);
  });
});

describe('describeWeek and upcomingHolidays', () => {
  it('lists the week Monday first with today flagged in the zone', () => {
    const week = describeWeek(
      { weekly: [[], ...every([{ open: '11:00', close: '22:00' }]).slice(1)], holidays: [] },
      NY,
      ny('2025-01-15', '12:00'),
    );
    expect(week.map((d) => d.day)).toEqual([
      'Monday',
      'Tuesday',
      'Wednesday',
      'Thursday',
      'Friday',
      'Saturday',
      'Sunday',
    ]);
    expect(week.find((d) => d.isCurrentDay)?.day).toBe('Wednesday');
    expect(week.find((d) => d.day === 'Sunday')?.isOpen).toBe(false);
  });

  it('keeps holidays from today on, soonest first', () => {
    const holidays = upcomingHolidays(
      {
        weekly: every([]),
        holidays: [
          { date: '2025-12-25', title: 'Christmas Day', isOpen: false, hours: [] },
          { date: '2025-01-01', title: "New Year's Day", isOpen: false, hours: [] },
          { date: '2025-07-04', title: 'Independence Day', isOpen: true, hours: [] },
        ],
      },
      NY,
      ny('2025-01-15', '12:00'),
    );
    expect(holidays.map((h) => h.title)).toEqual(['Independence Day', 'Christmas Day']);
  });
});

describe('order times on daylight-saving change days', () => {
  const night: Schedule = { weekly: every([{ open: '00:00', close: '06:00' }]), holidays: [] };
  const slotsOn = (date: string) =>
    listOrderTimes({
      schedule: night,
      timeZone: NY,
      now: ny(addDays(date, -1), '12:00'),
      prepTimeMinutes: 0,
      customDate: date,
    })[0]?.times ?? [];
  const gaps = (times: string[]) =>
    times.slice(1).map((t, i) => (Date.parse(t) - Date.parse(times[i] ?? t)) / 60_000);

  it('skips the missing hour of the 23-hour day without shifting later slots', () => {
    const times = slotsOn('2025-03-09');
    // 00:00 EST to 06:00 EDT is 5 real hours: 21 slots, 15 minutes apart, none at 02:xx (it does not exist).
    expect(times).toHaveLength(21);
    expect(new Set(gaps(times))).toEqual(new Set([15]));
    expect(times).toContain('2025-03-09T01:45:00-05:00');
    expect(times).toContain('2025-03-09T03:00:00-04:00');
    expect(times.some((t) => t.includes('T02:'))).toBe(false);
    expect(times.at(-1)).toBe('2025-03-09T06:00:00-04:00');
  });

  it('offers the repeated hour of the 25-hour day twice, once per offset, never the same instant twice', () => {
    const times = slotsOn('2025-11-02');
    // 00:00 EDT to 06:00 EST is 7 real hours: 29 slots; 01:00-01:45 come once in EDT and once in EST.
    expect(times).toHaveLength(29);
    expect(new Set(times).size).toBe(29);
    expect(new Set(gaps(times))).toEqual(new Set([15]));
    expect(times).toContain('2025-11-02T01:30:00-04:00');
    expect(times).toContain('2025-11-02T01:30:00-05:00');
    expect(times.at(-1)).toBe('2025-11-02T06:00:00-05:00');
  });

  it('keeps slots on the wall clock after the change (11:00 stays 11:00)', () => {
    const lunch: Schedule = { weekly: every([{ open: '11:00', close: '12:00' }]), holidays: [] };
    const [day] = listOrderTimes({
      schedule: lunch,
      timeZone: NY,
      now: ny('2025-03-08', '12:00'),
      prepTimeMinutes: 0,
      customDate: '2025-03-09',
    });
    expect(day?.times[0]).toBe('2025-03-09T11:00:00-04:00');
  });
});

describe('other time zones', () => {
  it('computes hours and slots in the location zone (Chicago), with its own offset', () => {
    const CHI = 'America/Chicago';
    const schedule: Schedule = { weekly: every([{ open: '10:00', close: '20:00' }]), holidays: [] };
    // 15:00 UTC on 2025-01-15 is 09:00 in Chicago: closed until 10:00 there, though New York is already open.
    const now = Date.parse('2025-01-15T15:00:00Z');
    expect(computeStoreStatus(schedule, CHI, now).locationStatus).toBe('Closed');
    expect(computeStoreStatus(schedule, NY, now).locationStatus).not.toBe('Closed');
    const [day] = listOrderTimes({ schedule, timeZone: CHI, now, prepTimeMinutes: 15, days: 1 });
    expect(day?.times[0]).toBe('2025-01-15T10:15:00-06:00');
  });
});

describe('findAsapTime and estimateCacheKey', () => {
  it('gives the first slot after preparation time, skipping slots the caller rules out', () => {
    const input = { schedule: splitShift, timeZone: NY, now: ny('2025-01-15', '14:05'), prepTimeMinutes: 10 };
    expect(findAsapTime(input)).toEqual({ ok: true, time: '2025-01-15T14:15:00-05:00' });
    // A full 14:15 and 14:30 roll over the afternoon break to the dinner shift.
    const full = new Set(['2025-01-15T14:15:00-05:00', '2025-01-15T14:30:00-05:00']);
    expect(findAsapTime(input, (t) => !full.has(t))).toEqual({ ok: true, time: '2025-01-15T17:15:00-05:00' });
  });

  it("answers 'Could not find an ASAP time.' when no slot is left", () => {
    const closed: Schedule = { weekly: every([]), holidays: [] };
    const result = findAsapTime({
      schedule: closed,
      timeZone: NY,
      now: ny('2025-01-15', '12:00'),
      prepTimeMinutes: 15,
    });
    expect(result).toEqual({ ok: false, message: 'Could not find an ASAP time.' });
    expect(NO_ASAP_TIME_MESSAGE).toBe('Could not find an ASAP time.');
  });

  it('buckets estimates per store, catering flag, method and minute', () => {
    const at = Date.parse('2025-01-15T17:00:10Z');
    const key = (over: Partial<Parameters<typeof estimateCacheKey>[0]> = {}) =>
      estimateCacheKey({ locationId: 8, isCatering: false, method: 'Pickup', now: at, ...over });
    expect(key({ now: at + 49_000 })).toBe(key());
    expect(key({ now: at + 50_000 })).not.toBe(key());
    expect(key({ isCatering: true })).not.toBe(key());
    expect(key({ method: 'Delivery' })).not.toBe(key());
    expect(key({ locationId: 9 })).not.toBe(key());
  });
});

describe('orderTimeProblem', () => {
  const schedule: Schedule = {
    weekly: [[], ...Array.from({ length: 6 }, () => [{ open: '11:00', close: '22:00' }])],
    holidays: [{ date: '2025-01-17', title: 'Closed', isOpen: false, hours: [] }],
  };
  const now = ny('2025-01-15', '12:00');
  const problem = (date: string, time: string) => orderTimeProblem(schedule, NY, ny(date, time), now, 15);

  it('accepts an offered time', () => {
    expect(problem('2025-01-15', '13:00')).toBeNull();
    expect(problem('2025-01-16', '11:15')).toBeNull();
  });

  it("reads 'date' for a past date, a closed weekday, a closed holiday and beyond the offered days", () => {
    expect(problem('2025-01-14', '13:00')).toBe('date');
    expect(problem('2025-01-19', '13:00')).toBe('date'); // Sunday: closed all day
    expect(problem('2025-01-17', '13:00')).toBe('date'); // closed holiday
    expect(problem('2025-01-23', '13:00')).toBe('date'); // 8th day
  });

  it("reads 'time' for a passed time today, inside preparation time, or outside the hours of an open day", () => {
    expect(problem('2025-01-15', '11:30')).toBe('time');
    expect(problem('2025-01-15', '12:05')).toBe('time');
    expect(problem('2025-01-16', '23:00')).toBe('time');
    expect(problem('2025-01-16', '11:00')).toBe('time');
  });
});

/**
 * A schedule that counts the days read (every day looks its holidays up once) and throws past `limit`: a loop
 * over days that never ends fails at once here instead of hanging the run.
 */
function countingSchedule(base: Schedule, limit = 500): { schedule: Schedule; daysRead: () => number } {
  let reads = 0;
  const schedule: Schedule = {
    weekly: base.weekly,
    get holidays() {
      reads += 1;
      if (reads > limit) throw new Error(`read more than ${limit} days: an unbounded loop`);
      return base.holidays;
    },
  };
  return { schedule, daysRead: () => reads };
}

describe('calendar dates are compared as dates, and every loop is bounded', () => {
  const now = ny('2025-01-15', '08:00');

  it('answers a custom date beyond year 9999 at once, without reading a single day', () => {
    // '10000-01-01' < '9999-12-31' as text: the old string loop never reached its end date.
    const { schedule, daysRead } = countingSchedule(splitShift);
    for (const customDate of ['9999-12-31', '9999-12-30', '2025-02-30', '0000-01-01', 'tomorrow']) {
      expect(listOrderTimes({ schedule, timeZone: NY, now, prepTimeMinutes: 20, customDate })).toEqual([
        { date: customDate, times: [] },
      ]);
    }
    expect(daysRead()).toBe(0);
  });

  it('offers a custom date only within the scheduling window (today and the 6 days after)', () => {
    const slots = (customDate: string) =>
      listOrderTimes({ schedule: splitShift, timeZone: NY, now, prepTimeMinutes: 20, customDate })[0]
        ?.times ?? [];
    expect(orderDateWindow(now, NY)).toEqual({ first: '2025-01-15', last: '2025-01-21' });
    expect(slots('2025-01-21').length).toBeGreaterThan(0);
    expect(slots('2025-01-22')).toEqual([]);
    expect(slots('2025-02-15')).toEqual([]);
    expect(slots('2025-01-14')).toEqual([]);
  });

  it('reads each day of a range once and refuses ranges that are not bounded dates', () => {
    const { schedule, daysRead } = countingSchedule(splitShift);
    expect(openingIntervals(schedule, NY, '9999-12-30', '9999-12-31')).toHaveLength(4);
    expect(daysRead()).toBe(2);
    expect(() => openingIntervals(schedule, NY, '9999-12-31', '10000-01-01')).toThrow(RangeError);
    expect(() => openingIntervals(schedule, NY, '2025-01-01', '2026-01-01')).toThrow(RangeError);
    expect(openingIntervals(schedule, NY, '2025-01-02', '2025-01-01')).toEqual([]);
  });

  it('bounds the days and the slot step of listOrderTimes', () => {
    const allDay = { weekly: every([{ open: '00:00', close: '24:00' }]), holidays: [] };
    const { schedule, daysRead } = countingSchedule(allDay);
    const days = listOrderTimes({
      schedule,
      timeZone: NY,
      now,
      prepTimeMinutes: 0,
      days: 1_000_000,
      slotMinutes: 600,
    });
    expect(days).toHaveLength(31);
    expect(daysRead()).toBeLessThanOrEqual(32);
    // A zero step is read as one minute, not an endless loop on one instant.
    const [today] = listOrderTimes({
      schedule: allDay,
      timeZone: NY,
      now,
      prepTimeMinutes: 0,
      days: 1,
      slotMinutes: 0,
    });
    expect(today?.times).toHaveLength(16 * 60);
    expect(today?.times[0]).toBe('2025-01-15T08:00:00-05:00');
  });

  it('compares holiday dates and the offered days as dates across the year 10000', () => {
    expect(dayNumberOf('9999-12-31') < dayNumberOf('2025-01-01')).toBe(false);
    expect(Number.isNaN(dayNumberOf('10000-01-01'))).toBe(true);
    expect(Number.isNaN(dayNumberOf('2025-02-29'))).toBe(true);
    expect(dayNumberOf('2024-02-29') - dayNumberOf('2024-02-28')).toBe(1);
    const holidays = upcomingHolidays(
      {
        weekly: splitShift.weekly,
        holidays: [
          { date: '9999-12-31', title: 'Far', isOpen: false, hours: [] },
          { date: '2025-01-20', title: 'Near', isOpen: false, hours: [] },
          { date: '2024-12-25', title: 'Past', isOpen: false, hours: [] },
        ],
      },
      NY,
      now,
    );
    expect(holidays.map((h) => h.title)).toEqual(['Near', 'Far']);
    expect(orderTimeProblem(splitShift, NY, Date.parse('9999-12-31T12:00:00-05:00'), now, 20)).toBe('date');
  });

  it('resolves a skipped hour in the earlier offset east of UTC too, and a repeated one to its first time', () => {
    // Berlin jumps from 02:00 CET to 03:00 CEST on 2024-03-31: 02:30 is read as 02:30 CET (01:30 UTC).
    expect(new Date(zonedInstant('2024-03-31', 150, 'Europe/Berlin')).toISOString()).toBe(
      '2024-03-31T01:30:00.000Z',
    );
    // London's 01:00 that night does not exist: 01:00 GMT.
    expect(new Date(zonedInstant('2024-03-31', 60, 'Europe/London')).toISOString()).toBe(
      '2024-03-31T01:00:00.000Z',
    );
    // New York's 01:30 on 2024-11-03 comes twice: the first (EDT).
    expect(formatZonedIso(zonedInstant('2024-11-03', 90, NY), NY)).toBe('2024-11-03T01:30:00-04:00');
  });
});
