/**
 * The soak's accounting (pure, unit-tested in soak-stats.test.ts): which call a request was, whether its answer
 * was a success, a refusal by a domain rule or an error, which phase of the run it fell in (before the database
 * restart, during the outage, after recovery), latency percentiles, and the placements acknowledged to the
 * customers reconciled with what the database holds (lost, duplicated, stuck).
 */

export const CALLS = [
  'token',
  'search',
  'menu',
  'pricing',
  'create order',
  'add item',
  'cart edit',
  'contact',
  'payment',
  'card token',
  'place',
  'other',
] as const;
export type Call = (typeof CALLS)[number];

/** Calls that write the database: the first success of one after the restart is the API's recovery. */
const WRITES: ReadonlySet<Call> = new Set([
  'create order',
  'add item',
  'cart edit',
  'contact',
  'payment',
  'card token',
  'place',
]);

const ROUTES: { method: string; path: RegExp; call: Call }[] = [
  { method: 'POST', path: /^\/v1\/oauth\/token$/, call: 'token' },
  { method: 'GET', path: /^\/v1\/locations$/, call: 'search' },
  { method: 'GET', path: /^\/v1\/sales\/menus$/, call: 'menu' },
  { method: 'POST', path: /^\/v1\/sales\/menus\/\d+\/items\/[^/]+\/pricings$/, call: 'pricing' },
  { method: 'POST', path: /^\/v1\/sales\/orders$/, call: 'create order' },
  { method: 'POST', path: /^\/v1\/sales\/orders\/\d+\/items$/, call: 'add item' },
  { method: 'PUT', path: /^\/v1\/sales\/orders\/\d+\/items\/\d+$/, call: 'cart edit' },
  { method: 'DELETE', path: /^\/v1\/sales\/orders\/\d+\/items\/\d+$/, call: 'cart edit' },
  { method: 'PATCH', path: /^\/v1\/sales\/orders\/\d+\/contact-information$/, call: 'contact' },
  { method: 'POST', path: /^\/v1\/sales\/orders\/\d+\/payments$/, call: 'payment' },
  { method: 'POST', path: /^\/hosted-payments\/[^/]+\/tokens$/, call: 'card token' },
  { method: 'POST', path: /^\/v1\/sales\/orders\/\d+\/close-requests$/, call: 'place' },
];

/** The call a request is, by its method and path. */
export function callOf(method: string, url: string): Call {
  const path = new URL(url).pathname;
  return ROUTES.find((r) => r.method === method && r.path.test(path))?.call ?? 'other';
}

export interface RequestRecord {
  call: Call;
  /** Milliseconds since the soak started. */
  start: number;
  /** When the answer's headers came, or the request failed. */
  end: number;
  /** The HTTP status; 0 when no answer came (a network error or the client's timeout). */
  status: number;
  /** Without a 2xx: the envelope's first error key, or the network error's code ('ECONNREFUSED', 'timeout'). */
  detail?: string;
  /** The envelope's first error code (the spec's code of a domain rule, e.g. 21037). */
  code?: number;
}

export type Outcome = 'ok' | 'refused' | 'error';

/**
 * A 2xx is a success. A refusal by a domain rule (422: a full kitchen slot, a minimum, store hours) and a
 * placement answered 'already placed' are answers a client acts on, not failures of the service; every other
 * answer, and no answer, is an error.
 */
export function outcomeOf(record: Pick<RequestRecord, 'status' | 'detail'>): Outcome {
  if (record.status >= 200 && record.status < 300) return 'ok';
  if (record.status === 422 || (record.status === 409 && record.detail === 'OrderAlreadyPlaced'))
    return 'refused';
  return 'error';
}

export type Phase = 'before' | 'outage' | 'after';
export const PHASES: readonly Phase[] = ['before', 'outage', 'after'];

