/**
 * Sign-in, customer sessions, logout and the refresh grant on PGlite and PostgreSQL: the cart carries over, a
 * revoked session is 401 10005 everywhere, X-Integration must name the token's user, and the failed sign-in
 * limits (per account: slower, then locked; per unknown address alike; per client address) hold.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_MESSAGES, type LoginValue } from '@storefront/contracts/accounts';
import { customerSessions, customers } from '../../db/schema/accounts';
import { createTestContext, dbKinds, type TestContext } from '../../test/harness';
import { createOrderFixture } from '../checkout/checkout.fixtures';
import { PASSWORD, activeCustomer, auth, newAddress, newEmail, signIn } from './accounts.test-helpers';
import {
  SIGN_IN_ADDRESS_MAX,
  SIGN_IN_LOCK_AT,
  SIGN_IN_SLOWDOWN_FROM,
  SIGN_IN_SLOWDOWN_MS,
  FAILED_SIGN_IN_FLOOR_MS,
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

  it('slows failed sign-ins of an account from the 5th, locks it at the 10th (even the right password), a success resets', async () => {
    const { email, login } = await activeCustomer(ctx);
    const fail = async () => {
      const started = performance.now();
      const res = await signIn(ctx, email, 'Wrong-passw0rd');
      return { status: res.statusCode, ms: performance.now() - started };
    };
    const early: number[] = [];
    for (let i = 1; i < SIGN_IN_SLOWDOWN_FROM; i += 1) {
      const { status, ms } = await fail();
      expect(status).toBe(401);
      early.push(ms);
    }
    expect(Math.max(...early)).toBeLessThan(SIGN_IN_SLOWDOWN_MS);
    // Every failure waits out the floor that hides an account's bookkeeping from the answer's time.
    expect(Math.min(...early)).toBeGreaterThanOrEqual(FAILED_SIGN_IN_FLOOR_MS - 5);
    const unknownStarted = performance.now();
    expect((await signIn(ctx, newEmail(), 'Wrong-passw0rd')).statusCode).toBe(401);
    expect(performance.now() - unknownStarted).toBeGreaterThanOrEqual(FAILED_SIGN_IN_FLOOR_MS - 5);
    // The 5th to the 10th at once: each is counted (one statement each) and each waits.
    const slow = await Promise.all(Array.from({ length: SIGN_IN_LOCK_AT - SIGN_IN_SLOWDOWN_FROM + 1 }, fail));
    expect(slow.map((r) => r.status)).toEqual(slow.map(() => 401));
    expect(Math.min(...slow.map((r) => r.ms))).toBeGreaterThanOrEqual(SIGN_IN_SLOWDOWN_MS - 5);
    const locked = await signIn(ctx, email);
    expect(locked.statusCode).toBe(429);
    expect(locked.json()).toMatchObject({
      errors: [{ code: 429, message: ACCOUNT_MESSAGES.tooManyAttempts }],
    });
    const [row] = await ctx.app.db.select().from(customers).where(eq(customers.id, login.account.id));
    expect(row?.failedSignIns).toBe(SIGN_IN_LOCK_AT);
    expect(row?.lockedUntil?.getTime()).toBeGreaterThan(Date.now() + 14 * 60_000);
    // Once the lock has run out, the right password signs in and clears the count.
    await ctx.app.db
      .update(customers)
      .set({ lockedUntil: new Date(Date.now() - 1000) })
      .where(eq(customers.id, login.account.id));
    expect((await signIn(ctx, email)).statusCode).toBe(200);
    const [cleared] = await ctx.app.db.select().from(customers).where(eq(customers.id, login.account.id));
    expect(cleared).toMatchObject({ failedSignIns: 0, lockedUntil: null });
  });

  it('locks an unknown e-mail address after as many failures as an account (no enumeration by the lock)', async () => {
    const email = newEmail();
    const results = await Promise.all(
      Array.from({ length: SIGN_IN_LOCK_AT }, () => signIn(ctx, email, 'Wrong-passw0rd')),
    );
    expect(results.map((r) => r.statusCode)).toEqual(results.map(() => 401));
    const locked = await signIn(ctx, email, 'Wrong-passw0rd');
    expect(locked.statusCode).toBe(429);
    expect(locked.json()).toMatchObject({ errors: [{ message: ACCOUNT_MESSAGES.tooManyAttempts }] });
  });

  it('refuses every sign-in from an address past its failed sign-ins, the right password too', async () => {
    const { email } = await activeCustomer(ctx);
    const remoteAddress = newAddress();
    for (let i = 0; i < SIGN_IN_ADDRESS_MAX; i += 1) {
      // A new unknown address each time: each fails once (no per-address slowdown of its own).
      expect((await signIn(ctx, newEmail(), 'Wrong-passw0rd', { remoteAddress })).statusCode).toBe(401);
    }
    const refused = await signIn(ctx, email, PASSWORD, { remoteAddress });
    expect(refused.statusCode).toBe(429);
    // Another address is not held back.
    const elsewhere = await signIn(ctx, email);
    expect(elsewhere.statusCode).toBe(200);
    expect(elsewhere.json<{ value: LoginValue }>().value.account.email).toBe(email);
  });
});
