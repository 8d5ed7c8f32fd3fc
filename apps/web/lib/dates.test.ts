import { describe, expect, it } from 'vitest';
import { DATE_FORMAT, formatInZone, formatLocalDate } from './dates';

describe('dates in the store time zone', () => {
  it('formats an instant on the store wall clock, whatever the server zone', () => {
    const at = '2026-11-24T17:30:00Z';
    expect(formatInZone(at, 'America/New_York', DATE_FORMAT.time)).toBe('12:30 pm');
    expect(formatInZone(at, 'America/Chicago', DATE_FORMAT.time)).toBe('11:30 am');
    expect(formatInZone(at, 'America/New_York', DATE_FORMAT.dayTime)).toBe('Tue 11/24 12:30 PM');
    expect(formatInZone(at, 'America/New_York', DATE_FORMAT.short)).toBe('11/24/26');
  });

  it('formats a local date without shifting it a day', () => {
    expect(formatLocalDate('2026-11-24')).toBe('Tue 11/24');
    expect(formatLocalDate('2027-03-14')).toBe('Sun 3/14');
  });
});