export interface Timeline {
  /** Milliseconds since the start at which the database was stopped; null when the run ended before. */
  restartAt: number | null;
  /** When the database accepted connections again after its start; null when it never did during the run. */
  databaseBackAt: number | null;
  /**
   * The run's planned length in milliseconds: no customer starts an order after it, and rates are per second of
   * it. The orders in hand are finished after it (their placement retries included), and their errors counted.
   */
  endAt: number;
  /** After the recovery, errors of requests started within this grace are still counted in the outage. */
  graceMs: number;
}

/**
 * The API's recovery: the end of the first successful write (see WRITES) started once the database was back;
 * null when the database never came back or no write succeeded after it.
 */
export function recoveredAt(records: readonly RequestRecord[], timeline: Timeline): number | null {
  const back = timeline.databaseBackAt;
  if (back === null) return null;
  let first: number | null = null;
  for (const r of records) {
    if (r.start >= back && WRITES.has(r.call) && outcomeOf(r) === 'ok' && (first === null || r.end < first)) {
      first = r.end;
    }
  }
  return first;
}

/**
 * 'before': ended before the restart. 'after': started after the recovery and its grace. Everything else is the
 * outage, in-flight requests the restart cut included.
 */
export function phaseOf(
  record: Pick<RequestRecord, 'start' | 'end'>,
  restartAt: number | null,
  afterFrom: number | null,
) {
  if (restartAt === null || record.end < restartAt) return 'before';
  if (afterFrom !== null && record.start >= afterFrom) return 'after';
  return 'outage';
}

/** The nearest-rank percentile `p` (0-100) of `values`; null for none. */
export function percentile(values: readonly number[], p: number): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.min(sorted.length, Math.max(1, Math.ceil((p / 100) * sorted.length)));
  return sorted[rank - 1] ?? null;
}

export interface PhaseFigures {
  phase: Phase;
  seconds: number;
  requests: number;
  ok: number;
  refused: number;
  errors: number;
  /** Errors by status (or network error code) and the API's error key: what went wrong, how often. */
  errorsBy: Record<string, number>;
  /** Refusals by status and the API's error key (which rule). */
  refusedBy: Record<string, number>;
  requestsPerSecond: number;
  /** Placements acknowledged (2xx) to a customer by an answer that came in this phase, per second. */
  placementsPerSecond: number;
}

export interface CallFigures {
  call: Call;
  requests: number;
  ok: number;
  refused: number;
  errors: number;
  /** Latency of the 2xx answers, milliseconds. */
  p50Ms: number | null;
  p99Ms: number | null;
}

export type PlacementOutcome =
  /** A 2xx answer: the customer was told the order is placed. */
  | 'acknowledged'
  /** Refused by a domain rule (422). */
  | 'refused'
  /** 409 'already placed': the order is placed, but the key did not replay its answer. */
  | 'already placed'
  /** Another 4xx, not retried. */
  | 'rejected'
  /** Retries used up on errors (network, 5xx, 409 'being processed'): the customer does not know. */
  | 'gave up';

/** One placement as the customer saw it: one Idempotency-Key, retried with the same key. */
export interface PlacementRecord {
  key: string;
  orderId: number;
  /** When the first attempt started and the last one ended, milliseconds since the start. */
  start: number;
  end: number;
  attempts: number;
  outcome: PlacementOutcome;
  /** The last answer's status and error key (or network error code). */
  lastStatus: number;
  lastDetail?: string;
}

/** What the database holds at the end of the run. */
export interface DatabaseFacts {
  /** Orders with a placement time. */
  placedOrderIds: number[];
  /** Per order, how many times it was placed (close-requests with the outcome 'placed'). */
  placementsByOrder: Record<number, number>;
  /** Per order, how many approved charges the processor's ledger holds. */
  approvedChargesByOrder: Record<number, number>;
  /** Idempotency keys still 'processing' though no request is in flight. */
  processingKeys: number;
}

