/**
 * The kitchen board's answers (GET /v1/staff/orders) kept in this process until their store's orders change:
 * every kitchen screen polls its board, and a busy store's board read again from PostgreSQL on each poll was
 * most of the route's cost although it rarely changed between two polls.
 *
 * An answer is kept with the stamp of its location taken before its read began (KitchenEventHub.boardStamp) and
 * served only while the stamp is current: no notification of the orders trigger for that location since
 * (migration 0031: every column a ticket shows notifies), the change source listening without a break (a lost
 * connection drops everything, and nothing is kept until it listens again), and the store's catalogue record the
 * same object (its time zone and pickup fields' labels; the catalogue reads a changed store anew). A change
 * committed while a read runs is heard after the read's stamp was taken, so that read's answer is never served.
 * A change committed elsewhere shows from the moment its notification arrives (sent at its commit, so a moment
 * after the writer saw COMMIT return): the staff routes of this process drop the kept boards themselves after a
 * write, since the screen that moved a ticket re-reads its board at once.
 *
 * Bounded: at most `maxEntries` answers and `maxBytes` of them (least recently used dropped first), each for at
 * most `ttlMs`, which bounds how long a change no trigger reports (a hand-written fix in SQL) can stay unseen.
 */
import type { BoardStamp, KitchenEventHub } from './kitchen-events';

export interface KitchenBoardCacheLimits {
  maxEntries: number;
  maxBytes: number;
  ttlMs: number;
}

export const DEFAULT_KITCHEN_BOARD_CACHE_LIMITS: KitchenBoardCacheLimits = {
  maxEntries: 1_000,
  maxBytes: 32 * 1024 * 1024,
  // Longer than a screen's poll (10 s, apps/web use-kitchen-live.ts), so that one screen's polls are served too.
  ttlMs: 30_000,
};

interface Entry {
  locationId: number;
  stamp: BoardStamp;
  /** The catalogue record the answer was made with (compared by identity). */
  record: object;
  expiresAt: number;
  /** The answer, or the read under way that makes it (concurrent reads of the same board wait for it). */
  body: Buffer | Promise<Buffer>;
  bytes: number;
}

export class KitchenBoardCache {
  /** In least recently used order (a Map iterates in insertion order; a hit moves its entry to the end). */
  private readonly entries = new Map<string, Entry>();
  private bytes = 0;

  constructor(
    private readonly hub: KitchenEventHub,
    private readonly limits: KitchenBoardCacheLimits = DEFAULT_KITCHEN_BOARD_CACHE_LIMITS,
  ) {}

  /** Answers kept (tests). */
  get size(): number {
    return this.entries.size;
  }

  /**
   * The board of `key` (its location and query) made with `record`: a kept answer while it is current, else
   * `read()`'s, kept when the location could be stamped before the read began. A failed read is not kept.
   */
  async get(
    key: string,
    locationId: number,
    record: object,
    read: () => Promise<Buffer>,
    now = Date.now(),
  ): Promise<Buffer> {
    const kept = this.entries.get(key);
    if (kept) {
      if (kept.record === record && now < kept.expiresAt && this.hub.isBoardCurrent(locationId, kept.stamp)) {
        this.entries.delete(key);
        this.entries.set(key, kept);
        return kept.body;
      }
      this.remove(key, kept);
    }
    const stamp = this.hub.boardStamp(locationId);
    if (!stamp) return read();
    const body = read();
    const entry: Entry = { locationId, stamp, record, expiresAt: now + this.limits.ttlMs, body, bytes: 0 };
    this.entries.set(key, entry);
    this.evict();
    try {
      const done = await body;
      // Kept only if it is still the entry of its key (not dropped or replaced meanwhile) and fits.
      if (this.entries.get(key) === entry) {
        entry.body = done;
        entry.bytes = done.length;
        this.bytes += done.length;
        this.evict();
      }
      return done;
    } catch (error) {
      if (this.entries.get(key) === entry) this.entries.delete(key);
      throw error;
    }
  }

  private remove(key: string, entry: Entry) {
    this.entries.delete(key);
    this.bytes -= entry.bytes;
  }

  private evict() {
    for (const [key, entry] of this.entries) {
      if (this.entries.size <= this.limits.maxEntries && this.bytes <= this.limits.maxBytes) return;
      this.remove(key, entry);
    }
  }
}
