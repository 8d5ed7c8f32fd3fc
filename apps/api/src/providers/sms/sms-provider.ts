/**
 * How text messages leave the API: an interface the outbox worker sends through, so the development mailbox and
 * Twilio's REST Messages API are interchangeable. Nothing but the outbox worker calls a provider: the rest of the
 * API enqueues (providers/email/outbox.ts, enqueueSms), in the transaction of what the text reports.
 */

/** A text message on its way out: the idempotency key is the same on every attempt to send that message. */
export interface OutgoingSms {
  /** E.164, e.g. +12025550123. */
  to: string;
  body: string;
  idempotencyKey: string;
}

export interface SmsProvider {
  /** 'mailbox' or 'twilio' (kept in outbox_messages.sent_via). */
  readonly name: string;
  /**
   * Hands the message to the carrier network or throws: a SmsSendError with `permanent` set when trying again
   * cannot help (an invalid or unsubscribed number), any other error to be retried later with the same key.
   */
  send(message: OutgoingSms): Promise<void>;
  /**
   * Whether the provider already accepted this message since `since`: asked before sending a message whose previous
   * attempt ended without a recorded outcome (the process died between the provider's answer and the outbox's
   * mark), so that the attempt is not sent a second time. Absent: the provider keeps nothing to ask.
   */
  wasAccepted?(message: OutgoingSms, since: Date): Promise<boolean>;
}

/** A provider's refusal, with its own error code (Twilio's 21211, 21610, ...). */
export class SmsSendError extends Error {
  constructor(
    message: string,
    readonly providerCode: number | null,
    /** Trying again cannot help: the outbox gives the message up at once. */
    readonly permanent: boolean,
    /** The recipient has unsubscribed (replied STOP): nothing more may be texted to the number. */
    readonly optedOut = false,
  ) {
    super(message);
    this.name = 'SmsSendError';
  }
}
