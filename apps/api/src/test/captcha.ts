/**
 * solveCaptcha(app): what the ALTCHA widget does in a browser, for tests: fetch a challenge through the app and
 * find its number, giving the payload a form sends as `recaptchaInput`.
 */
import { solveChallenge } from 'altcha-lib/v1';
import { CaptchaChallengeResponseSchema } from '@storefront/contracts/accounts';
import type { FastifyInstance } from 'fastify';

/**
 * A valid, unused captcha payload (base64 JSON), as the widget posts it. The challenge is fetched from
 * `remoteAddress` when given (the challenge route allows 60 a minute per address; tests of many sign-ins spread).
 */
export async function solveCaptcha(app: FastifyInstance, remoteAddress?: string): Promise<string> {
  const response = await app.inject({
    method: 'GET',
    url: '/v1/captcha/challenge',
    ...(remoteAddress === undefined ? {} : { remoteAddress }),
  });
  if (response.statusCode !== 200) {
    throw new Error(`GET /v1/captcha/challenge answered ${response.statusCode}: ${response.body}`);
  }
  return solvedPayload(response.json());
}

/** The same for an API reached over HTTP (a spawned server process at `base`). */
export async function solveCaptchaAt(base: string): Promise<string> {
  const response = await fetch(`${base}/v1/captcha/challenge`);
  if (response.status !== 200) {
    throw new Error(`GET /v1/captcha/challenge answered ${response.status}: ${await response.text()}`);
  }
  return solvedPayload(await response.json());
}

async function solvedPayload(answer: unknown): Promise<string> {
  const challenge = CaptchaChallengeResponseSchema.parse(answer).value;
  const solution = await solveChallenge(
    challenge.challenge,
    challenge.salt,
    challenge.algorithm,
    challenge.maxnumber,
  ).promise;
  if (!solution) throw new Error('the captcha challenge has no solution below its maxnumber');
  return Buffer.from(
    JSON.stringify({
      algorithm: challenge.algorithm,
      challenge: challenge.challenge,
      number: solution.number,
      salt: challenge.salt,
      signature: challenge.signature,
      took: solution.took,
    }),
  ).toString('base64');
}
