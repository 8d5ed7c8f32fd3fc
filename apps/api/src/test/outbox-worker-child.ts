/**
 * A bare outbox worker process for the kill test (outbox-kill.test.ts): the database from DATABASE_URL or
 * PGLITE_DIR, texts through Twilio at TWILIO_API_URL (the test's stand-in), polling every 50 ms until killed.
 */
import { openDatabase } from '../db/client';
import { MailboxProvider } from '../providers/email/mailbox-provider';
import { startOutboxWorker } from '../providers/email/outbox';
import { TwilioSmsProvider } from '../providers/sms/twilio-provider';
import { FAKE_TWILIO } from './fake-twilio';

const database = openDatabase({ url: process.env.DATABASE_URL, dataDir: process.env.PGLITE_DIR });
startOutboxWorker(
  database.db,
  {
    email: new MailboxProvider(),
    sms: new TwilioSmsProvider({ ...FAKE_TWILIO, baseUrl: process.env.TWILIO_API_URL ?? '' }),
  },
  { info: () => undefined, warn: () => undefined, error: (...args: unknown[]) => console.error(...args) },
  { pollMs: 50 },
);
