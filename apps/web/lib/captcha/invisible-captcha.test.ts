// @vitest-environment node
import { createHash, createHmac } from 'node:crypto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { serveSolver, type SolverAnswer, type SolverRequest, type SolverScope } from './altcha-solver';
import { solveInvisibleChallenge } from './invisible-captcha';

const HMAC_KEY = 'test-hmac-key';

function sha256Hex(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}

/**
 * A challenge as the API signs one (altcha-lib v1's createChallenge: the salt carries the expiry and ends with '&',
 * the challenge is SHA-256(salt + number), the signature its HMAC-SHA-256 under the server's key).
 */
function challengeFor(number: number, { algorithm = 'SHA-256', maxnumber = 500 } = {}) {
  const salt = `a1b2c3d4e5f6?expires=${Math.floor(Date.now() / 1000) + 600}&`;
  const challenge = sha256Hex(`${salt}${number}`);
  const signature = createHmac('sha256', HMAC_KEY).update(challenge).digest('hex');
  return { algorithm, challenge, salt, signature, maxnumber };
}

/** What the API's verifier (altcha-lib v1 verifySolution) checks of a recaptchaInput: true when it passes. */
function apiVerifies(payload: string): boolean {
  const answer = JSON.parse(Buffer.from(payload, 'base64').toString('utf8')) as {
    algorithm: string;
    challenge: string;
    number: number;
    salt: string;
    signature: string;
  };
  const expires = Number(new URLSearchParams(answer.salt.split('?')[1]).get('expires'));
  return (
    answer.algorithm === 'SHA-256' &&
    expires * 1000 > Date.now() &&
    sha256Hex(`${answer.salt}${answer.number}`) === answer.challenge &&
    createHmac('sha256', HMAC_KEY).update(answer.challenge).digest('hex') === answer.signature
  );
}