export interface Reconciliation {
  attempted: number;
  acknowledged: number;
  byOutcome: Record<PlacementOutcome, number>;
  /** Orders placed in the database. */
  placedInDatabase: number;
  /** Acknowledged to the customer, not placed in the database. */
  lost: number[];
  /** Placed more than once, or charged more than once. */
  duplicated: number[];
  /** Placed in the database though the customer's last answer was not a 2xx (gave up, or 'already placed'). */
  placedWithoutAcknowledgement: number[];
  /** Keys the customer gave up on while the API still answered 409 'being processed'. */
  stuckKeys: string[];
  processingKeysLeft: number;
}

export function reconcile(placements: readonly PlacementRecord[], facts: DatabaseFacts): Reconciliation {
  const placed = new Set(facts.placedOrderIds);
  const byOutcome: Record<PlacementOutcome, number> = {
    acknowledged: 0,
    refused: 0,
    'already placed': 0,
    rejected: 0,
    'gave up': 0,
  };
  for (const p of placements) byOutcome[p.outcome] += 1;
  const acknowledged = placements.filter((p) => p.outcome === 'acknowledged');
  const acknowledgedIds = new Set(acknowledged.map((p) => p.orderId));
  const overOne = (counts: Record<number, number>) =>
    Object.entries(counts)
      .filter(([, n]) => n > 1)
      .map(([id]) => Number(id));
  return {
    attempted: placements.length,
    acknowledged: acknowledged.length,
    byOutcome,
    placedInDatabase: placed.size,
    lost: acknowledged.filter((p) => !placed.has(p.orderId)).map((p) => p.orderId),
    duplicated: [
      ...new Set([...overOne(facts.placementsByOrder), ...overOne(facts.approvedChargesByOrder)]),
    ].sort((a, b) => a - b),
    placedWithoutAcknowledgement: [...placed].filter((id) => !acknowledgedIds.has(id)).sort((a, b) => a - b),
    stuckKeys: placements
      .filter(
        (p) => p.outcome === 'gave up' && p.lastStatus === 409 && p.lastDetail === 'IdempotencyKeyInUse',
      )
      .map((p) => p.key),
    processingKeysLeft: facts.processingKeys,
  };
}

export interface ApiExit {
  /** Milliseconds since the start. */
  at: number;
  code: number | null;
  signal: string | null;
}

export interface SoakSummary {
  timeline: Timeline;
  /** The first successful write after the database was back (see recoveredAt). */
  recoveredAt: number | null;
  /** From the database back to the API's recovery, seconds. */
  secondsToRecover: number | null;
  phases: PhaseFigures[];
  calls: CallFigures[];
  /** First attempt to the 2xx answer of acknowledged placements, retries included, milliseconds. */
  placementP50Ms: number | null;
  placementP99Ms: number | null;
  requestsPerSecond: number;
  placementsPerSecond: number;
  placements: Reconciliation;
  apiExit: ApiExit | null;
}

/** A request's status with the API's error key, or the network error's code when no answer came. */
function label(r: RequestRecord): string {
  if (r.status === 0) return r.detail ?? 'network';
  return [r.status, r.detail, r.code].filter((part) => part !== undefined).join(' ');
}

function countBy(labels: string[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const l of labels) counts[l] = (counts[l] ?? 0) + 1;
  return counts;
}

