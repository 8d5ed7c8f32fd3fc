/** The e-mail provider of this deployment: SMTP when SMTP_URL is set, else the development mailbox. */
import type { Env } from '../../env';
import type { EmailProvider } from './email-provider';
import { MailboxProvider } from './mailbox-provider';
import { SmtpProvider } from './smtp-provider';

export type { EmailMessage, EmailProvider, OutgoingEmail } from './email-provider';
export { MailboxProvider } from './mailbox-provider';
export { SmtpProvider } from './smtp-provider';
export { deliverDue, enqueueEmail, listMailbox, startOutboxWorker } from './outbox';

export function createEmailProvider(env: Pick<Env, 'SMTP_URL' | 'MAIL_FROM'>): EmailProvider {
  return env.SMTP_URL ? new SmtpProvider({ url: env.SMTP_URL, from: env.MAIL_FROM }) : new MailboxProvider();
}
