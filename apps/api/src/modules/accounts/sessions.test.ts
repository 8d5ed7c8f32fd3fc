/**
 * Sign-in, customer sessions, logout and the refresh grant on PGlite and PostgreSQL: the cart carries over, a
 * revoked session is 401 10005 everywhere, X-Integration must name the token's user, and the failed sign-in
 * limits (per e-mail address, known or not: throttled, never locked; per client address) hold.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_MESSAGES, type LoginValue } from '@storefront/contracts/accounts';
import { customerSessions } from '../../db/schema/accounts';
import { createTestContext, dbKinds, type TestContext } from '../../test/harness';
import { createOrderFixture } from '../checkout/checkout.fixtures';
import { PASSWORD, activeCustomer, auth, newAddress, newEmail, signIn } from './accounts.test-helpers';
import {
  FAILED_SIGN_IN_FLOOR_MS,
  SIGN_IN_ADDRESS_MAX,
  SIGN_IN_THROTTLE_FROM,
  signInThrottleMs,
} from './sessions.service';

const SESSION_RESET = { code: 10005, key: 'SessionInvalid', message: 'Your session has been reset.' };

describe.each(await dbKinds())('customer sessions on %s', (kind) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext(kind, { CAPTCHA_MAX_NUMBER: 1_000 });
  });
  afterAll(() => ctx.close());

  const details = (token: string, headers: Record<string, string> = {}) =>
    ctx.app.inject({
      method: 'GET',
      url: '/v1/guests/account-details',
      headers: { ...auth(token), ...headers },
    });
  const refresh = (refreshToken: string, clientId = 'web') =>
    ctx.app.inject({
      method: 'POST',
      url: '/v1/oauth/token',
      payload: {
        clientId,
        clientSecret: clientId === 'web' ? ctx.env.WEB_CLIENT_SECRET : ctx.env.CATERING_CLIENT_SECRET,
        refreshToken,
      },
    });

  it("keeps the guest's cart: the order made with the guest token is the signed-in customer's", async () => {
    const guestToken = await ctx.token();
    const cart = await createOrderFixture(ctx, { token: guestToken });
    const { login } = await activeCustomer(ctx, { token: guestToken });
    const guest = await ctx.app.tokens.verifyAccessToken(guestToken);
    const user = await ctx.app.tokens.verifyAccessToken(login.accessToken);
    expect(user).toMatchObject({ sid: guest?.sid, appType: 107, userId: login.account.id });
    expect(user?.customerSessionId).toMatch(/^[0-9a-f-]{36}$/);
    const order = await ctx.app.inject({
      method: 'GET',
      url: `/v1/sales/orders/${cart.orderId}`,
      headers: { ...auth(login.accessToken), 'x-integration': String(login.account.id) },
    });
    expect(order.statusCode).toBe(200);
    expect(order.json()).toMatchObject({ succeed: true, value: { id: cart.orderId } });
    // Another customer's user token does not open it.
    const other = await activeCustomer(ctx);
    const foreign = await ctx.app.inject({
      method: 'GET',
      url: `/v1/sales/orders/${cart.orderId}`,
      headers: auth(other.login.accessToken),
    });
    expect(foreign.statusCode).toBe(404);
  });

  it('logs out: the access token and the refresh token stop at once; a guest token cannot log out', async () => {
    const { login } = await activeCustomer(ctx);
    expect((await details(login.accessToken)).statusCode).toBe(200);
    const out = await ctx.app.inject({
      method: 'DELETE',
      url: '/v1/guests/sessions/current',
      headers: auth(login.accessToken),
    });
    expect(out.json()).toEqual({ value: { accepted: true }, succeed: true, errors: [] });
    const after = await details(login.accessToken);
    expect(after.statusCode).toBe(401);
    expect(after.json()).toEqual({ value: null, succeed: false, errors: [SESSION_RESET] });
    const again = await ctx.app.inject({
      method: 'DELETE',
      url: '/v1/guests/sessions/current',
      headers: auth(login.accessToken),
    });
    expect(again.statusCode).toBe(401);
    const refused = await refresh(login.refreshToken);
    expect(refused.statusCode).toBe(401);
    expect(refused.json()).toMatchObject({ errors: [SESSION_RESET] });
    const guest = await ctx.app.inject({
      method: 'DELETE',
      url: '/v1/guests/sessions/current',
      headers: auth(await ctx.token()),
    });
    expect(guest.statusCode).toBe(401);
  });

  it('refreshes a user token for the client app type in the same session (web to catering and back)', async () => {
    const { login } = await activeCustomer(ctx);
    const before = await ctx.app.tokens.verifyAccessToken(login.accessToken);
    const catering = await refresh(login.refreshToken, 'catering');
    expect(catering.statusCode).toBe(200);
    const value = catering.json<{ value: { accessToken: string; appType: number; userId: number } }>().value;
    expect(value).toMatchObject({ appType: 106, userId: login.account.id });
    const session = await ctx.app.tokens.verifyAccessToken(value.accessToken);
    expect(session).toEqual({ ...before, appType: 106 });
    expect((await details(value.accessToken)).statusCode).toBe(200);
    expect((await refresh(login.refreshToken)).json()).toMatchObject({ value: { appType: 107 } });
    // Not a refresh token, and the right refresh token with a wrong client secret.
    expect((await refresh('not-a-refresh-token')).json()).toMatchObject({ errors: [SESSION_RESET] });
    const wrongClient = await ctx.app.inject({
      method: 'POST',
      url: '/v1/oauth/token',
      payload: { clientId: 'web', clientSecret: 'wrong-secret', refreshToken: login.refreshToken },
    });
    expect(wrongClient.statusCode).toBe(401);
    expect(wrongClient.json()).toMatchObject({ errors: [{ key: 'InvalidClient' }] });
    const tooLong = await ctx.app.inject({
      method: 'POST',
      url: '/v1/oauth/token',
      payload: { clientId: 'web', clientSecret: ctx.env.WEB_CLIENT_SECRET, refreshToken: 'x'.repeat(201) },
    });
    expect(tooLong.statusCode).toBe(400);
  });

  it('refuses a user token whose X-Integration names someone else, and X-Integration with a guest token', async () => {
    const { login } = await activeCustomer(ctx);
    expect((await details(login.accessToken, { 'x-integration': String(login.account.id) })).statusCode).toBe(
      200,
    );
    for (const [token, integration] of [
      [login.accessToken, String(login.account.id + 1)],
      [login.accessToken, ''],
      [await ctx.token(), String(login.account.id)],
    ] as const) {
      const res = await ctx.app.inject({
        method: 'GET',
        url: '/v1/guests/login-configurations',
        headers: { ...auth(token), 'x-integration': integration },
      });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({ errors: [SESSION_RESET] });
    }
  });

  // The session row must be the customer's own: a token naming one customer with another's session is refused.
  it("refuses a user token that pairs a customer with another customer's session", async () => {
    const victim = await activeCustomer(ctx);
    const attacker = await activeCustomer(ctx);
    const attackerSession = await ctx.app.tokens.verifyAccessToken(attacker.login.accessToken);
    const { token } = await ctx.app.tokens.signAccessToken({
      appType: 107,
      user: { userId: victim.login.account.id, customerSessionId: attackerSession?.customerSessionId ?? '' },
    });
    const res = await details(token);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ errors: [SESSION_RESET] });
    expect((await details(victim.login.accessToken)).json()).toMatchObject({
      value: { email: victim.email },
    });
  });

  it('refuses an expired customer session (access and refresh), and a sign-in without a solved captcha (9902)', async () => {
    const { login } = await activeCustomer(ctx);
    await ctx.app.db
      .update(customerSessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(customerSessions.customerId, login.account.id));
    expect((await details(login.accessToken)).json()).toMatchObject({ errors: [SESSION_RESET] });
    expect((await refresh(login.refreshToken)).json()).toMatchObject({ errors: [SESSION_RESET] });
    const noCaptcha = await ctx.app.inject({
      method: 'POST',
      url: '/v1/guests/sessions',
      headers: auth(await ctx.token()),
      payload: { email: 'a@example.com', password: PASSWORD, recaptchaInput: 'bm9wZQ==' },
    });
    expect(noCaptcha.statusCode).toBe(422);
    expect(noCaptcha.json()).toMatchObject({ errors: [{ code: 9902 }] });
  });

  it('answers an unknown e-mail and a wrong password alike; bad input is 400', async () => {
    const { email } = await activeCustomer(ctx);
    const wrong = await signIn(ctx, email, 'Wrong-passw0rd');
    const unknown = await signIn(ctx, newEmail(), 'Wrong-passw0rd');
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.body).toBe(unknown.body);
    expect(wrong.json()).toEqual({
      value: null,
      succeed: false,
      errors: [{ key: 'InvalidCredentials', code: 401, message: 'Invalid email or password' }],
    });
    const token = await ctx.token();
    for (const payload of [
      {},
      { email, password: '' },
      { email: 'not-an-email', password: PASSWORD, recaptchaInput: 'x' },
      { email, password: 'x'.repeat(129), recaptchaInput: 'x' },
      { email, password: PASSWORD, recaptchaInput: '' },
    ]) {
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/v1/guests/sessions',
        headers: auth(token),
        payload,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ succeed: false, value: null });
    }
    expect(
      (
        await ctx.app.inject({
          method: 'POST',
          url: '/v1/guests/sessions',
          payload: { email, password: PASSWORD },
        })
      ).statusCode,
    ).toBe(401);
  });

  it('throttles an e-mail address from its 10th failure (one try per interval, doubling to a minute), never locks it', async () => {
    expect([9, 10, 11, 12, 15, 16, 40].map(signInThrottleMs)).toEqual([
      0, 1_000, 2_000, 4_000, 32_000, 60_000, 60_000,
    ]);
    const { email } = await activeCustomer(ctx);
    const fail = async () => {
      const started = performance.now();
      const res = await signIn(ctx, email, 'Wrong-passw0rd');
      return { status: res.statusCode, ms: performance.now() - started };
    };
    // The first failures, even at once, are each counted and each answered after the floor.
    const early = await Promise.all(Array.from({ length: SIGN_IN_THROTTLE_FROM }, fail));
    expect(early.map((r) => r.status)).toEqual(early.map(() => 401));
    expect(Math.min(...early.map((r) => r.ms))).toBeGreaterThanOrEqual(FAILED_SIGN_IN_FLOOR_MS - 5);
    // Past them the address is not locked, but takes one try per interval: of two at once (the right password
    // and a wrong one), one is tried and the other told how long to wait.
    const pair = await Promise.all([signIn(ctx, email), signIn(ctx, email, 'Wrong-passw0rd')]);
    const throttled = pair.find((res) => res.statusCode === 429);
    expect(pair.filter((res) => res.statusCode === 429)).toHaveLength(1);
    // The interval's time left: 1 s at this count (2 s if the other try's failure landed first).
    expect(['1', '2']).toContain(throttled?.headers['retry-after']);
    expect(throttled?.json()).toEqual({
      value: null,
      succeed: false,
      errors: [{ key: 'TooManyAttempts', code: 429, message: ACCOUNT_MESSAGES.tooManyAttempts }],
    });
    // After the wait, the right password signs in.
    await sleep(signInThrottleMs(SIGN_IN_THROTTLE_FROM + 1) + 50);
    expect((await signIn(ctx, email)).statusCode).toBe(200);
  });

  it('throttles an e-mail address without an account exactly as one with an account (no enumeration)', async () => {
    const known = (await activeCustomer(ctx)).email;
    const unknown = newEmail();
    const run = async (email: string) => {
      const answers: string[] = [];
      for (let i = 0; i < SIGN_IN_THROTTLE_FROM; i += 1) {
        const res = await signIn(ctx, email, 'Wrong-passw0rd');
        answers.push(
          `${res.statusCode} ${res.headers['retry-after'] === undefined ? '-' : 'wait'} ${res.body}`,
        );
      }
      // Two at once past the failures: one tried, one told to wait.
      const pair = await Promise.all([1, 2].map(() => signIn(ctx, email, 'Wrong-passw0rd')));
      answers.push(
        ...pair
          .map(
            (res) =>
              `${res.statusCode} ${res.headers['retry-after'] === undefined ? '-' : 'wait'} ${res.body}`,
          )
          .sort(),
      );
      return answers;
    };
    const [knownAnswers, unknownAnswers] = await Promise.all([run(known), run(unknown)]);
    expect(unknownAnswers).toEqual(knownAnswers);
    expect(knownAnswers.slice(-2).map((a) => a.slice(0, 8))).toEqual(['401 - {"', '429 wait']);
  });

  it('refuses every sign-in from an address past its failed sign-ins, the right password too', async () => {
    const { email } = await activeCustomer(ctx);
    const known = (await activeCustomer(ctx)).email;
    const remoteAddress = newAddress();
    for (let i = 0; i < SIGN_IN_ADDRESS_MAX; i += 1) {
      // Unknown addresses and wrong passwords of a real account alike: every failure counts.
      const email = i % 2 === 0 ? newEmail() : known;
      expect((await signIn(ctx, email, 'Wrong-passw0rd', { remoteAddress })).statusCode).toBe(401);
    }
    const refused = await signIn(ctx, email, PASSWORD, { remoteAddress });
    expect(refused.statusCode).toBe(429);
    // Another address is not held back.
    const elsewhere = await signIn(ctx, email);
    expect(elsewhere.statusCode).toBe(200);
    expect(elsewhere.json<{ value: LoginValue }>().value.account.email).toBe(email);
  });
});
