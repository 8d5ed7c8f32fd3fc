/**
 * Store schedule rules: opening periods per weekday (several a day, overnight allowed), holidays, the store
 * status chip (Open / Closes Soon / Closed with its description) and the order-time slots. Everything is
 * computed in the location's IANA time zone from an explicit `now`, so callers inject the clock.
 * Only `Intl` is used: the same code runs in Node and in the browser. No zod here (the store page's browser code
 * imports these rules); the schemas of these shapes are in locations.ts.
 */
import type { StoreStatus } from './enums';

/** 'HH:mm' on a 24-hour clock; '24:00' means the end of the day (checked by ClockTimeSchema in locations.ts). */
export type ClockTime = string;

/** 'YYYY-MM-DD', a calendar date in the location's time zone. */
export type LocalDate = string;

/**
 * One opening period. A `close` at or before `open` ends on the next day (an overnight period,
 * e.g. 18:00-02:00); '00:00'-'24:00' is the whole day.
 */
export interface OpeningPeriod {
  open: ClockTime;
  close: ClockTime;
}

export interface Holiday {
  date: LocalDate;
  title: string;
  isOpen: boolean;
  /** Hours on that day when open; empty with isOpen means the usual hours of that weekday. */
  hours: OpeningPeriod[];
}

/** A location's schedule: `weekly[0]` is Sunday ... `weekly[6]` Saturday, each a list of periods. */
export interface Schedule {
  weekly: readonly (readonly OpeningPeriod[])[];
  holidays: readonly Holiday[];
}

export const WEEKDAY_NAMES = [
  'Sunday',
  'Monday',
  'Tuesday',
  'Wednesday',
  'Thursday',
  'Friday',
  'Saturday',
] as const;

/** Minutes before closing at which an open store reads 'Closes Soon'. */
export const CLOSES_SOON_MINUTES = 30;
/** Order-time slots are this many minutes apart. */
export const ORDER_TIME_SLOT_MINUTES = 15;

const MINUTE = 60_000;
const DAY_MINUTES = 1440;

// ---------------------------------------------------------------------------------------------------------
// Time-zone arithmetic on top of Intl (formatters are cached: building one costs far more than using it).

const formatters = new Map<string, Intl.DateTimeFormat>();
function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/** Whether `timeZone` is an IANA zone this runtime knows. */
export function isValidTimeZone(timeZone: string): boolean {
  try {
    formatterFor(timeZone);
    return true;
  } catch {
    return false;
  }
}

interface WallClock {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

function wallClockFromIntl(instant: number, timeZone: string): WallClock {
  const out: WallClock = { year: 0, month: 0, day: 0, hour: 0, minute: 0, second: 0 };
  for (const part of formatterFor(timeZone).formatToParts(instant)) {
    if (part.type in out) out[part.type as keyof WallClock] = Number(part.value);
  }
  return out;
}

/**
 * Offsets are cached per zone and quarter hour: every IANA transition happens on a quarter-hour boundary,
 * so the offset at the start of a quarter hour holds for all of it. This keeps Intl (slow) off the hot path.
 */
const QUARTER_HOUR = 15 * MINUTE;
const offsetCache = new Map<string, number>();
const OFFSET_CACHE_LIMIT = 100_000;

/** The zone's offset from UTC in minutes at an instant (e.g. -300 for New York in winter). */
export function timeZoneOffsetMinutes(instant: number, timeZone: string): number {
  const bucket = Math.floor(instant / QUARTER_HOUR) * QUARTER_HOUR;
  const key = `${timeZone}|${bucket}`;
  let offset = offsetCache.get(key);
  if (offset === undefined) {
    const w = wallClockFromIntl(bucket, timeZone);
    offset = Math.round((Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second) - bucket) / MINUTE);
    if (offsetCache.size >= OFFSET_CACHE_LIMIT) offsetCache.clear();
    offsetCache.set(key, offset);
  }
  return offset;
}

