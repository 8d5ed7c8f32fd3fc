/**
 * Twilio's REST Messages API (2010-04-01): POST /Accounts/{AccountSid}/Messages.json, form-encoded To, From (or
 * MessagingServiceSid for a sender starting with MG) and Body, with HTTP basic authentication (account SID and
 * auth token). Twilio answers 201 with the message resource, or an error object `{ code, message, status }`.
 *
 * Permanent refusals (the message is given up, never retried): 21211 'To' is not a valid phone number, 21614 not a
 * mobile number, 21408 region not enabled, 21610 the recipient unsubscribed (replied STOP: Twilio keeps that
 * opt-out list and refuses every later message to the number until it replies START), and any other 4xx but 429.
 * 429 (too many requests) and 5xx are retried by the outbox with a growing pause.
 *
 * Twilio takes no idempotency key on this call, so a send whose outcome was lost (the process died between
 * Twilio's 201 and the outbox's mark) is reconciled by listing the recipient's latest messages from our sender
 * and looking for the same body created since that attempt began (wasAccepted).
 */
import { SmsSendError, type OutgoingSms, type SmsProvider } from './sms-provider';

export interface TwilioOptions {
  accountSid: string;
  authToken: string;
  /** A phone number in E.164 or a Messaging Service SID (MG...). */
  from: string;
  /** https://api.twilio.com by default; tests point it at a local stand-in. */
  baseUrl: string;
  /** Per request (default 10 s). */
  timeoutMs?: number;
}

const UNSUBSCRIBED = 21610;
/** How many of the recipient's newest messages a reconciliation reads (one page). */
const RECONCILE_PAGE = 50;

interface TwilioError {
  code?: unknown;
  message?: unknown;
}

interface TwilioMessageList {
  messages?: { body?: unknown; to?: unknown; date_created?: unknown }[];
}

export class TwilioSmsProvider implements SmsProvider {
  readonly name = 'twilio';
  private readonly messagesUrl: string;
  private readonly authorization: string;

  constructor(private readonly options: TwilioOptions) {
    const base = options.baseUrl.replace(/\/+$/, '');
    this.messagesUrl = `${base}/2010-04-01/Accounts/${encodeURIComponent(options.accountSid)}/Messages.json`;
    this.authorization = `Basic ${Buffer.from(`${options.accountSid}:${options.authToken}`).toString('base64')}`;
  }

  private sender(): [string, string] {
    return /^MG[0-9a-fA-F]{32}$/.test(this.options.from)
      ? ['MessagingServiceSid', this.options.from]
      : ['From', this.options.from];
  }

  async send(message: OutgoingSms): Promise<void> {
    const form = new URLSearchParams([['To', message.to], this.sender(), ['Body', message.body]]);
    const res = await fetch(this.messagesUrl, {
      method: 'POST',
      headers: {
        authorization: this.authorization,
        'content-type': 'application/x-www-form-urlencoded',
        accept: 'application/json',
      },
      body: form.toString(),
      signal: AbortSignal.timeout(this.options.timeoutMs ?? 10_000),
    });
    if (res.status === 200 || res.status === 201) {
      await res.body?.cancel();
      return;
    }
    const error = (await res.json().catch(() => ({}))) as TwilioError;
    const code = typeof error.code === 'number' ? error.code : null;
    const text = typeof error.message === 'string' ? error.message.slice(0, 300) : res.statusText;
    // 429 and 5xx pass; every other refusal (a 4xx: a bad number, an unsubscribed one, our own configuration)
    // would be refused again.
    const permanent = res.status !== 429 && res.status < 500;
    throw new SmsSendError(
      `Twilio answered ${res.status}${code === null ? '' : ` (${code})`}: ${text}`,
      code,
      permanent,
      code === UNSUBSCRIBED,
    );
  }

  async wasAccepted(message: OutgoingSms, since: Date): Promise<boolean> {
    const [senderParam, sender] = this.sender();
    const query = new URLSearchParams({ To: message.to, PageSize: String(RECONCILE_PAGE) });
    // A Messaging Service picks the number itself: the list is then filtered by recipient only.
    if (senderParam === 'From') query.set('From', sender);
    const res = await fetch(`${this.messagesUrl}?${query.toString()}`, {
      headers: { authorization: this.authorization, accept: 'application/json' },
      signal: AbortSignal.timeout(this.options.timeoutMs ?? 10_000),
    });
    if (!res.ok) throw new Error(`Twilio answered ${res.status} to the message list`);
    const list = (await res.json()) as TwilioMessageList;
    // Twilio's date_created has whole seconds: the attempt's start is rounded down to match.
    const from = Math.floor(since.getTime() / 1000) * 1000;
    return (list.messages ?? []).some(
      (m) =>
        m.body === message.body && typeof m.date_created === 'string' && Date.parse(m.date_created) >= from,
    );
  }
}
