/**
 * Order update texts on a real database: a guest who opted in at the payment page gets one text when the kitchen
 * marks the order ready (order number, store, a tracking link that opens the order), written with the status change
 * and delivered by the outbox worker once; a guest who did not opt in, or whose number replied STOP, gets none.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NOTIFICATION_TYPE } from '@storefront/contracts/enum-values';
import { outboxMessages, smsOptOuts } from '../../db/schema/index';
import { deliverDue } from '../../providers/email/outbox';
import { MailboxProvider } from '../../providers/email/index';
import { MailboxSmsProvider } from '../../providers/sms/index';
import { createTestContext, dbKinds, type TestContext } from '../../test/harness';
import { CARDS, createOrderFixture } from '../checkout/checkout.fixtures';
import { auth, closeRequest, prepareCheckout } from '../checkout/checkout.test-helpers';
import { newPhone, setOrderPhone } from '../verification/verification.test-helpers';
import { orderNumberFor } from '../checkout/place-order.service';

const STAFF = { 'x-staff-key': 'test-staff-key' };

describe.each(await dbKinds())('order update texts on %s', (kind) => {
  let ctx: TestContext;

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
    return { order, phone };
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

  it('texts an opted-in guest once when the order is ready, with the number, the store and a working link', async () => {
    const { order, phone } = await placeOrder([NOTIFICATION_TYPE.SMS]);
    for (const next of [2, 3])
      expect((await advance(order.orderId)).json()).toMatchObject({ value: { statusId: next } });
    const [text, ...more] = await textsTo(phone.e164);
    expect(more).toEqual([]);
    expect(text?.subject).toBe('Order ready');
    expect(text?.textBody).toMatch(
      new RegExp(
        `^Capital Kitchen: order #${orderNumberFor(order.orderId)} is hot and ready at Capital Kitchen - Dupont Circle\\. Track it: http://\\S+/order-tracking\\?oid=${order.orderId}&tk=\\S+$`,
      ),
    );
    // The link opens the order's tracking page: its token reads the order's status.
    const link = new URL(/Track it: (\S+)$/.exec(text?.textBody ?? '')?.[1] ?? 'http://x');
    const status = await ctx.app.inject({
      method: 'GET',
      url: `/v1/tracking/orders/${order.orderId}/status`,
      headers: auth(link.searchParams.get('tk') ?? ''),
    });
    expect(status.json()).toMatchObject({ value: { statusId: 3 } });

    // Picked up: no second text.
    expect((await advance(order.orderId)).json()).toMatchObject({ value: { statusId: 4 } });
    expect(await textsTo(phone.e164)).toHaveLength(1);

    // The worker sends it once: a second round finds nothing more to send.
    const providers = { email: new MailboxProvider(), sms: new MailboxSmsProvider() };
    for (let round = 0; round < 5; round += 1) {
      const done = await deliverDue(ctx.database.db, providers);
      if (done.claimed === 0) break;
    }
    const [sent] = await textsTo(phone.e164);
    expect(sent?.sentAt).not.toBeNull();
    expect(sent?.sentVia).toBe('mailbox');
  });

  it('texts nobody who did not opt in (e-mail only, or no choice)', async () => {
    for (const types of [[NOTIFICATION_TYPE.Email], []]) {
      const { order, phone } = await placeOrder(types);
      for (let i = 0; i < 3; i += 1) await advance(order.orderId);
      expect(await textsTo(phone.e164)).toEqual([]);
    }
  });

  it('texts nothing to a number that replied STOP, and the order still becomes ready', async () => {
    const { order, phone } = await placeOrder([NOTIFICATION_TYPE.SMS]);
    await ctx.database.db.insert(smsOptOuts).values({ phone: phone.e164 });
    await advance(order.orderId);
    expect((await advance(order.orderId)).json()).toMatchObject({ value: { statusId: 3 } });
    expect(await textsTo(phone.e164)).toEqual([]);
  });
});
