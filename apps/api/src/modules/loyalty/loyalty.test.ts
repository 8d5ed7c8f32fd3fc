import { createSecretKey, randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOYALTY_ERROR, type LoyaltyAccount } from '@storefront/contracts/loyalty';
import { customers } from '../../db/schema/accounts';
import { loyaltyAccounts } from '../../db/schema/loyalty';
import { DEMO_LOYALTY } from '../../db/seed/loyalty';
import { openLoyaltyProvider } from '../../providers/loyalty/open-provider';
import { createCustomer, customerHeaders, signInCustomer } from '../../test/customers';
import { createTestContext, dbKinds, type TestContext } from '../../test/harness';
import { CARDS, createOrderFixture } from '../checkout/checkout.fixtures';
import { auth, closeRequest, prepareCheckout } from '../checkout/checkout.test-helpers';

interface SsoClaims {
  sub?: string;
  email?: string;
  given_name?: string;
  family_name?: string;
}

describe.each(await dbKinds())('loyalty points and single sign-on on %s', (kind) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext(kind);
  });
  afterAll(() => ctx.close());

  async function memberId(): Promise<number> {
    const [row] = await ctx.app.db
      .select({ id: customers.id })
      .from(customers)
      .where(eq(customers.email, DEMO_LOYALTY.member.email));
    if (!row) throw new Error('demo member missing');
    return row.id;
  }

  async function account(token: string, customerId: number): Promise<LoyaltyAccount> {
    const res = await ctx.app.inject({
      method: 'GET',
      url: '/v1/loyalty/account',
      headers: customerHeaders(token, customerId),
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ value: LoyaltyAccount }>().value;
  }

  it("shows the demo member's balance at the brand's rate and its history; a guest is refused (401)", async () => {
    const id = await memberId();
    const { token } = await signInCustomer(ctx, id);
    const value = await account(token, id);
    expect(value.loyaltyBalance).toEqual({ netPointsBalance: 1250, redeemableAmountBalance: 12.5 });
    expect(value.heldPoints).toBe(0);
    expect(value.history).toEqual([
      expect.objectContaining({ kind: 'granted', points: 1250, description: 'Welcome bonus', orderId: null }),
    ]);
    const guest = await ctx.app.inject({
      method: 'GET',
      url: '/v1/loyalty/account',
      headers: auth(await ctx.token()),
    });
    expect(guest.statusCode).toBe(401);
    const anonymous = await ctx.app.inject({ method: 'GET', url: '/v1/loyalty/account' });
    expect(anonymous.statusCode).toBe(401);
  });

  it('earns points per whole dollar when a placed order completes, once, and none before', async () => {
    const customerId = await createCustomer(ctx);
    const { token } = await signInCustomer(ctx, customerId);
    const order = await createOrderFixture(ctx, { token, subtotalCents: 2399 });
    const { paymentToken } = await prepareCheckout(ctx, order, CARDS.approve);
    const placed = await closeRequest(ctx, order, { paymentToken });
    expect(placed.statusCode, placed.body).toBe(200);
    for (const statusId of [2, 3]) {
      const moved = await ctx.app.inject({
        method: 'POST',
        url: `/v1/staff/orders/${order.orderId}/status`,
        headers: { 'x-staff-key': ctx.env.STAFF_KEY },
        payload: { statusId },
      });
      expect(moved.statusCode, moved.body).toBe(200);
    }
    expect((await account(token, customerId)).loyaltyBalance.netPointsBalance).toBe(0);
    const completed = await ctx.app.inject({
      method: 'POST',
      url: `/v1/staff/orders/${order.orderId}/status`,
      headers: { 'x-staff-key': ctx.env.STAFF_KEY },
      payload: { statusId: 4 },
    });
    expect(completed.statusCode, completed.body).toBe(200);
    // $23.99 of items: 23 whole dollars at 10 points per dollar.
    const after = await account(token, customerId);
    expect(after.loyaltyBalance).toEqual({ netPointsBalance: 230, redeemableAmountBalance: 2.3 });
    expect(after.history).toEqual([
      expect.objectContaining({ kind: 'earned', points: 230, orderId: order.orderId }),
    ]);
    // A second completion is refused and earns nothing more.
    const again = await ctx.app.inject({
      method: 'POST',
      url: `/v1/staff/orders/${order.orderId}/status`,
      headers: { 'x-staff-key': ctx.env.STAFF_KEY },
      payload: { statusId: 4 },
    });
    expect(again.statusCode).toBe(409);
    expect((await account(token, customerId)).loyaltyBalance.netPointsBalance).toBe(230);
  });

  it('holds points for one of two orders racing for them, spends on completion, gives back on cancel', async () => {
    const customerId = await createCustomer(ctx);
    const member = { brandId: DEMO_LOYALTY.brandId, customerId };
    await openLoyaltyProvider.grant(ctx.app.db, member, 500, 'Test points');
    const guestToken = await ctx.token();
    const racers = await Promise.all(
      Array.from({ length: 8 }, () => createOrderFixture(ctx, { token: guestToken })),
    );
    // Eight orders at once each try to hold 300 of the 500 points, each in its own transaction.
    const results = await Promise.all(
      racers.map((order) =>
        ctx.app.db.transaction((tx) => openLoyaltyProvider.hold(tx, member, order.orderId, 300)),
      ),
    );
    expect(results.filter(Boolean)).toHaveLength(1);
    const [row] = await ctx.app.db
      .select()
      .from(loyaltyAccounts)
      .where(eq(loyaltyAccounts.customerId, customerId));
    expect(row).toMatchObject({ pointsBalance: 200, heldPoints: 300 });

    const winner = racers[results.indexOf(true)];
    const loser = racers[results.indexOf(false)];
    if (!winner || !loser) throw new Error('no winner');
    // Cancelling an order that holds nothing moves nothing; cancelling the winner gives its points back, once.
    await ctx.app.db.transaction((tx) => openLoyaltyProvider.release(tx, member, loser.orderId));
    await ctx.app.db.transaction((tx) => openLoyaltyProvider.release(tx, member, winner.orderId));
    await ctx.app.db.transaction((tx) => openLoyaltyProvider.release(tx, member, winner.orderId));
    expect(await openLoyaltyProvider.getPoints(ctx.app.db, member)).toEqual({
      pointsBalance: 500,
      heldPoints: 0,
    });

    // Held again for another order (not the winner: an order holds once) and spent: the points leave for good,
    // once.
    const next = racers.find((order) => order !== winner);
    if (!next) throw new Error('no order');
    expect(
      await ctx.app.db.transaction((tx) => openLoyaltyProvider.hold(tx, member, next.orderId, 450)),
    ).toBe(true);
    await ctx.app.db.transaction((tx) => openLoyaltyProvider.spend(tx, member, next.orderId));
    await ctx.app.db.transaction((tx) => openLoyaltyProvider.spend(tx, member, next.orderId));
    await ctx.app.db.transaction((tx) => openLoyaltyProvider.release(tx, member, next.orderId));
    expect(await openLoyaltyProvider.getPoints(ctx.app.db, member)).toEqual({
      pointsBalance: 50,
      heldPoints: 0,
    });
    const kinds = (await openLoyaltyProvider.listHistory(ctx.app.db, member, 10)).map((h) => h.kind);
    expect(kinds).toEqual(['spent', 'held', 'returned', 'held', 'granted']);
  });

  // -------------------------------------------------------------------------------------------------------
  // security_token
  // -------------------------------------------------------------------------------------------------------

  async function mint(
    claims: SsoClaims = {},
    options: {
      secret?: string;
      audience?: string;
      issuer?: string;
      expiresIn?: number;
      iat?: number;
      jti?: string;
    } = {},
  ) {
    const now = Math.floor(Date.now() / 1000);
    const iat = options.iat ?? now;
    return new SignJWT({
      email: claims.email ?? DEMO_LOYALTY.member.email,
      given_name: claims.given_name ?? 'Lee',
      family_name: claims.family_name ?? 'Loyal',
    })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(claims.sub ?? 'member-lee')
      .setIssuer(options.issuer ?? ctx.env.LOYALTY_SSO_ISSUER)
      .setAudience(options.audience ?? 'storefront')
      .setIssuedAt(iat)
      .setExpirationTime(iat + (options.expiresIn ?? 120))
      .setJti(options.jti ?? randomUUID())
      .sign(createSecretKey(Buffer.from(options.secret ?? ctx.env.LOYALTY_SSO_SECRET ?? '')));
  }

  function exchange(token: string, securityToken: unknown) {
    return ctx.app.inject({
      method: 'POST',
      url: '/v1/loyalty/sso-sessions',
      headers: auth(token),
      payload: { securityToken },
    });
  }

  it("exchanges the brand app's token for a session of the member, once; the cart's session carries over", async () => {
    const guest = await ctx.token();
    const session = await ctx.app.tokens.verifyAccessToken(guest);
    const securityToken = await mint();
    const res = await exchange(guest, securityToken);
    expect(res.statusCode, res.body).toBe(200);
    const value = res.json<{
      value: { accessToken: string; refreshToken: string; account: { id: number; email: string } };
    }>().value;
    expect(value.account).toMatchObject({ id: await memberId(), email: DEMO_LOYALTY.member.email });
    const userSession = await ctx.app.tokens.verifyAccessToken(value.accessToken);
    expect(userSession).toMatchObject({ userId: value.account.id, sid: session?.sid });
    expect((await account(value.accessToken, value.account.id)).loyaltyBalance.netPointsBalance).toBe(1250);

    const replay = await exchange(await ctx.token(), securityToken);
    expect(replay.statusCode).toBe(401);
    expect(replay.json()).toMatchObject({
      succeed: false,
      errors: [{ code: LOYALTY_ERROR.SsoTokenInvalid, message: 'Login attempt failed' }],
    });

    // The same subject signs in as the same customer again, whatever e-mail its next token carries.
    const second = await exchange(await ctx.token(), await mint({ email: 'changed@example.com' }));
    expect(second.statusCode, second.body).toBe(200);
    expect(second.json<{ value: { account: { id: number } } }>().value.account.id).toBe(value.account.id);
  });

  it('makes a customer for a member new to the storefront', async () => {
    const email = `new-member-${randomUUID()}@example.com`;
    const res = await exchange(
      await ctx.token(),
      await mint({ sub: randomUUID(), email, given_name: 'Nia' }),
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(
      res.json<{ value: { account: { email: string; firstName: string } } }>().value.account,
    ).toMatchObject({
      email,
      firstName: 'Nia',
    });
  });

  it('refuses a token with a wrong signature, audience, issuer, an expired or too long-lived one (401 23010)', async () => {
    const now = Math.floor(Date.now() / 1000);
    const bad = [
      await mint({}, { secret: 'another-secret-of-at-least-32-characters!!' }),
      await mint({}, { audience: 'another-site' }),
      await mint({}, { issuer: 'someone-else' }),
      await mint({}, { iat: now - 600, expiresIn: 60 }),
      await mint({}, { expiresIn: 3600 }),
      'not-a-token',
      `${(await mint()).slice(0, -4)}AAAA`,
    ];
    for (const securityToken of bad) {
      const res = await exchange(await ctx.token(), securityToken);
      expect(res.statusCode, securityToken).toBe(401);
      expect(res.json()).toMatchObject({ errors: [{ code: LOYALTY_ERROR.SsoTokenInvalid }] });
    }
  });

  it('answers 400 for a missing, empty or oversized token and 401 without a client token', async () => {
    const token = await ctx.token();
    for (const payload of [
      {},
      { securityToken: '' },
      { securityToken: 'x'.repeat(5000) },
      { securityToken: 7 },
    ]) {
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/v1/loyalty/sso-sessions',
        headers: auth(token),
        payload,
      });
      expect(res.statusCode).toBe(400);
    }
    const anonymous = await ctx.app.inject({
      method: 'POST',
      url: '/v1/loyalty/sso-sessions',
      payload: { securityToken: await mint() },
    });
    expect(anonymous.statusCode).toBe(401);
  });

  it('offers no sign-in at the loyalty issuer where the login configuration is not Loyalty (404 23011)', async () => {
    const guest = auth(await ctx.token());
    const started = await ctx.app.inject({
      method: 'POST',
      url: '/v1/loyalty/sign-ins',
      headers: guest,
      payload: { callbackUrl: 'http://localhost:3000/loyalty-sso' },
    });
    const exchanged = await ctx.app.inject({
      method: 'POST',
      url: '/v1/loyalty/oidc-sessions',
      headers: guest,
      payload: { code: 'a-code', state: 'a-state' },
    });
    for (const res of [started, exchanged]) {
      expect(res.statusCode, res.body).toBe(404);
      expect(res.json()).toMatchObject({ errors: [{ code: LOYALTY_ERROR.LoyaltyLoginOff }] });
    }
  });
});
