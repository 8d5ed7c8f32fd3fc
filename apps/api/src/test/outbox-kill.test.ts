/**
 * Fault tests: the process sending is killed (SIGKILL) mid-send, leaving outbox rows claimed with no outcome.
 * - A text Twilio accepted before the crash: once its lease is over, the next worker sends nothing twice
 *   (Twilio's message list already has it: the row is marked sent) and loses nothing (a text still waiting in
 *   the same outbox goes out once).
 * - E-mail receipts through an SMTP relay that received a message's DATA and had not answered when the sender
 *   died: SMTP has no way to ask a relay what it accepted, so what the design guarantees is at least once with
 *   a recognisable copy: after the restart every receipt is sent (none lost), a message the relay had already
 *   taken in arrives a second time with the same Message-ID (its idempotency key), and no other message arrives
 *   twice.
 * Runs a real worker process on a database of each kind.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AddressInfo } from 'node:net';
import { eq, sql } from 'drizzle-orm';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../db/client';
import { outboxMessages } from '../db/schema/index';
import { MailboxProvider } from '../providers/email/mailbox-provider';
import { deliverDue, enqueueEmail, enqueueSms, OUTBOX_BATCH } from '../providers/email/outbox';
import { SmtpProvider } from '../providers/email/smtp-provider';
import { TwilioSmsProvider } from '../providers/sms/twilio-provider';
import { FAKE_TWILIO, FakeTwilio } from './fake-twilio';
import { createServerDatabase, dbKinds } from './harness';

const apiDir = fileURLToPath(new URL('../..', import.meta.url));

describe.each(await dbKinds())('outbox exactly once across kill -9 on %s', (kind) => {
  const cleanups: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
  });

  it('sends a text accepted by Twilio before the crash once, and the next one once', async () => {
    const twilio = new FakeTwilio();
    const baseUrl = await twilio.start();
    cleanups.push(() => twilio.stop());
    let where: { DATABASE_URL?: string; PGLITE_DIR?: string };
    if (kind === 'postgres') {
      const created = await createServerDatabase();
      cleanups.push(created.drop);
      where = { DATABASE_URL: created.url };
    } else {
      const dir = mkdtempSync(join(tmpdir(), 'sf-outbox-kill-'));
      cleanups.push(async () => rmSync(dir, { recursive: true, force: true }));
      where = { PGLITE_DIR: join(dir, 'pglite') };
    }
    const open = () => openDatabase({ url: where.DATABASE_URL, dataDir: where.PGLITE_DIR });
    let database: Database = open();
    await database.migrate();
    const first = '+12025550181';
    const second = '+12025550182';
    await enqueueSms(database.db, { to: first, body: 'Your order A-1 is ready', label: 'Order ready' });
    // PGlite's folder belongs to one process: the worker opens it once this one has let go.
    await database.close();

    const killed = new Promise<void>((resolve) => {
      twilio.onAcceptedWithoutAnswer = () => {
        child.kill('SIGKILL');
        resolve();
      };
    });
    const child: ChildProcess = spawn(
      process.execPath,
      ['--import', 'tsx', 'src/test/outbox-worker-child.ts'],
      {
        cwd: apiDir,
        env: { PATH: process.env.PATH, HOME: process.env.HOME, TWILIO_API_URL: baseUrl, ...where },
        stdio: ['ignore', 'ignore', 'inherit'],
      },
    );
    const exited = new Promise((resolve) => child.once('exit', resolve));
    await killed;
    await exited;
    expect(child.signalCode).toBe('SIGKILL');
    expect(twilio.messages.map((m) => m.to)).toEqual([first]);

    database = open();
    cleanups.push(() => database.close());
    const [left] = await database.db.select().from(outboxMessages).where(eq(outboxMessages.recipient, first));
    expect(left).toMatchObject({ attempts: 1, sentAt: null, lastError: null });
    twilio.onAcceptedWithoutAnswer = null;
    await enqueueSms(database.db, { to: second, body: 'Your order A-2 is ready', label: 'Order ready' });
    // The lease (5 minutes) is over.
    await database.db.update(outboxMessages).set({ nextAttemptAt: sql`now()` });
    const providers = {
      email: new MailboxProvider(),
      sms: new TwilioSmsProvider({ ...FAKE_TWILIO, baseUrl }),
    };
    expect(await deliverDue(database.db, providers)).toEqual({ claimed: 2, sent: 2, failed: 0 });
    expect(await deliverDue(database.db, providers)).toEqual({ claimed: 0, sent: 0, failed: 0 });
    expect(twilio.messages.map((m) => m.to).sort()).toEqual([first, second]);
    const rows = await database.db.select().from(outboxMessages);
    expect(rows.every((r) => r.sentVia === 'twilio')).toBe(true);
  }, 180_000);
  it('sends every e-mail receipt after a kill mid-send: none lost, only a message the relay took in arrives twice (same Message-ID)', async () => {
    // The relay: it reads each message; while `holding`, it answers none (the sender waits for its 250) and the
    // first message it takes in kills the sender, as a crash between the relay's receipt and its answer.
    const received: { messageId: string; subject: string; afterRestart: boolean }[] = [];
    let holding = true;
    let restarted = false;
    const held: (() => void)[] = [];
    let onFirstData: (() => void) | null = null;
    const relay = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS', 'AUTH'],
      logger: false,
      onData(stream, _session, callback) {
        simpleParser(stream)
          .then((mail) => {
            received.push({
              messageId: mail.messageId ?? '',
              subject: mail.subject ?? '',
              afterRestart: restarted,
            });
            if (!holding) return callback();
            held.push(() => callback());
            onFirstData?.();
            onFirstData = null;
          })
          .catch(callback);
      },
    });
    // The kill resets the sender's connection: smtp-server reports it as an 'error' event, which with no
    // listener is thrown from the socket and fails the whole run as an uncaught exception (ECONNRESET).
    relay.on('error', () => undefined);
    await new Promise<void>((resolve) => relay.listen(0, '127.0.0.1', resolve));
    cleanups.push(() => new Promise<void>((resolve) => relay.close(() => resolve())));
    const smtpUrl = `smtp://127.0.0.1:${(relay.server.address() as AddressInfo).port}`;

    let where: { DATABASE_URL?: string; PGLITE_DIR?: string };
    if (kind === 'postgres') {
      const created = await createServerDatabase();
      cleanups.push(created.drop);
      where = { DATABASE_URL: created.url };
    } else {
      const dir = mkdtempSync(join(tmpdir(), 'sf-outbox-kill-mail-'));
      cleanups.push(async () => rmSync(dir, { recursive: true, force: true }));
      where = { PGLITE_DIR: join(dir, 'pglite') };
    }
    const open = () => openDatabase({ url: where.DATABASE_URL, dataDir: where.PGLITE_DIR });
    let database: Database = open();
    await database.migrate();
    // More receipts than one round claims: the sender is killed with a batch in flight and some not yet claimed.
    const count = OUTBOX_BATCH + 2;
    for (let n = 1; n <= count; n += 1) {
      await enqueueEmail(
        database.db,
        {
          to: `guest-${n}@example.test`,
          subject: `Receipt for order #${1000 + n}`,
          text: `Thank you for order #${1000 + n}.`,
        },
        'order',
      );
    }
    await database.close();

    const killed = new Promise<void>((resolve) => {
      onFirstData = () => {
        child.kill('SIGKILL');
        resolve();
      };
    });
    const child: ChildProcess = spawn(
      process.execPath,
      ['--import', 'tsx', 'src/test/outbox-worker-child.ts'],
      {
        cwd: apiDir,
        env: { PATH: process.env.PATH, HOME: process.env.HOME, SMTP_URL: smtpUrl, ...where },
        stdio: ['ignore', 'ignore', 'inherit'],
      },
    );
    const exited = new Promise((resolve) => child.once('exit', resolve));
    await killed;
    await exited;
    expect(child.signalCode).toBe('SIGKILL');
    // The sender is gone: the answers it waited for go nowhere.
    holding = false;
    for (const answer of held.splice(0)) answer();

    // The restart: the next worker, once the lease (5 minutes) is over.
    restarted = true;
    database = open();
    cleanups.push(() => database.close());
    const claimedBefore = await database.db
      .select({ key: outboxMessages.idempotencyKey })
      .from(outboxMessages)
      .where(eq(outboxMessages.attempts, 1));
    expect(claimedBefore.length).toBeGreaterThanOrEqual(1);
    expect(claimedBefore.length).toBeLessThanOrEqual(OUTBOX_BATCH);
    await database.db.update(outboxMessages).set({ nextAttemptAt: sql`now()` });
    const smtp = new SmtpProvider({ url: smtpUrl, from: 'Storefront <no-reply@storefront.test>' });
    try {
      let round = await deliverDue(database.db, smtp);
      let sent = round.sent;
      while (round.claimed > 0) {
        round = await deliverDue(database.db, smtp);
        sent += round.sent;
      }
      expect(sent).toBe(count);
    } finally {
      smtp.close();
    }

    // None lost: every receipt is marked sent and the relay has each one.
    const rows = await database.db.select().from(outboxMessages);
    expect(rows).toHaveLength(count);
    expect(rows.every((r) => r.sentAt !== null && r.sentVia === 'smtp')).toBe(true);
    const idOf = (key: string) => `<${key}@storefront.test>`;
    // What the relay had from the killed sender (a message on the wire at the kill is read after it, still before
    // the restart): at least the one whose arrival killed it.
    const takenBeforeCrash = new Set(received.filter((r) => !r.afterRestart).map((r) => r.messageId));
    expect(takenBeforeCrash.size).toBeGreaterThanOrEqual(1);
    for (const row of rows) {
      const copies = received.filter((r) => r.messageId === idOf(row.idempotencyKey));
      // Sent again after the restart, with the same Message-ID, whether or not the relay had it already.
      expect(
        copies.filter((c) => c.afterRestart),
        row.subject,
      ).toHaveLength(1);
      // Twice only when the relay took it in before the crash (the one copy SMTP cannot rule out).
      expect(copies, row.subject).toHaveLength(takenBeforeCrash.has(idOf(row.idempotencyKey)) ? 2 : 1);
      expect(new Set(copies.map((c) => c.subject))).toEqual(new Set([row.subject]));
    }
    // Only messages the killed sender had claimed can be in the relay twice; those it never claimed arrive once.
    const claimed = new Set(claimedBefore.map((r) => idOf(r.key)));
    for (const id of takenBeforeCrash) expect(claimed.has(id)).toBe(true);
  }, 180_000);
});
