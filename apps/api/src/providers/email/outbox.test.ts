import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase, type Db } from '../../db/client';
import { locations, outboxMessages } from '../../db/schema/index';
import { createTestContext, dbKinds, serverUrl, type TestContext } from '../../test/harness';
import type { EmailProvider, OutgoingEmail } from './email-provider';
import { MailboxProvider } from './mailbox-provider';
import {
  deliverDue,
  enqueueEmail,
  listMailbox,
  OUTBOX_MAX_ATTEMPTS,
  retryDelaySeconds,
  startOutboxWorker,
} from './outbox';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The outside world's mail server as a recorder: what it was handed, failing the first `failures` sends. */
class RecordingProvider implements EmailProvider {
  readonly name = 'recording';
  readonly received: OutgoingEmail[] = [];
  attempts = 0;
  constructor(
    private failures = 0,
    private readonly delayMs = 0,
  ) {}
  async send(message: OutgoingEmail) {
    this.attempts += 1;
    if (this.delayMs) await sleep(this.delayMs);
    if (this.failures > 0) {
      this.failures -= 1;
      throw new Error('421 service not available');
    }
    this.received.push(message);
  }
}

class RecordingLog {
  readonly lines: { level: string; message: string }[] = [];
  info = (...args: unknown[]) => this.push('info', args);
  warn = (...args: unknown[]) => this.push('warn', args);
  error = (...args: unknown[]) => this.push('error', args);
  private push(level: string, args: unknown[]) {
    this.lines.push({ level, message: String(args.find((a) => typeof a === 'string') ?? '') });
  }
}

let counter = 0;
const recipient = () => `outbox-${Date.now()}-${(counter += 1)}@example.test`;

async function rowsTo(db: Db, to: string) {
  return db.select().from(outboxMessages).where(eq(outboxMessages.recipient, to));
}

/** Makes the e-mail to `to` due now (instead of waiting out its retry pause). */
async function makeDue(db: Db, to: string) {
  await db
    .update(outboxMessages)
    .set({ nextAttemptAt: sql`now()` })
    .where(eq(outboxMessages.recipient, to));
}

