'use client';

import { readCaptchaChallenge } from '@storefront/contracts/captcha-challenge';

/** This origin's challenge route (app/api/captcha, the API's GET /v1/captcha/challenge behind it). */
const CHALLENGE_PATH = '/api/captcha';

/** The hash the API publishes: SHA-256 in hex (it accepts no other algorithm). */
const SHA256_HEX = /^[0-9a-f]{64}$/;

/**
 * The payment's invisible check (spec section 6: a score check runs for the payment, the challenge widget is the
 * fallback), for a new card and for paying at the store: fetches an ALTCHA challenge and solves its proof of work in the background with the ALTCHA library
 * (./altcha-solver, loaded on the first call only), answering the payload the API takes as recaptchaInput. Null
 * when the challenge cannot be had or solved (another algorithm, no number up to maxnumber, aborted): the page
 * then shows the visible widget if the API insists.
 */
export async function solveInvisibleChallenge(signal?: AbortSignal): Promise<string | null> {
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
  try {
    const { solveChallengeV1 } = await import('./altcha-solver');
    const payload = await solveChallengeV1(challenge, signal);
    return payload ? btoa(JSON.stringify(payload)) : null;
  } catch {
    // The solver's chunk could not load (a deploy replaced it, the network dropped): the visible widget remains.
    return null;
  }
}
