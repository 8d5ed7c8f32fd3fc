/**
 * A bare outbox worker process for the kill tests (outbox-kill.test.ts): the database from DATABASE_URL or
 * PGLITE_DIR, texts through Twilio at TWILIO_API_URL (the test's stand-in), e-mail through the SMTP relay at
 * SMTP_URL when set (else the mailbox), polling every 50 ms until killed.
 */
import { openDatabase } from '../db/client';
import { MailboxProvider } from '../providers/email/mailbox-provider';
import { SmtpProvider } from '../providers/email/smtp-provider';
import { startOutboxWorker } from '../providers/email/outbox';
import { TwilioSmsProvider } from '../providers/sms/twilio-provider';
import { FAKE_TWILIO } from './fake-twilio';

const database = openDatabase({ url: process.env.DATABASE_URL, dataDir: process.env.PGLITE_DIR });
startOutboxWorker(
  database.db,
  {
    email: process.env.SMTP_URL
      ? new SmtpProvider({ url: process.env.SMTP_URL, from: 'Storefront <no-reply@storefront.test>' })
      : new MailboxProvider(),
    sms: new TwilioSmsProvider({ ...FAKE_TWILIO, baseUrl: process.env.TWILIO_API_URL ?? '' }),
  },
  { info: () => undefined, warn: () => undefined, error: (...args: unknown[]) => console.error(...args) },
  { pollMs: 50 },
);
