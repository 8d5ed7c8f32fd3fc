import { and, eq, ne } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { menuSnapshots } from '../../db/schema/menus';
import { locationPaymentMethods, payments } from '../../db/schema/payments';
import { createTestContext, dbKinds, type TestContext } from '../../test/harness';
import { CONTACT, createOrderFixture, type OrderFixture } from '../checkout/checkout.fixtures';
import { auth, closeRequest, processorCharges } from '../checkout/checkout.test-helpers';

const WALLET_LOCATION = 1;

interface SessionValue {
  sessionId: string;
  sheetUrl: string;
  amount: number;
  expiresAt: string;
}

describe.each(await dbKinds())('the virtual wallet on %s', (kind) => {
  let ctx: TestContext;
  let noWalletLocation = 0;

  beforeAll(async () => {
    ctx = await createTestContext(kind);
    const db = ctx.database.db;
    await db
      .insert(locationPaymentMethods)
      .values({ locationId: WALLET_LOCATION, paymentMethod: 15, processorCode: 'AURUS_APPLE_PAY_HOSTED' })
      .onConflictDoNothing();
    const [other] = await db
      .select({ locationId: menuSnapshots.locationId })
      .from(menuSnapshots)
      .where(and(ne(menuSnapshots.locationId, WALLET_LOCATION), eq(menuSnapshots.catering, false)))
      .limit(1);
    if (!other) throw new Error('no second store with a menu');
    noWalletLocation = other.locationId;
    await db
      .delete(locationPaymentMethods)
      .where(
        and(
          eq(locationPaymentMethods.locationId, noWalletLocation),
          eq(locationPaymentMethods.paymentMethod, 15),
        ),
      );
  });
  afterAll(() => ctx.close());

  /** An order with contact details and its pending wallet payment for the total (what createPayment makes). */
  async function walletOrder(locationId = WALLET_LOCATION) {
    const order = await createOrderFixture(ctx, { locationId });
    const contact = await ctx.app.inject({
      method: 'PATCH',
      url: `/v1/sales/orders/${order.orderId}/contact-information`,
      headers: auth(order.token),
      payload: CONTACT,
    });
    expect(contact.statusCode).toBe(200);
    const [payment] = await ctx.database.db
      .insert(payments)
      .values({
        orderId: order.orderId,
        paymentMethod: 15,
        processorCode: 'AURUS_APPLE_PAY_HOSTED',
        baseAmountCents: order.totalCents,
      })
      .returning();
    if (!payment) throw new Error('no payment');
    return { ...order, paymentId: payment.id };
  }

  function getSession(order: OrderFixture, method: number | string = 15) {
    return ctx.app.inject({
      method: 'GET',
      url: `/v1/sales/orders/${order.orderId}/payment-methods/${method}/sessions`,
      headers: auth(order.token),
    });
  }

  async function openSession(order: OrderFixture): Promise<SessionValue> {
    const res = await getSession(order);
    expect(res.statusCode).toBe(200);
    return res.json<{ value: SessionValue }>().value;
  }

  /** The sheet's own call at the processor: Approve (or Cancel) with the secret its URL carries, or `secret`. */
  const sheetCall = (session: SessionValue, action: 'approvals' | 'cancellations', body: object = {}) => {
    const url = new URL(session.sheetUrl);
    return ctx.processor.app.inject({
      method: 'POST',
      url: `${url.pathname}/${action}`,
      payload: { secret: url.searchParams.get('k') ?? '', ...body },
    });
  };
  const approve = (session: SessionValue, simulateDecline = false) =>
    sheetCall(session, 'approvals', { simulateDecline });
  const tokenOf = async (session: SessionValue, simulateDecline = false) => {
    const approved = await approve(session, simulateDecline);
    expect(approved.statusCode).toBe(200);
    return approved.json<{ value: { one_time_token: string } }>().value.one_time_token;
  };

  async function paymentRow(paymentId: number) {
    const [row] = await ctx.database.db.select().from(payments).where(eq(payments.id, paymentId));
    if (!row) throw new Error('payment gone');
    return row;
  }

  it("opens a session at the processor for the due amount, its sheet on the processor's origin, linked to the wallet payment", async () => {
    const order = await walletOrder();
    const session = await openSession(order);
    const sheet = new URL(session.sheetUrl);
    const processorAddress = ctx.processor.app.server.address();
    expect(typeof processorAddress).toBe('object');
    expect(sheet.pathname).toBe(`/hosted-wallet/${session.sessionId}`);
    // The sheet's URL carries the session's secret: nothing but the sheet itself can approve it.
    expect(sheet.searchParams.get('k')?.length ?? 0).toBeGreaterThan(20);
    expect(session.amount).toBe(order.totalCents / 100);
    expect(new Date(session.expiresAt).getTime()).toBeGreaterThan(Date.now());
    expect((await paymentRow(order.paymentId)).walletSessionId).toBe(session.sessionId);
    const page = await ctx.processor.app.inject({ method: 'GET', url: `${sheet.pathname}${sheet.search}` });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain(`$${(order.totalCents / 100).toFixed(2)}`);

    // Asked again, a new session replaces it: the last one's token stops counting.
    const next = await openSession(order);
    expect(next.sessionId).not.toBe(session.sessionId);
    expect((await paymentRow(order.paymentId)).walletSessionId).toBe(next.sessionId);
  });

  it("refuses someone else's order, another method, a store without the wallet and an order without a wallet payment", async () => {
    const order = await walletOrder();
    const foreign = await ctx.app.inject({
      method: 'GET',
      url: `/v1/sales/orders/${order.orderId}/payment-methods/15/sessions`,
      headers: auth(await ctx.token()),
    });
    expect(foreign.statusCode).toBe(404);
    const anonymous = await ctx.app.inject({
      method: 'GET',
      url: `/v1/sales/orders/${order.orderId}/payment-methods/15/sessions`,
    });
    expect(anonymous.statusCode).toBe(401);

    const card = await getSession(order, 5);
    expect(card.statusCode).toBe(404);
    expect(card.json()).toMatchObject({ succeed: false, errors: [{ key: 'PaymentMethodSessions' }] });
    expect((await getSession(order, 'wallet')).statusCode).toBe(400);

    const elsewhere = await walletOrder(noWalletLocation);
    const noWallet = await getSession(elsewhere);
    expect(noWallet.statusCode).toBe(422);
    expect(noWallet.json()).toMatchObject({
      errors: [{ code: 9904, message: 'The store does not accept the virtual wallet' }],
    });

    const bare = await createOrderFixture(ctx);
    const noPayment = await getSession(bare);
    expect(noPayment.statusCode).toBe(422);
    expect(noPayment.json()).toMatchObject({ errors: [{ code: 21043 }] });
  });

  it('refuses an approval or a cancellation by session id alone: only the sheet, with its secret, can settle it', async () => {
    const order = await walletOrder();
    const session = await openSession(order);
    const path = new URL(session.sheetUrl).pathname;
    for (const payload of [{}, { secret: 'not-the-secret' }, { secret: '' }]) {
      const approval = await ctx.processor.app.inject({ method: 'POST', url: `${path}/approvals`, payload });
      expect(approval.statusCode).toBeGreaterThanOrEqual(400);
      expect(approval.statusCode).toBeLessThan(500);
      expect(approval.body).not.toContain('tok_sbx_');
      const cancellation = await ctx.processor.app.inject({
        method: 'POST',
        url: `${path}/cancellations`,
        payload,
      });
      expect(cancellation.statusCode).toBeGreaterThanOrEqual(400);
    }
    const sheet = await ctx.processor.app.inject({ method: 'GET', url: path });
    expect(sheet.statusCode).toBe(404);
    // The API serves no sheet and takes no approval at all.
    for (const url of [path, `${path}/approvals`]) {
      const api = await ctx.app.inject({ method: url === path ? 'GET' : 'POST', url, payload: {} });
      expect(api.statusCode).toBe(404);
    }
    // The session is still open for its sheet.
    expect((await approve(session)).statusCode).toBe(200);
  });

  it('approves at the processor with a one-time token that places the order, once', async () => {
    const order = await walletOrder();
    const session = await openSession(order);
    const approved = await approve(session);
    expect(approved.statusCode).toBe(200);
    expect(approved.headers['cache-control']).toBe('no-store');
    const value = approved.json<{
      value: { one_time_token: string; card_brand: string; last_four: string };
    }>().value;
    expect(value).toMatchObject({ sessionId: session.sessionId, card_brand: 'visa', last_four: '4242' });

    const again = await approve(session);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ errors: [{ code: 10029 }] });
    expect((await sheetCall(session, 'cancellations')).statusCode).toBe(409);

    const placed = await closeRequest(ctx, order, { paymentToken: value.one_time_token });
    expect(placed.statusCode).toBe(200);
    expect(placed.json()).toMatchObject({ value: { approvedAmount: order.totalCents / 100 } });
    expect(await paymentRow(order.paymentId)).toMatchObject({
      status: 'Approved',
      approvedAmountCents: order.totalCents,
      cardBrand: 'visa',
      lastFour: '4242',
    });
    expect(await processorCharges(ctx.processor, order.orderId)).toMatchObject([
      { status: 'approved', amountCents: order.totalCents },
    ]);
    expect((await getSession(order)).statusCode).toBe(409);
  });

  it('pays through the whole API: wallet payment, session, approval on the sheet, close request', async () => {
    const order = await createOrderFixture(ctx);
    const base = `/v1/sales/orders/${order.orderId}`;
    const contact = await ctx.app.inject({
      method: 'PATCH',
      url: `${base}/contact-information`,
      headers: auth(order.token),
      payload: CONTACT,
    });
    expect(contact.statusCode).toBe(200);
    const created = await ctx.app.inject({
      method: 'POST',
      url: `${base}/payments`,
      headers: auth(order.token),
      payload: { paymentMethod: 15, baseAmount: order.totalCents / 100, tipAmount: 1 },
    });
    expect(created.statusCode).toBe(200);
    const session = await openSession(order);
    expect(session.amount).toBe((order.totalCents + 100) / 100);
    const placed = await closeRequest(ctx, order, { paymentToken: await tokenOf(session) });
    expect(placed.statusCode).toBe(200);
    expect(placed.json()).toMatchObject({ value: { approvedAmount: (order.totalCents + 100) / 100 } });
    const list = await ctx.app.inject({ method: 'GET', url: `${base}/payments`, headers: auth(order.token) });
    expect(list.json()).toMatchObject({
      value: [{ paymentMethod: 15, status: 'Approved', cardBrand: 'visa', lastFour: '4242' }],
    });
  });

  it('a cancelled session takes no approval and the next request opens a new one', async () => {
    const order = await walletOrder();
    const session = await openSession(order);
    const cancelled = await sheetCall(session, 'cancellations');
    expect(cancelled.statusCode).toBe(200);
    expect((await sheetCall(session, 'cancellations')).statusCode).toBe(200);
    expect((await approve(session)).statusCode).toBe(409);
    const next = await openSession(order);
    expect(next.sessionId).not.toBe(session.sessionId);
    expect((await closeRequest(ctx, order, { paymentToken: await tokenOf(next) })).statusCode).toBe(200);
  });

  it('refuses the token of a session whose payment was re-amounted since (a gift card applied); a new session pays the new amount', async () => {
    const order = await walletOrder();
    const session = await openSession(order);
    const stale = await tokenOf(session);
    const gift = await ctx.app.inject({
      method: 'POST',
      url: `/v1/sales/orders/${order.orderId}/payments`,
      headers: auth(order.token),
      payload: { paymentMethod: 6, giftCardNumber: '6000000000000003', baseAmount: 5, tipAmount: 0 },
    });
    expect(gift.statusCode).toBe(200);
    expect((await paymentRow(order.paymentId)).baseAmountCents).toBe(order.totalCents - 500);
    const refused = await closeRequest(ctx, order, { paymentToken: stale });
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toMatchObject({
      errors: [{ message: 'The amount to pay has changed: start the wallet payment again' }],
    });
    expect(await processorCharges(ctx.processor, order.orderId)).toEqual([]);
    const next = await openSession(order);
    expect(next.amount).toBe((order.totalCents - 500) / 100);
  });

  it('a sandbox decline is refused at placement as not authorized; the wallet can then pay again', async () => {
    const order = await walletOrder();
    const first = await openSession(order);
    const refused = await closeRequest(ctx, order, { paymentToken: await tokenOf(first, true) });
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toMatchObject({
      errors: [{ code: 886, message: 'The transaction was not authorized' }],
    });
    expect((await paymentRow(order.paymentId)).status).toBe('Declined');

    const second = await openSession(order);
    expect(second.sessionId).not.toBe(first.sessionId);
    const placed = await closeRequest(ctx, order, { paymentToken: await tokenOf(second) });
    expect(placed.statusCode).toBe(200);
  });

  it("a new session voids the last session's token; another order's token, or an altered one, never pays", async () => {
    const order = await walletOrder();
    const first = await openSession(order);
    const firstToken = await tokenOf(first);
    const second = await openSession(order);
    expect(second.sessionId).not.toBe(first.sessionId);
    expect((await closeRequest(ctx, order, { paymentToken: firstToken })).json()).toMatchObject({
      errors: [{ code: 21043 }],
    });

    const other = await walletOrder();
    const otherToken = await tokenOf(await openSession(other));
    expect((await closeRequest(ctx, order, { paymentToken: otherToken })).statusCode).toBe(422);

    // The browser may not rewrite what the token says (another session, brand or amount): its signature breaks.
    const secondToken = await tokenOf(second);
    const [prefixAndBody = '', own = '', signature = ''] = secondToken.split('.');
    const claims: unknown = JSON.parse(
      Buffer.from(prefixAndBody.slice('tok_sbx_'.length), 'base64url').toString(),
    );
    const altered = `tok_sbx_${Buffer.from(JSON.stringify({ ...(claims as object), b: 'amex' })).toString('base64url')}`;
    expect(
      (await closeRequest(ctx, order, { paymentToken: `${altered}.${own}.${signature}` })).json(),
    ).toMatchObject({ errors: [{ code: 21043 }] });
    expect(await processorCharges(ctx.processor, order.orderId)).toEqual([]);
    expect((await closeRequest(ctx, order, { paymentToken: secondToken })).statusCode).toBe(200);
  });

  it('of two racing approvals and a cancellation exactly one settles the session', async () => {
    const order = await walletOrder();
    const session = await openSession(order);
    const answers = await Promise.all([
      approve(session),
      approve(session),
      sheetCall(session, 'cancellations'),
    ]);
    const codes = answers.map((a) => a.statusCode);
    expect(codes.every((c) => c === 200 || c === 409)).toBe(true);
    const tokens = answers
      .slice(0, 2)
      .filter((a) => a.statusCode === 200)
      .map((a) => a.json<{ value: { one_time_token: string } }>().value.one_time_token);
    expect(tokens.length).toBeLessThanOrEqual(1);
    if (tokens.length === 1) expect(codes[2]).toBe(409);
    else expect(codes[2]).toBe(200);
  });
});
