/**
 * The HTTP client of the card processor's merchant API (contracts/processor.ts): every call carries our
 * merchant API key and gives up after PROCESSOR_TIMEOUT_MS. A call that got no answer (timeout, connection
 * dropped, processor down) or a 5xx throws ProcessorUnavailableError: the adapters decide whether to ask again
 * with the same idempotency key or to look the outcome up.
 */
import http from 'node:http';
import https from 'node:https';
import type { Env } from '../../env';

export class ProcessorUnavailableError extends Error {
  constructor(reason: string) {
    super(`The payment processor did not answer: ${reason}`);
    this.name = 'ProcessorUnavailableError';
  }
}

export interface ProcessorAnswer {
  status: number;
  body: unknown;
}

/** How long a connection with no call on it stays open for the next one (the processor's own limit is longer). */
const IDLE_CONNECTION_MS = 4_000;

/**
 * Calls go over node:http on kept-alive connections (one placement makes one or two calls): fetch cost every call
 * a Request, a Response, web streams and an AbortSignal, the largest share of the API's CPU per placement.
 */
export class ProcessorClient {
  private readonly base: URL;
  private readonly agent: http.Agent;
  private readonly transport: typeof http | typeof https;

  constructor(
    baseUrl: string,
    private readonly apiKey: string | undefined,
    private readonly timeoutMs: number,
  ) {
    this.base = new URL(baseUrl);
    this.transport = this.base.protocol === 'https:' ? https : http;
    this.agent = new this.transport.Agent({ keepAlive: true, timeout: IDLE_CONNECTION_MS });
  }

  static fromEnv(env: Env): ProcessorClient {
    return new ProcessorClient(env.PROCESSOR_URL, env.PROCESSOR_API_KEY, env.PROCESSOR_TIMEOUT_MS);
  }

  /** The answer (any status below 500), or ProcessorUnavailableError. */
  async call(method: 'GET' | 'POST' | 'PUT', path: string, body?: unknown): Promise<ProcessorAnswer> {
    if (!this.apiKey) throw new ProcessorUnavailableError('PROCESSOR_API_KEY is not set');
    let answer: { status: number; text: string };
    try {
      answer = await this.send(method, path, body === undefined ? undefined : JSON.stringify(body));
    } catch (error) {
      throw new ProcessorUnavailableError(error instanceof Error ? error.message : 'no answer');
    }
    let parsed: unknown = null;
    try {
      parsed = answer.text ? JSON.parse(answer.text) : null;
    } catch (error) {
      throw new ProcessorUnavailableError(error instanceof Error ? error.message : 'unreadable answer');
    }
    if (answer.status >= 500) throw new ProcessorUnavailableError(`status ${answer.status}`);
    return { status: answer.status, body: parsed };
  }

  /** One request and its whole answer within timeoutMs; rejects on a network error, a cut answer or the time. */
  private send(method: string, path: string, payload: string | undefined) {
    const url = new URL(path, this.base);
    const headers: http.OutgoingHttpHeaders = { authorization: `Bearer ${this.apiKey}` };
    if (payload !== undefined) {
      headers['content-type'] = 'application/json';
      headers['content-length'] = Buffer.byteLength(payload);
    }
    return new Promise<{ status: number; text: string }>((resolve, reject) => {
      let settled = false;
      const settle = (error: Error | null, answer?: { status: number; text: string }) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        if (error || !answer) {
          request.destroy();
          reject(error ?? new Error('no answer'));
        } else resolve(answer);
      };
      const request = this.transport.request(url, { method, headers, agent: this.agent }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          settle(null, { status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') }),
        );
        res.on('error', (error) => settle(error));
        res.on('close', () => {
          if (!res.complete) settle(new Error('the answer was cut off'));
        });
      });
      const timer = setTimeout(
        () => settle(new Error('The operation was aborted due to timeout')),
        this.timeoutMs,
      );
      request.on('error', (error) => settle(error));
      request.end(payload);
    });
  }
}