describe.each(await dbKinds())('e-mail outbox on %s', (kind) => {
  let ctx: TestContext;
  let db: Db;

  beforeAll(async () => {
    ctx = await createTestContext(kind);
    db = ctx.app.db;
  });
  afterAll(async () => {
    await ctx.close();
  });
  // Each test starts with nothing due: what earlier tests left is delivered to the mailbox.
  beforeEach(async () => {
    while ((await deliverDue(db, new MailboxProvider())).claimed > 0);
  });

  it('sends nothing for a rolled-back transaction', async () => {
    const to = recipient();
    await expect(
      db.transaction(async (tx) => {
        await enqueueEmail(tx, {
          to,
          subject: 'Activate your account',
          text: 'http://localhost:3000/activation',
        });
        throw new Error('the sign-up failed after writing its mail');
      }),
    ).rejects.toThrow('the sign-up failed');
    const provider = new RecordingProvider();
    expect(await deliverDue(db, provider)).toEqual({ claimed: 0, sent: 0, failed: 0 });
    expect(provider.attempts).toBe(0);
    expect(await listMailbox(db, to)).toEqual([]);
  });

  it('delivers a committed e-mail once, with its idempotency key, and marks it sent', async () => {
    const to = recipient();
    await db.transaction(async (tx) => {
      await enqueueEmail(tx, { to, subject: 'Welcome', text: 'Hello', html: '<p>Hello</p>' });
    });
    const [waiting] = await listMailbox(db, to);
    expect(waiting).toMatchObject({
      to,
      subject: 'Welcome',
      text: 'Hello',
      html: '<p>Hello</p>',
      sentAt: null,
    });

    const provider = new RecordingProvider();
    expect(await deliverDue(db, provider)).toEqual({ claimed: 1, sent: 1, failed: 0 });
    expect(await deliverDue(db, provider)).toEqual({ claimed: 0, sent: 0, failed: 0 });
    expect(provider.received).toHaveLength(1);
    const [row] = await rowsTo(db, to);
    expect(provider.received[0]).toEqual({
      to,
      subject: 'Welcome',
      text: 'Hello',
      html: '<p>Hello</p>',
      idempotencyKey: row?.idempotencyKey,
    });
    expect(row).toMatchObject({ attempts: 1, sentVia: 'recording', lastError: null });
    expect(row?.sentAt).toBeInstanceOf(Date);
    const [sent] = await listMailbox(db, to);
    expect(sent?.sentVia).toBe('recording');
  });

  it('lists the mailbox newest first, all recipients or one', async () => {
    const a = recipient();
    const b = recipient();
    await enqueueEmail(db, { to: a, subject: 'first', text: '1' });
    await enqueueEmail(db, { to: b, subject: 'second', text: '2' });
    await enqueueEmail(db, { to: a, subject: 'third', text: '3' });
    expect((await listMailbox(db, a)).map((m) => m.subject)).toEqual(['third', 'first']);
    expect((await listMailbox(db)).slice(0, 3).map((m) => m.subject)).toEqual(['third', 'second', 'first']);
  });

  it('retries a failed send after a growing pause and then delivers it, always with one key', async () => {
    const to = recipient();
    await enqueueEmail(db, { to, subject: 'Reset your password', text: 'link' });
    const provider = new RecordingProvider(2);
    const log = new RecordingLog();

    expect(await deliverDue(db, provider, log)).toEqual({ claimed: 1, sent: 0, failed: 1 });
    let [row] = await rowsTo(db, to);
    expect(row).toMatchObject({ attempts: 1, lastError: '421 service not available', sentAt: null });
    const firstPause = ((row?.nextAttemptAt.getTime() ?? 0) - Date.now()) / 1000;
    expect(firstPause).toBeGreaterThan(2);
    expect(firstPause).toBeLessThanOrEqual(retryDelaySeconds(1) + 1);
    // Not due before its pause is over.
    expect((await deliverDue(db, provider, log)).claimed).toBe(0);

    await makeDue(db, to);
    expect(await deliverDue(db, provider, log)).toEqual({ claimed: 1, sent: 0, failed: 1 });
    [row] = await rowsTo(db, to);
    const secondPause = ((row?.nextAttemptAt.getTime() ?? 0) - Date.now()) / 1000;
    expect(secondPause).toBeGreaterThan(retryDelaySeconds(1));

    await makeDue(db, to);
    expect(await deliverDue(db, provider, log)).toEqual({ claimed: 1, sent: 1, failed: 0 });
    [row] = await rowsTo(db, to);
    expect(row).toMatchObject({ attempts: 3, lastError: null, sentVia: 'recording' });
    expect(provider.attempts).toBe(3);
    expect(provider.received.map((m) => m.idempotencyKey)).toEqual([row?.idempotencyKey]);
    expect(log.lines.filter((l) => l.level === 'warn')).toHaveLength(2);
  });

  it('gives up after the last attempt, logs it, and never claims the message again', async () => {
    const to = recipient();
    await enqueueEmail(db, { to, subject: 'Doomed', text: 'x' });
    await db
      .update(outboxMessages)
      .set({ attempts: OUTBOX_MAX_ATTEMPTS - 1 })
      .where(eq(outboxMessages.recipient, to));
    const log = new RecordingLog();
    expect(await deliverDue(db, new RecordingProvider(1), log)).toEqual({ claimed: 1, sent: 0, failed: 1 });
    expect(log.lines).toEqual([
      { level: 'error', message: 'outbox: e-mail not sent after the last attempt; giving up' },
    ]);
    await makeDue(db, to);
    expect((await deliverDue(db, new RecordingProvider(), log)).claimed).toBe(0);
    const [row] = await rowsTo(db, to);
    expect(row).toMatchObject({ attempts: OUTBOX_MAX_ATTEMPTS, sentAt: null });
  });

  it('the pause grows from 5 s and stops growing at 10 minutes', () => {
    expect([1, 2, 3, 4, 8, 9, 10].map(retryDelaySeconds)).toEqual([5, 10, 20, 40, 600, 600, 600]);
  });

  it('claims a bounded batch: 25 messages take three rounds', async () => {
    const to = recipient();
    for (let i = 0; i < 25; i += 1) await enqueueEmail(db, { to, subject: `n${i}`, text: 'x' });
    const provider = new RecordingProvider();
    const rounds = [
      await deliverDue(db, provider),
      await deliverDue(db, provider),
      await deliverDue(db, provider),
    ];
    expect(rounds.map((r) => r.claimed)).toEqual([10, 10, 5]);
    expect(new Set(provider.received.map((m) => m.subject)).size).toBe(25);
  });

  it('the worker delivers what is enqueued while it runs, and stops', async () => {
    const to = recipient();
    const provider = new RecordingProvider();
    const worker = startOutboxWorker(db, provider, new RecordingLog(), { pollMs: 50 });
    try {
      await enqueueEmail(db, { to, subject: 'Worker', text: 'x' });
      for (let i = 0; i < 100 && provider.received.length === 0; i += 1) await sleep(50);
      expect(provider.received.map((m) => m.to)).toEqual([to]);
    } finally {
      await worker.stop();
    }
    await enqueueEmail(db, { to, subject: 'After stop', text: 'x' });
    await sleep(200);
    expect(provider.received).toHaveLength(1);
  });

  it('rounds running at once never send one message twice', async () => {
    const to = recipient();
    for (let i = 0; i < 30; i += 1) await enqueueEmail(db, { to, subject: `c${i}`, text: 'x' });
    const provider = new RecordingProvider(0, 5);
    await Promise.all(Array.from({ length: 4 }, () => deliverDue(db, provider)));
    while ((await deliverDue(db, provider)).claimed > 0);
    const keys = provider.received.map((m) => m.idempotencyKey);
    expect(keys).toHaveLength(30);
    expect(new Set(keys).size).toBe(30);
  });
});

