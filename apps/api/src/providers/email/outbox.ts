/**
 * The message outbox, one for e-mail and texts. A service writes the message with enqueueEmail() or enqueueSms()
 * in the transaction of what it reports (the account and its activation mail, the order's status and its text
 * commit together or not at all); the worker sends it afterwards through the channel's provider.
 *
 * Delivery: a round claims a bounded batch of due rows in a short transaction (FOR UPDATE SKIP LOCKED, so
 * several workers and processes never claim one row together), counting the attempt and pushing next_attempt_at
 * out by a lease; it sends each outside any transaction, then marks it sent. A failed send keeps last_error and
 * is tried again after a growing pause (5 s doubling to 10 min); after MAX_ATTEMPTS it is given up and logged.
 *
 * Exactly once, as far as it can be: a row is sent by one worker at a time (the lease), and a sent row is never
 * claimed again. Only a crash (or a lost database) between the send and its mark can send a message twice: the
 * lease runs out and the row is sent again, with the same idempotency key, which the SMTP adapter uses as the
 * Message-ID so that the copy is recognisable (and dropped by relays that deduplicate). A provider that can be
 * asked what it accepted (Twilio's message list: SmsProvider.wasAccepted) is asked first when the row's previous
 * attempt has no recorded outcome (attempts > 1 and no last_error: the claim clears it, a failure writes it), and
 * the row is marked sent without a second send when the provider already has it.
 */
import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { and, asc, desc, eq, gte, inArray, isNull, lt, lte, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { outboxMessages } from '../../db/schema/index';
import { smsOptOuts } from '../../db/schema/messaging';
import type { SmsProvider } from '../sms/sms-provider';
import { SmsSendError } from '../sms/sms-provider';
import type { EmailMessage, EmailProvider } from './email-provider';

/** The providers of each channel; a channel without one is left in the outbox (not claimed). */
export interface OutboxProviders {
  email: EmailProvider;
  sms?: SmsProvider;
}

/** Rows claimed by one round (sent in parallel, each bounded by the provider's own timeouts). */
export const OUTBOX_BATCH = 10;
/**
 * How long a claimed row stays with its worker before another may take it: far longer than one round (an SMTP
 * send gives up after ~50 s), so a slow send is never doubled by a second worker.
 */
export const OUTBOX_LEASE_SECONDS = 300;
/** Sending is given up after this many failed attempts. */
export const OUTBOX_MAX_ATTEMPTS = 10;
const RETRY_FIRST_SECONDS = 5;
const RETRY_MAX_SECONDS = 600;
/** last_error keeps this much of the error's message. */
const ERROR_MAX = 1_000;
/** The mailbox lists at most this many messages. */
export const MAILBOX_LIMIT = 100;

/** Pause before the next attempt after `attempts` failed ones: 5 s, 10 s, 20 s ... at most 10 minutes. */
export function retryDelaySeconds(attempts: number): number {
  return Math.min(RETRY_MAX_SECONDS, RETRY_FIRST_SECONDS * 2 ** Math.max(0, attempts - 1));
}

/** What an e-mail is about: the per-recipient caps count 'account' e-mail only (countEmailsToSince). */
export type EmailCategory = 'account' | 'order';

/**
 * Writes an e-mail to the outbox. Pass the transaction's handle of what the mail reports: the mail exists only
 * if that commits (a rolled-back transaction sends nothing).
 */
export async function enqueueEmail(
  db: Db,
  message: EmailMessage,
  category: EmailCategory = 'account',
): Promise<void> {
  await db.insert(outboxMessages).values({
    channel: 'email',
    category,
    idempotencyKey: randomUUID(),
    recipient: message.to,
    subject: message.subject,
    textBody: message.text,
    htmlBody: message.html ?? null,
  });
}

/**
 * How many account e-mails were written to `recipient` since then (the per-recipient caps; an order's receipt is
 * not counted). Call it with the row that stands for the recipient locked (the customer's), so that concurrent
 * writers count each other.
 */
export async function countEmailsToSince(db: Db, recipient: string, since: Date): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(outboxMessages)
    .where(
      and(
        eq(outboxMessages.channel, 'email'),
        eq(outboxMessages.category, 'account'),
        eq(outboxMessages.recipient, recipient),
        gte(outboxMessages.createdAt, since),
      ),
    );
  return row?.n ?? 0;
}

/** A text as the API writes it: `label` names it in the mailbox (a text has no subject). */
export interface SmsMessage {
  /** E.164. */
  to: string;
  body: string;
  label: string;
}

