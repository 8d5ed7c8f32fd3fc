/**
 * Development delivery of texts: the message stays readable in the mailbox (the outbox rows, shown at /mailbox
 * beside the e-mail), so sending has nothing left to do. The worker still marks it sent (sent_via 'mailbox').
 */
import type { SmsProvider } from './sms-provider';

export class MailboxSmsProvider implements SmsProvider {
  readonly name = 'mailbox';

  async send(): Promise<void> {
    // Nothing to do: the mailbox reads the outbox.
  }
}
