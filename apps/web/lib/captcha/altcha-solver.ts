/**
 * The ALTCHA library's proof-of-work solver (altcha/lib, the package the session dialogs' widget is) for the API's
 * challenges, which are altcha-lib's v1 format: find the number n <= maxnumber with SHA-256(salt + n) equal to the
 * published hash. The library solves it the way its widget does for a v1 challenge: the salt is the nonce the
 * counter is appended to as a decimal string, one SHA-256 round, the whole hash the key prefix to reach.
 * Imported only with import() by invisible-captcha.ts: the library loads when a payment needs the check.
 */
import { sha, solveChallenge, type ChallengeV1, type PayloadV1 } from 'altcha/lib';

const DEFAULT_MAX_NUMBER = 1_000_000;

function utf8Hex(text: string): string {
  return [...new TextEncoder().encode(text)].map((b) => b.toString(16).padStart(2, '0')).join('');
}

/** The payload for `challenge` (the API's recaptchaInput before base64), or null when aborted or past maxnumber. */
export async function solveChallengeV1(
  challenge: ChallengeV1,
  signal?: AbortSignal,
): Promise<PayloadV1 | null> {
  const max = challenge.maxnumber ?? challenge.maxNumber ?? DEFAULT_MAX_NUMBER;
  const controller = new AbortController();
  if (signal?.aborted) return null;
  signal?.addEventListener('abort', () => controller.abort(), { once: true });
  let tried = 0;
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
    deriveKey: (parameters, salt, password) => {
      tried += 1;
      if (tried > max + 1) controller.abort();
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
