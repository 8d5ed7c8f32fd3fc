import { and, eq, ne } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { menuSnapshots } from '../../db/schema/menus';
import { locationPaymentMethods, payments, sandboxWalletSessions } from '../../db/schema/payments';
import { createTestContext, dbKinds, type TestContext } from '../../test/harness';
import { CONTACT, createOrderFixture, type OrderFixture } from '../checkout/checkout.fixtures';
import { auth, closeRequest } from '../checkout/checkout.test-helpers';

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

  const sheetPath = (sessionId: string) => `/hosted-wallet/${sessionId}`;
  const approve = (sessionId: string, simulateDecline = false) =>
    ctx.app.inject({
      method: 'POST',
      url: `${sheetPath(sessionId)}/approvals`,
      payload: { simulateDecline },
    });
  const cancel = (sessionId: string) =>
    ctx.app.inject({ method: 'POST', url: `${sheetPath(sessionId)}/cancellations` });

  async function paymentRow(paymentId: number) {
    const [row] = await ctx.database.db.select().from(payments).where(eq(payments.id, paymentId));
    if (!row) throw new Error('payment gone');
    return row;
  }

  it('opens a session for the due amount, linked to the wallet payment, and answers it again while open', async () => {
    const order = await walletOrder();
    const session = await openSession(order);
    expect(session.sheetUrl).toBe(`${ctx.env.API_PUBLIC_URL}/hosted-wallet/${session.sessionId}`);
    expect(session.amount).toBe(order.totalCents / 100);
    expect(new Date(session.expiresAt).getTime()).toBeGreaterThan(Date.now());
    const [row] = await ctx.database.db
      .select()
      .from(sandboxWalletSessions)
      .where(eq(sandboxWalletSessions.id, session.sessionId));
    expect(row).toMatchObject({ orderId: order.orderId, amountCents: order.totalCents, status: 'open' });
    expect((await paymentRow(order.paymentId)).walletSessionId).toBe(session.sessionId);

    expect((await openSession(order)).sessionId).toBe(session.sessionId);
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

    const count = await ctx.database.db
      .select()
      .from(sandboxWalletSessions)
      .where(eq(sandboxWalletSessions.orderId, elsewhere.orderId));
    expect(count).toHaveLength(0);
  });

  it('serves the sheet with merchant, amount and device card under a nonce CSP framed only by the storefront', async () => {
    const order = await walletOrder();
    const { sessionId } = await openSession(order);
    const page = await ctx.app.inject({ method: 'GET', url: sheetPath(sessionId) });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    const csp = String(page.headers['content-security-policy']);
    const nonce = /'nonce-([^']+)'/.exec(csp)?.[1] ?? '';
    expect(nonce).not.toBe('');
    expect(csp).toContain(`frame-ancestors ${new URL(ctx.env.WEB_PUBLIC_URL).origin}`);
    expect(page.body).toContain(`<script nonce="${nonce}">`);
    const amount = `$${(order.totalCents / 100).toFixed(2)}`;
    expect(page.body).toContain(
      `<button id="approve-button" class="approve" type="button">Pay ${amount}</button>`,
    );
    expect(page.body).toContain('>Cancel</button>');
    expect(page.body).toContain('ending in 4242');
    expect(page.body).toContain('<legend>Sandbox testing only</legend>');
    expect(page.body).toContain('<label for="sandbox-decline">Decline this payment</label>');
    expect(page.body).toContain(`"sessionId":"${sessionId}"`);

    const unknown = await ctx.app.inject({
      method: 'GET',
      url: sheetPath('00000000-0000-4000-8000-000000000000'),
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.body).toContain('This wallet session is no longer available');
    expect((await ctx.app.inject({ method: 'GET', url: sheetPath('abc') })).statusCode).toBe(400);
  });

  it('approves with a one-time token that places the order, once', async () => {
    const order = await walletOrder();
    const { sessionId } = await openSession(order);
    const approved = await approve(sessionId);
    expect(approved.statusCode).toBe(200);
    // A one-time token is for this sheet only: no cache keeps it, nor the refusal of a second approval.
    expect(approved.headers['cache-control']).toBe('no-store');
    const value = approved.json<{
      value: { one_time_token: string; card_brand: string; last_four: string };
    }>().value;
    expect(value).toMatchObject({ sessionId, card_brand: 'visa', last_four: '4242' });
    expect(value.one_time_token).toMatch(/^tok_sbx_/);
    const row = await paymentRow(order.paymentId);
    expect(row).toMatchObject({ processorToken: value.one_time_token, cardBrand: 'visa', lastFour: '4242' });

    const again = await approve(sessionId);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ errors: [{ code: 10029 }] });
    expect(again.headers['cache-control']).toBe('no-store');
    const sheet = await ctx.app.inject({ method: 'GET', url: sheetPath(sessionId) });
    expect(sheet.statusCode).toBe(409);
    expect(sheet.body).toContain('This wallet payment was already approved');
    expect((await cancel(sessionId)).statusCode).toBe(409);

    const placed = await closeRequest(ctx, order, { paymentToken: value.one_time_token });
    expect(placed.statusCode).toBe(200);
    expect(placed.json()).toMatchObject({ value: { approvedAmount: order.totalCents / 100 } });
    expect(await paymentRow(order.paymentId)).toMatchObject({
      status: 'Approved',
      approvedAmountCents: order.totalCents,
    });
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
    const token = (await approve(session.sessionId)).json<{ value: { one_time_token: string } }>().value
      .one_time_token;
    const placed = await closeRequest(ctx, order, { paymentToken: token });
    expect(placed.statusCode).toBe(200);
    expect(placed.json()).toMatchObject({ value: { approvedAmount: (order.totalCents + 100) / 100 } });
    const list = await ctx.app.inject({ method: 'GET', url: `${base}/payments`, headers: auth(order.token) });
    expect(list.json()).toMatchObject({
      value: [{ paymentMethod: 15, status: 'Approved', cardBrand: 'visa', lastFour: '4242' }],
    });
  });

  it('cancels: the session takes no approval and the next request opens a new one', async () => {
    const order = await walletOrder();
    const { sessionId } = await openSession(order);
    const cancelled = await cancel(sessionId);
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json()).toMatchObject({ succeed: true, value: { sessionId } });
    expect(cancelled.headers['cache-control']).toBe('no-store');
    expect((await cancel(sessionId)).statusCode).toBe(200);
    const [row] = await ctx.database.db
      .select()
      .from(sandboxWalletSessions)
      .where(eq(sandboxWalletSessions.id, sessionId));
    expect(row?.status).toBe('cancelled');

    expect((await approve(sessionId)).statusCode).toBe(409);
    expect((await paymentRow(order.paymentId)).processorToken).toBeNull();
    const sheet = await ctx.app.inject({ method: 'GET', url: sheetPath(sessionId) });
    expect(sheet.body).toContain('This wallet payment was cancelled');

    const next = await openSession(order);
    expect(next.sessionId).not.toBe(sessionId);
    expect((await approve(next.sessionId)).statusCode).toBe(200);
  });

  it('refuses an expired session and opens a new one in its place', async () => {
    const order = await walletOrder();
    const { sessionId } = await openSession(order);
    await ctx.database.db
      .update(sandboxWalletSessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sandboxWalletSessions.id, sessionId));
    const sheet = await ctx.app.inject({ method: 'GET', url: sheetPath(sessionId) });
    expect(sheet.statusCode).toBe(409);
    expect(sheet.body).toContain('This wallet session has expired');
    const late = await approve(sessionId);
    expect(late.statusCode).toBe(409);
    expect(late.json()).toMatchObject({
      errors: [{ code: 10029, message: 'This wallet session has expired' }],
    });
    expect((await paymentRow(order.paymentId)).processorToken).toBeNull();
    expect((await openSession(order)).sessionId).not.toBe(sessionId);
  });

  it('refuses a session whose payment was re-amounted since (a gift card applied) and opens one for the new amount', async () => {
    const order = await walletOrder();
    const { sessionId } = await openSession(order);
    await ctx.database.db
      .update(payments)
      .set({ baseAmountCents: order.totalCents - 500 })
      .where(eq(payments.id, order.paymentId));
    const stale = await approve(sessionId);
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({
      errors: [{ message: 'The amount to pay has changed: start the wallet payment again' }],
    });
    expect((await paymentRow(order.paymentId)).processorToken).toBeNull();
    const next = await openSession(order);
    expect(next.sessionId).not.toBe(sessionId);
    expect(next.amount).toBe((order.totalCents - 500) / 100);
  });

  it('a sandbox decline is refused at placement as not authorized; the wallet can then pay again', async () => {
    const order = await walletOrder();
    const first = await openSession(order);
    const declined = await approve(first.sessionId, true);
    expect(declined.statusCode).toBe(200);
    const declinedToken = declined.json<{ value: { one_time_token: string } }>().value.one_time_token;
    const refused = await closeRequest(ctx, order, { paymentToken: declinedToken });
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toMatchObject({
      errors: [{ code: 886, message: 'The transaction was not authorized' }],
    });
    expect((await paymentRow(order.paymentId)).status).toBe('Declined');

    const second = await openSession(order);
    expect(second.sessionId).not.toBe(first.sessionId);
    const approved = await approve(second.sessionId);
    const token = approved.json<{ value: { one_time_token: string } }>().value.one_time_token;
    const placed = await closeRequest(ctx, order, { paymentToken: token });
    expect(placed.statusCode).toBe(200);
  });

  it("a new session voids the last session's token, and the session's approval never pays another order", async () => {
    const order = await walletOrder();
    const first = await openSession(order);
    const firstToken = (await approve(first.sessionId)).json<{ value: { one_time_token: string } }>().value
      .one_time_token;
    const second = await openSession(order);
    expect(second.sessionId).not.toBe(first.sessionId);
    expect((await closeRequest(ctx, order, { paymentToken: firstToken })).json()).toMatchObject({
      errors: [{ code: 21043 }],
    });

    const other = await walletOrder();
    const otherSession = await openSession(other);
    const otherToken = (await approve(otherSession.sessionId)).json<{ value: { one_time_token: string } }>()
      .value.one_time_token;
    expect((await closeRequest(ctx, order, { paymentToken: otherToken })).statusCode).toBe(422);
  });

  it('of two racing approvals exactly one wins, and the payment keeps its token', async () => {
    const order = await walletOrder();
    const { sessionId } = await openSession(order);
    const answers = await Promise.all([approve(sessionId), approve(sessionId), cancel(sessionId)]);
    const codes = answers.map((a) => a.statusCode);
    const winners = answers.filter((a) => a.statusCode === 200 && a.json<{ value: object }>().value);
    const tokens = winners
      .map((a) => a.json<{ value: { one_time_token?: string } }>().value.one_time_token)
      .filter((t): t is string => t !== undefined);
    expect(codes.every((c) => c === 200 || c === 409)).toBe(true);
    const [row] = await ctx.database.db
      .select()
      .from(sandboxWalletSessions)
      .where(eq(sandboxWalletSessions.id, sessionId));
    if (row?.status === 'approved') {
      expect(tokens).toHaveLength(1);
      expect((await paymentRow(order.paymentId)).processorToken).toBe(tokens[0]);
    } else {
      expect(row?.status).toBe('cancelled');
      expect(tokens).toHaveLength(0);
      expect((await paymentRow(order.paymentId)).processorToken).toBeNull();
    }
  });

  it('answers 4xx to malformed sheet calls', async () => {
    const order = await walletOrder();
    const { sessionId } = await openSession(order);
    const bad = await ctx.app.inject({
      method: 'POST',
      url: `${sheetPath(sessionId)}/approvals`,
      payload: { simulateDecline: 'yes' },
    });
    expect(bad.statusCode).toBe(400);
    const unknown = await approve('00000000-0000-4000-8000-000000000000');
    expect(unknown.statusCode).toBe(404);
    expect((await cancel('00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    expect((await approve(sessionId)).statusCode).toBe(200);
  });
});
