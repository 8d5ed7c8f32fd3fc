import { ORDER_STATUS } from '@storefront/contracts/enum-values';
import { lateEstimate, showsDelayedWarning } from '@storefront/contracts/tracking-stages';

/** The tracking answer's ETA (contracts/tracking.ts TrackingEta), without zod for the browser code. */
export interface EtaInput {
  readyAt: string;
  arrival: { start: string; end: string } | null;
  isScheduled: boolean;
  timeZone: string;
}

export type EtaTone = 'on-time' | 'late' | 'ready' | 'complete';

export interface EtaView {
  tone: EtaTone;
  /** The headline: 'Ready at 6:45 PM', 'Arriving 7:00 PM–7:15 PM', 'Running late', 'Your order is ready'. */
  title: string;
  detail: string | null;
}

const MINUTE_MS = 60_000;

function partsOf(ms: number, timeZone: string, options: Intl.DateTimeFormatOptions) {
  const parts = new Intl.DateTimeFormat('en-US', { ...options, timeZone }).formatToParts(ms);
  return (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
}

/**
 * '6:45 PM' on the store's wall clock. Built from parts: ICU puts a narrow no-break space before 'PM' in some
 * versions and not in others, and the server and the browser must print the same text.
 */
export function formatClock(ms: number, timeZone: string): string {
  const part = partsOf(ms, timeZone, { hour: 'numeric', minute: '2-digit', hour12: true });
  return `${part('hour')}:${part('minute')} ${part('dayPeriod').toUpperCase()}`;
}

/** The store's local date of an instant, 'Tue 11/24'. */
function formatDay(ms: number, timeZone: string): string {
  const part = partsOf(ms, timeZone, { weekday: 'short', month: 'numeric', day: '2-digit' });
  return `${part('weekday')} ${part('month')}/${part('day')}`;
}

/** '6:45 PM' today (store's zone), else 'Tue 11/24 6:45 PM'. */
export function formatWhen(ms: number, now: number, timeZone: string): string {
  const clock = formatClock(ms, timeZone);
  return formatDay(ms, timeZone) === formatDay(now, timeZone) ? clock : `${formatDay(ms, timeZone)} ${clock}`;
}

/** 'in about 14 mins' / 'any minute now' until an instant. */
function untilText(ms: number, now: number): string {
  const minutes = Math.ceil((ms - now) / MINUTE_MS);
  if (minutes <= 1) return 'any minute now';
  if (minutes > 120) return '';
  return `in about ${minutes} mins`;
}

/**
 * What the tracking page leads with, for the order's status and ETA at `now`:
 * - before ready: 'Ready at 6:45 PM' (delivery: 'Arriving 7:00 PM–7:15 PM') with the minutes left;
 * - past the ready time and not ready: 'Running late' with a new estimate (lateEstimate) and the time it was due;
 *   a delivery's new arrival keeps its travel time after the kitchen;
 * - ready: 'Your order is ready' with `readyDetail` (where to collect it, or its arrival window); 'Running late'
 *   once its ready time has passed (the spec's delayed warning shows at every stage before 4);
 * - complete: 'Order complete'.
 */
export function etaView(input: {
  eta: EtaInput;
  statusId: number;
  now: number;
  /** What to do once it is ready ('Pick it up at the counter of ...'). */
  readyDetail: string;
}): EtaView {
  const { eta, statusId, now } = input;
  const zone = eta.timeZone;
  const readyAt = Date.parse(eta.readyAt);
  const arrival = eta.arrival
    ? { start: Date.parse(eta.arrival.start), end: Date.parse(eta.arrival.end) }
    : null;
  if (statusId >= ORDER_STATUS.Completed) {
    return { tone: 'complete', title: 'Order complete', detail: 'Enjoy your meal!' };
  }
  const delayed = showsDelayedWarning(statusId, readyAt, now);
  if (statusId >= ORDER_STATUS.Ready) {
    // The spec's delayed warning also covers stage 3: ready, and its ready time has passed.
    return delayed
      ? {
          tone: 'late',
          title: 'Running late',
          detail: `Your order is ready: it was due at ${formatClock(readyAt, zone)}. ${input.readyDetail}`,
        }
      : { tone: 'ready', title: 'Your order is ready', detail: input.readyDetail };
  }
  if (delayed) {
    const next = lateEstimate(now);
    const detail = arrival
      ? `Sorry, it is taking longer than planned: now expected to arrive by ${formatWhen(
          next + (arrival.start - readyAt),
          now,
          zone,
        )}.`
      : `Sorry, it is taking longer than planned: now expected by ${formatWhen(next, now, zone)}. It was due at ${formatClock(readyAt, zone)}.`;
    return { tone: 'late', title: 'Running late', detail };
  }
  if (arrival) {
    return {
      tone: 'on-time',
      title: `Arriving ${formatWhen(arrival.start, now, zone)}–${formatClock(arrival.end, zone)}`,
      detail:
        [eta.isScheduled ? 'Scheduled delivery' : null, untilText(arrival.start, now)]
          .filter(Boolean)
          .join(', ') || null,
    };
  }
  return {
    tone: 'on-time',
    title: `Ready at ${formatWhen(readyAt, now, zone)}`,
    detail:
      [eta.isScheduled ? 'Scheduled' : null, untilText(readyAt, now)].filter(Boolean).join(', ') || null,
  };
}
