/**
 * Delivery through an SMTP relay (nodemailer, SMTP_URL). The outbox's idempotency key becomes the Message-ID,
 * so a message sent again after a crash (see outbox.ts) carries the same id: relays and mail clients that
 * deduplicate on it drop the copy, and anyone else can tell it for a repeat.
 */
import nodemailer, { type Transporter } from 'nodemailer';
import type { EmailProvider, OutgoingEmail } from './email-provider';

/** Bounds of one send: a relay that stops answering fails the attempt well inside the outbox's lease. */
const SMTP_TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 };

export interface SmtpOptions {
  url: string;
  from: string;
  /** The domain of the Message-ID (default: the From address's domain). */
  messageIdDomain?: string;
}

/** `<key@domain>` from the From address ('Storefront <no-reply@shop.example>' -> shop.example). */
export function messageIdFor(idempotencyKey: string, from: string, domain?: string): string {
  const fromDomain = /@([^>\s]+)>?\s*$/.exec(from)?.[1];
  return `<${idempotencyKey}@${domain ?? fromDomain ?? 'storefront.invalid'}>`;
}

export class SmtpProvider implements EmailProvider {
  readonly name = 'smtp';
  private readonly transport: Transporter;

  constructor(private readonly options: SmtpOptions) {
    this.transport = nodemailer.createTransport({ url: options.url, ...SMTP_TIMEOUTS });
  }

  async send(message: OutgoingEmail): Promise<void> {
    await this.transport.sendMail({
      from: this.options.from,
      to: message.to,
      subject: message.subject,
      text: message.text,
      ...(message.html === undefined ? {} : { html: message.html }),
      messageId: messageIdFor(message.idempotencyKey, this.options.from, this.options.messageIdDomain),
    });
  }

  close(): void {
    this.transport.close();
  }
}
