/**
 * The HTTP client of the card processor's merchant API (contracts/processor.ts): every call carries our
 * merchant API key and gives up after PROCESSOR_TIMEOUT_MS. A call that got no answer (timeout, connection
 * dropped, processor down) or a 5xx throws ProcessorUnavailableError: the adapters decide whether to ask again
 * with the same idempotency key or to look the outcome up.
 */
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

export class ProcessorClient {
  constructor(
    private readonly baseUrl: string,
    private readonly apiKey: string | undefined,
    private readonly timeoutMs: number,
  ) {}

  static fromEnv(env: Env): ProcessorClient {
    return new ProcessorClient(env.PROCESSOR_URL, env.PROCESSOR_API_KEY, env.PROCESSOR_TIMEOUT_MS);
  }

  /** The answer (any status below 500), or ProcessorUnavailableError. */
  async call(method: 'GET' | 'POST' | 'PUT', path: string, body?: unknown): Promise<ProcessorAnswer> {
    if (!this.apiKey) throw new ProcessorUnavailableError('PROCESSOR_API_KEY is not set');
    let res: Response;
    try {
      res = await fetch(new URL(path, this.baseUrl), {
        method,
        headers: {
          authorization: `Bearer ${this.apiKey}`,
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(this.timeoutMs),
      });
    } catch (error) {
      throw new ProcessorUnavailableError(error instanceof Error ? error.message : 'no answer');
    }
    let parsed: unknown = null;
    try {
      const text = await res.text();
      parsed = text ? JSON.parse(text) : null;
    } catch (error) {
      throw new ProcessorUnavailableError(error instanceof Error ? error.message : 'unreadable answer');
    }
    if (res.status >= 500) throw new ProcessorUnavailableError(`status ${res.status}`);
    return { status: res.status, body: parsed };
  }
}
