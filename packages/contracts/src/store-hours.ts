/**
 * Store schedule rules: opening periods per weekday (several a day, overnight allowed), holidays, the store
 * status chip (Open / Closes Soon / Closed with its description) and the order-time slots. Everything is
 * computed in the location's IANA time zone from an explicit `now`, so callers inject the clock.
 * Offsets come from @date-fns/tz (Intl underneath): the same code runs in Node and in the browser. No zod here
 * (the store page's browser code imports these rules); the schemas of these shapes are in locations.ts.
 */
import { tzOffset } from '@date-fns/tz/tzOffset';
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
const DAY_MS = DAY_MINUTES * MINUTE;
const pad = (n: number, width = 2) => String(n).padStart(width, '0');

// ---------------------------------------------------------------------------------------------------------
// Calendar dates as day numbers, and the zone's offset from @date-fns/tz.
//
// A LocalDate crosses every boundary as 'YYYY-MM-DD' but is never compared or stepped as text ('10000-01-01'
// sorts before '9999-12-31', which once made a loop endless): it is read into a day number (days since
// 1970-01-01), an integer compared and stepped as one, and every loop over days is bounded by its rule.
//
// Local wall time to an instant is resolved here, not with TZDate: TZDate builds a wall time through the host's
// own zone, so a repeated or skipped hour resolves differently on a server in UTC and a browser in Los Angeles
// (measured on New York's 01:30 of 2024-11-03), and the two sides must agree on every slot.

/** Days since 1970-01-01 of a real 'YYYY-MM-DD' date; NaN for anything else (2025-02-30, '2025-1-1', '10000-01-01'). */
export function dayNumberOf(date: LocalDate): number {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  if (!match) return Number.NaN;
  const [y, m, d] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const t = Date.UTC(y, m - 1, d);
  const check = new Date(t);
  // Date.UTC maps years 0-99 to 1900-1999 and rolls 02-30 over to March: a round trip catches both.
  if (check.getUTCFullYear() !== y || check.getUTCMonth() !== m - 1 || check.getUTCDate() !== d)
    return Number.NaN;
  return Math.round(t / DAY_MS);
}

/** The 'YYYY-MM-DD' of a day number (years beyond 9999 keep their digits; callers bound the range). */
export function localDateOfDayNumber(day: number): LocalDate {
  const t = new Date(day * DAY_MS);
  return `${pad(t.getUTCFullYear(), 4)}-${pad(t.getUTCMonth() + 1)}-${pad(t.getUTCDate())}`;
}

/** Days from `from` to `to` (negative when `to` is earlier); NaN when either is not a real date. */
export function daysBetween(from: LocalDate, to: LocalDate): number {
  return dayNumberOf(to) - dayNumberOf(from);
}

/** The calendar date `days` after `date`. Throws a RangeError for a date that is not a real calendar date. */
export function addDays(date: LocalDate, days: number): LocalDate {
  const day = dayNumberOf(date);
  if (Number.isNaN(day)) throw new RangeError(`Not a calendar date: ${date}`);
  return localDateOfDayNumber(day + days);
}

/** 0 (Sunday) to 6 (Saturday); NaN for a date that is not a real calendar date. */
export function weekdayOf(date: LocalDate): number {
  // 1970-01-01 was a Thursday (4).
  return (((dayNumberOf(date) + 4) % 7) + 7) % 7;
}

const formatters = new Map<string, Intl.DateTimeFormat>();

/** Whether `timeZone` is an IANA zone this runtime knows. */
export function isValidTimeZone(timeZone: string): boolean {
  if (formatters.has(timeZone)) return true;
  try {
    formatters.set(timeZone, new Intl.DateTimeFormat('en-US', { timeZone }));
    return true;
  } catch {
    return false;
  }
}

/**
 * Offsets are cached per zone and quarter hour: every IANA transition happens on a quarter-hour boundary,
 * so the offset at the start of a quarter hour holds for all of it. This keeps Intl (slow) off the hot path.
 */
