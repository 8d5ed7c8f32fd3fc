'use client';

import { readCaptchaChallenge } from '@storefront/contracts/captcha-challenge';
import type { ChallengeV1, PayloadV1 } from 'altcha/lib';
import type { SolverAnswer, SolverRequest } from './altcha-solver';

/** This origin's challenge route (app/api/captcha, the API's GET /v1/captcha/challenge behind it). */
const CHALLENGE_PATH = '/api/captcha';

/** The hash the API publishes: SHA-256 in hex (it accepts no other algorithm). */
const SHA256_HEX = /^[0-9a-f]{64}$/;

/** On the main thread (no worker), the solver lets the page run at least this often: no task of 50 ms or more. */
const MAIN_THREAD_SLICE_MS = 8;

/** Starts the solver's worker, or answers null where none can start (no Worker, the browser refused it). */
export type StartSolverWorker = () => Worker | null;

/**
 * The solver's Web Worker (altcha-solver.worker.ts, bundled as a chunk of its own: worker-src 'self' in the CSP).
 */
export function startSolverWorker(): Worker | null {
  if (typeof Worker === 'undefined') return null;
  try {
    return new Worker(new URL('./altcha-solver.worker.ts', import.meta.url), {
      type: 'module',
      name: 'captcha-solver',
    });
  } catch {
    return null;
  }
}

/**
 * The worker's payload for `challenge`: null when none (or aborted, which terminates the worker), 'failed' when
 * the worker broke before answering (its script did not load or could not run): the main thread solves then.
 */
function solveInWorker(
  worker: Worker,
  challenge: ChallengeV1,
  signal?: AbortSignal,
): Promise<PayloadV1 | null | 'failed'> {
  return new Promise((resolve) => {
    let done = false;
    const finish = (result: PayloadV1 | null | 'failed') => {
      if (done) return;
      done = true;
      worker.terminate();
      signal?.removeEventListener('abort', abort);
      resolve(result);
    };
    const abort = () => finish(null);
    if (signal?.aborted) {
      finish(null);
      return;
    }
    signal?.addEventListener('abort', abort, { once: true });
    worker.addEventListener('message', (event: MessageEvent<SolverAnswer>) => finish(event.data.payload));
    worker.addEventListener('error', () => finish('failed'));
    worker.addEventListener('messageerror', () => finish('failed'));
    worker.postMessage({ challenge } satisfies SolverRequest);
  });
}

/**
 * The payment's invisible check (spec section 6: a score check runs for the payment, the challenge widget is the
 * fallback), for a new card and for paying at the store: fetches an ALTCHA challenge and solves its proof of work
 * in the background with the ALTCHA library, in a Web Worker (`startWorker`, off the main thread); where none
 * starts, on the main thread in short slices (./altcha-solver, loaded then only). Answers the payload the API
 * takes as recaptchaInput; null when the challenge cannot be had or solved (another algorithm, no number up to
 * maxnumber, aborted): the page then shows the visible widget if the API insists.
 */
export async function solveInvisibleChallenge(
  signal?: AbortSignal,
  startWorker: StartSolverWorker = startSolverWorker,
): Promise<string | null> {
  let json: unknown;
  try {
    const res = await fetch(CHALLENGE_PATH, { cache: 'no-store', ...(signal ? { signal } : {}) });
    if (!res.ok) return null;
    json = await res.json();
  } catch {
    return null;
  }
  const challenge = readCaptchaChallenge(json);
  if (!challenge || challenge.algorithm !== 'SHA-256' || !SHA256_HEX.test(challenge.challenge)) return null;
  const worker = startWorker();
  const solved = worker ? await solveInWorker(worker, challenge, signal) : 'failed';
  if (solved !== 'failed') return solved ? btoa(JSON.stringify(solved)) : null;
  try {
    const { solveChallengeV1 } = await import('./altcha-solver');
    const payload = await solveChallengeV1(challenge, signal, { yieldEveryMs: MAIN_THREAD_SLICE_MS });
    return payload ? btoa(JSON.stringify(payload)) : null;
  } catch {
    // The solver's chunk could not load (a deploy replaced it, the network dropped): the visible widget remains.
    return null;
  }
}
