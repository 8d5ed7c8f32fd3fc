// @vitest-environment node
import { createHash } from 'node:crypto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { solveInvisibleChallenge } from './invisible-captcha';

function challengeFor(number: number, algorithm = 'SHA-256') {
  const salt = 'abc123?expires=9999999999';
  const challenge = createHash('sha256').update(`${salt}${number}`).digest('hex');
  return { algorithm, challenge, salt, signature: 'sig', maxnumber: 500 };
}

afterEach(() => vi.unstubAllGlobals());

describe('solveInvisibleChallenge', () => {
  it('finds the number and answers the payload the API verifies', async () => {
    const served = challengeFor(321);
    const fetchMock = vi.fn().mockResolvedValue(new Response(JSON.stringify(served)));
    vi.stubGlobal('fetch', fetchMock);
    const payload = await solveInvisibleChallenge();
    expect(fetchMock).toHaveBeenCalledWith('/api/captcha', { cache: 'no-store' });
    expect(payload).not.toBeNull();
    const decoded = JSON.parse(Buffer.from(payload ?? '', 'base64').toString()) as Record<string, unknown>;
    expect(decoded).toMatchObject({
      algorithm: 'SHA-256',
      challenge: served.challenge,
      number: 321,
      salt: served.salt,
      signature: 'sig',
    });
  });

  it('answers null when the challenge is unavailable, of another algorithm or has no solution in range', async () => {
    vi.stubGlobal('fetch', vi.fn().mockResolvedValue(new Response('{}', { status: 503 })));
    expect(await solveInvisibleChallenge()).toBeNull();
    vi.stubGlobal('fetch', vi.fn().mockResolvedValue(new Response(JSON.stringify(challengeFor(3, 'SHA-1')))));
    expect(await solveInvisibleChallenge()).toBeNull();
    vi.stubGlobal('fetch', vi.fn().mockResolvedValue(new Response(JSON.stringify(challengeFor(900)))));
    expect(await solveInvisibleChallenge()).toBeNull();
  });
});
