/**
 * Misbehaviour injected into the processor's API (/v1, the calls the merchant's server makes), so the API's
 * handling of a slow, failing or silent processor runs in tests:
 *   latency   each call waits a random time, log-normal with the given p50 and p99 (ms)
 *   error     the share of calls answered 503 before anything is done
 *   timeout   the share of calls that hang for `hangMs` and are done afterwards (the caller gave up long before)
 *   lost      the share of calls that are done and whose connection is then dropped (the answer is lost)
 *   down      every call's connection is dropped at once (nothing is done)
 * Setting (SANDBOX_PROCESSOR_FAULTS): comma separated, e.g. 'latency=300/1500,error=0.05,lost=0.02,timeout=0.01'
 * or 'down'. Tests also set them at run time (PUT /v1/sandbox/faults, outside production), including a
 * `script`: faults for the next matching calls, in order (e.g. the next POST /v1/charges loses its answer).
 */
import { z } from 'zod';

export const FAULT_KINDS = ['error', 'timeout', 'lost', 'down'] as const;
export type FaultKind = (typeof FAULT_KINDS)[number];

const rate = z.number().min(0).max(1);

export const FaultsSchema = z.object({
  latency: z
    .object({ p50Ms: z.number().int().min(0).max(60_000), p99Ms: z.number().int().min(0).max(60_000) })
    .refine((l) => l.p99Ms >= l.p50Ms, 'p99 is at least p50')
    .nullable()
    .default(null),
  error: rate.default(0),
  timeout: rate.default(0),
  lost: rate.default(0),
  down: z.boolean().default(false),
  /** How long a timed-out call hangs before it is done anyway. */
  hangMs: z.number().int().min(0).max(120_000).default(5_000),
  /**
   * Draws the rates and latencies from a pseudo-random sequence of this seed instead of Math.random, so that a
   * test's run of faults is the same every time (for calls arriving in the same order).
   */
  seed: z
    .number()
    .int()
    .min(0)
    .max(2 ** 32 - 1)
    .nullable()
    .default(null),
  /** Faults for the next calls whose method and path start as `on` says ('POST /v1/charges'), in order. */
  script: z
    .array(z.object({ fault: z.enum(FAULT_KINDS), on: z.string().max(200).default('') }))
    .max(1000)
    .default([]),
});
export type Faults = z.infer<typeof FaultsSchema>;

export const NO_FAULTS: Faults = FaultsSchema.parse({});

/** Parses the SANDBOX_PROCESSOR_FAULTS setting (see above); throws with the entry it cannot read. */
export function parseFaults(setting: string): Faults {
  const raw: Record<string, unknown> = {};
  for (const entry of setting
    .split(',')
    .map((e) => e.trim())
    .filter(Boolean)) {
    const [name, value = ''] = entry.split('=');
    if (name === 'down') raw.down = value === '' || value === '1' || value === 'true';
    else if (name === 'latency') {
      const [p50, p99] = value.split('/').map(Number);
      raw.latency = { p50Ms: p50, p99Ms: p99 ?? p50 };
    } else if (name === 'error' || name === 'timeout' || name === 'lost' || name === 'hangMs') {
      raw[name] = Number(value);
    } else throw new Error(`SANDBOX_PROCESSOR_FAULTS: unknown entry '${entry}'`);
  }
  return FaultsSchema.parse(raw);
}

/** The z value of the 99th percentile of a standard normal. */
const Z99 = 2.3263;

/** A log-normal draw with the given median and 99th percentile (Box-Muller). */
export function latencyDraw(p50Ms: number, p99Ms: number, random: () => number = Math.random): number {
  if (p50Ms <= 0) return 0;
  const sigma = Math.log(Math.max(p99Ms, p50Ms) / p50Ms) / Z99;
  const u = 1 - random();
  const v = random();
  const normal = Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v);
  return Math.round(Math.exp(Math.log(p50Ms) + sigma * normal));
}

/** The fault of one call (from the script first, then drawn at the configured rates), or null. */
export function drawFault(
  faults: Faults,
  route: string,
  random: () => number = Math.random,
): FaultKind | null {
  const index = faults.script.findIndex((s) => route.startsWith(s.on));
  if (index >= 0) {
    const [scripted] = faults.script.splice(index, 1);
    if (scripted) return scripted.fault;
  }
  if (faults.down) return 'down';
  const r = random();
  if (r < faults.error) return 'error';
  if (r < faults.error + faults.timeout) return 'timeout';
  if (r < faults.error + faults.timeout + faults.lost) return 'lost';
  return null;
}

/** A small seeded pseudo-random generator (mulberry32): numbers in [0, 1). */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}
