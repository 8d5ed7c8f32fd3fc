/**
 * Texts of the store info modal: a day's opening periods and the upcoming holidays, from the API's
 * `storeHours` (weekly periods already flagged with today, holidays from today on, in the store's zone).
 */
import { formatClock12, type Holiday, type OpeningPeriod } from '@storefront/contracts/store-hours';

export const CLOSED_LABEL = 'CLOSED';
export const OPEN_ALL_DAY_LABEL = 'Open 24 hours';

/** '11:00 AM - 3:00 PM' for one period; the whole day reads 'Open 24 hours'. */
export function formatPeriod(period: OpeningPeriod): string {
  if (period.open === '00:00' && period.close === '24:00') return OPEN_ALL_DAY_LABEL;
  return `${formatClock12(period.open)} - ${formatClock12(period.close)}`;
}

/** Every period of a day, in order; a day without any reads 'CLOSED'. */
export function formatDayHours(periods: readonly OpeningPeriod[]): string[] {
  if (periods.length === 0) return [CLOSED_LABEL];
  return [...periods].sort((a, b) => (a.open < b.open ? -1 : a.open > b.open ? 1 : 0)).map(formatPeriod);
}

/**
 * A holiday's hours: 'CLOSED' when closed, its own periods when it has some, and the weekday's usual hours
 * ('Usual hours') when open without special hours.
 */
export function formatHolidayHours(holiday: Holiday): string[] {
  if (!holiday.isOpen) return [CLOSED_LABEL];
  if (holiday.hours.length === 0) return ['Usual hours'];
  return formatDayHours(holiday.hours);
}

const WEEKDAY_SHORT = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'] as const;

/** '2026-11-28' to 'Sat 11/28/26' (the spec's MM/dd/yy with the weekday). */
export function formatHolidayDate(date: string): string {
  const [y = 0, m = 1, d = 1] = date.split('-').map(Number);
  const weekday = WEEKDAY_SHORT[new Date(Date.UTC(y, m - 1, d)).getUTCDay()] ?? '';
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${weekday} ${pad(m)}/${pad(d)}/${pad(y % 100)}`;
}
