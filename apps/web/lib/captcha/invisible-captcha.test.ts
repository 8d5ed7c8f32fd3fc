// @vitest-environment node
import { createHash, createHmac } from 'node:crypto';
import { afterEach, describe, expect, it, vi } from 'vitest';
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
});