function wallClock(instant: number, timeZone: string): WallClock {
  const shifted = new Date(instant + timeZoneOffsetMinutes(instant, timeZone) * MINUTE);
  return {
    year: shifted.getUTCFullYear(),
    month: shifted.getUTCMonth() + 1,
    day: shifted.getUTCDate(),
    hour: shifted.getUTCHours(),
    minute: shifted.getUTCMinutes(),
    second: shifted.getUTCSeconds(),
  };
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

function parseLocalDate(date: LocalDate): { y: number; m: number; d: number } {
  const [y = 0, m = 1, d = 1] = date.split('-').map(Number);
  return { y, m, d };
}

/** The calendar date `days` after `date`. */
export function addDays(date: LocalDate, days: number): LocalDate {
  const { y, m, d } = parseLocalDate(date);
  const t = new Date(Date.UTC(y, m - 1, d + days));
  return `${pad(t.getUTCFullYear(), 4)}-${pad(t.getUTCMonth() + 1)}-${pad(t.getUTCDate())}`;
}

/** 0 (Sunday) to 6 (Saturday). */
export function weekdayOf(date: LocalDate): number {
  const { y, m, d } = parseLocalDate(date);
  return new Date(Date.UTC(y, m - 1, d)).getUTCDay();
}

/** The calendar date of an instant in the zone. */
export function localDateOf(instant: number, timeZone: string): LocalDate {
  const w = wallClock(instant, timeZone);
  return `${pad(w.year, 4)}-${pad(w.month)}-${pad(w.day)}`;
}

/** Minutes since local midnight of an instant in the zone. */
export function localMinutesOf(instant: number, timeZone: string): number {
  const w = wallClock(instant, timeZone);
  return w.hour * 60 + w.minute;
}

/**
 * The instant of a local wall-clock time (`minutes` after midnight of `date`, may exceed a day).
 * A time skipped by a daylight-saving jump resolves to the same wall time in the earlier offset.
 */
export function zonedInstant(date: LocalDate, minutes: number, timeZone: string): number {
  const { y, m, d } = parseLocalDate(date);
  const asUtc = Date.UTC(y, m - 1, d, 0, minutes);
  const first = asUtc - timeZoneOffsetMinutes(asUtc, timeZone) * MINUTE;
  const second = asUtc - timeZoneOffsetMinutes(first, timeZone) * MINUTE;
  return timeZoneOffsetMinutes(second, timeZone) === timeZoneOffsetMinutes(first, timeZone) ? second : first;
}

/** ISO 8601 with the zone's offset, e.g. '2025-03-14T11:15:00-04:00'. */
export function formatZonedIso(instant: number, timeZone: string): string {
  const w = wallClock(instant, timeZone);
  const offset = timeZoneOffsetMinutes(instant, timeZone);
  const sign = offset < 0 ? '-' : '+';
  const abs = Math.abs(offset);
  return (
    `${pad(w.year, 4)}-${pad(w.month)}-${pad(w.day)}T${pad(w.hour)}:${pad(w.minute)}:${pad(w.second)}` +
    `${sign}${pad(Math.floor(abs / 60))}:${pad(abs % 60)}`
  );
}

/** 'HH:mm' to minutes after midnight (0 to 1440). */
export function clockToMinutes(time: ClockTime): number {
  const [h = 0, m = 0] = time.split(':').map(Number);
  return h * 60 + m;
}

/** Minutes after midnight to 'HH:mm' (1440 gives '24:00'). */
export function minutesToClock(minutes: number): ClockTime {
  return `${pad(Math.floor(minutes / 60))}:${pad(minutes % 60)}`;
}

/** '22:00' or minutes after midnight to '10:00 PM' (the storefront's h:mm a). */
export function formatClock12(time: ClockTime | number): string {
  const minutes = (typeof time === 'number' ? time : clockToMinutes(time)) % DAY_MINUTES;
  const h = Math.floor(minutes / 60);
  const suffix = h < 12 ? 'AM' : 'PM';
  return `${h % 12 === 0 ? 12 : h % 12}:${pad(minutes % 60)} ${suffix}`;
}

// ---------------------------------------------------------------------------------------------------------
// Opening intervals

/** The periods that apply on a local date: the holiday's when there is one, else the weekday's. */
export function periodsOn(schedule: Schedule, date: LocalDate): readonly OpeningPeriod[] {
  const weekday = schedule.weekly[weekdayOf(date)] ?? [];
  const holiday = schedule.holidays.find((h) => h.date === date);
  if (!holiday) return weekday;
  if (!holiday.isOpen) return [];
  return holiday.hours.length > 0 ? holiday.hours : weekday;
}

export interface OpeningInterval {
  start: number;
  end: number;
}

/**
 * Concrete opening intervals (epoch ms) of the periods that start on `fromDate` .. `toDate` (inclusive),
 * sorted and merged where they touch or overlap (so a 24/7 store is one long interval).
 */
export function openingIntervals(
  schedule: Schedule,
  timeZone: string,
  fromDate: LocalDate,
  toDate: LocalDate,
): OpeningInterval[] {
  const raw: OpeningInterval[] = [];
  for (let date = fromDate; date <= toDate; date = addDays(date, 1)) {
    for (const period of periodsOn(schedule, date)) {
      const open = clockToMinutes(period.open);
      let close = clockToMinutes(period.close);
      if (close <= open) close += DAY_MINUTES;
      raw.push({ start: zonedInstant(date, open, timeZone), end: zonedInstant(date, close, timeZone) });
    }
  }
  raw.sort((a, b) => a.start - b.start);
  const merged: OpeningInterval[] = [];
  for (const interval of raw) {
    const last = merged[merged.length - 1];
    if (last && interval.start <= last.end) last.end = Math.max(last.end, interval.end);
    else merged.push({ ...interval });
  }
  return merged;
}

// ---------------------------------------------------------------------------------------------------------
// Store status

export interface StoreStatusResult {
  locationStatus: StoreStatus;
  /** 'Open until 10:00 PM', 'Closes at 10:00 PM', 'Open 24 hours', 'Opens at 11:00 AM', 'Opens tomorrow at ...'. */
  description: string;
  /** When an open store next closes (epoch ms), null when closed or open for more than a day. */
  closesAt: number | null;
  /** When a closed store next opens (epoch ms), null when open or when it does not open within a week. */
  opensAt: number | null;
}

/** How far ahead the status looks for the next opening. */
const STATUS_HORIZON_DAYS = 7;

/**
 * The status chip of a store at `now`: Open, Closes Soon (open and closing within `closesSoonMinutes`)
 * or Closed, with the description the storefront shows. Never throws for a valid time zone; a store with
 * no opening within a week reads 'Closed' / 'Temporarily closed'.
 */
export function computeStoreStatus(
  schedule: Schedule,
  timeZone: string,
  now: Date | number,
  closesSoonMinutes = CLOSES_SOON_MINUTES,
): StoreStatusResult {
  const at = typeof now === 'number' ? now : now.getTime();
  const today = localDateOf(at, timeZone);
  const intervals = openingIntervals(
    schedule,
    timeZone,
    addDays(today, -1),
    addDays(today, STATUS_HORIZON_DAYS),
  );
  const current = intervals.find((i) => i.start <= at && at < i.end);
  if (current) {
    const left = current.end - at;
    if (left > DAY_MINUTES * MINUTE) {
      return { locationStatus: 'Open', description: 'Open 24 hours', closesAt: null, opensAt: null };
    }
    const closeLabel = formatClock12(localMinutesOf(current.end, timeZone));
    return left <= closesSoonMinutes * MINUTE
      ? {
          locationStatus: 'Closes Soon',
          description: `Closes at ${closeLabel}`,
          closesAt: current.end,
          opensAt: null,
        }
      : {
          locationStatus: 'Open',
          description: `Open until ${closeLabel}`,
          closesAt: current.end,
          opensAt: null,
        };
  }
  const next = intervals.find((i) => i.start > at);
  if (!next) {
    return { locationStatus: 'Closed', description: 'Temporarily closed', closesAt: null, opensAt: null };
  }
  const openLabel = formatClock12(localMinutesOf(next.start, timeZone));
  const openDate = localDateOf(next.start, timeZone);
  const description =
    openDate === today
      ? `Opens at ${openLabel}`
      : openDate === addDays(today, 1)
        ? `Opens tomorrow at ${openLabel}`
        : `Opens ${WEEKDAY_NAMES[weekdayOf(openDate)] ?? ''} at ${openLabel}`;
  return { locationStatus: 'Closed', description, closesAt: null, opensAt: next.start };
}

/**
 * Whether a store can take an order now (spec "store ordering state"): online, and either not closed or
 * accepting orders while closed (those orders must then be scheduled).
 */
export function canTakeOrders(store: {
  isOnline: boolean;
  acceptOrdersWhenClosed: boolean;
  locationStatus: StoreStatus;
}): boolean {
  return store.isOnline && (store.locationStatus !== 'Closed' || store.acceptOrdersWhenClosed);
}

// ---------------------------------------------------------------------------------------------------------
// Order times

export interface OrderTimeOptions {
  date: LocalDate;
  /** ISO 8601 with the location's offset. */
  times: string[];
}

export interface OrderTimesInput {
  schedule: Schedule;
  timeZone: string;
  now: Date | number;
  /** Kitchen preparation time: the earliest slot is now (or the opening) plus this. */
  prepTimeMinutes: number;
  /** Only this local date (answered even when it has no slot); otherwise `days` dates from today. */
  customDate?: LocalDate | undefined;
  days?: number;
  slotMinutes?: number;
}

/** Default number of days order times are offered for. */
export const ORDER_TIME_DAYS = 7;

/**
 * The ready-time slots a guest can pick: every `slotMinutes` on the wall clock, inside an opening interval,
 * from the interval's start plus preparation time (and never before now plus preparation time) up to its
 * end, grouped by local date. Dates without a slot are left out unless asked for with `customDate`.
 */
export function listOrderTimes(input: OrderTimesInput): OrderTimeOptions[] {
  const { schedule, timeZone, prepTimeMinutes } = input;
  const at = typeof input.now === 'number' ? input.now : input.now.getTime();
  const step = (input.slotMinutes ?? ORDER_TIME_SLOT_MINUTES) * MINUTE;
  const today = localDateOf(at, timeZone);
  const first = input.customDate ?? today;
  const last = input.customDate ?? addDays(today, (input.days ?? ORDER_TIME_DAYS) - 1);
  const byDate = new Map<LocalDate, string[]>();
  if (input.customDate) byDate.set(input.customDate, []);
  if (last < today) return [...byDate].map(([date, times]) => ({ date, times }));

  for (const interval of openingIntervals(schedule, timeZone, addDays(first, -1), last)) {
    const earliest = Math.max(interval.start, at) + prepTimeMinutes * MINUTE;
    // Offsets are whole quarter hours in every IANA zone, so UTC alignment is wall-clock alignment.
    for (let t = Math.ceil(earliest / step) * step; t <= interval.end; t += step) {
      const date = localDateOf(t, timeZone);
      if (date < first) continue;
      if (date > last) break;
      const list = byDate.get(date);
      if (list) list.push(formatZonedIso(t, timeZone));
      else byDate.set(date, [formatZonedIso(t, timeZone)]);
    }
  }
  return [...byDate]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([date, times]) => ({ date, times }));
}

