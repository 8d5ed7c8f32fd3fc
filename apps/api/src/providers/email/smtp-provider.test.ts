import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { outboxMessages } from '../../db/schema/index';
import { createTestContext, type TestContext } from '../../test/harness';
import { createEmailProvider } from './index';
import { MailboxProvider } from './mailbox-provider';
import { deliverDue, enqueueEmail } from './outbox';
import { messageIdFor, SmtpProvider } from './smtp-provider';

/**
 * End to end through a real SMTP conversation: an SMTP server (the smtp-server package, standing in for the
 * relay) receives what the outbox sends, and mailparser reads it back.
 */
describe('SMTP delivery of the outbox', () => {
  let ctx: TestContext;
  let server: SMTPServer;
  let port: number;
  let received: { envelopeTo: string[]; mail: ParsedMail }[] = [];
  let refuseRecipients = false;

  beforeAll(async () => {
    server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS', 'AUTH'],
      logger: false,
      onRcptTo(address, _session, callback) {
        if (refuseRecipients) {
          const error = Object.assign(new Error('451 mailbox busy, try later'), { responseCode: 451 });
          return callback(error);
        }
        callback();
      },
      onData(stream, session, callback) {
        simpleParser(stream)
          .then((mail) => {
            received.push({ envelopeTo: session.envelope.rcptTo.map((r) => r.address), mail });
            callback();
          })
          .catch(callback);
      },
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.server.address() as AddressInfo).port;
    ctx = await createTestContext('pglite', { SMTP_URL: `smtp://127.0.0.1:${port}` });
  });
  afterAll(async () => {
    await ctx.close();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });
  beforeEach(async () => {
    while ((await deliverDue(ctx.app.db, new MailboxProvider())).claimed > 0);
    received = [];
    refuseRecipients = false;
  });

  it('sends the enqueued e-mail, its link intact, with the idempotency key as Message-ID', async () => {
    const provider = createEmailProvider(ctx.env);
    expect(provider).toBeInstanceOf(SmtpProvider);
    const link = `${ctx.env.WEB_PUBLIC_URL}/activation?email=ana%40example.test&token=Zm9vYmFy_-`;
    await ctx.app.db.transaction(async (tx) => {
      await enqueueEmail(tx, {
        to: 'ana@example.test',
        subject: 'Activate your account',
        text: `Hello Ana,\n\nActivate your account: ${link}\n`,
        html: `<p>Hello Ana,</p><p><a href="${link.replaceAll('&', '&amp;')}">Activate your account</a></p>`,
      });
    });
    expect(await deliverDue(ctx.app.db, provider)).toEqual({ claimed: 1, sent: 1, failed: 0 });

    expect(received).toHaveLength(1);
    const [{ envelopeTo, mail } = { envelopeTo: [], mail: null }] = received;
    expect(envelopeTo).toEqual(['ana@example.test']);
    expect(mail?.subject).toBe('Activate your account');
    expect(mail?.from?.value).toEqual([{ address: 'no-reply@localhost', name: 'Storefront' }]);
    const to = Array.isArray(mail?.to) ? mail?.to[0] : mail?.to;
    expect(to?.value.map((a) => a.address)).toEqual(['ana@example.test']);
    expect(mail?.text).toContain(`Activate your account: ${link}`);
    const href = /href="([^"]+)"/.exec(typeof mail?.html === 'string' ? mail.html : '')?.[1];
    expect(href?.replaceAll('&amp;', '&')).toBe(link);

    const [row] = await ctx.app.db
      .select()
      .from(outboxMessages)
      .where(eq(outboxMessages.recipient, 'ana@example.test'));
    expect(mail?.messageId).toBe(messageIdFor(row?.idempotencyKey ?? '', ctx.env.MAIL_FROM));
    expect(mail?.messageId).toBe(`<${row?.idempotencyKey}@localhost>`);
    expect(row).toMatchObject({ sentVia: 'smtp', attempts: 1 });
  });

  it('keeps the relay refusal as last_error and sends the same message (same Message-ID) when it accepts', async () => {
    const provider = createEmailProvider(ctx.env);
    await enqueueEmail(ctx.app.db, { to: 'bo@example.test', subject: 'Reset your password', text: 'x' });
    refuseRecipients = true;
    expect(await deliverDue(ctx.app.db, provider)).toEqual({ claimed: 1, sent: 0, failed: 1 });
    let [row] = await ctx.app.db
      .select()
      .from(outboxMessages)
      .where(eq(outboxMessages.recipient, 'bo@example.test'));
    expect(row?.lastError).toContain('451');
    expect(row?.sentAt).toBeNull();

    refuseRecipients = false;
    await ctx.app.db
      .update(outboxMessages)
      .set({ nextAttemptAt: new Date() })
      .where(eq(outboxMessages.recipient, 'bo@example.test'));
    expect(await deliverDue(ctx.app.db, provider)).toEqual({ claimed: 1, sent: 1, failed: 0 });
    [row] = await ctx.app.db
      .select()
      .from(outboxMessages)
      .where(eq(outboxMessages.recipient, 'bo@example.test'));
    expect(received.map((r) => r.mail.messageId)).toEqual([`<${row?.idempotencyKey}@localhost>`]);
  });

  it('fails the attempt when no relay answers', async () => {
    const closed = new SmtpProvider({ url: 'smtp://127.0.0.1:1', from: ctx.env.MAIL_FROM });
    await enqueueEmail(ctx.app.db, { to: 'cy@example.test', subject: 'Nobody home', text: 'x' });
    expect(await deliverDue(ctx.app.db, closed)).toEqual({ claimed: 1, sent: 0, failed: 1 });
    const [row] = await ctx.app.db
      .select()
      .from(outboxMessages)
      .where(eq(outboxMessages.recipient, 'cy@example.test'));
    expect(row?.lastError).toMatch(/ECONNREFUSED|connect/i);
  });
});
