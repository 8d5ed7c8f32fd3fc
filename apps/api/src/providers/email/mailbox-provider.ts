/**
 * Development delivery: the message stays readable in the mailbox (the outbox rows, shown at /mailbox), so
 * sending has nothing left to do. The worker still marks it sent (sent_via 'mailbox').
 */
import type { EmailProvider } from './email-provider';

export class MailboxProvider implements EmailProvider {
  readonly name = 'mailbox';

  async send(): Promise<void> {
    // Nothing to do: the mailbox reads the outbox.
  }
}