function serve(body: unknown, status = 200) {
  const fetchMock = vi.fn().mockResolvedValue(new Response(JSON.stringify(body), { status }));
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

afterEach(() => vi.unstubAllGlobals());

/**
 * A Worker whose global scope is `scope`, in this thread: what the page posts reaches the scope's onmessage and
 * what the scope posts reaches the page's listeners, each structured-cloned as between threads. `fail` makes it
 * break as a worker whose script cannot load does (an error event, no answer).
 */
function fakeWorker(scope: SolverScope & { postMessage: (answer: SolverAnswer) => void }, fail = false) {
  const listeners: Record<string, Array<(event: unknown) => void>> = {};
  const state = { posted: 0, answered: 0, terminated: false };
  scope.postMessage = (answer) => {
    if (state.terminated) return;
    state.answered += 1;
    for (const listener of listeners.message ?? []) listener({ data: structuredClone(answer) });
  };
  const worker = {
    addEventListener(type: string, listener: (event: unknown) => void) {
      (listeners[type] ??= []).push(listener);
    },
    postMessage(request: SolverRequest) {
      state.posted += 1;
      if (fail) {
        setTimeout(() => listeners.error?.forEach((listener) => listener(new Event('error'))), 0);
        return;
      }
      scope.onmessage?.({ data: structuredClone(request) } as MessageEvent<SolverRequest>);
    },
    terminate() {
      state.terminated = true;
    },
  };
  return { worker: worker as unknown as Worker, state };
}

/** The solver's worker (serveSolver, as altcha-solver.worker.ts runs it) in a fake Worker. */
function solverWorker(fail = false) {
  const scope: SolverScope = { onmessage: null, postMessage: () => undefined };
  serveSolver(scope);
  return fakeWorker(scope, fail);
}

describe('solveInvisibleChallenge', () => {
  it("solves the served challenge with a payload the API's verifier accepts", async () => {
    const served = challengeFor(321);
    const fetchMock = serve(served);
    const payload = await solveInvisibleChallenge();
    expect(fetchMock).toHaveBeenCalledWith('/api/captcha', { cache: 'no-store' });
    expect(payload).not.toBeNull();
    expect(apiVerifies(payload ?? '')).toBe(true);
    const decoded = JSON.parse(Buffer.from(payload ?? '', 'base64').toString()) as Record<string, unknown>;
    expect(decoded).toMatchObject({ number: 321, challenge: served.challenge, signature: served.signature });
  });

  it('finds the number at either end of the range', async () => {
    serve(challengeFor(0));
    expect(apiVerifies((await solveInvisibleChallenge()) ?? '')).toBe(true);
    serve(challengeFor(500));
    expect(apiVerifies((await solveInvisibleChallenge()) ?? '')).toBe(true);
  });

  it('answers null when the challenge is unavailable, of another algorithm, malformed or has no solution in range', async () => {
    serve({}, 503);
    expect(await solveInvisibleChallenge()).toBeNull();
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('Failed to fetch')));
    expect(await solveInvisibleChallenge()).toBeNull();
    serve(challengeFor(3, { algorithm: 'SHA-1' }));
    expect(await solveInvisibleChallenge()).toBeNull();
    serve({ ...challengeFor(3), challenge: 'not-a-hash' });
    expect(await solveInvisibleChallenge()).toBeNull();
    serve(challengeFor(900));
    expect(await solveInvisibleChallenge()).toBeNull();
  });

  it('stops and answers null once aborted', async () => {
    serve(challengeFor(400_000, { maxnumber: 1_000_000 }));
    const controller = new AbortController();
    const solving = solveInvisibleChallenge(controller.signal);
    setTimeout(() => controller.abort(), 20);
    const started = Date.now();
    expect(await solving).toBeNull();
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it("solves in the worker: the worker's payload is one the API's verifier accepts", async () => {
    const served = challengeFor(437);
    serve(served);
    const { worker, state } = solverWorker();
    const payload = await solveInvisibleChallenge(undefined, () => worker);
    expect(state).toEqual({ posted: 1, answered: 1, terminated: true });
    expect(apiVerifies(payload ?? '')).toBe(true);
    expect(JSON.parse(Buffer.from(payload ?? '', 'base64').toString())).toMatchObject({ number: 437 });
  });

  it('altcha-solver.worker.ts serves the solver in its global scope', async () => {
    const scope: SolverScope = { onmessage: null, postMessage: () => undefined };
    vi.stubGlobal('self', scope);
    await import('./altcha-solver.worker');
    expect(scope.onmessage).not.toBeNull();
    serve(challengeFor(12));
    const { worker, state } = fakeWorker(scope);
    expect(apiVerifies((await solveInvisibleChallenge(undefined, () => worker)) ?? '')).toBe(true);
    expect(state.answered).toBe(1);
  });

  it("answers the worker's null when no number is in range, without solving again on the main thread", async () => {
    serve(challengeFor(900));
    const { worker, state } = solverWorker();
    expect(await solveInvisibleChallenge(undefined, () => worker)).toBeNull();
    expect(state).toEqual({ posted: 1, answered: 1, terminated: true });
  });

  it('solves on the main thread when the worker breaks or cannot start', async () => {
    serve(challengeFor(250));
    const { worker, state } = solverWorker(true);
    expect(apiVerifies((await solveInvisibleChallenge(undefined, () => worker)) ?? '')).toBe(true);
    expect(state).toMatchObject({ posted: 1, answered: 0, terminated: true });
    serve(challengeFor(251));
    expect(apiVerifies((await solveInvisibleChallenge(undefined, () => null)) ?? '')).toBe(true);
  });

  it('terminates the worker once aborted', async () => {
    serve(challengeFor(400_000, { maxnumber: 1_000_000 }));
    const { worker, state } = solverWorker();
    const controller = new AbortController();
    const solving = solveInvisibleChallenge(controller.signal, () => worker);
    setTimeout(() => controller.abort(), 20);
    expect(await solving).toBeNull();
    expect(state).toMatchObject({ terminated: true, answered: 0 });
  });
});