/**
 * Whether `time` is a valid ready time: at least preparation time after now and inside an opening interval
 * (from its start plus preparation time to its end). Orders use it for code 21037 (invalid order time).
 */
export function isOrderTimeAvailable(
  schedule: Schedule,
  timeZone: string,
  time: Date | number,
  now: Date | number,
  prepTimeMinutes: number,
): boolean {
  const t = typeof time === 'number' ? time : time.getTime();
  const at = typeof now === 'number' ? now : now.getTime();
  const prep = prepTimeMinutes * MINUTE;
  if (!Number.isFinite(t) || t < at + prep - MINUTE) return false;
  const date = localDateOf(t, timeZone);
  return openingIntervals(schedule, timeZone, addDays(date, -1), date).some(
    (i) => t >= i.start + prep && t <= i.end,
  );
}

/**
 * Why a requested ready time cannot be used, or null when it can. Spec section 8 has two codes and does not
 * say where one ends and the other begins; the reading here: 'date' (2021 InvalidOrderDateTime, 'Unable to
 * create an Order for the specified Date') when the local date itself cannot take orders (before today, after
 * the offered days, or a day the store is closed all day, e.g. a closed holiday); 'time' (21037 invalid order
 * time) when the date is fine but the time is not offered (past, inside preparation time, outside the hours).
 */
