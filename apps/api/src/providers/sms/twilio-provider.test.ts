/**
 * The Twilio adapter against a local server answering as Twilio's REST Messages API does (test/fake-twilio.ts),
 * through the outbox: a text is handed over once with the account's credentials and sender; Twilio's refusals
 * are told apart (21211 invalid number and 21610 unsubscribed are given up at once, the latter remembered as an
 * opt-out; 429 and 5xx are retried with the same message); a send whose outcome was lost is not sent again when
 * Twilio already has it.
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Db } from '../../db/client';
import { outboxMessages, smsOptOuts } from '../../db/schema/index';
import { FAKE_TWILIO, FakeTwilio } from '../../test/fake-twilio';
import { createTestContext, dbKinds, type TestContext } from '../../test/harness';
import { MailboxProvider } from '../email/mailbox-provider';
import { deliverDue, enqueueSms, OUTBOX_MAX_ATTEMPTS } from '../email/outbox';
import { TwilioSmsProvider } from './twilio-provider';

let counter = 0;
/** A valid US mobile-looking number of its own per test (202-555-01xx is reserved for fiction). */
const phone = () => `+1202555${String(1000 + ((Date.now() + (counter += 1)) % 9000)).padStart(4, '0')}`;

async function rowsTo(db: Db, to: string) {
  return db.select().from(outboxMessages).where(eq(outboxMessages.recipient, to));
}

