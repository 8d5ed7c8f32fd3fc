/**
 * The kitchen screens' live streams: one change source per API process (see kitchen-change-source.ts), fanned
 * out to the streams of each location. Every stream is bounded: a heartbeat (which also re-checks the staff
 * session, so a signed-out screen stops hearing orders), a maximum lifetime after which the screen reconnects,
 * a cap on concurrent streams per process, an end on a client that stops reading, and cleanup on disconnect.
 */
import { PassThrough } from 'node:stream';
import {
  KITCHEN_EVENT,
  KITCHEN_HEARTBEAT_MS,
  KitchenEventSchema,
  type KitchenEvent,
  type KitchenStreamEnd,
} from '@storefront/contracts/staff';
import type { ChangeSource } from './kitchen-change-source';

export interface KitchenStreamLimits {
  heartbeatMs: number;
  /** A stream ends after this long; the screen reconnects at once (and re-reads its board). */
  maxLifetimeMs: number;
  /** Streams one process serves at once; more are refused with 503 until one ends. */
  maxStreams: number;
  /** Bytes a stream may hold unread before its client is taken as gone. */
  maxBufferedBytes: number;
  /** How long the change source stays open after the last stream ended (saves reconnecting on a reload). */
  idleSourceMs: number;
}

export const DEFAULT_KITCHEN_STREAM_LIMITS: KitchenStreamLimits = {
  heartbeatMs: KITCHEN_HEARTBEAT_MS,
  maxLifetimeMs: 10 * 60_000,
  maxStreams: 200,
  maxBufferedBytes: 64 * 1024,
  idleSourceMs: 30_000,
};

/** Tells the client to retry after 2 s when the connection drops without an `end` (EventSource's own retry). */
const RETRY_MS = 2_000;

export interface KitchenStream {
  /** The text/event-stream body: ends when the stream ends for any reason. */
  body: PassThrough;
  /** Ends the stream with an `end` event saying why. */
  end(reason: KitchenStreamEnd['reason']): void;
}

interface Subscriber {
  locationId: number;
  send(event: KitchenEvent): void;
  end(reason: KitchenStreamEnd['reason']): void;
}

export class KitchenEventHub {
  private readonly byLocation = new Map<number, Set<Subscriber>>();
  private count = 0;
  private source: Promise<() => Promise<void>> | null = null;
  private idleTimer: NodeJS.Timeout | null = null;
  private closed = false;

  constructor(
    private readonly changes: ChangeSource,
    private readonly limits: KitchenStreamLimits = DEFAULT_KITCHEN_STREAM_LIMITS,
    private readonly onSourceLost: (error: Error) => void = () => undefined,
  ) {}

  /** Streams open now (tests and logs). */
  get size(): number {
    return this.count;
  }

  /**
   * A new stream of the location's changes, or null when the process already serves `maxStreams` (or is
   * closing). `isSessionActive` is asked at every heartbeat; false ends the stream. Rejects when the change
   * source cannot listen (the database is away).
   */
  async open(locationId: number, isSessionActive: () => Promise<boolean>): Promise<KitchenStream | null> {
    if (this.closed || this.count >= this.limits.maxStreams) return null;
    this.count += 1;
    try {
      await this.ensureSource();
    } catch (error) {
      this.count -= 1;
      this.releaseSourceIfIdle();
      throw error;
    }
    if (this.closed) {
      this.count -= 1;
      return null;
    }
    const body = new PassThrough();
    let ended = false;
    const write = (text: string) => {
      if (ended) return;
      body.write(text);
      // A client that stops reading would make the server hold every event for it: let it go instead.
      if (body.writableLength > this.limits.maxBufferedBytes) cleanup();
    };
    const subscriber: Subscriber = {
      locationId,
      send: (event) => write(`event: ${KITCHEN_EVENT.order}\ndata: ${JSON.stringify(event)}\n\n`),
      end: (reason) => {
        write(`event: ${KITCHEN_EVENT.end}\ndata: ${JSON.stringify({ reason })}\n\n`);
        cleanup();
      },
    };
    const heartbeat = setInterval(() => {
      isSessionActive().then(
        (active) => {
          if (active) write(`event: ${KITCHEN_EVENT.ping}\ndata: {}\n\n`);
          else subscriber.end('session-ended');
        },
        // The database is away for a moment: the beat still says the stream is alive; the next one asks again.
        () => write(`event: ${KITCHEN_EVENT.ping}\ndata: {}\n\n`),
      );
    }, this.limits.heartbeatMs);
    const lifetime = setTimeout(() => subscriber.end('lifetime'), this.limits.maxLifetimeMs);
    const cleanup = () => {
      if (ended) return;
      ended = true;
      clearInterval(heartbeat);
      clearTimeout(lifetime);
      const set = this.byLocation.get(locationId);
      set?.delete(subscriber);
      if (set?.size === 0) this.byLocation.delete(locationId);
      this.count -= 1;
      body.end();
      this.releaseSourceIfIdle();
    };
    // The client went away (or the server ended the response): the same cleanup, once.
    body.on('close', cleanup);
    const set = this.byLocation.get(locationId) ?? new Set<Subscriber>();
    set.add(subscriber);
    this.byLocation.set(locationId, set);
    // Sent at once, so that the response starts (the screen shows 'Live') without waiting for an order.
    write(`retry: ${RETRY_MS}\nevent: ${KITCHEN_EVENT.ping}\ndata: {}\n\n`);
    return { body, end: (reason) => subscriber.end(reason) };
  }

  /** Ends every stream (the server is stopping) and stops listening. */
  async close(): Promise<void> {
    this.closed = true;
    this.endAll('shutdown');
    await this.stopSource();
  }

  /** One notification of the orders trigger, sent to the streams of its location; anything else is ignored. */
  dispatch(payload: string): void {
    let parsed: unknown;
    try {
      parsed = JSON.parse(payload);
    } catch {
      return;
    }
    const event = KitchenEventSchema.safeParse(parsed);
    if (!event.success) return;
    for (const subscriber of this.byLocation.get(event.data.locationId) ?? []) subscriber.send(event.data);
  }

  private endAll(reason: KitchenStreamEnd['reason']) {
    for (const set of [...this.byLocation.values()]) {
      for (const subscriber of [...set]) subscriber.end(reason);
    }
  }

  private ensureSource(): Promise<() => Promise<void>> {
    if (this.idleTimer) {
      clearTimeout(this.idleTimer);
      this.idleTimer = null;
    }
    this.source ??= this.changes
      .listen(
        (payload) => this.dispatch(payload),
        (error) => {
          // The screens cannot tell what they missed: end their streams, they reconnect and re-read the board.
          this.source = null;
          this.onSourceLost(error);
          this.endAll('source-lost');
        },
      )
      .catch((error: unknown) => {
        this.source = null;
        throw error;
      });
    return this.source;
  }

  private releaseSourceIfIdle() {
    if (this.count > 0 || this.idleTimer || !this.source) return;
    this.idleTimer = setTimeout(() => {
      this.idleTimer = null;
      if (this.count === 0) void this.stopSource();
    }, this.limits.idleSourceMs);
    this.idleTimer.unref();
  }

  private async stopSource() {
    if (this.idleTimer) {
      clearTimeout(this.idleTimer);
      this.idleTimer = null;
    }
    const source = this.source;
    this.source = null;
    if (!source) return;
    try {
      const stop = await source;
      await stop();
    } catch {
      // It never started listening: nothing to stop.
    }
  }
}
