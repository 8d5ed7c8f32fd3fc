import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/harness';
import { RecaptchaProvider } from './index';

/**
 * A local stand-in for Google's siteverify (no internet here): it records each form it is posted and answers
 * with what the test sets for the token it receives.
 */
describe('reCAPTCHA adapter against a siteverify stand-in', () => {
  let server: Server;
  let verifyUrl: string;
  let seen: URLSearchParams[] = [];
  let answers: Record<string, unknown> = {};
  let downUrl: string;

  beforeAll(async () => {
    server = createServer((req, res) => {
      let raw = '';
      req.on('data', (chunk: Buffer) => (raw += chunk.toString()));
      req.on('end', () => {
        const form = new URLSearchParams(raw);
        seen.push(form);
        const answer = answers[form.get('response') ?? ''] ?? {
          success: false,
          'error-codes': ['invalid-input-response'],
        };
        if (answer === 'error') {
          res.statusCode = 500;
          return res.end('oops');
        }
        res.setHeader('content-type', 'application/json');
        res.end(JSON.stringify(answer));
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    verifyUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/recaptcha/api/siteverify`;
    // A port nothing listens on: a closed server's.
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    downUrl = `http://127.0.0.1:${(closed.address() as AddressInfo).port}/siteverify`;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
  });
  afterAll(async () => {
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });
  beforeEach(() => {
    seen = [];
    answers = {};
  });

  const provider = (url = verifyUrl, errors: unknown[] = []) =>
    new RecaptchaProvider({
      secretKey: 'site-secret',
      verifyUrl: url,
      minScore: 0.5,
      onError: (e) => errors.push(e),
    });

  it('posts the secret and the token, and passes a v2 success (no score) and a v3 human score', async () => {
    answers = {
      v2: { success: true, challenge_ts: '2025-01-01T00:00:00Z', hostname: 'localhost' },
      v3: { success: true, score: 0.9, action: 'login' },
      edge: { success: true, score: 0.5, action: 'forgot_password' },
    };
    expect(await provider().verify('v2', 'login')).toEqual({ ok: true });
    expect(await provider().verify('v3', 'login')).toEqual({ ok: true });
    expect(await provider().verify('edge', 'forgot-password')).toEqual({ ok: true });
    expect(seen[0]?.get('secret')).toBe('site-secret');
    expect(seen[0]?.get('response')).toBe('v2');
  });

  it('refuses a low score, another action and a failed token; a stale or reused one is expired', async () => {
    answers = {
      robot: { success: true, score: 0.2, action: 'login' },
      other: { success: true, score: 0.9, action: 'signup' },
      stale: { success: false, 'error-codes': ['timeout-or-duplicate'] },
    };
    expect(await provider().verify('robot', 'login')).toEqual({ ok: false, reason: 'invalid' });
    expect(await provider().verify('other', 'login')).toEqual({ ok: false, reason: 'invalid' });
    expect(await provider().verify('unknown', 'login')).toEqual({ ok: false, reason: 'invalid' });
    expect(await provider().verify('stale', 'login')).toEqual({ ok: false, reason: 'expired' });
  });

  it('fails closed when siteverify is down, errs or answers nonsense, and reports why', async () => {
    const errors: unknown[] = [];
    expect(await provider(downUrl, errors).verify('v2', 'login')).toEqual({ ok: false, reason: 'invalid' });
    answers = { broken: 'error', odd: { hello: 'world' } };
    expect(await provider(verifyUrl, errors).verify('broken', 'login')).toEqual({
      ok: false,
      reason: 'invalid',
    });
    expect(await provider(verifyUrl, errors).verify('odd', 'login')).toEqual({
      ok: false,
      reason: 'invalid',
    });
    expect(errors).toHaveLength(3);
  });

  describe('selected by RECAPTCHA_SECRET_KEY', () => {
    let ctx: TestContext;
    beforeAll(async () => {
      ctx = await createTestContext('pglite', {
        RECAPTCHA_SECRET_KEY: 'app-secret',
        RECAPTCHA_VERIFY_URL: verifyUrl,
      });
    });
    afterAll(async () => {
      await ctx.close();
    });

    it('is the app captcha and asks siteverify with the configured secret', async () => {
      answers = { token: { success: true, score: 0.7, action: 'signup' } };
      expect(ctx.app.captcha.name).toBe('recaptcha');
      expect(await ctx.app.captcha.verify('token', 'signup')).toEqual({ ok: true });
      expect(seen.at(-1)?.get('secret')).toBe('app-secret');
    });
  });
});
