/**
 * Cancelling a placed order from the kitchen (POST /v1/staff/orders/{id}/cancellation) against the sandbox
 * processor over HTTP: a card charge not yet settled is voided, a settled one refunded, gift-card amounts go back
 * to the card, points held for a reward go back to the member, and money never goes back twice (parallel
 * cancellations, a retry, the reconciliation). A completed order is refused (409), an unknown one is 404. With
 * the processor down the order is cancelled at once and its money given back later, by a retry of the
 * cancellation or by the reconciliation worker; nothing is lost.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  StaffOrdersResponseSchema,
  type CancelOrderValue,
  type StaffOrder,
} from '@storefront/contracts/staff';
import type { TrackingStatus } from '@storefront/contracts/tracking';
import type { ProcessorCharge } from '@storefront/contracts/processor';
import { orders } from '../../db/schema/orders';
import { payments } from '../../db/schema/payments';
import { loyaltyRewards } from '../../db/schema/loyalty';
import { DEMO_LOYALTY } from '../../db/seed/loyalty';
import { openLoyaltyProvider } from '../../providers/loyalty/open-provider';
import { giftCardProcessorFor, paymentProcessorFor } from '../../providers/payment/index';
import { FaultsSchema, NO_FAULTS, type Faults } from '../../../../sandbox-processor/src/faults';
import { createCustomer, customerHeaders, signInCustomer } from '../../test/customers';
import { createTestContext, dbKinds, testMerchant, type TestContext } from '../../test/harness';
import { CARDS, createOrderFixture, type OrderFixture } from './checkout.fixtures';
import { auth, closeRequest, prepareCheckout, processorCharges } from './checkout.test-helpers';
import { finishCancelledOrders } from './order-cancellation.service';

describe.each(await dbKinds())('cancelling an order from the kitchen on %s', (kind) => {
  let ctx: TestContext;
  let staff: Record<string, string>;
  beforeAll(async () => {
    ctx = await createTestContext(kind, { PAYMENT_CAPTCHA: false, PROCESSOR_TIMEOUT_MS: 1200 });
    staff = { 'x-staff-key': ctx.env.STAFF_KEY };
  });
  afterAll(() => ctx.close());
  beforeEach(() => setFaults({}));

  function setFaults(faults: Partial<Faults>) {
    ctx.processor.faults = FaultsSchema.parse({ ...NO_FAULTS, ...faults });
  }

  const chargesOf = (order: OrderFixture): Promise<ProcessorCharge[]> =>
    processorCharges(ctx.processor, order.orderId);

  /** A placed order paid by an approved card (optionally `giftCents` of it by a new gift card first). */
  async function placed(options: { giftCents?: number; order?: OrderFixture } = {}) {
    const order = options.order ?? (await createOrderFixture(ctx));
    let giftCard: { cardId: number; balanceCents: number } | null = null;
    const giftCents = options.giftCents ?? 0;
    if (giftCents > 0) {
      const number = `7${String(Date.now()).slice(-12)}${String(Math.floor(Math.random() * 1000)).padStart(3, '0')}`;
      giftCard = await ctx.processor.ledger.putGiftCard(testMerchant, number, 2 * giftCents);
      const gift = await ctx.app.inject({
        method: 'POST',
        url: `/v1/sales/orders/${order.orderId}/payments`,
        headers: auth(order.token),
        payload: { paymentMethod: 6, giftCardNumber: number, baseAmount: giftCents / 100 },
      });
      expect(gift.statusCode, gift.body).toBe(200);
    }
    const { paymentToken } = await prepareCheckout(
      ctx,
      { ...order, totalCents: order.totalCents - giftCents },
      CARDS.approve,
    );
    const answer = await closeRequest(ctx, order, { paymentToken });
    expect(answer.statusCode, answer.body).toBe(200);
    return { ...order, giftCard };
  }

  const cancel = (orderId: number, payload: Record<string, unknown> = {}) =>
    ctx.app.inject({
      method: 'POST',
      url: `/v1/staff/orders/${orderId}/cancellation`,
      headers: staff,
      payload,
    });

  const cancelled = (res: { json: <T>() => T }) => res.json<{ value: CancelOrderValue }>().value;

  async function orderRow(orderId: number) {
    const [row] = await ctx.database.db.select().from(orders).where(eq(orders.id, orderId));
    return row;
  }

  async function reversals(orderId: number) {
    const rows = await ctx.database.db
      .select()
      .from(payments)
      .where(eq(payments.orderId, orderId))
      .orderBy(payments.id);
    return rows.map((p) => [p.paymentMethod, p.status, p.reversal]);
  }

  const giftBalance = async (cardId: number) =>
    (await ctx.processor.ledger.giftCardById(testMerchant, cardId))?.balanceCents;

  /** Runs the processor's settlement batch now (its sandbox route): every approved charge so far settles. */
  async function settleAll() {
    const res = await ctx.processor.app.inject({
      method: 'POST',
      url: '/v1/sandbox/settlements',
      headers: { authorization: `Bearer ${testMerchant.apiKey}` },
      payload: { before: new Date(Date.now() + 1000).toISOString() },
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ settled: number }>().settled;
  }

  it('voids the card charge of an order not yet settled; the kitchen, the tracking page and a repeat see it cancelled', async () => {
    const order = await placed();
    const res = await cancel(order.orderId, { reason: 'Out of buns' });
    expect(res.statusCode, res.body).toBe(200);
    expect(cancelled(res)).toMatchObject({ id: order.orderId, statusId: 1, refundPending: false });
    expect((await chargesOf(order)).map((c) => [c.status, c.amountCents])).toEqual([
      ['voided', order.totalCents],
    ]);
    expect(await reversals(order.orderId)).toEqual([[5, 'Approved', 'voided']]);
    expect((await orderRow(order.orderId))?.refundedAt).not.toBeNull();

    // The kitchen's board shows it cancelled, with the reason, and no longer counts it open.
    const board = await ctx.app.inject({
      method: 'GET',
      url: '/v1/staff/orders?locationId=1',
      headers: staff,
    });
    const ticket = board.json<{ value: StaffOrder[] }>().value.find((o) => o.id === order.orderId);
    expect(ticket).toMatchObject({ cancelReason: 'Out of buns', unpaidAmount: null });
    expect(ticket?.cancelledAt).toEqual(expect.any(String));
    // The board's JSON is made by the route itself: the very text the response schema's serializer makes.
    expect(board.body).toBe(JSON.stringify(z.encode(StaffOrdersResponseSchema, board.json())));
    // It moves no further.
    const moved = await ctx.app.inject({
      method: 'POST',
      url: `/v1/staff/orders/${order.orderId}/status`,
      headers: staff,
      payload: {},
    });
    expect(moved.statusCode).toBe(409);
    expect(moved.json()).toMatchObject({ errors: [{ key: 'OrderCancelled' }] });

    // The guest's tracking page is told, with the money back.
    const trackingToken = await ctx.app.tokens.signTrackingToken(order.orderId);
    const status = await ctx.app.inject({
      method: 'GET',
      url: `/v1/tracking/orders/${order.orderId}/status`,
      headers: auth(trackingToken),
    });
    expect(status.json<{ value: TrackingStatus }>().value.cancellation).toEqual({
      cancelledAt: cancelled(res).cancelledAt,
      refunded: true,
    });

    // Cancelling it again is refused and gives nothing back twice.
    const again = await cancel(order.orderId);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({
      succeed: false,
      errors: [{ key: 'OrderCancelled', message: 'The order is already cancelled' }],
    });
    expect((await chargesOf(order)).map((c) => c.status)).toEqual(['voided']);
  });

  it('refunds the card charge once the processor settled it', async () => {
    const order = await placed();
    expect(await settleAll()).toBeGreaterThanOrEqual(1);
    expect((await chargesOf(order)).map((c) => c.status)).toEqual(['settled']);
    const res = await cancel(order.orderId);
    expect(res.statusCode, res.body).toBe(200);
    expect(cancelled(res).refundPending).toBe(false);
    expect((await chargesOf(order)).map((c) => [c.status, c.amountCents])).toEqual([
      ['refunded', order.totalCents],
    ]);
    expect(await reversals(order.orderId)).toEqual([[5, 'Approved', 'refunded']]);
  });

  it('gives a card and gift-card split back: the charge voided and the gift card its balance again', async () => {
    const order = await placed({ giftCents: 500 });
    const cardId = order.giftCard?.cardId ?? 0;
    expect(await giftBalance(cardId)).toBe(500);
    const res = await cancel(order.orderId);
    expect(res.statusCode, res.body).toBe(200);
    expect(cancelled(res).refundPending).toBe(false);
    expect(await giftBalance(cardId)).toBe(1000);
    expect((await chargesOf(order)).map((c) => [c.status, c.amountCents])).toEqual([
      ['voided', order.totalCents - 500],
    ]);
    expect(await reversals(order.orderId)).toEqual([
      [6, 'Approved', 'released'],
      [5, 'Approved', 'voided'],
    ]);
    // The gift card's ledger adds up: the capture and its release.
    const ledger = await ctx.processor.ledger.giftCardLedger(testMerchant, cardId);
    expect(ledger?.entries.map((e) => [e.kind, e.amountCents])).toEqual([
      ['capture', -500],
      ['release', 500],
    ]);
  });

  it("gives back the points held for the order's reward, and the order earns none", async () => {
    const customerId = await createCustomer(ctx);
    const member = { brandId: DEMO_LOYALTY.brandId, customerId };
    await openLoyaltyProvider.grant(ctx.app.db, member, 1250, 'Test points');
    const { token } = await signInCustomer(ctx, customerId);
    const order = await createOrderFixture(ctx, { token, subtotalCents: 2000 });
    const [reward] = await ctx.app.db
      .select({ id: loyaltyRewards.id })
      .from(loyaltyRewards)
      .where(eq(loyaltyRewards.name, '$5 Off Your Order'));
    const added = await ctx.app.inject({
      method: 'POST',
      url: `/v1/loyalty/orders/${order.orderId}/rewards`,
      headers: customerHeaders(token, customerId),
      payload: { rewardId: reward?.id },
    });
    expect(added.statusCode, added.body).toBe(200);
    const totalCents = Math.round(
      added.json<{ value: { totals: { total: number } } }>().value.totals.total * 100,
    );
    await placed({ order: { ...order, totalCents } });
    expect(await openLoyaltyProvider.getPoints(ctx.app.db, member)).toEqual({
      pointsBalance: 750,
      heldPoints: 500,
    });
    const res = await cancel(order.orderId);
    expect(res.statusCode, res.body).toBe(200);
    expect(await openLoyaltyProvider.getPoints(ctx.app.db, member)).toEqual({
      pointsBalance: 1250,
      heldPoints: 0,
    });
    // The order is cancelled for good: it can never complete and earn its points.
    const moved = await ctx.app.inject({
      method: 'POST',
      url: `/v1/staff/orders/${order.orderId}/status`,
      headers: staff,
      payload: { statusId: 2 },
    });
    expect(moved.statusCode).toBe(409);
    expect(await openLoyaltyProvider.getPoints(ctx.app.db, member)).toEqual({
      pointsBalance: 1250,
      heldPoints: 0,
    });
  });

  it('gives money back once when the same order is cancelled by parallel requests', async () => {
    const order = await placed({ giftCents: 300 });
    const cardId = order.giftCard?.cardId ?? 0;
    await settleAll();
    const answers = await Promise.all(Array.from({ length: 6 }, () => cancel(order.orderId)));
    const statuses = answers.map((a) => a.statusCode);
    // Each answers the cancellation (200) or that it is already done (409); never anything else.
    expect(
      statuses.filter((s) => s !== 200 && s !== 409),
      JSON.stringify(statuses),
    ).toEqual([]);
    expect(statuses).toContain(200);
    const stamps = new Set(answers.filter((a) => a.statusCode === 200).map((a) => cancelled(a).cancelledAt));
    expect(stamps.size).toBe(1);
    expect(await giftBalance(cardId)).toBe(600);
    expect((await chargesOf(order)).map((c) => c.status)).toEqual(['refunded']);
    const ledger = await ctx.processor.ledger.giftCardLedger(testMerchant, cardId);
    expect(ledger?.entries.filter((e) => e.kind === 'release')).toHaveLength(1);
    expect(ledger && ledger.initialBalanceCents + ledger.entries.reduce((s, e) => s + e.amountCents, 0)).toBe(
      600,
    );
  });

  it('refuses a completed order (409) and an unknown or unplaced one (404), never a 500', async () => {
    const order = await placed();
    for (const statusId of [2, 3, 4]) {
      const moved = await ctx.app.inject({
        method: 'POST',
        url: `/v1/staff/orders/${order.orderId}/status`,
        headers: staff,
        payload: { statusId },
      });
      expect(moved.statusCode, moved.body).toBe(200);
    }
    const refused = await cancel(order.orderId);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      errors: [{ key: 'OrderCompleted', message: 'The order is already completed and cannot be cancelled' }],
    });
    expect((await chargesOf(order)).map((c) => c.status)).toEqual(['approved']);
    expect((await orderRow(order.orderId))?.cancelledAt).toBeNull();

    expect((await cancel(2_000_000_000)).statusCode).toBe(404);
    const open = await createOrderFixture(ctx);
    const unplaced = await cancel(open.orderId);
    expect(unplaced.statusCode).toBe(404);
    expect(unplaced.json()).toMatchObject({ errors: [{ key: 'OrderNotFound', code: 21042 }] });
    // Without the staff key: 401. A reason longer than 200 characters: 400.
    const guest = await ctx.app.inject({
      method: 'POST',
      url: `/v1/staff/orders/${open.orderId}/cancellation`,
      headers: auth(open.token),
      payload: {},
    });
    expect(guest.statusCode).toBe(401);
    expect((await cancel(open.orderId, { reason: 'x'.repeat(201) })).statusCode).toBe(400);
  });

  it('cancels at once with the processor down; a retry of the cancellation gives the money back later', async () => {
    const order = await placed({ giftCents: 400 });
    const cardId = order.giftCard?.cardId ?? 0;
    setFaults({ down: true });
    const res = await cancel(order.orderId);
    expect(res.statusCode, res.body).toBe(200);
    expect(cancelled(res).refundPending).toBe(true);
    setFaults({});
    // Cancelled for the kitchen and the guest; the money is still held.
    const row = await orderRow(order.orderId);
    expect(row?.cancelledAt).not.toBeNull();
    expect(row?.refundedAt).toBeNull();
    expect((await chargesOf(order)).map((c) => c.status)).toEqual(['approved']);
    expect(await giftBalance(cardId)).toBe(400);
    const trackingToken = await ctx.app.tokens.signTrackingToken(order.orderId);
    const status = await ctx.app.inject({
      method: 'GET',
      url: `/v1/tracking/orders/${order.orderId}/status`,
      headers: auth(trackingToken),
    });
    expect(status.json<{ value: TrackingStatus }>().value.cancellation?.refunded).toBe(false);

    // The same cancellation asked again once the processor is back finishes it, with the first answer's time.
    const retried = await cancel(order.orderId);
    expect(retried.statusCode, retried.body).toBe(200);
    expect(cancelled(retried)).toMatchObject({
      refundPending: false,
      cancelledAt: cancelled(res).cancelledAt,
    });
    expect((await chargesOf(order)).map((c) => c.status)).toEqual(['voided']);
    expect(await giftBalance(cardId)).toBe(800);
    expect((await cancel(order.orderId)).statusCode).toBe(409);
  });

  it('the reconciliation finishes a cancellation whose process died or whose processor did not answer', async () => {
    const processors = { processor: paymentProcessorFor(ctx.env), giftCards: giftCardProcessorFor(ctx.env) };
    // Died right after marking the order cancelled (its first transaction), before any processor call.
    const died = await placed({ giftCents: 200 });
    await ctx.database.db
      .update(orders)
      .set({ cancelledAt: new Date(Date.now() - 5 * 60_000) })
      .where(eq(orders.id, died.orderId));
    // Its processor call failed: the card charge's void answered 503 every time.
    const failed = await placed();
    setFaults({ error: 1 });
    expect(cancelled(await cancel(failed.orderId)).refundPending).toBe(true);
    setFaults({});

    // A run with the processor down leaves both for the next run, losing nothing.
    setFaults({ down: true });
    const down = await finishCancelledOrders(ctx.database.db, processors, { afterMs: 0 });
    expect(down.refunded).toBe(0);
    expect(down.left).toBeGreaterThanOrEqual(2);
    setFaults({});
    const counts = await finishCancelledOrders(ctx.database.db, processors, { afterMs: 0 });
    expect(counts.refunded).toBeGreaterThanOrEqual(2);
    expect(counts.left).toBe(0);
    expect((await chargesOf(died)).map((c) => c.status)).toEqual(['voided']);
    expect((await chargesOf(failed)).map((c) => c.status)).toEqual(['voided']);
    expect(await giftBalance(died.giftCard?.cardId ?? 0)).toBe(400);
    expect((await orderRow(died.orderId))?.refundedAt).not.toBeNull();
    // Nothing is left, and a run again gives nothing back twice.
    expect(await finishCancelledOrders(ctx.database.db, processors, { afterMs: 0 })).toEqual({
      refunded: 0,
      left: 0,
    });
    expect(await giftBalance(died.giftCard?.cardId ?? 0)).toBe(400);
  });
});
