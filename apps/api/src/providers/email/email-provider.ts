/**
 * How e-mail leaves the API: an interface the outbox worker sends through, so the development mailbox and a
 * real SMTP relay are interchangeable. Nothing but the outbox worker calls a provider: the rest of the API
 * enqueues (outbox.ts), in the transaction of what the mail reports.
 */

/** An e-mail as the API writes it. */
export interface EmailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

/** An e-mail on its way out: the idempotency key is the same on every attempt to send that message. */
export type OutgoingEmail = EmailMessage & { idempotencyKey: string };

export interface EmailProvider {
  /** 'mailbox' or 'smtp' (kept in outbox_messages.sent_via). */
  readonly name: string;
  /** Delivers the message or throws (the worker retries later with the same idempotency key). */
  send(message: OutgoingEmail): Promise<void>;
}
