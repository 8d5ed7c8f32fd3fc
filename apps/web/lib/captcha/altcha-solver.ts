/**
 * The ALTCHA library's proof-of-work solver (altcha/lib, the package the session dialogs' widget is) for the API's
 * challenges, which are altcha-lib's v1 format: find the number n <= maxnumber with SHA-256(salt + n) equal to the
 * published hash. The library solves it the way its widget does for a v1 challenge: the salt is the nonce the
 * counter is appended to as a decimal string, one SHA-256 round, the whole hash the key prefix to reach.
 * It runs in a Web Worker (altcha-solver.worker.ts, which `serveSolver` answers in), off the page's main thread:
 * under Lighthouse's 4x CPU the search was some twenty long tasks of 1.3-1.8 s on /payment. Where no worker can
 * start, invisible-captcha.ts imports it with import() and solves on the main thread, yielding every few ms.
 */
import { sha, solveChallenge, type ChallengeV1, type PayloadV1 } from 'altcha/lib';

const DEFAULT_MAX_NUMBER = 1_000_000;

function utf8Hex(text: string): string {
  return [...new TextEncoder().encode(text)].map((b) => b.toString(16).padStart(2, '0')).join('');
}

export interface SolveOptions {
  /**
   * On the main thread: give the event loop a turn (a macrotask) once this many ms of counting have passed, so
   * no task grows long. Unset in the worker, where nothing else waits.
   */
  yieldEveryMs?: number;
}

/** One macrotask's pause (a MessageChannel message: no setTimeout clamping after nested calls). */
function nextTask(): Promise<void> {
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      resolve();
    };
    channel.port2.postMessage(null);
  });
}

/** The payload for `challenge` (the API's recaptchaInput before base64), or null when aborted or past maxnumber. */
export async function solveChallengeV1(
  challenge: ChallengeV1,
  signal?: AbortSignal,
  { yieldEveryMs }: SolveOptions = {},
): Promise<PayloadV1 | null> {
  const max = challenge.maxnumber ?? challenge.maxNumber ?? DEFAULT_MAX_NUMBER;
  const controller = new AbortController();
  if (signal?.aborted) return null;
  signal?.addEventListener('abort', () => controller.abort(), { once: true });
  let tried = 0;
  let lastYield = performance.now();
  const solution = await solveChallenge({
    challenge: {
      parameters: {
        algorithm: challenge.algorithm,
        nonce: utf8Hex(challenge.salt),
        salt: '',
        cost: 1,
        keyLength: challenge.challenge.length / 2,
        keyPrefix: challenge.challenge,
      },
      signature: challenge.signature,
    },
    counterMode: 'string',
    controller,
    // The library counts without an end; the challenge's number is at most maxnumber, so counting stops after it.
    deriveKey: async (parameters, salt, password) => {
      tried += 1;
      if (tried > max + 1) controller.abort();
      if (yieldEveryMs !== undefined && performance.now() - lastYield >= yieldEveryMs) {
        await nextTask();
        lastYield = performance.now();
      }
      return sha.deriveKey(parameters, salt, password);
    },
  });
  if (!solution) return null;
  return {
    algorithm: challenge.algorithm,
    challenge: challenge.challenge,
    number: solution.counter,
    salt: challenge.salt,
    signature: challenge.signature,
    took: Math.round(solution.time ?? 0),
  };
}

/** What the page posts to the solver's worker: one challenge (the worker is terminated to abort). */
export interface SolverRequest {
  challenge: ChallengeV1;
}

/** The worker's one answer: the payload, or null (no number up to maxnumber, or the solver failed). */
export interface SolverAnswer {
  payload: PayloadV1 | null;
}

/** The part of a worker's global scope the solver uses (DOM's lib types have no DedicatedWorkerGlobalScope). */
export interface SolverScope {
  onmessage: ((event: MessageEvent<SolverRequest>) => void) | null;
  postMessage(message: SolverAnswer): void;
}

/** Answers each challenge posted to `scope` (a worker's global scope) with its payload. */
export function serveSolver(scope: SolverScope): void {
  scope.onmessage = (event) => {
    solveChallengeV1(event.data.challenge).then(
      (payload) => scope.postMessage({ payload }),
      () => scope.postMessage({ payload: null }),
    );
  };
}
