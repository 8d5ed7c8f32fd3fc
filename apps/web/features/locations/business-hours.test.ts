import { describe, expect, it } from 'vitest';
import { formatDayHours, formatHolidayDate, formatHolidayHours, formatPeriod } from './business-hours';

describe('store hours texts', () => {
  it('lists several periods of a day in order, 12-hour clock, overnight closes included', () => {
    expect(
      formatDayHours([
        { open: '17:00', close: '01:00' },
        { open: '11:00', close: '15:00' },
      ]),
    ).toEqual(['11:00 AM - 3:00 PM', '5:00 PM - 1:00 AM']);
  });

  it('reads a day without periods as CLOSED and the whole day as open 24 hours', () => {
    expect(formatDayHours([])).toEqual(['CLOSED']);
    expect(formatPeriod({ open: '00:00', close: '24:00' })).toBe('Open 24 hours');
  });

  it('gives a closed holiday CLOSED, an open one its hours or the usual hours', () => {
    expect(
      formatHolidayHours({ date: '2026-12-25', title: 'Christmas Day', isOpen: false, hours: [] }),
    ).toEqual(['CLOSED']);
    expect(
      formatHolidayHours({
        date: '2026-12-24',
        title: 'Christmas Eve',
        isOpen: true,
        hours: [{ open: '11:00', close: '15:00' }],
      }),
    ).toEqual(['11:00 AM - 3:00 PM']);
    expect(formatHolidayHours({ date: '2026-07-04', title: 'Fourth', isOpen: true, hours: [] })).toEqual([
      'Usual hours',
    ]);
  });

  it('dates a holiday with its weekday and MM/dd/yy', () => {
    expect(formatHolidayDate('2026-12-25')).toBe('Fri 12/25/26');
    expect(formatHolidayDate('2027-01-01')).toBe('Fri 01/01/27');
  });
});
