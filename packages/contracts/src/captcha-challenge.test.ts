import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { CaptchaChallengeSchema } from './accounts';
import { readCaptchaChallenge } from './captcha-challenge';

const field = fc.oneof(
  fc.string({ maxLength: 6 }),
  fc.integer(),
  fc.double(),
  fc.constantFrom(null, undefined, true, 2 ** 53, -(2 ** 53), 1.5, [], {}),
);
const challenge = fc.record(
  { algorithm: field, challenge: field, maxnumber: field, salt: field, signature: field, other: field },
  { requiredKeys: [] },
);

describe('readCaptchaChallenge', () => {
  it('takes and gives what CaptchaChallengeSchema does', () => {
    fc.assert(
      fc.property(fc.oneof(challenge, fc.anything()), (value) => {
        const parsed = CaptchaChallengeSchema.safeParse(value);
        expect(readCaptchaChallenge(value)).toStrictEqual(parsed.success ? parsed.data : null);
      }),
      { numRuns: 1000 },
    );
  }, 60_000);

  it('reads the API challenge and leaves out other keys', () => {
    const api = {
      algorithm: 'SHA-256',
      challenge: 'ab',
      maxnumber: 50_000,
      salt: 's?expires=1',
      signature: 'x',
    };
    expect(readCaptchaChallenge({ ...api, extra: 1 })).toStrictEqual(api);
    expect(readCaptchaChallenge({ ...api, maxnumber: 1.5 })).toBeNull();
    expect(readCaptchaChallenge([api])).toBeNull();
  });
});