describe.runIf((await dbKinds()).includes('postgres'))('e-mail outbox across processes (postgres)', () => {
  let ctx: TestContext;
  let databaseName: string;
  let admin: pg.Client;

  beforeAll(async () => {
    ctx = await createTestContext('postgres', {}, { pool: { acquireTimeoutMs: 1_000 } });
    const [row] = await ctx.app.db
      .select({ name: sql<string>`current_database()` })
      .from(locations)
      .limit(1);
    databaseName = row?.name ?? '';
    admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
  });
  afterAll(async () => {
    await admin.query(`alter database ${databaseName} allow_connections true`).catch(() => undefined);
    await admin.end();
    await ctx.close();
  });

  it('two workers with their own pools never send a message twice', async () => {
    const url = new URL(serverUrl);
    url.pathname = `/${databaseName}`;
    const second = openDatabase({ url: url.toString(), poolSize: 5 });
    const to = recipient();
    const first = new RecordingProvider(0, 10);
    const other = new RecordingProvider(0, 10);
    const log = new RecordingLog();
    const workers = [
      startOutboxWorker(ctx.app.db, first, log, { pollMs: 20 }),
      startOutboxWorker(second.db, other, log, { pollMs: 20 }),
    ];
    const received = () => [...first.received, ...other.received];
    try {
      await Promise.all(
        Array.from({ length: 60 }, (_, i) => enqueueEmail(ctx.app.db, { to, subject: `p${i}`, text: 'x' })),
      );
      for (let i = 0; i < 200 && received().length < 60; i += 1) await sleep(50);
    } finally {
      await Promise.all(workers.map((w) => w.stop()));
      await second.close();
    }
    // Both took part (SKIP LOCKED lets each pass the rows the other holds), and no key came twice.
    expect(first.received.length).toBeGreaterThan(0);
    expect(other.received.length).toBeGreaterThan(0);
    const keys = received().map((m) => m.idempotencyKey);
    expect(keys).toHaveLength(60);
    expect(new Set(keys).size).toBe(60);
    expect(log.lines.filter((l) => l.level === 'error')).toEqual([]);
  });

  it('keeps polling through a lost database, logs the outage once, and delivers when it is back', async () => {
    const to = recipient();
    const provider = new RecordingProvider();
    const log = new RecordingLog();
    const worker = startOutboxWorker(ctx.app.db, provider, log, { pollMs: 50 });
    try {
      await admin.query(`alter database ${databaseName} allow_connections false`);
      await admin.query(
        'select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
        [databaseName],
      );
      await sleep(1_500);
      expect(log.lines.filter((l) => l.level === 'error')).toHaveLength(1);
      await admin.query(`alter database ${databaseName} allow_connections true`);
      await enqueueEmail(ctx.app.db, { to, subject: `back ${randomUUID()}`, text: 'x' });
      for (let i = 0; i < 100 && provider.received.length === 0; i += 1) await sleep(50);
    } finally {
      await worker.stop();
    }
    expect(provider.received.map((m) => m.to)).toEqual([to]);
    expect(log.lines.map((l) => l.message)).toContain('outbox: delivery resumed');
  });
});
