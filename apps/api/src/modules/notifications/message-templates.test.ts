/**
 * Per-brand wording of the order messages on a real database: the demo brand (Capital Kitchen) texts and e-mails
 * in its own words, a brand without wording of its own gets the defaults, a brand that words only some messages
 * gets the defaults for the rest; the brand's wording is escaped in the receipt's HTML like any value, and the
 * database refuses a text template too long to text.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NOTIFICATION_TYPE } from '@storefront/contracts/enum-values';
import { brandMessageTemplates, outboxMessages } from '../../db/schema/index';
import { DEMO_BRANDS } from '../../db/seed/locations';
import { createTestContext, dbKinds, type TestContext } from '../../test/harness';
import { CARDS, createOrderFixture } from '../checkout/checkout.fixtures';
import { closeRequest, prepareCheckout } from '../checkout/checkout.test-helpers';
import { orderNumberFor } from '../checkout/place-order.service';
import { newPhone, setOrderPhone } from '../verification/verification.test-helpers';
import { DEFAULT_MESSAGE_TEMPLATES, fillTemplate, getBrandMessages } from './message-templates';

const STAFF = { 'x-staff-key': 'test-staff-key' };

describe('fillTemplate', () => {
  it('fills each known placeholder once and leaves others as they are', () => {
    expect(
      fillTemplate('#{number} at {store}: {link} {unknown}', { number: '7', store: '{link}', link: 'L' }),
    ).toBe('#7 at {link}: L {unknown}');
  });
});

describe.each(await dbKinds())('brand message templates on %s', (kind) => {
  let ctx: TestContext;
  let n = 0;

  beforeAll(async () => {
    ctx = await createTestContext(kind);
  });
  afterAll(async () => {
    await ctx.close();
  });

  /** A placed card order at the open store (1, Capital Kitchen) that opted into texts, marked ready. */
  async function placeAndMarkReady() {
    const order = await createOrderFixture(ctx);
    const { paymentToken } = await prepareCheckout(ctx, order, CARDS.approve);
    const phone = newPhone();
    await setOrderPhone(ctx, order.orderId, phone.national);
    n += 1;
    const email = `brand-${kind}-${n}-${Date.now()}@example.com`;
    const contact = await ctx.app.inject({
      method: 'PATCH',
      url: `/v1/sales/orders/${order.orderId}/contact-information`,
      headers: { authorization: `Bearer ${order.token}` },
      payload: { firstName: 'Ada', lastName: 'Lovelace', phone: phone.national, email },
    });
    expect(contact.statusCode, contact.body).toBe(200);
    const placed = await closeRequest(ctx, order, {
      paymentToken,
      guestNotificationTypes: [NOTIFICATION_TYPE.SMS],
    });
    expect(placed.statusCode, placed.body).toBe(200);
    for (let i = 0; i < 2; i += 1) {
      await ctx.app.inject({
        method: 'POST',
        url: `/v1/staff/orders/${order.orderId}/status`,
        headers: STAFF,
        payload: {},
      });
    }
    const [text] = await ctx.database.db
      .select()
      .from(outboxMessages)
      .where(and(eq(outboxMessages.channel, 'sms'), eq(outboxMessages.recipient, phone.e164)));
    const [mail] = await ctx.database.db
      .select()
      .from(outboxMessages)
      .where(and(eq(outboxMessages.channel, 'email'), eq(outboxMessages.recipient, email)));
    return { number: orderNumberFor(order.orderId), text: text?.textBody ?? '', mail };
  }

  it("words the demo brand's text and receipt its own way", async () => {
    const { number, text, mail } = await placeAndMarkReady();
    expect(text).toMatch(
      new RegExp(
        `^Capital Kitchen: order #${number} is hot and ready at Capital Kitchen - Dupont Circle\\. Track it: http`,
      ),
    );
    expect(mail?.subject).toBe(`Capital Kitchen receipt for order #${number}`);
    expect(mail?.textBody).toMatch(/^Thanks for ordering with Capital Kitchen, Ada!/);
  });

  it('gives a brand without wording of its own the defaults, and one with some the defaults for the rest', async () => {
    const db = ctx.database.db;
    const own = await db
      .select()
      .from(brandMessageTemplates)
      .where(eq(brandMessageTemplates.brandId, DEMO_BRANDS.capitalKitchen));
    try {
      await db
        .delete(brandMessageTemplates)
        .where(eq(brandMessageTemplates.brandId, DEMO_BRANDS.capitalKitchen));
      const plain = await placeAndMarkReady();
      expect(plain.text).toMatch(
        new RegExp(
          `^Your order #${plain.number} at Capital Kitchen - Dupont Circle is ready\\. Track it: http`,
        ),
      );
      expect(plain.mail?.subject).toBe(`Your order #${plain.number} at Capital Kitchen - Dupont Circle`);
      expect(plain.mail?.textBody).toMatch(
        /^Hi Ada, thank you for your order at Capital Kitchen - Dupont Circle\. Here is your receipt\./,
      );
      expect(plain.mail?.textBody).toMatch(
        /Questions about your order\? Call Capital Kitchen - Dupont Circle at .+\.$/,
      );

      // Only a subject of its own (with markup in it): the rest is the defaults', and the HTML escapes it.
      await db.insert(brandMessageTemplates).values({
        brandId: DEMO_BRANDS.capitalKitchen,
        receiptSubject: '<Capital> & "Kitchen" #{number}',
      });
      const some = await placeAndMarkReady();
      expect(some.mail?.subject).toBe(`<Capital> & "Kitchen" #${some.number}`);
      expect(some.mail?.htmlBody).toContain(
        `<title>&lt;Capital&gt; &amp; &quot;Kitchen&quot; #${some.number}</title>`,
      );
      expect(some.text).toMatch(/^Your order #\d+ at Capital Kitchen - Dupont Circle is ready\./);
      expect((await getBrandMessages(db, DEMO_BRANDS.potomacNoodleBar)).templates).toEqual(
        DEFAULT_MESSAGE_TEMPLATES,
      );
    } finally {
      await db
        .delete(brandMessageTemplates)
        .where(eq(brandMessageTemplates.brandId, DEMO_BRANDS.capitalKitchen));
      if (own.length > 0) await db.insert(brandMessageTemplates).values(own);
    }
  });

  it('refuses a text template too long to text', async () => {
    await expect(
      ctx.database.db
        .insert(brandMessageTemplates)
        .values({ brandId: DEMO_BRANDS.chesapeakeTacos, readyText: 'x'.repeat(301) }),
    ).rejects.toThrow();
  });
});