/** A text is at most this long (10 segments of GSM-7 with concatenation headers). */
export const SMS_MAX_CHARS = 1_530;

/**
 * Writes a text to the outbox, in the transaction `db` of what it reports. Nothing is written for a number that
 * unsubscribed (replied STOP; sms_opt_outs): false then.
 */
export async function enqueueSms(db: Db, message: SmsMessage): Promise<boolean> {
  const [optedOut] = await db
    .select({ phone: smsOptOuts.phone })
    .from(smsOptOuts)
    .where(eq(smsOptOuts.phone, message.to));
  if (optedOut) return false;
  await db.insert(outboxMessages).values({
    channel: 'sms',
    idempotencyKey: randomUUID(),
    recipient: message.to,
    subject: message.label,
    textBody: message.body.slice(0, SMS_MAX_CHARS),
  });
  return true;
}

export interface MailboxMessage {
  id: number;
  /** 'email' or 'sms' (a text: `subject` is its label, `html` null). */
  channel: string;
  to: string;
  subject: string;
  text: string;
  html: string | null;
  createdAt: Date;
  /** Null while it waits for the worker. */
  sentAt: Date | null;
  sentVia: string | null;
}

/**
 * The e-mails and texts written (sent or waiting), newest first, at most MAILBOX_LIMIT; only those to `recipient`
 * (exactly as enqueued: an address, or a phone in E.164) when given. The development mailbox and the tests read
 * messages this way.
 */
export async function listMailbox(db: Db, recipient?: string): Promise<MailboxMessage[]> {
  return db
    .select({
      id: outboxMessages.id,
      channel: outboxMessages.channel,
      to: outboxMessages.recipient,
      subject: outboxMessages.subject,
      text: outboxMessages.textBody,
      html: outboxMessages.htmlBody,
      createdAt: outboxMessages.createdAt,
      sentAt: outboxMessages.sentAt,
      sentVia: outboxMessages.sentVia,
    })
    .from(outboxMessages)
    .where(recipient === undefined ? undefined : eq(outboxMessages.recipient, recipient))
    .orderBy(desc(outboxMessages.id))
    .limit(MAILBOX_LIMIT);
}

/** A claimed row; `interrupted`: an earlier attempt began and recorded no outcome (its process died mid-send). */
type ClaimedRow = typeof outboxMessages.$inferSelect & { interrupted: boolean };

/**
 * Takes up to OUTBOX_BATCH due rows of `channels` for this worker (attempt counted, lease set, last error cleared
 * so that a row claimed again without one tells of an attempt that never ended) in one short transaction.
 */
async function claimDue(db: Db, channels: string[]): Promise<ClaimedRow[]> {
  return db.transaction(async (tx) => {
    const due = await tx
      .select({
        id: outboxMessages.id,
        attempts: outboxMessages.attempts,
        lastError: outboxMessages.lastError,
      })
      .from(outboxMessages)
      .where(
        and(
          isNull(outboxMessages.sentAt),
          lte(outboxMessages.nextAttemptAt, sql`now()`),
          lt(outboxMessages.attempts, OUTBOX_MAX_ATTEMPTS),
          inArray(outboxMessages.channel, channels),
        ),
      )
      .orderBy(asc(outboxMessages.nextAttemptAt))
      .limit(OUTBOX_BATCH)
      .for('update', { skipLocked: true });
    if (due.length === 0) return [];
    const interrupted = new Set(due.filter((r) => r.attempts > 0 && r.lastError === null).map((r) => r.id));
    const claimed = await tx
      .update(outboxMessages)
      .set({
        attempts: sql`${outboxMessages.attempts} + 1`,
        lastError: null,
        nextAttemptAt: sql`now() + make_interval(secs => ${OUTBOX_LEASE_SECONDS})`,
      })
      .where(
        inArray(
          outboxMessages.id,
          due.map((row) => row.id),
        ),
      )
      .returning();
    return claimed.map((row) => ({ ...row, interrupted: interrupted.has(row.id) }));
  });
}

export interface DeliveryRound {
  claimed: number;
  sent: number;
  failed: number;
}

/** One row's send through its channel's provider (skipped when the provider already accepted it); throws its failure. */
async function sendRow(row: ClaimedRow, providers: OutboxProviders): Promise<{ sentVia: string }> {
  if (row.channel === 'sms') {
    const sms = providers.sms;
    if (!sms) throw new Error('no SMS provider');
    const message = { to: row.recipient, body: row.textBody, idempotencyKey: row.idempotencyKey };
    // The previous attempt never recorded its outcome: ask the provider before sending again. The attempt began
    // after the row was created, so the search starts there.
    if (row.interrupted && sms.wasAccepted && (await sms.wasAccepted(message, row.createdAt))) {
      return { sentVia: sms.name };
    }
    await sms.send(message);
    return { sentVia: sms.name };
  }
  await providers.email.send({
    to: row.recipient,
    subject: row.subject,
    text: row.textBody,
    ...(row.htmlBody === null ? {} : { html: row.htmlBody }),
    idempotencyKey: row.idempotencyKey,
  });
  return { sentVia: providers.email.name };
}

