import { eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOYALTY_ERROR, type LoyaltyAccount } from '@storefront/contracts/loyalty';
import type { LoginValue } from '@storefront/contracts/accounts';
import { orders } from '../../db/schema/index';
import { loyaltySignIns } from '../../db/schema/loyalty';
import { solveCaptcha } from '../../test/captcha';
import { createOrderFixture } from '../checkout/checkout.fixtures';
import { DEMO_LOYALTY } from '../../db/seed/loyalty';
import { customerHeaders } from '../../test/customers';
import { ISSUER_AUTHORIZATIONS_PER_MINUTE } from './oidc-issuer.routes';
import { createTestContext, dbKinds, type TestContext } from '../../test/harness';

/**
 * Loyalty sign-in through the built-in OpenID Connect issuer (login configuration Loyalty): the storefront's
 * calls (start, code exchange) and the member's browser at the issuer (authorization, the sign-in page, its
 * redirects), played here with a cookie jar through the app itself.
 */
const CALLBACK = 'http://localhost:3000/loyalty-sso';
const { member } = DEMO_LOYALTY;

/** A browser at the issuer: its cookies, and requests that follow nothing (each redirect is looked at). */
class IssuerBrowser {
  readonly #cookies = new Map<string, string>();
  /** `remoteAddress`: the browser's own client address (the issuer limits sign-ins per address). */
  constructor(
    private readonly ctx: TestContext,
    private readonly remoteAddress?: string,
  ) {}

  async request(method: 'GET' | 'POST', address: string, form?: Record<string, string>) {
    const url = new URL(address, this.ctx.env.API_PUBLIC_URL);
    const cookie = [...this.#cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    const res = await this.ctx.app.inject({
      method,
      ...(this.remoteAddress ? { remoteAddress: this.remoteAddress } : {}),
      url: `${url.pathname}${url.search}`,
      headers: {
        ...(cookie ? { cookie } : {}),
        ...(form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
      },
      ...(form ? { payload: new URLSearchParams(form).toString() } : {}),
    });
    const setCookies = res.headers['set-cookie'];
    for (const line of Array.isArray(setCookies) ? setCookies : setCookies ? [setCookies] : []) {
      const [pair = ''] = line.split(';');
      const at = pair.indexOf('=');
      const name = pair.slice(0, at);
      const value = pair.slice(at + 1);
      if (value === '' || /expires=Thu, 01 Jan 1970/i.test(line)) this.#cookies.delete(name);
      else this.#cookies.set(name, value);
    }
    return res;
  }

  /** Follows the issuer's redirects from `address` until one leaves the API; returns the last response. */
  async follow(address: string) {
    let res = await this.request('GET', address);
    while (res.statusCode === 302 || res.statusCode === 303) {
      const location = String(res.headers.location);
      const next = new URL(location, this.ctx.env.API_PUBLIC_URL);
      if (next.origin !== new URL(this.ctx.env.API_PUBLIC_URL).origin) return { res, location: next };
      res = await this.request('GET', location);
    }
    return { res, location: null };
  }
}

