/**
 * The kitchen screens' live streams: one change source per API process (see kitchen-change-source.ts), fanned
 * out to the streams of each location. Every stream is bounded: a heartbeat (which also re-checks the staff
 * session, so a signed-out screen stops hearing orders), a maximum lifetime after which the screen reconnects,
 * a cap on concurrent streams per process, an end on a client that stops reading, and cleanup on disconnect.
 * The same notifications tell the kitchen board's cache (kitchen-board-cache.ts) when a location's orders changed:
 * a version per location, and a generation that moves whenever the source stops hearing (lost or stopped).
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

/**
 * Where a location's orders stood when a board read began: its answer stays right while both are unchanged
 * (no notification for the location since, and the source heard without a break).
 */
export interface BoardStamp {
  generation: number;
  version: number;
}

/** Locations with a version kept at most; past it every version starts again (a new generation). */
const MAX_VERSIONED_LOCATIONS = 50_000;
/** After the source failed to start for a board read, board reads wait this long before trying again. */
const BOARD_LISTEN_RETRY_MS = 1_000;

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
  /** True from the moment LISTEN is in place until the source is lost or stopped. */
  private listening = false;
  private generation = 0;
  /** The last notification's tick per location (a location never notified has version 0). */
  private readonly versions = new Map<number, number>();
  private tick = 0;
  private lastBoardReadAt = -Infinity;
  private boardListenRetryAt = 0;

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

  /**
   * The stamp of a location's orders for a board read about to begin, or null when this process cannot tell
   * whether they change meanwhile (not listening yet, lost, closing): then the read's answer must not be kept.
   * Starts listening when nothing does (board reads keep the source open like streams, see releaseSourceIfIdle).
   */
  boardStamp(locationId: number): BoardStamp | null {
    if (this.closed) return null;
    this.lastBoardReadAt = Date.now();
    if (!this.listening) {
      this.listenForBoards();
      return null;
    }
    this.releaseSourceIfIdle();
    return { generation: this.generation, version: this.versions.get(locationId) ?? 0 };
  }

  /** Whether nothing the source heard (or missed) changed the location's orders since `stamp` was taken. */
  isBoardCurrent(locationId: number, stamp: BoardStamp): boolean {
    return (
      this.listening &&
      stamp.generation === this.generation &&
      (this.versions.get(locationId) ?? 0) === stamp.version
    );
  }

  /**
   * Every board answer kept so far is dropped: after a write of this process, whose notification may reach the
   * LISTEN connection a moment after the writer's COMMIT returned (the screen that moved a ticket re-reads its
   * board at once).
   */
  invalidateBoards(): void {
    this.generation += 1;
    this.versions.clear();
  }

  /** One notification of the orders trigger, sent to the streams of its location; anything else is ignored. */
  dispatch(payload: string): void {
    let parsed: unknown;
    try {
      parsed = JSON.parse(payload);
    } catch {
      // A change this process cannot place: no board answer kept so far can be trusted.
      this.invalidateBoards();
      return;
    }
    this.bumpVersion(parsed);
    const event = KitchenEventSchema.safeParse(parsed);
    if (!event.success) return;
    for (const subscriber of this.byLocation.get(event.data.locationId) ?? []) subscriber.send(event.data);
  }

  /** The location of a notification moves on (even one the streams' schema refuses); no location, all do. */
  private bumpVersion(parsed: unknown) {
    const locationId: unknown =
      typeof parsed === 'object' && parsed !== null ? Reflect.get(parsed, 'locationId') : undefined;
    if (typeof locationId !== 'number' || this.versions.size >= MAX_VERSIONED_LOCATIONS) {
      this.invalidateBoards();
      if (typeof locationId !== 'number') return;
    }
    this.tick += 1;
    this.versions.set(locationId, this.tick);
  }

  /** Starts the source for board reads (their answers are kept once it listens); a failure waits a moment. */
  private listenForBoards() {
    if (this.source || Date.now() < this.boardListenRetryAt) return;
    this.ensureSource().then(
      () => this.releaseSourceIfIdle(),
      () => {
        this.boardListenRetryAt = Date.now() + BOARD_LISTEN_RETRY_MS;
      },
    );
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
    if (this.source) return this.source;
    const source = this.changes
      .listen(
        (payload) => this.dispatch(payload),
        (error) => {
          // The screens cannot tell what they missed: end their streams, they reconnect and re-read the board.
          // Nor can the board's cache: everything it kept is dropped, and nothing is kept until listening again.
          this.source = null;
          this.stopHearing();
          this.onSourceLost(error);
          this.endAll('source-lost');
        },
      )
      .then(
        (stop) => {
          if (this.source === source) this.listening = true;
          return stop;
        },
        (error: unknown) => {
          if (this.source === source) this.source = null;
          throw error;
        },
      );
    this.source = source;
    return source;
  }

  private stopHearing() {
    this.listening = false;
    this.invalidateBoards();
  }

  /** The source stops once no stream is open and no board was read for idleSourceMs. */
  private releaseSourceIfIdle() {
    if (this.count > 0 || this.idleTimer || !this.source) return;
    this.idleTimer = setTimeout(() => {
      this.idleTimer = null;
      if (this.count > 0) return;
      if (Date.now() - this.lastBoardReadAt >= this.limits.idleSourceMs) void this.stopSource();
      else this.releaseSourceIfIdle();
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
    this.stopHearing();
    if (!source) return;
    try {
      const stop = await source;
      await stop();
    } catch {
      // It never started listening: nothing to stop.
    }
  }
}
