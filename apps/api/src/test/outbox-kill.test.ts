/**
 * Fault test: the process sending a text is killed (SIGKILL) after Twilio accepted the message and before its
 * answer arrived, so the outbox row is left claimed with no outcome. Once its lease is over, the next worker sends
 * nothing twice (Twilio's message list already has it: the row is marked sent) and loses nothing (a text still
 * waiting in the same outbox goes out once). Runs a real worker process on a database of each kind.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { eq, sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../db/client';
import { outboxMessages } from '../db/schema/index';
import { MailboxProvider } from '../providers/email/mailbox-provider';
import { deliverDue, enqueueSms } from '../providers/email/outbox';
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
});
