import { TZDate } from '@date-fns/tz';
import { format } from 'date-fns';

/** Date display formats of the spec (section 9). */
export const DATE_FORMAT = {
  short: 'MM/dd/yy',
  monthDayTime: 'MMM dd hh:mm a',
  dayTime: 'E M/dd h:mm a',
  time: 'h:mm aaa',
  day: 'E M/dd',
} as const;

/** An instant (ISO 8601 or epoch ms) on the wall clock of `timeZone`, with a date-fns pattern. */
export function formatInZone(instant: string | number, timeZone: string, pattern: string): string {
  const ms = typeof instant === 'string' ? Date.parse(instant) : instant;
  return format(new TZDate(ms, timeZone), pattern);
}

/** A local calendar date 'YYYY-MM-DD' (no zone: it is already the store's date), e.g. 'Tue 11/24'. */
export function formatLocalDate(date: string, pattern: string = DATE_FORMAT.day): string {
  return format(new TZDate(`${date}T12:00:00Z`, 'UTC'), pattern);
}
