/**
 * A local stand-in for Twilio's REST Messages API (2010-04-01), answering as Twilio documents it: POST
 * /Accounts/{sid}/Messages.json (form To, From or MessagingServiceSid, Body; basic authentication) answers 201 with
 * the message resource, or an error object { code, message, more_info, status }: 20003 bad credentials (401), 21211
 * 'To' not a valid phone number (400), 21610 unsubscribed recipient (400), 20429 too many requests (429), 20500
 * internal error (5xx). GET of the same path lists messages newest first, filtered by To and From.
 */
import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';

export interface FakeTwilioMessage {
  sid: string;
  to: string;
  from: string;
  body: string;
  dateCreated: Date;
}

export const FAKE_TWILIO = {
  accountSid: `AC${'0123456789abcdef'.repeat(2)}`,
  authToken: 'fake-twilio-auth-token-0001',
  from: '+15005550006',
};

export class FakeTwilio {
  readonly messages: FakeTwilioMessage[] = [];
  /** Every POST received, answered or not. */
  posts = 0;
  /** Numbers that replied STOP (21610). */
  readonly unsubscribed = new Set<string>();
  /** The next POSTs answer these statuses (429, 500, 503 ...) in order, before any is accepted. */
  readonly failures: number[] = [];
  /** When set, an accepted message's answer is withheld and this is called (the test kills its sender). */
  onAcceptedWithoutAnswer: ((message: FakeTwilioMessage) => void) | null = null;
  private server: Server | null = null;
  private readonly held: ServerResponse[] = [];
  url = '';

  async start(): Promise<string> {
    this.server = createServer((req, res) => void this.handle(req, res));
    await new Promise<void>((resolve) => this.server?.listen(0, '127.0.0.1', resolve));
    const address = this.server.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    this.url = `http://127.0.0.1:${port}`;
    return this.url;
  }

  async stop(): Promise<void> {
    for (const res of this.held) res.destroy();
    this.server?.closeAllConnections();
    await new Promise<void>((resolve) => this.server?.close(() => resolve()) ?? resolve());
  }

  private async handle(req: IncomingMessage, res: ServerResponse) {
    const url = new URL(req.url ?? '/', this.url);
    const path = `/2010-04-01/Accounts/${FAKE_TWILIO.accountSid}/Messages.json`;
    const json = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    const error = (status: number, code: number, message: string) =>
      json(status, { code, message, more_info: `https://www.twilio.com/docs/errors/${code}`, status });
    const expected = `Basic ${Buffer.from(`${FAKE_TWILIO.accountSid}:${FAKE_TWILIO.authToken}`).toString('base64')}`;
    if (req.headers.authorization !== expected) return error(401, 20003, 'Authenticate');
    if (url.pathname !== path) return error(404, 20404, 'The requested resource was not found');
    if (req.method === 'GET') {
      const to = url.searchParams.get('To');
      const from = url.searchParams.get('From');
      const size = Number(url.searchParams.get('PageSize') ?? 50);
      const list = this.messages
        .filter((m) => (to === null || m.to === to) && (from === null || m.from === from))
        .reverse()
        .slice(0, size)
        .map((m) => this.resource(m));
      return json(200, { messages: list, page: 0, page_size: size, next_page_uri: null });
    }
    if (req.method !== 'POST') return error(405, 20004, 'Method not allowed');
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const form = new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
    this.posts += 1;
    const failure = this.failures.shift();
    if (failure === 429) return error(429, 20429, 'Too Many Requests');
    if (failure !== undefined) return error(failure, 20500, 'Internal Server Error');
    const to = form.get('To') ?? '';
    const from = form.get('From') ?? form.get('MessagingServiceSid') ?? '';
    const body = form.get('Body') ?? '';
    if (!/^\+[1-9][0-9]{7,14}$/.test(to) || to.startsWith('+1555')) {
      return error(400, 21211, `The 'To' number ${to} is not a valid phone number.`);
    }
    if (this.unsubscribed.has(to)) return error(400, 21610, 'Attempt to send to unsubscribed recipient');
    const message: FakeTwilioMessage = {
      sid: `SM${randomBytes(16).toString('hex')}`,
      to,
      from,
      body,
      dateCreated: new Date(),
    };
    this.messages.push(message);
    if (this.onAcceptedWithoutAnswer) {
      this.held.push(res);
      this.onAcceptedWithoutAnswer(message);
      return;
    }
    json(201, { ...this.resource(message), status: 'queued' });
  }

  private resource(m: FakeTwilioMessage) {
    return {
      sid: m.sid,
      account_sid: FAKE_TWILIO.accountSid,
      to: m.to,
      from: m.from,
      body: m.body,
      status: 'sent',
      num_segments: '1',
      direction: 'outbound-api',
      api_version: '2010-04-01',
      // Twilio writes dates in RFC 2822, to the second.
      date_created: m.dateCreated.toUTCString().replace('GMT', '+0000'),
      uri: `/2010-04-01/Accounts/${FAKE_TWILIO.accountSid}/Messages/${m.sid}.json`,
    };
  }
}