/**
 * One round: claims the due messages of the channels `providers` serves (an EmailProvider alone: e-mail only),
 * sends each through its provider and marks it sent, or failed with a retry time; a permanent refusal (an invalid
 * or unsubscribed number) is given up at once, and an unsubscribed number is kept in sms_opt_outs. Throws only
 * when the database fails (the worker logs it and tries again at the next poll).
 */
export async function deliverDue(
  db: Db,
  providers: EmailProvider | OutboxProviders,
  log?: Pick<FastifyBaseLogger, 'warn' | 'error'>,
): Promise<DeliveryRound> {
  const byChannel: OutboxProviders = 'send' in providers ? { email: providers } : providers;
  const rows = await claimDue(db, byChannel.sms ? ['email', 'sms'] : ['email']);
  let sent = 0;
  let failed = 0;
  const outcomes = await Promise.allSettled(
    rows.map(async (row) => {
      let sentVia: string;
      try {
        ({ sentVia } = await sendRow(row, byChannel));
      } catch (error) {
        failed += 1;
        const message = (error instanceof Error ? error.message : String(error)).slice(0, ERROR_MAX);
        const permanent = error instanceof SmsSendError && error.permanent;
        const givingUp = permanent || row.attempts >= OUTBOX_MAX_ATTEMPTS;
        await db
          .update(outboxMessages)
          .set({
            lastError: message,
            ...(permanent
              ? { attempts: OUTBOX_MAX_ATTEMPTS }
              : { nextAttemptAt: sql`now() + make_interval(secs => ${retryDelaySeconds(row.attempts)})` }),
          })
          .where(and(eq(outboxMessages.id, row.id), isNull(outboxMessages.sentAt)));
        if (error instanceof SmsSendError && error.optedOut) {
          await db.insert(smsOptOuts).values({ phone: row.recipient }).onConflictDoNothing();
        }
        if (givingUp) {
          log?.error(
            { outboxId: row.id, channel: row.channel, attempts: row.attempts, err: error },
            permanent
              ? `outbox: ${row.channel === 'sms' ? 'text' : 'e-mail'} refused for good by the provider; giving up`
              : `outbox: ${row.channel === 'sms' ? 'text' : 'e-mail'} not sent after the last attempt; giving up`,
          );
        } else {
          log?.warn(
            { outboxId: row.id, channel: row.channel, attempts: row.attempts, err: error },
            'outbox: send failed; will retry',
          );
        }
        return;
      }
      sent += 1;
      await db
        .update(outboxMessages)
        .set({ sentAt: sql`now()`, sentVia, lastError: null })
        .where(and(eq(outboxMessages.id, row.id), isNull(outboxMessages.sentAt)));
    }),
  );
  const failure = outcomes.find((outcome) => outcome.status === 'rejected');
  if (failure) throw failure.reason;
  return { claimed: rows.length, sent, failed };
}

export interface OutboxWorker {
  /** Ends polling and waits for the round in progress. */
  stop(): Promise<void>;
}

/**
 * Delivers due e-mail and texts every `pollMs` (at once again after a full batch) until stopped. A failing database (a
 * restart, a lost connection) fails the round, which is logged once per outage, and polling goes on.
 */
export function startOutboxWorker(
  db: Db,
  provider: EmailProvider | OutboxProviders,
  log: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>,
  options: { pollMs?: number } = {},
): OutboxWorker {
  const pollMs = options.pollMs ?? 1_000;
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let round: Promise<void> = Promise.resolve();
  let failing = false;

  const runRound = async () => {
    let full = false;
    try {
      const result = await deliverDue(db, provider, log);
      full = result.claimed === OUTBOX_BATCH;
      if (failing) log.info('outbox: delivery resumed');
      failing = false;
    } catch (error) {
      if (!failing) log.error({ err: error }, 'outbox: delivery round failed; polling on');
      failing = true;
    }
    if (!stopped) timer = setTimeout(schedule, full ? 0 : pollMs);
  };
  const schedule = () => {
    round = runRound();
  };
  timer = setTimeout(schedule, 0);

  return {
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await round;
    },
  };
}
