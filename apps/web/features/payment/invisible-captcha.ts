'use client';

import { CaptchaChallengeSchema } from '@storefront/contracts/accounts';

/** This origin's challenge route (app/api/captcha, the API's GET /v1/captcha/challenge behind it). */
const CHALLENGE_PATH = '/api/captcha';

function hex(buffer: ArrayBuffer): string {
  return [...new Uint8Array(buffer)].map((b) => b.toString(16).padStart(2, '0')).join('');
}

/**
 * The payment's invisible check (spec section 6: a score check runs for the payment, the challenge widget is the
 * fallback): fetches an ALTCHA challenge and solves its proof of work in the background (SHA-256 of salt + n
 * for n up to maxnumber), answering the payload the API takes as recaptchaInput. Null when the challenge cannot
 * be had or solved (another algorithm, aborted): the page then shows the visible widget if the API insists.
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
  const parsed = CaptchaChallengeSchema.safeParse(json);
  if (!parsed.success || parsed.data.algorithm !== 'SHA-256') return null;
  const { algorithm, challenge, salt, signature } = parsed.data;
  const max = parsed.data.maxnumber ?? 1_000_000;
  const encoder = new TextEncoder();
  const started = performance.now();
  for (let number = 0; number <= max; number += 1) {
    if (signal?.aborted) return null;
    const digest = await crypto.subtle.digest('SHA-256', encoder.encode(`${salt}${number}`));
    if (hex(digest) === challenge) {
      const took = Math.round(performance.now() - started);
      return btoa(JSON.stringify({ algorithm, challenge, number, salt, signature, took }));
    }
  }
  return null;
}
