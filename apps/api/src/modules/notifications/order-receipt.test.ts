/**
 * The e-mail receipt on a real database: a placed order writes one receipt to its contact e-mail in the placing
 * transaction (store, items, totals, ready time, a tracking link that opens the order), as plain text and HTML in
 * which no value of the guest's becomes markup; a declined placement writes none, and a replay none again. A
 * loyalty member's receipt tells the points the order holds and will earn and the balance left (issue 33).
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderItems, orders, outboxMessages } from '../../db/schema/index';
import { createTestContext, dbKinds, type TestContext } from '../../test/harness';
import { CARDS, createOrderFixture } from '../checkout/checkout.fixtures';
import { auth, closeRequest, prepareCheckout } from '../checkout/checkout.test-helpers';
import { orderNumberFor } from '../checkout/place-order.service';
import { MAILS_PER_RECIPIENT_HOUR } from '../accounts/accounts.service';
import { signUp } from '../accounts/accounts.test-helpers';
import { DEMO_LOYALTY } from '../../db/seed/loyalty';
import { loyaltyRewards } from '../../db/schema/loyalty';
import { openLoyaltyProvider } from '../../providers/loyalty/open-provider';
import { createCustomer, customerHeaders, signInCustomer } from '../../test/customers';
import { formatReceiptTime } from './order-receipt';

const HOSTILE_NAME = `<b onmouseover="alert('x')">Ada</b> & co`;
const HOSTILE_NOTES = '</p><script>alert(1)</script>';
const HOSTILE_ITEM_NOTE = '"><img src=x onerror=alert(1)>';
/** The only elements a receipt's HTML is made of: anything else came from a value. */
const RECEIPT_TAGS = new Set([
  'html',
  'head',
  'meta',
  'title',
  'body',
  'p',
  'h1',
  'br',
  'strong',
  'span',
  'table',
  'tr',
  'td',
  'a',
]);

