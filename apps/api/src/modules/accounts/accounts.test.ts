/**
 * Accounts through the routes on PGlite and PostgreSQL: sign-up, activation, resend, forgot and reset password,
 * account details and the login configuration; their bad input, throttles and answers that tell nothing about
 * which e-mail addresses have an account.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_MESSAGES } from '@storefront/contracts/accounts';
import { accountTokens, customers } from '../../db/schema/accounts';
import { listMailbox } from '../../providers/email/outbox';
import { solveCaptcha } from '../../test/captcha';
import { createTestContext, dbKinds, type TestContext } from '../../test/harness';
import { MAIL_REQUESTS_PER_ADDRESS_HOUR } from './accounts.routes';
import { FORGOT_PER_HOUR, RESEND_PER_DAY } from './accounts.service';
import {
  activate,
  activeCustomer,
  auth,
  lastLink,
  newAddress,
  newEmail,
  signIn,
  signUp,
  signUpBody,
  waitForMails,
} from './accounts.test-helpers';

describe.each(await dbKinds())('customer accounts on %s', (kind) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext(kind, { CAPTCHA_MAX_NUMBER: 1_000 });
  });
  afterAll(() => ctx.close());

  const customerOf = async (email: string) => {
    const [row] = await ctx.app.db.select().from(customers).where(eq(customers.email, email));
    if (!row) throw new Error(`no customer ${email}`);
    return row;
  };

  it('signs up, e-mails an activation link to the storefront, activates once, then signs in', async () => {
    const email = newEmail();
    const created = await signUp(ctx, email.toUpperCase());
    expect(created.statusCode).toBe(201);
    expect(created.json()).toEqual({ value: { email }, succeed: true, errors: [] });
    const customer = await customerOf(email);
    expect(customer.activatedAt).toBeNull();
    // argon2id with the OWASP parameters (m=19456 KiB, t=2, p=1).
    expect(customer.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    const link = await lastLink(ctx, email);
    expect(link?.origin).toBe(new URL(ctx.env.WEB_PUBLIC_URL).origin);
    expect(link?.pathname).toBe('/activation');
    expect(link?.searchParams.get('email')).toBe(email);
    const token = link?.searchParams.get('token') ?? '';
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    // Only the token's SHA-256 is stored.
    const stored = await ctx.app.db
      .select()
      .from(accountTokens)
      .where(eq(accountTokens.customerId, customer.id));
    expect(stored.map((t) => t.tokenHash)).not.toContain(token);
    expect(stored[0]?.expiresAt.getTime()).toBeGreaterThan(Date.now() + 23 * 3_600_000);

    const inactive = await signIn(ctx, email);
    expect(inactive.statusCode).toBe(403);
    expect(inactive.json()).toEqual({
      value: { accountId: customer.id },
      succeed: false,
      errors: [{ key: 'InactiveAccount', code: 9005, message: ACCOUNT_MESSAGES.inactiveAccount }],
    });

    expect((await activate(ctx, email)).json()).toEqual({
      value: { activated: true },
      succeed: true,
      errors: [],
    });
    expect((await customerOf(email)).activatedAt).not.toBeNull();
    const again = await activate(ctx, email);
    expect(again.statusCode).toBe(422);
    expect(again.json()).toMatchObject({ succeed: false, value: null, errors: [{ code: 9001 }] });

    const login = await signIn(ctx, email);
    expect(login.statusCode).toBe(200);
    expect(login.json()).toMatchObject({
      succeed: true,
      value: {
        tokenType: 'Bearer',
        appType: 107,
        refreshExpiresIn: 30 * 24 * 3600,
        account: { id: customer.id, email, firstName: 'Robin', lastName: 'Buyer', phoneNumber: '2025550123' },
      },
    });
  });

  it('answers a registered address exactly like a new one, and tells its owner by e-mail', async () => {
    const { email } = await activeCustomer(ctx);
    const before = await customerOf(email);
    const again = await signUp(ctx, email, 'Different9');
    const fresh = await signUp(ctx, newEmail());
    expect(again.statusCode).toBe(201);
    expect(Object.keys(again.json<{ value: object }>().value)).toEqual(
      Object.keys(fresh.json<{ value: object }>().value),
    );
    expect(again.json()).toEqual({ value: { email }, succeed: true, errors: [] });
    const [notice] = await listMailbox(ctx.app.db, email);
    expect(notice?.subject).toBe('Someone tried to sign up with your e-mail address');
    // Nothing changed: the old password still signs in, the new one does not.
    expect((await customerOf(email)).passwordHash).toBe(before.passwordHash);
    expect((await signIn(ctx, email, 'Different9')).statusCode).toBe(401);
    expect((await signIn(ctx, email)).statusCode).toBe(200);
  });

  it('refuses bad sign-up input with 400, a foreign link destination with 400 and a bad captcha with 422 9902', async () => {
    const token = await ctx.token();
    const post = (payload: unknown) =>
      ctx.app.inject({
        method: 'POST',
        url: '/v1/guests/accounts',
        headers: auth(token),
        // Each from an address of its own: sign-ups per client address are limited (abuse.test.ts).
        remoteAddress: newAddress(),
        payload: payload as object,
      });
    const good = signUpBody(ctx, newEmail(), 'placeholder-captcha');
    for (const payload of [
      {},
      { ...good, accountDetails: { ...good.accountDetails, password: 'short' } },
      { ...good, accountDetails: { ...good.accountDetails, password: 'nouppercase1' } },
      { ...good, accountDetails: { ...good.accountDetails, email: 'not-an-email' } },
      { ...good, accountDetails: { ...good.accountDetails, firstName: 'x'.repeat(41) } },
      { ...good, accountDetails: { ...good.accountDetails, phoneNumber: '202-555-0123' } },
      { ...good, accountDetails: { ...good.accountDetails, password: `A1${'a'.repeat(200)}` } },
      { ...good, activationType: 2 },
      { ...good, recaptchaInput: '' },
      { ...good, customActivationDestination: 'not a url' },
    ]) {
      const res = await post(payload);
      expect(res.statusCode, JSON.stringify(payload).slice(0, 120)).toBe(400);
      expect(res.json()).toMatchObject({ succeed: false, value: null });
    }
    const phishing = await post({
      ...signUpBody(ctx, newEmail(), await solveCaptcha(ctx.app, newAddress())),
      customActivationDestination: 'https://evil.example.com/activation',
    });
    expect(phishing.statusCode).toBe(400);
    expect(phishing.json()).toMatchObject({ errors: [{ key: 'InvalidDestination' }] });
    const email = newEmail();
    const badCaptcha = await post(signUpBody(ctx, email, 'bm90LWEtY2FwdGNoYQ=='));
    expect(badCaptcha.statusCode).toBe(422);
    expect(badCaptcha.json()).toMatchObject({
      errors: [{ code: 9902, message: 'Please complete the following challenge' }],
    });
    expect(await listMailbox(ctx.app.db, email)).toEqual([]);
    const anonymous = await ctx.app.inject({
      method: 'POST',
      url: '/v1/guests/accounts',
      payload: signUpBody(ctx, email, 'x'.repeat(10)),
    });
    expect(anonymous.statusCode).toBe(401);
  });

  it('answers activation without e-mail or token with 9000, and a wrong or foreign token with 9001', async () => {
    const token = await ctx.token();
    const post = (payload: object) =>
      ctx.app.inject({ method: 'POST', url: '/v1/guests/accounts/activate', headers: auth(token), payload });
    for (const payload of [
      {},
      { email: 'a@example.com' },
      { activationToken: 'abc' },
      { email: '', activationToken: '' },
    ]) {
      const res = await post(payload);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({
        value: null,
        succeed: false,
        errors: [
          { key: 'MissingActivationParameters', code: 9000, message: 'Missing parameters for activation' },
        ],
      });
    }
    const first = newEmail();
    const second = newEmail();
    await signUp(ctx, first);
    await signUp(ctx, second);
    const link = await lastLink(ctx, first);
    for (const payload of [
      { email: first, activationToken: 'wrong-token' },
      // The first address's token does not activate the second.
      { email: second, activationToken: link?.searchParams.get('token') ?? '' },
      { email: newEmail(), activationToken: link?.searchParams.get('token') ?? '' },
    ]) {
      const res = await post(payload);
      expect(res.statusCode).toBe(422);
      expect(res.json()).toMatchObject({
        value: null,
        errors: [{ code: 9001, message: 'The link is not valid' }],
      });
    }
    expect((await customerOf(second)).activatedAt).toBeNull();
    // Expired: the link stops working after its 24 hours.
    const customer = await customerOf(first);
    await ctx.app.db
      .update(accountTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(accountTokens.customerId, customer.id));
    expect((await activate(ctx, first)).statusCode).toBe(422);
    expect((await customerOf(first)).activatedAt).toBeNull();
  });

  it('resends the activation link only to an inactive account, once a minute and five times a day, always 202', async () => {
    const email = newEmail();
    await signUp(ctx, email);
    const { id } = await customerOf(email);
    const token = await ctx.token();
    const resend = (accountId: number, remoteAddress = newAddress()) =>
      ctx.app.inject({
        method: 'POST',
        url: `/v1/guests/accounts/${accountId}/resend-activation`,
        headers: auth(token),
        remoteAddress,
        payload: { customActivationDestination: `${ctx.env.WEB_PUBLIC_URL}/activation` },
      });
    const accepted = { value: { accepted: true }, succeed: true, errors: [] };
    // Within the minute of the sign-up's own e-mail: accepted, nothing sent.
    const early = await resend(id);
    expect(early.statusCode).toBe(202);
    expect(early.json()).toEqual(accepted);
    expect(await listMailbox(ctx.app.db, email)).toHaveLength(1);
    const backdate = () =>
      ctx.app.db
        .update(accountTokens)
        .set({ createdAt: new Date(Date.now() - 2 * 60_000) })
        .where(eq(accountTokens.customerId, id));
    for (let sent = 2; sent <= RESEND_PER_DAY + 1; sent += 1) {
      await backdate();
      expect((await resend(id)).statusCode).toBe(202);
      expect(await listMailbox(ctx.app.db, email)).toHaveLength(Math.min(sent, RESEND_PER_DAY));
    }
    // The newest link works and activates.
    expect((await activate(ctx, email)).statusCode).toBe(200);
    await backdate();
    expect((await resend(id)).json()).toEqual(accepted);
    expect(await listMailbox(ctx.app.db, email)).toHaveLength(RESEND_PER_DAY);
    // Unknown accounts are accepted alike.
    expect((await resend(2_000_000_000)).json()).toEqual(accepted);
    // A foreign destination is refused before anything.
    const foreign = await ctx.app.inject({
      method: 'POST',
      url: `/v1/guests/accounts/${id}/resend-activation`,
      headers: auth(token),
      payload: { customActivationDestination: 'https://evil.example.com/activation' },
    });
    expect(foreign.statusCode).toBe(400);
    expect(
      (
        await ctx.app.inject({
          method: 'POST',
          url: '/v1/guests/accounts/abc/resend-activation',
          headers: auth(token),
          payload: {},
        })
      ).statusCode,
    ).toBe(400);
    // Per client address: MAIL_REQUESTS_PER_ADDRESS_HOUR an hour, then 429.
    const address = newAddress();
    const statuses: number[] = [];
    for (let i = 0; i <= MAIL_REQUESTS_PER_ADDRESS_HOUR; i += 1)
      statuses.push((await resend(id, address)).statusCode);
    expect(statuses.slice(0, MAIL_REQUESTS_PER_ADDRESS_HOUR).every((s) => s === 202)).toBe(true);
    expect(statuses[MAIL_REQUESTS_PER_ADDRESS_HOUR]).toBe(429);
  });

  it('answers forgot-password alike for known and unknown addresses, and resets with the link once', async () => {
    const { email, login } = await activeCustomer(ctx);
    const token = await ctx.token();
    const forgot = async (address: string, remoteAddress = newAddress()) =>
      ctx.app.inject({
        method: 'POST',
        url: '/v1/guests/accounts/forgot-password',
        headers: auth(token),
        remoteAddress,
        payload: {
          email: address,
          customResetDestination: `${ctx.env.WEB_PUBLIC_URL}/my-account/reset-password`,
          recaptchaInput: await solveCaptcha(ctx.app, newAddress()),
        },
      });
    const known = await forgot(email);
    const unknown = await forgot(newEmail());
    expect(known.statusCode).toBe(202);
    expect(unknown.statusCode).toBe(202);
    expect(known.body).toBe(unknown.body);
    expect(known.headers['content-length']).toBe(unknown.headers['content-length']);

    const mails = await waitForMails(ctx, email, 2);
    expect(mails[0]?.subject).toBe('Reset your password');
    const link = await lastLink(ctx, email);
    expect(link?.pathname).toBe('/my-account/reset-password');
    const accountToken = link?.searchParams.get('token') ?? '';

    const reset = (password: string, t = accountToken) =>
      ctx.app.inject({
        method: 'POST',
        url: '/v1/guests/accounts/reset-password',
        headers: auth(token),
        payload: { accountToken: t, password },
      });
    expect((await reset('weak')).statusCode).toBe(400);
    const done = await reset('NewPassw0rd');
    expect(done.json()).toEqual({ value: { reset: true }, succeed: true, errors: [] });
    // The session from before the reset has ended: its access token and its refresh token.
    const details = await ctx.app.inject({
      method: 'GET',
      url: '/v1/guests/account-details',
      headers: auth(login.accessToken),
    });
    expect(details.statusCode).toBe(401);
    expect(details.json()).toMatchObject({
      errors: [{ code: 10005, message: 'Your session has been reset.' }],
    });
    const refresh = await ctx.app.inject({
      method: 'POST',
      url: '/v1/oauth/token',
      payload: { clientId: 'web', clientSecret: ctx.env.WEB_CLIENT_SECRET, refreshToken: login.refreshToken },
    });
    expect(refresh.statusCode).toBe(401);
    expect(refresh.json()).toMatchObject({ errors: [{ code: 10005 }] });
    // Used once; the old password no longer signs in, the new one does.
    const reused = await reset('OtherPassw0rd');
    expect(reused.statusCode).toBe(422);
    expect(reused.json()).toMatchObject({ errors: [{ code: 9001, message: 'The link is not valid' }] });
    expect((await reset('OtherPassw0rd', 'made-up')).statusCode).toBe(422);
    expect((await signIn(ctx, email)).statusCode).toBe(401);
    expect((await signIn(ctx, email, 'NewPassw0rd')).statusCode).toBe(200);
  });

  it('sends at most three reset e-mails an hour per account and takes ten requests an hour per address', async () => {
    const { email } = await activeCustomer(ctx);
    const token = await ctx.token();
    const forgot = async (address: string, remoteAddress = newAddress()) =>
      ctx.app.inject({
        method: 'POST',
        url: '/v1/guests/accounts/forgot-password',
        headers: auth(token),
        remoteAddress,
        payload: {
          email: address,
          customResetDestination: `${ctx.env.WEB_PUBLIC_URL}/my-account/reset-password`,
          recaptchaInput: await solveCaptcha(ctx.app, newAddress()),
        },
      });
    for (let i = 0; i < FORGOT_PER_HOUR + 2; i += 1) expect((await forgot(email)).statusCode).toBe(202);
    // Activation e-mail + FORGOT_PER_HOUR reset e-mails, however long we wait.
    await waitForMails(ctx, email, FORGOT_PER_HOUR + 2);
    const resets = (await listMailbox(ctx.app.db, email)).filter((m) => m.subject === 'Reset your password');
    expect(resets).toHaveLength(FORGOT_PER_HOUR);
    const customer = await customerOf(email);
    const tokens = await ctx.app.db
      .select()
      .from(accountTokens)
      .where(and(eq(accountTokens.customerId, customer.id), eq(accountTokens.kind, 2)));
    expect(tokens).toHaveLength(FORGOT_PER_HOUR);

    const address = newAddress();
    const statuses: number[] = [];
    for (let i = 0; i <= MAIL_REQUESTS_PER_ADDRESS_HOUR; i += 1) {
      statuses.push((await forgot(newEmail(), address)).statusCode);
    }
    expect(statuses.slice(0, MAIL_REQUESTS_PER_ADDRESS_HOUR).every((s) => s === 202)).toBe(true);
    expect(statuses[MAIL_REQUESTS_PER_ADDRESS_HOUR]).toBe(429);
    const foreign = await ctx.app.inject({
      method: 'POST',
      url: '/v1/guests/accounts/forgot-password',
      headers: auth(token),
      payload: {
        email,
        customResetDestination: 'https://evil.example.com/reset',
        recaptchaInput: await solveCaptcha(ctx.app, newAddress()),
      },
    });
    expect(foreign.statusCode).toBe(400);
  });

  it('reads and updates the signed-in customer, e-mail read-only; a guest token is refused', async () => {
    const { email, login } = await activeCustomer(ctx);
    const headers = auth(login.accessToken);
    const read = await ctx.app.inject({ method: 'GET', url: '/v1/guests/account-details', headers });
    expect(read.json()).toMatchObject({ value: { email, firstName: 'Robin' } });
    const patched = await ctx.app.inject({
      method: 'PATCH',
      url: '/v1/guests/account-details',
      headers,
      payload: { firstName: ' Sam ', lastName: 'Other', phoneNumber: '3035550188', email: 'new@example.com' },
    });
    expect(patched.statusCode).toBe(200);
    expect(patched.json()).toMatchObject({
      value: { email, firstName: 'Sam', lastName: 'Other', phoneNumber: '3035550188' },
    });
    for (const payload of [
      {},
      { firstName: '', lastName: 'x', phoneNumber: '3035550188' },
      { firstName: 'x', lastName: 'y', phoneNumber: '12' },
    ]) {
      const bad = await ctx.app.inject({
        method: 'PATCH',
        url: '/v1/guests/account-details',
        headers,
        payload,
      });
      expect(bad.statusCode).toBe(400);
      expect(bad.json()).toMatchObject({ succeed: false, value: null });
    }
    const guest = await ctx.app.inject({
      method: 'GET',
      url: '/v1/guests/account-details',
      headers: auth(await ctx.token()),
    });
    expect(guest.statusCode).toBe(401);
    expect(guest.json()).toMatchObject({ succeed: false, value: null });
  });

  it('tells the login configuration (QuCrm) to any valid token', async () => {
    const res = await ctx.app.inject({
      method: 'GET',
      url: '/v1/guests/login-configurations?callbackUrl=http://localhost:3000/',
      headers: auth(await ctx.token()),
    });
    expect(res.json()).toEqual({
      value: { currentLogInConfiguration: 1, loyaltyProvider: 0 },
      succeed: true,
      errors: [],
    });
    expect((await ctx.app.inject({ method: 'GET', url: '/v1/guests/login-configurations' })).statusCode).toBe(
      401,
    );
  });
});
