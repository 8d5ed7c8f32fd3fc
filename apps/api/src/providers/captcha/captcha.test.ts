import { createChallenge, solveChallenge } from 'altcha-lib/v1';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CaptchaChallengeResponseSchema } from '@storefront/contracts/accounts';
import { spentCaptchas } from '../../db/schema/index';
import { DomainError } from '../../lib/errors';
import { solveCaptcha } from '../../test/captcha';
import { createTestContext, dbKinds, type TestContext } from '../../test/harness';
import { altchaHmacKey, CAPTCHA_TTL_SECONDS, purgeSpentCaptchas, requireCaptcha } from './index';

interface V1Payload {
  algorithm: string;
  challenge: string;
  number: number;
  salt: string;
  signature: string;
}

const encode = (payload: V1Payload) => Buffer.from(JSON.stringify(payload)).toString('base64');
const decode = (input: string) => JSON.parse(Buffer.from(input, 'base64').toString('utf8')) as V1Payload;

/** A solved challenge made here, with the expiry and key the test chooses (what a forger or a late user holds). */
async function solvedWith(hmacKey: string, expires: Date): Promise<string> {
  const challenge = await createChallenge({ algorithm: 'SHA-256', hmacKey, maxnumber: 500, expires });
  const solution = await solveChallenge(challenge.challenge, challenge.salt, 'SHA-256', 500).promise;
  if (!solution) throw new Error('no solution');
  return encode({ ...challenge, number: solution.number });
}

async function captchaError(ctx: TestContext, input: string | undefined) {
  try {
    await requireCaptcha(ctx.app, input, 'login');
  } catch (error) {
    if (error instanceof DomainError) return { status: error.status, errors: error.errors };
    throw error;
  }
  return null;
}

describe.each(await dbKinds())('ALTCHA captcha on %s', (kind) => {
  let ctx: TestContext;

  beforeAll(async () => {
    ctx = await createTestContext(kind, { CAPTCHA_MAX_NUMBER: 2_000 });
  });
  afterAll(async () => {
    await ctx.close();
  });

  it('hands out a signed challenge that expires in 10 minutes, never cached, without a token', async () => {
    const before = Math.floor(Date.now() / 1000);
    const res = await ctx.app.inject({ method: 'GET', url: '/v1/captcha/challenge' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const challenge = CaptchaChallengeResponseSchema.parse(res.json()).value;
    expect(challenge.algorithm).toBe('SHA-256');
    expect(challenge.maxnumber).toBe(2_000);
    const expires = Number(new URLSearchParams(challenge.salt.split('?')[1]).get('expires'));
    expect(expires - before).toBeGreaterThanOrEqual(CAPTCHA_TTL_SECONDS - 1);
    expect(expires - before).toBeLessThanOrEqual(CAPTCHA_TTL_SECONDS + 1);
    const other = CaptchaChallengeResponseSchema.parse(
      (await ctx.app.inject({ method: 'GET', url: '/v1/captcha/challenge' })).json(),
    ).value;
    expect(other.salt).not.toBe(challenge.salt);
  });

  it('accepts a solved challenge once; the second use is spent', async () => {
    const input = await solveCaptcha(ctx.app);
    expect(await ctx.app.captcha.verify(input, 'login')).toEqual({ ok: true });
    expect(await ctx.app.captcha.verify(input, 'signup')).toEqual({ ok: false, reason: 'spent' });
    expect(await captchaError(ctx, input)).toEqual({
      status: 422,
      errors: [{ key: 'Recaptcha', code: 9902, message: 'Please complete the following challenge' }],
    });
  });

  it('lets exactly one of two simultaneous uses of one solution through', async () => {
    const input = await solveCaptcha(ctx.app);
    const results = await Promise.all([
      ctx.app.captcha.verify(input, 'login'),
      ctx.app.captcha.verify(input, 'login'),
    ]);
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    expect(results.filter((r) => !r.ok)).toEqual([{ ok: false, reason: 'spent' }]);
  });

  it('refuses an expired challenge with the ChallengeExpired key', async () => {
    const input = await solvedWith(altchaHmacKey(ctx.env), new Date(Date.now() - 1_000));
    expect(await ctx.app.captcha.verify(input, 'login')).toEqual({ ok: false, reason: 'expired' });
    expect(await captchaError(ctx, input)).toEqual({
      status: 422,
      errors: [{ key: 'ChallengeExpired', code: 9902, message: 'Please complete the following challenge' }],
    });
  });

  it('refuses a challenge signed with another key, even one claiming a past expiry', async () => {
    const forged = await solvedWith('not-the-servers-key', new Date(Date.now() + 60_000));
    expect(await ctx.app.captcha.verify(forged, 'login')).toEqual({ ok: false, reason: 'invalid' });
    const forgedOld = await solvedWith('not-the-servers-key', new Date(Date.now() - 60_000));
    expect(await ctx.app.captcha.verify(forgedOld, 'login')).toEqual({ ok: false, reason: 'invalid' });
  });

  it('refuses a wrong number, a changed salt (a later expiry) and a changed algorithm', async () => {
    const valid = decode(await solveCaptcha(ctx.app));
    const wrongNumber = encode({ ...valid, number: valid.number + 1 });
    expect(await ctx.app.captcha.verify(wrongNumber, 'login')).toEqual({ ok: false, reason: 'invalid' });
    const later = valid.salt.replace(/expires=\d+/, `expires=${Math.floor(Date.now() / 1000) + 86_400}`);
    expect(later).not.toBe(valid.salt);
    expect(await ctx.app.captcha.verify(encode({ ...valid, salt: later }), 'login')).toEqual({
      ok: false,
      reason: 'invalid',
    });
    expect(await ctx.app.captcha.verify(encode({ ...valid, algorithm: 'SHA-1' }), 'login')).toEqual({
      ok: false,
      reason: 'invalid',
    });
    // The untouched payload still passes: the refusals above spent nothing.
    expect(await ctx.app.captcha.verify(encode(valid), 'login')).toEqual({ ok: true });
  });

  it('refuses garbage, an empty input and a missing one', async () => {
    for (const input of ['x', '!!!!', Buffer.from('{"a":1}').toString('base64'), 'A'.repeat(8_001)]) {
      expect(await ctx.app.captcha.verify(input, 'login')).toEqual({ ok: false, reason: 'invalid' });
    }
    expect((await captchaError(ctx, ''))?.errors[0]?.key).toBe('Recaptcha');
    expect((await captchaError(ctx, undefined))?.status).toBe(422);
  });

  it('purges expired spent challenges, a bounded batch at a time, and keeps live ones', async () => {
    await ctx.app.db.insert(spentCaptchas).values(
      Array.from({ length: 1_200 }, (_, i) => ({
        signatureHash: `expired-${i}`,
        expiresAt: new Date(Date.now() - 60_000),
      })),
    );
    await ctx.app.db
      .insert(spentCaptchas)
      .values({ signatureHash: 'live', expiresAt: new Date(Date.now() + 60_000) });
    expect(await purgeSpentCaptchas(ctx.app.db)).toBe(1_000);
    expect(await purgeSpentCaptchas(ctx.app.db)).toBe(200);
    expect(await purgeSpentCaptchas(ctx.app.db)).toBe(0);
    const [left] = await ctx.app.db
      .select({ n: sql<number>`count(*)::int` })
      .from(spentCaptchas)
      .where(sql`${spentCaptchas.signatureHash} = 'live'`);
    expect(left?.n).toBe(1);
  });
});