export function orderTimeProblem(
  schedule: Schedule,
  timeZone: string,
  time: Date | number,
  now: Date | number,
  prepTimeMinutes: number,
  days: number = ORDER_TIME_DAYS,
): 'date' | 'time' | null {
  const t = typeof time === 'number' ? time : time.getTime();
  const at = typeof now === 'number' ? now : now.getTime();
  if (!Number.isFinite(t)) return 'date';
  const today = localDateOf(at, timeZone);
  const date = localDateOf(t, timeZone);
  if (date < today || date > addDays(today, days - 1)) return 'date';
  const dayStart = zonedInstant(date, 0, timeZone);
  const dayEnd = zonedInstant(addDays(date, 1), 0, timeZone);
  const open = openingIntervals(schedule, timeZone, addDays(date, -1), date).some(
    (i) => i.start < dayEnd && i.end > dayStart,
  );
  if (!open) return 'date';
  return isOrderTimeAvailable(schedule, timeZone, t, at, prepTimeMinutes) ? null : 'time';
}

// ---------------------------------------------------------------------------------------------------------
// Presentation of the week (store info modal)

export interface BusinessDay {
  weekday: number;
  day: (typeof WEEKDAY_NAMES)[number];
  isOpen: boolean;
  isCurrentDay: boolean;
  hours: OpeningPeriod[];
}

