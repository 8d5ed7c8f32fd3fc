/**
 * Late texts on a real database: an opted-in guest whose order's ready time passes before the kitchen marks it
 * ready gets one text (order number, store, a tracking link that opens the order), from the scheduled job, once:
 * not before the ready time, not again on the next run, not when two workers race, not for an order that was ready
 * in time, not without the opt-in, not to a number that replied STOP, not hours later.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NOTIFICATION_TYPE } from '@storefront/contracts/enum-values';
import { isRunningLate } from '@storefront/contracts/tracking-stages';
import { orders, outboxMessages, smsOptOuts } from '../db/schema/index';
import { createTestContext, dbKinds, type TestContext } from '../test/harness';
import { CARDS, createOrderFixture } from '../modules/checkout/checkout.fixtures';
import { auth, closeRequest, prepareCheckout } from '../modules/checkout/checkout.test-helpers';
import { orderNumberFor } from '../modules/checkout/place-order.service';
import { newPhone, setOrderPhone } from '../modules/verification/verification.test-helpers';
import { LATE_TEXT_WINDOW_MINUTES, sendLateTexts } from './late-texts';

const STAFF = { 'x-staff-key': 'test-staff-key' };
const MINUTE = 60_000;

describe.each(await dbKinds())('late texts on %s', (kind) => {
  let ctx: TestContext;
  const context = () => ({ tokens: ctx.app.tokens, webOrigin: ctx.env.WEB_PUBLIC_URL });

  beforeAll(async () => {
    ctx = await createTestContext(kind);
  });
  afterAll(async () => {
    await ctx.close();
  });

  /** A placed card order at the open store (1), with a phone of its own and the guest's text choice. */
  async function placeOrder(notificationTypes: number[]) {
    const order = await createOrderFixture(ctx);
    const { paymentToken } = await prepareCheckout(ctx, order, CARDS.approve);
    const phone = newPhone();
    await setOrderPhone(ctx, order.orderId, phone.national);
    const placed = await closeRequest(ctx, order, {
      paymentToken,
      guestNotificationTypes: notificationTypes,
    });
    expect(placed.statusCode, placed.body).toBe(200);
    const [row] = await ctx.database.db
      .select({ readyAt: orders.expectedReadyAt })
      .from(orders)
      .where(eq(orders.id, order.orderId));
    const readyAt = row?.readyAt?.getTime() ?? 0;
    expect(readyAt).toBeGreaterThan(Date.now());
    return { order, phone, readyAt };
  }

  const advance = (orderId: number) =>
    ctx.app.inject({
      method: 'POST',
      url: `/v1/staff/orders/${orderId}/status`,
      headers: STAFF,
      payload: {},
    });

  const textsTo = (e164: string) =>
    ctx.database.db
      .select()
      .from(outboxMessages)
      .where(and(eq(outboxMessages.channel, 'sms'), eq(outboxMessages.recipient, e164)));

  it('texts an opted-in guest once the ready time passes, once, with the number, the store and a working link', async () => {
    const { order, phone, readyAt } = await placeOrder([NOTIFICATION_TYPE.SMS]);
    // Received, then Preparing: still not ready.
    expect((await advance(order.orderId)).json()).toMatchObject({ value: { statusId: 2 } });

    // Before the ready time: not late, no text.
    await sendLateTexts(ctx.database.db, context(), new Date(readyAt - MINUTE));
    expect(await textsTo(phone.e164)).toEqual([]);

    // A minute past it: the tracking page shows the delay, and the guest gets the text.
    const late = new Date(readyAt + MINUTE);
    expect(isRunningLate(2, readyAt, late.getTime())).toBe(true);
    await sendLateTexts(ctx.database.db, context(), late);
    const [text, ...more] = await textsTo(phone.e164);
    expect(more).toEqual([]);
    expect(text?.subject).toBe('Order running late');
    expect(text?.textBody).toMatch(
      new RegExp(
        `^Capital Kitchen: order #${orderNumberFor(order.orderId)} at Capital Kitchen - Dupont Circle is taking longer than we promised\\. Sorry! Track it: http://\\S+/order-tracking\\?oid=${order.orderId}&tk=\\S+$`,
      ),
    );
    const link = new URL(/Track it: (\S+)$/.exec(text?.textBody ?? '')?.[1] ?? 'http://x');
    const status = await ctx.app.inject({
      method: 'GET',
      url: `/v1/tracking/orders/${order.orderId}/status`,
      headers: auth(link.searchParams.get('tk') ?? ''),
    });
    expect(status.json()).toMatchObject({ value: { statusId: 2 } });

    // Later runs find nothing more for it; the kitchen's 'ready' is still texted.
    await sendLateTexts(ctx.database.db, context(), new Date(readyAt + 5 * MINUTE));
    expect(await textsTo(phone.e164)).toHaveLength(1);
    expect((await advance(order.orderId)).json()).toMatchObject({ value: { statusId: 3 } });
    expect((await textsTo(phone.e164)).map((t) => t.subject)).toEqual(['Order running late', 'Order ready']);
  });

  it('texts nothing about an order the kitchen marked ready in time', async () => {
    const { order, phone, readyAt } = await placeOrder([NOTIFICATION_TYPE.SMS]);
    await advance(order.orderId);
    await advance(order.orderId);
    await sendLateTexts(ctx.database.db, context(), new Date(readyAt + MINUTE));
    expect((await textsTo(phone.e164)).map((t) => t.subject)).toEqual(['Order ready']);
  });

  it('texts nobody who did not opt in, nor a number that replied STOP', async () => {
    const emailOnly = await placeOrder([NOTIFICATION_TYPE.Email]);
    const none = await placeOrder([]);
    const stopped = await placeOrder([NOTIFICATION_TYPE.SMS]);
    await ctx.database.db.insert(smsOptOuts).values({ phone: stopped.phone.e164 });
    const latest = Math.max(emailOnly.readyAt, none.readyAt, stopped.readyAt);
    await sendLateTexts(ctx.database.db, context(), new Date(latest + MINUTE));
    for (const guest of [emailOnly, none, stopped]) expect(await textsTo(guest.phone.e164)).toEqual([]);
    // The opted-out order was handled (it is not looked at again), the others were never candidates.
    const [row] = await ctx.database.db
      .select({ at: orders.lateTextSentAt })
      .from(orders)
      .where(eq(orders.id, stopped.order.orderId));
    expect(row?.at).not.toBeNull();
  });

  it('texts nothing about an order late for longer than the window (a board never closed, an upgrade)', async () => {
    const { phone, readyAt } = await placeOrder([NOTIFICATION_TYPE.SMS]);
    await sendLateTexts(
      ctx.database.db,
      context(),
      new Date(readyAt + (LATE_TEXT_WINDOW_MINUTES + 1) * MINUTE),
    );
    expect(await textsTo(phone.e164)).toEqual([]);
  });

  it('two workers racing over the same late orders text each guest once', async () => {
    const placed = [];
    for (let i = 0; i < 6; i += 1) placed.push(await placeOrder([NOTIFICATION_TYPE.SMS]));
    const late = new Date(Math.max(...placed.map((p) => p.readyAt)) + MINUTE);
    const runs = await Promise.all([
      sendLateTexts(ctx.database.db, context(), late),
      sendLateTexts(ctx.database.db, context(), late),
      sendLateTexts(ctx.database.db, context(), late),
    ]);
    expect(runs.reduce((sum, run) => sum + run.texted, 0)).toBeGreaterThanOrEqual(placed.length);
    for (const { phone } of placed) {
      expect((await textsTo(phone.e164)).map((t) => t.subject)).toEqual(['Order running late']);
    }
  });
});