describe.each(await dbKinds())('loyalty sign-in through the built-in OpenID Connect issuer on %s', (kind) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext(kind, { LOGIN_CONFIGURATION: 2 });
  });
  afterAll(() => ctx.close());

  const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

  async function start(token: string, callbackUrl = CALLBACK) {
    return ctx.app.inject({
      method: 'POST',
      url: '/v1/loyalty/sign-ins',
      headers: bearer(token),
      payload: { callbackUrl },
    });
  }

  async function started(token: string) {
    const res = await start(token);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ value: { authorizationUrl: string; state: string } }>().value;
  }

  /** The member signs in at the issuer; returns where the issuer sends the browser back (the storefront). */
  async function signInAtIssuer(
    authorizationUrl: string,
    credentials = { email: member.email, password: member.password },
    browser = new IssuerBrowser(ctx),
  ) {
    const toPage = await browser.follow(authorizationUrl);
    expect(toPage.location).toBeNull();
    expect(toPage.res.statusCode, toPage.res.body).toBe(200);
    const action = /action="([^"]+)"/.exec(toPage.res.body)?.[1];
    if (!action) throw new Error(`no sign-in form: ${toPage.res.body}`);
    const posted = await browser.request('POST', action, credentials);
    if (posted.statusCode !== 303) return { posted, returned: null };
    const back = await browser.follow(String(posted.headers.location));
    return { posted, returned: back.location };
  }

  async function exchange(token: string, body: Record<string, string | number>) {
    return ctx.app.inject({
      method: 'POST',
      url: '/v1/loyalty/oidc-sessions',
      headers: bearer(token),
      payload: body,
    });
  }

  /** A code for a sign-in `token`'s session started: the return's code, state and iss. */
  async function codeFor(token: string) {
    const { authorizationUrl, state } = await started(token);
    const { returned } = await signInAtIssuer(authorizationUrl);
    if (!returned) throw new Error('the issuer did not send the member back');
    expect(`${returned.origin}${returned.pathname}`).toBe(CALLBACK);
    expect(returned.searchParams.get('state')).toBe(state);
    return {
      code: returned.searchParams.get('code') ?? '',
      state,
      iss: returned.searchParams.get('iss') ?? '',
    };
  }

  function expectLoginFailed(res: { statusCode: number; body: string }) {
    expect(res.statusCode, res.body).toBe(401);
    expect(JSON.parse(res.body)).toMatchObject({
      succeed: false,
      errors: [{ code: LOYALTY_ERROR.LoyaltyLoginFailed, message: 'Login attempt failed' }],
    });
  }

  it('starts a code flow with PKCE (S256) at the issuer, and only back to the storefront', async () => {
    const guest = await ctx.token();
    const { authorizationUrl, state } = await started(guest);
    const url = new URL(authorizationUrl);
    expect(`${url.origin}${url.pathname}`).toBe(`${ctx.env.API_PUBLIC_URL}/loyalty-oidc/auth`);
    expect(Object.fromEntries(url.searchParams)).toMatchObject({
      response_type: 'code',
      client_id: 'storefront',
      redirect_uri: CALLBACK,
      code_challenge_method: 'S256',
      state,
    });
    expect(url.searchParams.get('code_challenge')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(url.searchParams.get('nonce')).toBeTruthy();
    // The verifier stays with the API: nothing the browser sees carries it.
    const [row] = await ctx.app.db.select().from(loyaltySignIns).limit(1);
    expect(authorizationUrl).not.toContain(row?.codeVerifier ?? 'missing');

    const elsewhere = await start(guest, 'https://attacker.example/loyalty-sso');
    expect(elsewhere.statusCode).toBe(400);
    const anonymous = await ctx.app.inject({
      method: 'POST',
      url: '/v1/loyalty/sign-ins',
      payload: { callbackUrl: CALLBACK },
    });
    expect(anonymous.statusCode).toBe(401);
  });

  it('signs the demo member in with their code: a customer session in the same order session, with points', async () => {
    const guest = await ctx.token();
    const returned = await codeFor(guest);
    const res = await exchange(guest, returned);
    expect(res.statusCode, res.body).toBe(200);
    const login = res.json<{ value: LoginValue }>().value;
    expect(login.account).toMatchObject({ email: member.email, firstName: member.firstName });
    expect(login.refreshToken).toBeTruthy();
    const account = await ctx.app.inject({
      method: 'GET',
      url: '/v1/loyalty/account',
      headers: customerHeaders(login.accessToken, login.account.id),
    });
    expect(account.statusCode, account.body).toBe(200);
    expect(account.json<{ value: LoyaltyAccount }>().value.loyaltyBalance.netPointsBalance).toBe(
      DEMO_LOYALTY.memberPoints,
    );
    // The same order session: the guest's cart carries over (the sid claim is the guest token's).
    const sidOf = (token: string) =>
      (JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString()) as { sid: string }).sid;
    expect(sidOf(login.accessToken)).toBe(sidOf(guest));

    // A second sign-in of the member reaches the same customer.
    const again = await exchange(guest, await codeFor(guest));
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json<{ value: LoginValue }>().value.account.id).toBe(login.account.id);
  });

  it('carries the order being built on (orderId) and checks a captcha sent with the exchange (recaptchaInput)', async () => {
    const guest = await ctx.token();
    const order = await createOrderFixture(ctx, { token: guest });
    // Another session's order, or an unknown one: 404 (21042), and the sign-in's state is left for the right call.
    const stranger = await createOrderFixture(ctx);
    const { authorizationUrl, state } = await started(guest);
    const { returned: back } = await signInAtIssuer(
      authorizationUrl,
      undefined,
      new IssuerBrowser(ctx, '198.51.100.33'),
    );
    if (!back) throw new Error('the issuer did not send the member back');
    const returned = {
      code: back.searchParams.get('code') ?? '',
      state,
      iss: back.searchParams.get('iss') ?? '',
    };
    // An order of this session already placed is not carried on: 409 (21041).
    const placedOrder = await createOrderFixture(ctx, { token: guest });
    await ctx.app.db.update(orders).set({ placedAt: new Date() }).where(eq(orders.id, placedOrder.orderId));
    const placed = await exchange(guest, { ...returned, orderId: placedOrder.orderId });
    expect(placed.statusCode, placed.body).toBe(409);
    const foreign = await exchange(guest, { ...returned, orderId: stranger.orderId });
    expect(foreign.statusCode, foreign.body).toBe(404);
    expect(foreign.json()).toMatchObject({ errors: [{ code: 21042 }] });
    // A captcha that does not pass: 422 9902, the state still unused.
    const badCaptcha = await exchange(guest, {
      ...returned,
      orderId: order.orderId,
      recaptchaInput: 'bm9wZQ==',
    });
    expect(badCaptcha.statusCode, badCaptcha.body).toBe(422);
    expect(badCaptcha.json()).toMatchObject({ errors: [{ code: 9902 }] });
    const res = await exchange(guest, {
      ...returned,
      orderId: order.orderId,
      recaptchaInput: await solveCaptcha(ctx.app),
    });
    expect(res.statusCode, res.body).toBe(200);
    const login = res.json<{ value: LoginValue }>().value;
    // The member's session has the order: it reads it, with its items.
    const read = await ctx.app.inject({
      method: 'GET',
      url: `/v1/sales/orders/${order.orderId}`,
      headers: customerHeaders(login.accessToken, login.account.id),
    });
    expect(read.statusCode, read.body).toBe(200);
    expect(read.json<{ value: { items: unknown[] } }>().value.items.length).toBeGreaterThan(0);
  });

  it('refuses a code used before, and of two exchanges racing with one code exactly one signs in', async () => {
    const guest = await ctx.token();
    const returned = await codeFor(guest);
    const raced = await Promise.all([exchange(guest, returned), exchange(guest, returned)]);
    expect(raced.map((r) => r.statusCode).sort()).toEqual([200, 401]);
    expectLoginFailed(await exchange(guest, returned));
    // Nor does the used code sign in under a new sign-in's state.
    const { state } = await started(guest);
    expectLoginFailed(await exchange(guest, { ...returned, state }));
  });

  it('refuses a wrong code, a state nobody started, and another session’s state', async () => {
    const guest = await ctx.token();
    const returned = await codeFor(guest);
    // A made-up state finds no sign-in and uses nothing up: the real one still works afterwards.
    expectLoginFailed(await exchange(guest, { ...returned, state: 'a-state-nobody-started' }));
    // Another guest cannot exchange this session's code, and burns it trying.
    const stranger = await ctx.token();
    expectLoginFailed(await exchange(stranger, returned));
    expectLoginFailed(await exchange(guest, returned));

    const next = await codeFor(guest);
    expectLoginFailed(await exchange(guest, { ...next, code: 'not-a-code-the-issuer-gave' }));
  });

  it("refuses a code sent with another sign-in's state (its PKCE verifier does not match)", async () => {
    const guest = await ctx.token();
    const first = await codeFor(guest);
    const second = await started(guest);
    expectLoginFailed(await exchange(guest, { ...first, state: second.state }));
  });

  it('refuses a sign-in past its time (10 minutes)', async () => {
    const guest = await ctx.token();
    const returned = await codeFor(guest);
    await ctx.app.db
      .update(loyaltySignIns)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(isNull(loyaltySignIns.usedAt));
    expectLoginFailed(await exchange(guest, returned));
  });

  it("the issuer's page: labelled fields under a strict policy; a wrong password stays there; Cancel returns access_denied", async () => {
    const guest = await ctx.token();
    const { authorizationUrl, state } = await started(guest);
    const browser = new IssuerBrowser(ctx);
    const page = await browser.follow(authorizationUrl);
    expect(page.res.headers['content-security-policy']).toContain("default-src 'none'");
    expect(page.res.headers['content-security-policy']).toContain("form-action 'self' http://localhost:3000");
    expect(page.res.body).toContain('<h1>Sign in to Capital Kitchen Rewards</h1>');
    expect(page.res.body).toMatch(/<label>Email<input type="email" name="email"/);
    expect(page.res.body).toMatch(/<label>Password<input type="password" name="password"/);

    const login = /action="([^"]+)"/.exec(page.res.body)?.[1] ?? '';
    const wrong = await browser.request('POST', login, { email: member.email, password: 'not-the-password' });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.body).toContain('role="alert">Invalid email or password</p>');
    expect(wrong.body).toContain(`value="${member.email}"`);

    const action = /formaction="([^"]+)"/.exec(page.res.body)?.[1] ?? '';
    const cancelled = await browser.request('POST', action, {});
    expect(cancelled.statusCode, cancelled.body).toBe(303);
    const back = await browser.follow(String(cancelled.headers.location));
    expect(back.location?.searchParams.get('error')).toBe('access_denied');
    expect(back.location?.searchParams.get('state')).toBe(state);

    const stale = await new IssuerBrowser(ctx).request('GET', '/loyalty-oidc/interaction/not-one');
    expect(stale.statusCode).toBe(400);
    expect(stale.body).toContain('This sign-in has expired');
  });

  it('tells the storefront its login is Loyalty with our provider, and locks the profile of the member', async () => {
    const guest = await ctx.token();
    const configuration = await ctx.app.inject({
      method: 'GET',
      url: '/v1/guests/login-configurations',
      headers: bearer(guest),
    });
    expect(configuration.json()).toMatchObject({
      value: { currentLogInConfiguration: 2, loyaltyProvider: 5 },
    });
    const login = (await exchange(guest, await codeFor(guest))).json<{ value: LoginValue }>().value;
    const headers = customerHeaders(login.accessToken, login.account.id);
    const patched = await ctx.app.inject({
      method: 'PATCH',
      url: '/v1/guests/account-details',
      headers,
      payload: { firstName: 'Someone', lastName: 'Else', phoneNumber: '3035550188' },
    });
    expect(patched.statusCode, patched.body).toBe(403);
    expect(patched.json()).toMatchObject({
      errors: [{ code: 9010, message: 'Your profile is managed by the loyalty program' }],
    });
    const read = await ctx.app.inject({ method: 'GET', url: '/v1/guests/account-details', headers });
    expect(read.json()).toMatchObject({ value: { firstName: member.firstName, lastName: member.lastName } });
  });

  it('limits the authorization requests of one client address (60 a minute)', async () => {
    const { authorizationUrl } = await started(await ctx.token());
    const url = new URL(authorizationUrl);
    const statuses: number[] = [];
    for (let i = 0; i <= ISSUER_AUTHORIZATIONS_PER_MINUTE; i += 1) {
      const res = await ctx.app.inject({
        method: 'GET',
        url: `${url.pathname}${url.search}`,
        remoteAddress: '198.51.100.77',
      });
      statuses.push(res.statusCode);
    }
    expect(statuses.slice(0, ISSUER_AUTHORIZATIONS_PER_MINUTE).every((s) => s === 303)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
    // Another address still signs in.
    const other = await ctx.app.inject({
      method: 'GET',
      url: `${url.pathname}${url.search}`,
      remoteAddress: '198.51.100.78',
    });
    expect(other.statusCode).toBe(303);
  });

  it('answers 400 for a malformed exchange, never a 500', async () => {
    const guest = await ctx.token();
    for (const payload of [{}, { code: '', state: 's' }, { code: 'c', state: 'x'.repeat(5000) }]) {
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/v1/loyalty/oidc-sessions',
        headers: bearer(guest),
        payload,
      });
      expect(res.statusCode, res.body).toBe(400);
    }
  });
});