/** The week Monday first, with today's weekday (in the zone) flagged. */
export function describeWeek(schedule: Schedule, timeZone: string, now: Date | number): BusinessDay[] {
  const at = typeof now === 'number' ? now : now.getTime();
  const todayWeekday = weekdayOf(localDateOf(at, timeZone));
  return [1, 2, 3, 4, 5, 6, 0].map((weekday) => {
    const hours = [...(schedule.weekly[weekday] ?? [])];
    return {
      weekday,
      day: WEEKDAY_NAMES[weekday] ?? 'Sunday',
      isOpen: hours.length > 0,
      isCurrentDay: weekday === todayWeekday,
      hours,
    };
  });
}

/** Holidays from today on (in the zone), soonest first, at most `limit`. */
export function upcomingHolidays(
  schedule: Schedule,
  timeZone: string,
  now: Date | number,
  limit = 10,
): Holiday[] {
  const today = localDateOf(typeof now === 'number' ? now : now.getTime(), timeZone);
  return schedule.holidays
    .filter((h) => h.date >= today)
    .sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0))
    .slice(0, limit);
}

// ---------------------------------------------------------------------------------------------------------
// ASAP time and estimate caching

/** Spec text when no ready time is left in the offered days. */
export const NO_ASAP_TIME_MESSAGE = 'Could not find an ASAP time.';

export type AsapTimeResult = { ok: true; time: string } | { ok: false; message: typeof NO_ASAP_TIME_MESSAGE };

/**
 * The earliest ready time an ASAP order can get: the first slot `listOrderTimes` offers (now plus preparation
 * time, inside the hours, in the location's zone), or the spec message when the offered days hold none.
 * `isSlotOpen` lets the caller skip slots (e.g. a full kitchen) without this module knowing about capacity.
 */
export function findAsapTime(
  input: Omit<OrderTimesInput, 'customDate'>,
  isSlotOpen: (time: string) => boolean = () => true,
): AsapTimeResult {
  for (const day of listOrderTimes(input)) {
    const time = day.times.find(isSlotOpen);
    if (time) return { ok: true, time };
  }
  return { ok: false, message: NO_ASAP_TIME_MESSAGE };
}

/**
 * Cache key for ASAP and delivery estimates: one entry per store, catering flag, fulfilment method and
 * one-minute bucket, so an estimate is reused for at most the minute it was computed in and never shared
 * between catering and main-menu orders or between methods.
 */
export function estimateCacheKey(input: {
  locationId: number;
  isCatering: boolean;
  method: number | string;
  now: Date | number;
}): string {
  const at = typeof input.now === 'number' ? input.now : input.now.getTime();
  return `${input.locationId}|${input.isCatering ? 'catering' : 'main'}|${input.method}|${Math.floor(at / MINUTE)}`;
}