export function summarise(
  records: readonly RequestRecord[],
  placements: readonly PlacementRecord[],
  facts: DatabaseFacts,
  timeline: Timeline,
  apiExit: ApiExit | null,
): SoakSummary {
  const recovered = recoveredAt(records, timeline);
  const afterFrom = recovered === null ? null : recovered + timeline.graceMs;
  // Phases end at the planned end (see Timeline.endAt): the rates are of the time the customers were ordering.
  const clip = (at: number | null) => Math.min(at ?? timeline.endAt, timeline.endAt);
  const bounds: Record<Phase, [number, number]> = {
    before: [0, clip(timeline.restartAt)],
    outage: [clip(timeline.restartAt), clip(afterFrom)],
    after: [clip(afterFrom), timeline.endAt],
  };
  const inTime = (r: { start: number }) => r.start < timeline.endAt;
  const acknowledgedInTime = placements.filter((p) => p.outcome === 'acknowledged' && inTime(p));
  const phases = PHASES.map((phase): PhaseFigures => {
    const mine = records.filter((r) => phaseOf(r, timeline.restartAt, afterFrom) === phase);
    const [from, to] = bounds[phase];
    const seconds = Math.max(0, to - from) / 1000;
    const acknowledged = acknowledgedInTime.filter(
      (p) => phaseOf(p, timeline.restartAt, afterFrom) === phase,
    ).length;
    return {
      phase,
      seconds,
      requests: mine.length,
      ok: mine.filter((r) => outcomeOf(r) === 'ok').length,
      refused: mine.filter((r) => outcomeOf(r) === 'refused').length,
      errors: mine.filter((r) => outcomeOf(r) === 'error').length,
      errorsBy: countBy(mine.filter((r) => outcomeOf(r) === 'error').map(label)),
      refusedBy: countBy(mine.filter((r) => outcomeOf(r) === 'refused').map(label)),
      requestsPerSecond: seconds > 0 ? mine.filter(inTime).length / seconds : 0,
      placementsPerSecond: seconds > 0 ? acknowledged / seconds : 0,
    };
  });
  const calls = CALLS.flatMap((call): CallFigures[] => {
    const mine = records.filter((r) => r.call === call);
    if (mine.length === 0) return [];
    const latencies = mine.filter((r) => outcomeOf(r) === 'ok').map((r) => r.end - r.start);
    return [
      {
        call,
        requests: mine.length,
        ok: latencies.length,
        refused: mine.filter((r) => outcomeOf(r) === 'refused').length,
        errors: mine.filter((r) => outcomeOf(r) === 'error').length,
        p50Ms: percentile(latencies, 50),
        p99Ms: percentile(latencies, 99),
      },
    ];
  });
  const reconciliation = reconcile(placements, facts);
  const placementLatencies = placements
    .filter((p) => p.outcome === 'acknowledged')
    .map((p) => p.end - p.start);
  const seconds = timeline.endAt / 1000;
  return {
    timeline,
    recoveredAt: recovered,
    secondsToRecover:
      recovered === null || timeline.databaseBackAt === null
        ? null
        : (recovered - timeline.databaseBackAt) / 1000,
    phases,
    calls,
    placementP50Ms: percentile(placementLatencies, 50),
    placementP99Ms: percentile(placementLatencies, 99),
    requestsPerSecond: seconds > 0 ? records.filter(inTime).length / seconds : 0,
    placementsPerSecond: seconds > 0 ? acknowledgedInTime.length / seconds : 0,
    placements: reconciliation,
    apiExit,
  };
}

/** Why the soak fails: empty when it passes. */
export function failures(summary: SoakSummary): string[] {
  const reasons: string[] = [];
  const { apiExit, placements, timeline } = summary;
  if (apiExit) {
    reasons.push(
      `the API process exited at ${(apiExit.at / 1000).toFixed(1)} s (code ${apiExit.code ?? '-'}, signal ${apiExit.signal ?? '-'})`,
    );
  }
  if (placements.lost.length) reasons.push(`${placements.lost.length} acknowledged placements lost`);
  if (placements.duplicated.length)
    reasons.push(`${placements.duplicated.length} orders placed or charged twice`);
  if (placements.stuckKeys.length) reasons.push(`${placements.stuckKeys.length} idempotency keys stuck`);
  if (timeline.restartAt !== null && summary.recoveredAt === null) {
    reasons.push('the API did not serve a write again after the database restart');
  }
  const after = summary.phases.find((p) => p.phase === 'after');
  if (after && after.errors > 0) reasons.push(`${after.errors} errors after recovery`);
  return reasons;
}