const QUARTER_HOUR = 15 * MINUTE;
const offsetCache = new Map<string, number>();
const OFFSET_CACHE_LIMIT = 100_000;

/** The zone's offset from UTC in minutes at an instant (e.g. -300 for New York in winter); NaN for an unknown zone. */
export function timeZoneOffsetMinutes(instant: number, timeZone: string): number {
  const bucket = Math.floor(instant / QUARTER_HOUR) * QUARTER_HOUR;
  const key = `${timeZone}|${bucket}`;
  let offset = offsetCache.get(key);
  if (offset === undefined) {
    offset = tzOffset(timeZone, new Date(bucket));
    if (offsetCache.size >= OFFSET_CACHE_LIMIT) offsetCache.clear();
    offsetCache.set(key, offset);
  }
  return offset;
}

interface WallClock {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

function wallClock(
  instant: number,
  timeZone: string,
  offset = timeZoneOffsetMinutes(instant, timeZone),
): WallClock {
  const shifted = new Date(instant + offset * MINUTE);
  return {
    year: shifted.getUTCFullYear(),
    month: shifted.getUTCMonth() + 1,
    day: shifted.getUTCDate(),
    hour: shifted.getUTCHours(),
    minute: shifted.getUTCMinutes(),
    second: shifted.getUTCSeconds(),
  };
}

/** The day number of an instant's calendar date in the zone. */
export function localDayNumberOf(instant: number, timeZone: string): number {
  return Math.floor((instant + timeZoneOffsetMinutes(instant, timeZone) * MINUTE) / DAY_MS);
}

/** The calendar date of an instant in the zone. */
export function localDateOf(instant: number, timeZone: string): LocalDate {
  return localDateOfDayNumber(localDayNumberOf(instant, timeZone));
}

/** Minutes since local midnight of an instant in the zone. */
export function localMinutesOf(instant: number, timeZone: string): number {
  const w = wallClock(instant, timeZone);
  return w.hour * 60 + w.minute;
}

/**
 * The instant of a local wall-clock time (`minutes` after midnight of `date`, may exceed a day).
 * A time skipped by a daylight-saving jump resolves to the same wall time in the earlier offset (02:30 on a
 * spring-forward night is 03:30 after it); a repeated time resolves to its first occurrence.
 * NaN for a date that is not a real calendar date.
 */
export function zonedInstant(date: LocalDate, minutes: number, timeZone: string): number {
  const asUtc = dayNumberOf(date) * DAY_MS + minutes * MINUTE;
  if (Number.isNaN(asUtc)) return Number.NaN;
  // A day either side of the wall time lies beyond any transition near it (zones change at most twice a year).
  const before = timeZoneOffsetMinutes(asUtc - DAY_MS, timeZone);
  const after = timeZoneOffsetMinutes(asUtc + DAY_MS, timeZone);
  const inBefore = asUtc - before * MINUTE;
  const inAfter = asUtc - after * MINUTE;
  const beforeHolds = timeZoneOffsetMinutes(inBefore, timeZone) === before;
  const afterHolds = timeZoneOffsetMinutes(inAfter, timeZone) === after;
  if (beforeHolds && afterHolds) return Math.min(inBefore, inAfter);
  if (afterHolds) return inAfter;
  return inBefore;
}

/** ISO 8601 with the zone's offset, e.g. '2025-03-14T11:15:00-04:00'. */
export function formatZonedIso(instant: number, timeZone: string): string {
  // The offset once for both (a kitchen board formats a few instants per ticket).
  const offset = timeZoneOffsetMinutes(instant, timeZone);
  const w = wallClock(instant, timeZone, offset);
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

/** The most days one call of openingIntervals reads: every rule here asks for at most ORDER_TIME_DAYS_MAX + 2. */
export const OPENING_INTERVALS_MAX_DAYS = 62;

/**
 * Concrete opening intervals (epoch ms) of the periods that start on `fromDate` .. `toDate` (inclusive),
 * sorted and merged where they touch or overlap (so a 24/7 store is one long interval). Empty when `toDate` is
 * before `fromDate`; throws a RangeError for a date that is not a real calendar date or a range longer than
 * OPENING_INTERVALS_MAX_DAYS (callers bound their ranges; this keeps any other caller from an endless loop).
 */
export function openingIntervals(
  schedule: Schedule,
  timeZone: string,
  fromDate: LocalDate,
  toDate: LocalDate,
): OpeningInterval[] {
  const first = dayNumberOf(fromDate);
  const last = dayNumberOf(toDate);
  if (Number.isNaN(first) || Number.isNaN(last)) {
    throw new RangeError(`Not a calendar date range: ${fromDate} to ${toDate}`);
  }
  if (last - first + 1 > OPENING_INTERVALS_MAX_DAYS) {
    throw new RangeError(`More than ${OPENING_INTERVALS_MAX_DAYS} days: ${fromDate} to ${toDate}`);
  }
  const raw: OpeningInterval[] = [];
  for (let day = first; day <= last; day += 1) {
    const date = localDateOfDayNumber(day);
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
  const daysAhead = daysBetween(today, openDate);
  const description =
    daysAhead === 0
      ? `Opens at ${openLabel}`
      : daysAhead === 1
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

/** What a store's status means for ordering now, most serious first. */
export type StoreAvailability = 'offline' | 'closed' | 'schedule-only' | 'open';

/** The description an offline store shows beside its chip (the chip itself reads Closed). */
export const OFFLINE_STATUS_DESCRIPTION = 'Offline: not taking orders now';

export interface ShownStoreStatus {
  /** The chip: one of the spec's three statuses (an offline store's chip reads Closed). */
  locationStatus: StoreStatus;
  description: string;
  availability: StoreAvailability;
  /** Whether an ASAP estimate may be shown at all (only when the store takes orders for now). */
  offersAsap: boolean;
}

/**
 * The one status a guest sees for a store, wherever it shows (store header and island, search card, the ETA
 * line): offline wins over closed, closed over Closes Soon, Closes Soon over Open. The spec's chip knows only
 * Open, Closes Soon and Closed, so an offline store's chip reads Closed with the reason as its description: a
 * store that cannot take an order never reads Open nor offers ASAP (issue 24: Clarendon read 'Open' behind its
 * 'Store is offline' dialog). Missing flags count against the store, as in canTakeOrders.
 */
export function shownStoreStatus(store: {
  isOnline?: boolean | undefined;
  acceptOrdersWhenClosed?: boolean | undefined;
  status?: { locationStatus: StoreStatus; description: string } | undefined;
}): ShownStoreStatus {
  if (store.isOnline !== true) {
    return {
      locationStatus: 'Closed',
      description: OFFLINE_STATUS_DESCRIPTION,
      availability: 'offline',
      offersAsap: false,
    };
  }
  const status = store.status ?? { locationStatus: 'Closed' as const, description: '' };
  if (status.locationStatus === 'Closed') {
    return {
      ...status,
      availability: store.acceptOrdersWhenClosed === true ? 'schedule-only' : 'closed',
      offersAsap: false,
    };
  }
  return { ...status, availability: 'open', offersAsap: true };
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
  /**
   * Only this local date (answered even when it has no slot, and with no slot when it is outside the offered
   * days); otherwise `days` dates from today.
   */
  customDate?: LocalDate | undefined;
  /** How many days from today are offered: 1 to ORDER_TIME_DAYS_MAX (ORDER_TIME_DAYS when left out). */
  days?: number;
  /** Minutes between slots: 1 to a day (ORDER_TIME_SLOT_MINUTES when left out). */
  slotMinutes?: number;
}

/** Default number of days order times are offered for (a store's scheduling window, today included). */
export const ORDER_TIME_DAYS = 7;
/** The most days order times can be asked for at once (bounds the work of one call). */
export const ORDER_TIME_DAYS_MAX = 31;

const clamp = (value: number, min: number, max: number) =>
  Number.isFinite(value) ? Math.min(max, Math.max(min, Math.trunc(value))) : min;

export interface OrderDateWindow {
  /** Today in the zone. */
  first: LocalDate;
  /** The last day offered. */
  last: LocalDate;
}

/**
 * The days order times are offered for at `now` in the zone: today and the `days - 1` after it (`days` is
 * clamped to 1..ORDER_TIME_DAYS_MAX).
 */
export function orderDateWindow(
  now: Date | number,
  timeZone: string,
  days: number = ORDER_TIME_DAYS,
): OrderDateWindow {
  const at = typeof now === 'number' ? now : now.getTime();
  const today = localDayNumberOf(at, timeZone);
  return {
    first: localDateOfDayNumber(today),
    last: localDateOfDayNumber(today + clamp(days, 1, ORDER_TIME_DAYS_MAX) - 1),
  };
}

/** Whether `date` is a real calendar date inside the window (compared as dates, never as text). */
export function isInOrderDateWindow(date: LocalDate, window: OrderDateWindow): boolean {
  const day = dayNumberOf(date);
  return day >= dayNumberOf(window.first) && day <= dayNumberOf(window.last);
}

/**
 * The ready-time slots a guest can pick: every `slotMinutes` on the wall clock, inside an opening interval,
 * from the interval's start plus preparation time (and never before now plus preparation time) up to its
 * end, grouped by local date. Dates without a slot are left out unless asked for with `customDate`.
 */
export function listOrderTimes(input: OrderTimesInput): OrderTimeOptions[] {
  const { schedule, timeZone, prepTimeMinutes } = input;
  const at = typeof input.now === 'number' ? input.now : input.now.getTime();
  const step = clamp(input.slotMinutes ?? ORDER_TIME_SLOT_MINUTES, 1, DAY_MINUTES) * MINUTE;
  const window = orderDateWindow(at, timeZone, input.days ?? ORDER_TIME_DAYS);
  const { customDate } = input;
  // A custom date outside the offered days has no slot: answered at once, without reading the schedule.
  if (customDate !== undefined && !isInOrderDateWindow(customDate, window)) {
    return [{ date: customDate, times: [] }];
  }
  const first = dayNumberOf(customDate ?? window.first);
  const last = dayNumberOf(customDate ?? window.last);
  const byDay = new Map<number, string[]>();
  if (customDate !== undefined) byDay.set(first, []);

  // From the day before (an overnight period started then); the slots are bounded by these intervals.
  const intervals = openingIntervals(
    schedule,
    timeZone,
    localDateOfDayNumber(first - 1),
    localDateOfDayNumber(last),
  );
  for (const interval of intervals) {
    const earliest = Math.max(interval.start, at) + prepTimeMinutes * MINUTE;
    // Offsets are whole quarter hours in every IANA zone, so UTC alignment is wall-clock alignment.
    for (let t = Math.ceil(earliest / step) * step; t <= interval.end; t += step) {
      const day = localDayNumberOf(t, timeZone);
      if (day < first) continue;
      if (day > last) break;
      const list = byDay.get(day);
      if (list) list.push(formatZonedIso(t, timeZone));
      else byDay.set(day, [formatZonedIso(t, timeZone)]);
    }
  }
  return [...byDay]
    .sort(([a], [b]) => a - b)
    .map(([day, times]) => ({ date: localDateOfDayNumber(day), times }));
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
  if (!Number.isFinite(t) || !Number.isFinite(at) || t < at + prep - MINUTE) return false;
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
  if (!Number.isFinite(t) || !Number.isFinite(at)) return 'date';
  const date = localDateOf(t, timeZone);
  if (!isInOrderDateWindow(date, orderDateWindow(at, timeZone, days))) return 'date';
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
  const today = localDayNumberOf(typeof now === 'number' ? now : now.getTime(), timeZone);
  return schedule.holidays
    .map((holiday) => ({ holiday, day: dayNumberOf(holiday.date) }))
    .filter(({ day }) => day >= today)
    .sort((a, b) => a.day - b.day)
    .slice(0, limit)
    .map(({ holiday }) => holiday);
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