describe.each(await dbKinds())('order receipts on %s', (kind) => {
  let ctx: TestContext;
  let n = 0;

  beforeAll(async () => {
    ctx = await createTestContext(kind);
  });
  afterAll(async () => {
    await ctx.close();
  });

  /** An order at the open store (1) ready to place with `card`, with an e-mail address of its own. */
  async function readyToPlace(
    card: string,
    contact: { firstName?: string; notes?: string; itemNote?: string } = {},
  ) {
    const order = await createOrderFixture(ctx);
    const { paymentToken } = await prepareCheckout(ctx, order, card, 100);
    n += 1;
    const email = `receipt-${kind}-${n}-${Date.now()}@example.com`;
    await ctx.database.db
      .update(orders)
      .set({
        contactEmail: email,
        ...(contact.firstName ? { contactFirstName: contact.firstName } : {}),
        ...(contact.notes ? { notes: contact.notes } : {}),
      })
      .where(eq(orders.id, order.orderId));
    if (contact.itemNote)
      await ctx.database.db
        .update(orderItems)
        .set({ note: contact.itemNote })
        .where(eq(orderItems.orderId, order.orderId));
    return { order, paymentToken, email };
  }

  const mailsTo = (email: string) =>
    ctx.database.db
      .select()
      .from(outboxMessages)
      .where(and(eq(outboxMessages.channel, 'email'), eq(outboxMessages.recipient, email)));

  it('sends one receipt with the store, items, totals, ready time and a working tracking link', async () => {
    const { order, paymentToken, email } = await readyToPlace(CARDS.approve);
    const key = crypto.randomUUID();
    const placed = await closeRequest(ctx, order, { paymentToken }, key);
    expect(placed.statusCode, placed.body).toBe(200);
    const number = orderNumberFor(order.orderId);

    const [mail, ...more] = await mailsTo(email);
    expect(more).toEqual([]);
    // In the demo brand's own wording (seed: CAPITAL_KITCHEN_MESSAGES).
    expect(mail?.subject).toBe(`Capital Kitchen receipt for order #${number}`);
    const [row] = await ctx.database.db.select().from(orders).where(eq(orders.id, order.orderId));
    const ready = formatReceiptTime(row?.expectedReadyAt ?? new Date(0), 'America/New_York');
    expect(ready).toMatch(/^\w{3}, \w{3} \d{1,2}, \d{1,2}:\d\d [AP]M E[SD]T$/);
    const text = mail?.textBody ?? '';
    expect(text).toContain(
      'Thanks for ordering with Capital Kitchen, Ada! Here is your receipt from Capital Kitchen - Dupont Circle.',
    );
    expect(text).toContain(`Order #${number} (reference ${row?.referenceNumber})`);
    expect(text).toContain('Capital Kitchen - Dupont Circle, 1350 Connecticut Ave NW, Washington, DC 20036');
    expect(text).toContain(`Pickup\nReady: ${ready}`);
    expect(text).toContain('1 x Classic Burger  $12.50');
    // The fixture's $12.50 with $1.25 tax and the $1.00 tip: checkout's rows.
    expect(text).toContain('Item Total: $12.50\nTax: $1.25\nTip: $1.00\nTotal: $14.75');
    expect(text).toMatch(
      /Questions\? Call Capital Kitchen - Dupont Circle at [\d() -]+\. Capital Kitchen: cooked to order in the capital region\.$/,
    );

    const link = new URL(/Track your order: (\S+)/.exec(text)?.[1] ?? 'http://x');
    expect(link.pathname).toBe('/order-tracking');
    const status = await ctx.app.inject({
      method: 'GET',
      url: `/v1/tracking/orders/${order.orderId}/status`,
      headers: auth(link.searchParams.get('tk') ?? ''),
    });
    expect(status.json()).toMatchObject({ value: { statusId: 1 } });
    const html = mail?.htmlBody ?? '';
    expect(html).toContain(`<a href="${link.toString().replaceAll('&', '&amp;')}"`);
    expect(html).toContain('<strong>$14.75</strong>');

    // The same request again replays the answer and writes no second receipt.
    const replay = await closeRequest(ctx, order, { paymentToken }, key);
    expect(replay.statusCode).toBe(200);
    expect(await mailsTo(email)).toHaveLength(1);
  });

  it('escapes every value of the guest in the HTML (name, order notes, item notes)', async () => {
    const { order, paymentToken, email } = await readyToPlace(CARDS.approve, {
      firstName: HOSTILE_NAME,
      notes: HOSTILE_NOTES,
      itemNote: HOSTILE_ITEM_NOTE,
    });
    expect((await closeRequest(ctx, order, { paymentToken })).statusCode).toBe(200);
    const [mail] = await mailsTo(email);
    const html = mail?.htmlBody ?? '';
    const tags = [...html.matchAll(/<\/?([a-zA-Z][a-zA-Z0-9]*)/g)].map((m) => m[1]?.toLowerCase());
    expect(tags.filter((tag) => !RECEIPT_TAGS.has(tag ?? ''))).toEqual([]);
    // And only the receipt's own attributes (an escaped value holds no '<', so what is in a tag is ours).
    const attributes = [...html.matchAll(/<[a-zA-Z][^>]*>/g)].flatMap((tag) =>
      [...tag[0].matchAll(/\s([a-zA-Z-]+)="[^"]*"/g)].map((a) => a[1]),
    );
    expect(new Set(attributes)).toEqual(
      new Set(['lang', 'charset', 'name', 'content', 'style', 'role', 'href']),
    );
    expect(html).toContain(
      'Capital Kitchen, &lt;b onmouseover=&quot;alert(&#39;x&#39;)&quot;&gt;Ada&lt;/b&gt; &amp; co! Here is',
    );
    expect(html).toContain('Notes: &lt;/p&gt;&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(html).toContain('Note: &quot;&gt;&lt;img src=x onerror=alert(1)&gt;');
    // The plain text says them as they are (text is not markup).
    expect(mail?.textBody).toContain(`Capital Kitchen, ${HOSTILE_NAME}! Here is`);
    expect(mail?.textBody).toContain(`    Note: ${HOSTILE_ITEM_NOTE}`);
  });

  it("a guest's receipts never use up the account e-mail caps: sign-up still mails the address", async () => {
    const email = `receipts-then-sign-up-${kind}-${Date.now()}@example.com`;
    for (let i = 0; i < MAILS_PER_RECIPIENT_HOUR; i += 1) {
      const { order, paymentToken } = await readyToPlace(CARDS.approve);
      await ctx.database.db.update(orders).set({ contactEmail: email }).where(eq(orders.id, order.orderId));
      expect((await closeRequest(ctx, order, { paymentToken })).statusCode).toBe(200);
    }
    expect(await mailsTo(email)).toHaveLength(MAILS_PER_RECIPIENT_HOUR);
    expect((await signUp(ctx, email)).statusCode).toBe(201);
    expect((await mailsTo(email)).map((m) => m.subject)).toContain('Activate your account');
  });

  /** A new member with `points`, signed in, and an order of `subtotalCents` with its own contact e-mail. */
  async function memberOrder(points: number, subtotalCents: number) {
    const customerId = await createCustomer(ctx);
    await openLoyaltyProvider.grant(
      ctx.app.db,
      { brandId: DEMO_LOYALTY.brandId, customerId },
      points,
      'Test points',
    );
    const { token } = await signInCustomer(ctx, customerId);
    const order = await createOrderFixture(ctx, { token, subtotalCents });
    n += 1;
    const email = `member-receipt-${kind}-${n}-${Date.now()}@example.com`;
    return { customerId, order, email, headers: customerHeaders(token, customerId) };
  }

  /** Puts the reward choice `body` on the member's order; answers the order's new total in cents. */
  async function putReward(member: Awaited<ReturnType<typeof memberOrder>>, body: Record<string, unknown>) {
    const res = await ctx.app.inject({
      method: 'POST',
      url: `/v1/loyalty/orders/${member.order.orderId}/rewards`,
      headers: member.headers,
      payload: body,
    });
    expect(res.statusCode, res.body).toBe(200);
    return Math.round(res.json<{ value: { totals: { total: number } } }>().value.totals.total * 100);
  }

  const setEmail = (orderId: number, email: string) =>
    ctx.database.db.update(orders).set({ contactEmail: email }).where(eq(orders.id, orderId));

  it("a member's receipt tells the points held and to be earned and the balance; a guest's tells none", async () => {
    // A $20 order with the $5 reward (500 points) of a member with 1,250 points, paid by card.
    const withReward = await memberOrder(1250, 2000);
    const [fiveOff] = await ctx.database.db
      .select({ id: loyaltyRewards.id })
      .from(loyaltyRewards)
      .where(eq(loyaltyRewards.name, '$5 Off Your Order'));
    const totalCents = await putReward(withReward, { rewardId: fiveOff?.id });
    const fixture = { ...withReward.order, totalCents };
    const { paymentToken } = await prepareCheckout(ctx, fixture, CARDS.approve);
    await setEmail(fixture.orderId, withReward.email);
    expect((await closeRequest(ctx, fixture, { paymentToken })).statusCode).toBe(200);
    const [mail] = await mailsTo(withReward.email);
    // $15.00 of items after the reward earn 150 points on completion; 750 of the 1,250 are left.
    expect(mail?.textBody).toContain(
      [
        'Total: $16.50',
        '',
        'Capital Kitchen Rewards',
        'Points held for this order: 500',
        'Points earned when this order is completed: 150',
        'Points balance: 750',
      ].join('\n'),
    );
    const html = mail?.htmlBody ?? '';
    expect(html).toContain('Capital Kitchen Rewards</h2>');
    expect(html).toMatch(/Points held for this order<\/td><td[^>]*>500</);
    expect(html).toMatch(/Points balance<\/td><td[^>]*>750</);
    expect(
      await openLoyaltyProvider.getPoints(ctx.app.db, {
        brandId: DEMO_LOYALTY.brandId,
        customerId: withReward.customerId,
      }),
    ).toEqual({
      pointsBalance: 750,
      heldPoints: 500,
    });

    // Without a reward: nothing held, $12.50 earns 120 points, the balance as it was (thousands grouped).
    const plain = await memberOrder(1250, 1250);
    const paid = await prepareCheckout(ctx, plain.order, CARDS.approve);
    await setEmail(plain.order.orderId, plain.email);
    expect((await closeRequest(ctx, plain.order, { paymentToken: paid.paymentToken })).statusCode).toBe(200);
    const [plainMail] = await mailsTo(plain.email);
    expect(plainMail?.textBody).toContain(
      'Capital Kitchen Rewards\nPoints earned when this order is completed: 120\nPoints balance: 1,250',
    );
    expect(plainMail?.textBody).not.toContain('held');

    // A guest's receipt has no points part.
    const guest = await readyToPlace(CARDS.approve);
    expect((await closeRequest(ctx, guest.order, { paymentToken: guest.paymentToken })).statusCode).toBe(200);
    const [guestMail] = await mailsTo(guest.email);
    expect(guestMail?.textBody).toContain('Total:');
    expect(guestMail?.textBody).not.toContain('Points');
    expect(guestMail?.htmlBody).not.toContain('Rewards');
  });

  it('an order its custom points pay in full (placed without the processor) tells its points too', async () => {
    // 1,250 custom points take the whole $12.50 off: nothing is left to charge, and the order is placed at once.
    const member = await memberOrder(2000, 1250);
    expect(await putReward(member, { rewardId: 'customPoints', points: 1250 })).toBe(0);
    await ctx.app.inject({
      method: 'PATCH',
      url: `/v1/sales/orders/${member.order.orderId}/contact-information`,
      headers: auth(member.order.token),
      payload: { firstName: 'Ada', lastName: 'Lovelace', phone: '(202) 555-0143', email: member.email },
    });
    const placed = await closeRequest(ctx, member.order, {});
    expect(placed.statusCode, placed.body).toBe(200);
    const [mail] = await mailsTo(member.email);
    expect(mail?.textBody).toContain(
      [
        'Capital Kitchen Rewards',
        'Points held for this order: 1,250',
        'Points earned when this order is completed: 0',
        'Points balance: 750',
      ].join('\n'),
    );
  });

  it("shows an order's service charge (a catering store's 10%) on its own row, as checkout's totals do", async () => {
    // A $12.50 order with a 10% service charge ($1.25, a catering store's), written as pricing leaves it.
    const fixture = await createOrderFixture(ctx);
    await ctx.database.db
      .update(orders)
      .set({ serviceChargeCents: 125, totalCents: fixture.totalCents + 125 })
      .where(eq(orders.id, fixture.orderId));
    const order = { ...fixture, totalCents: fixture.totalCents + 125 };
    const { paymentToken } = await prepareCheckout(ctx, order, CARDS.approve);
    n += 1;
    const email = `service-charge-${kind}-${n}-${Date.now()}@example.com`;
    await setEmail(order.orderId, email);
    expect((await closeRequest(ctx, order, { paymentToken })).statusCode).toBe(200);
    const [mail] = await mailsTo(email);
    expect(mail?.textBody).toContain('Item Total: $12.50\nService Charge: $1.25\nTax: $1.25\nTotal: $15.00');
    expect(mail?.htmlBody).toMatch(/Service Charge<\/td><td[^>]*>\$1\.25</);
  });

  it('sends no receipt for a declined placement', async () => {
    const { order, paymentToken, email } = await readyToPlace(CARDS.decline);
    const declined = await closeRequest(ctx, order, { paymentToken });
    expect(declined.statusCode).toBe(422);
    expect(await mailsTo(email)).toEqual([]);
  });
});