describe.each(await dbKinds())('Twilio SMS adapter on %s', (kind) => {
  let ctx: TestContext;
  let db: Db;
  const twilio = new FakeTwilio();
  let providers: { email: MailboxProvider; sms: TwilioSmsProvider };

  beforeAll(async () => {
    ctx = await createTestContext(kind);
    db = ctx.app.db;
    const baseUrl = await twilio.start();
    providers = {
      email: new MailboxProvider(),
      sms: new TwilioSmsProvider({ ...FAKE_TWILIO, baseUrl, timeoutMs: 5_000 }),
    };
  });
  afterAll(async () => {
    await twilio.stop();
    await ctx.close();
  });
  beforeEach(async () => {
    twilio.failures.length = 0;
    twilio.onAcceptedWithoutAnswer = null;
    while ((await deliverDue(db, providers)).claimed > 0);
  });

  it('hands a text to Twilio once, with the sender and body, and marks it sent via twilio', async () => {
    const to = phone();
    await db.transaction(async (tx) => {
      expect(await enqueueSms(tx, { to, body: 'Your code is 123456', label: 'Verification code' })).toBe(
        true,
      );
    });
    expect(await deliverDue(db, providers)).toEqual({ claimed: 1, sent: 1, failed: 0 });
    expect(await deliverDue(db, providers)).toEqual({ claimed: 0, sent: 0, failed: 0 });
    expect(twilio.messages.filter((m) => m.to === to)).toMatchObject([
      { to, from: FAKE_TWILIO.from, body: 'Your code is 123456' },
    ]);
    const [row] = await rowsTo(db, to);
    expect(row).toMatchObject({ channel: 'sms', sentVia: 'twilio', lastError: null });
  });

  it('leaves texts waiting when the worker has no SMS provider (e-mail only)', async () => {
    const to = phone();
    await enqueueSms(db, { to, body: 'later', label: 'Order ready' });
    expect((await deliverDue(db, new MailboxProvider())).claimed).toBe(0);
    expect(await deliverDue(db, providers)).toEqual({ claimed: 1, sent: 1, failed: 0 });
  });

  it("gives up at once on 21211 (not a valid phone number) and keeps Twilio's message", async () => {
    const to = '+15550000000';
    await enqueueSms(db, { to, body: 'x', label: 'Order ready' });
    const posts = twilio.posts;
    expect(await deliverDue(db, providers)).toEqual({ claimed: 1, sent: 0, failed: 1 });
    await db
      .update(outboxMessages)
      .set({ nextAttemptAt: sql`now()` })
      .where(eq(outboxMessages.recipient, to));
    expect((await deliverDue(db, providers)).claimed).toBe(0);
    expect(twilio.posts).toBe(posts + 1);
    const [row] = await rowsTo(db, to);
    expect(row?.sentAt).toBeNull();
    expect(row?.attempts).toBe(OUTBOX_MAX_ATTEMPTS);
    expect(row?.lastError).toContain('21211');
    expect(row?.lastError).toContain('is not a valid phone number');
  });

  it('gives up on 21610 (unsubscribed), remembers the opt-out and texts the number nothing more', async () => {
    const to = phone();
    twilio.unsubscribed.add(to);
    await enqueueSms(db, { to, body: 'Your order is ready', label: 'Order ready' });
    expect(await deliverDue(db, providers)).toEqual({ claimed: 1, sent: 0, failed: 1 });
    const [row] = await rowsTo(db, to);
    expect(row?.lastError).toContain('21610');
    expect(await db.select().from(smsOptOuts).where(eq(smsOptOuts.phone, to))).toHaveLength(1);
    expect(await enqueueSms(db, { to, body: 'Your order is late', label: 'Order delayed' })).toBe(false);
    expect(await rowsTo(db, to)).toHaveLength(1);
  });

  it.each([429, 500, 503])('retries after %i with the same message, sent once in the end', async (status) => {
    const to = phone();
    await enqueueSms(db, { to, body: `retry ${status}`, label: 'Order ready' });
    twilio.failures.push(status);
    expect(await deliverDue(db, providers)).toEqual({ claimed: 1, sent: 0, failed: 1 });
    const [failed] = await rowsTo(db, to);
    expect(failed?.lastError).toContain(String(status));
    expect(failed?.nextAttemptAt.getTime()).toBeGreaterThan(Date.now());
    await db
      .update(outboxMessages)
      .set({ nextAttemptAt: sql`now()` })
      .where(eq(outboxMessages.recipient, to));
    expect(await deliverDue(db, providers)).toEqual({ claimed: 1, sent: 1, failed: 0 });
    expect(twilio.messages.filter((m) => m.to === to)).toHaveLength(1);
  });

  it('does not send again a text Twilio accepted before the sender died, and sends one it never got', async () => {
    const had = phone();
    const lost = phone();
    await enqueueSms(db, { to: had, body: 'accepted then crash', label: 'Order ready' });
    await enqueueSms(db, { to: lost, body: 'crash before Twilio', label: 'Order ready' });
    // What a worker killed mid-send leaves: an attempt counted, no outcome, its lease run out; Twilio has the
    // first message only.
    await db
      .update(outboxMessages)
      .set({ attempts: 1, lastError: null, nextAttemptAt: sql`now()` })
      .where(sql`${outboxMessages.recipient} in (${had}, ${lost})`);
    twilio.messages.push({
      sid: 'SMcrashed',
      to: had,
      from: FAKE_TWILIO.from,
      body: 'accepted then crash',
      dateCreated: new Date(),
    });
    expect(await deliverDue(db, providers)).toEqual({ claimed: 2, sent: 2, failed: 0 });
    expect(twilio.messages.filter((m) => m.to === had)).toHaveLength(1);
    expect(twilio.messages.filter((m) => m.to === lost)).toHaveLength(1);
    for (const to of [had, lost]) expect((await rowsTo(db, to))[0]?.sentVia).toBe('twilio');
  });

  it('refuses wrong credentials as a permanent failure (20003), without retrying', async () => {
    const wrong = new TwilioSmsProvider({
      ...FAKE_TWILIO,
      authToken: 'not-the-token-000',
      baseUrl: twilio.url,
    });
    const to = phone();
    await enqueueSms(db, { to, body: 'x', label: 'Order ready' });
    expect(await deliverDue(db, { email: new MailboxProvider(), sms: wrong })).toEqual({
      claimed: 1,
      sent: 0,
      failed: 1,
    });
    expect((await rowsTo(db, to))[0]?.lastError).toContain('401');
  });
});
