/**
 * The kitchen board's cache against a change source in memory: when an answer is kept and served, and every way
 * it stops being served (a notification of its store, even one heard while its read ran; a lost source; another
 * catalogue record; its time to live; the bounds).
 */
import { describe, expect, it, vi } from 'vitest';
import { memorySource } from './memory-change-source';
import { KitchenEventHub, DEFAULT_KITCHEN_STREAM_LIMITS } from './kitchen-events';
import { KitchenBoardCache, type KitchenBoardCacheLimits } from './kitchen-board-cache';

const LIMITS: KitchenBoardCacheLimits = { maxEntries: 3, maxBytes: 1_000, ttlMs: 30_000 };

const changed = (locationId: number) => JSON.stringify({ locationId, orderId: 1, statusId: 2 });

/** A hub listening, a cache on it, and a read that counts its calls and answers `text` (or waits for `gate`). */
async function setUp(limits = LIMITS) {
  const { source, state } = memorySource();
  const hub = new KitchenEventHub(source, DEFAULT_KITCHEN_STREAM_LIMITS);
  const cache = new KitchenBoardCache(hub, limits);
  // The first board read starts listening; its answer is not kept (nothing tells yet whether it changes).
  expect(hub.boardStamp(1)).toBeNull();
  await Promise.resolve();
  await Promise.resolve();
  expect(hub.boardStamp(1)).not.toBeNull();
  const reads = { count: 0, text: 'a' };
  const read = () => {
    reads.count += 1;
    return Promise.resolve(Buffer.from(reads.text));
  };
  return { hub, cache, state, reads, read };
}

const record = {};

describe('kitchen board cache', () => {
  it('serves a second read from memory and reads again after a notification of its store only', async () => {
    const { hub, cache, state, reads, read } = await setUp();
    expect(String(await cache.get('1:*', 1, record, read))).toBe('a');
    expect(String(await cache.get('2:*', 2, record, read))).toBe('a');
    reads.text = 'b';
    expect(String(await cache.get('1:*', 1, record, read))).toBe('a');
    expect(reads.count).toBe(2);
    state.notify(changed(1));
    expect(String(await cache.get('1:*', 1, record, read))).toBe('b');
    // Store 2 heard nothing: still its kept answer.
    expect(String(await cache.get('2:*', 2, record, read))).toBe('a');
    expect(reads.count).toBe(3);
    await hub.close();
  });

  it('never serves an answer whose read was under way when its store changed', async () => {
    const { hub, cache, state, reads } = await setUp();
    let finish: (body: Buffer) => void = () => undefined;
    const slow = () => {
      reads.count += 1;
      return new Promise<Buffer>((resolve) => {
        finish = resolve;
      });
    };
    const first = cache.get('1:*', 1, record, slow);
    // A concurrent read of the same board waits for the read under way instead of reading again.
    const second = cache.get('1:*', 1, record, slow);
    state.notify(changed(1));
    finish(Buffer.from('old'));
    expect(String(await first)).toBe('old');
    expect(String(await second)).toBe('old');
    expect(reads.count).toBe(1);
    reads.text = 'new';
    const fresh = () => {
      reads.count += 1;
      return Promise.resolve(Buffer.from(reads.text));
    };
    expect(String(await cache.get('1:*', 1, record, fresh))).toBe('new');
    expect(reads.count).toBe(2);
    await hub.close();
  });

  it('keeps nothing while the source is lost, and again once it listens', async () => {
    const { hub, cache, state, reads, read } = await setUp();
    await cache.get('1:*', 1, record, read);
    state.lose(new Error('terminated'));
    await cache.get('1:*', 1, record, read);
    expect(reads.count).toBe(2);
    // That read started listening again; until it listens every read goes to the database.
    expect(state.starts).toBe(2);
    await Promise.resolve();
    await Promise.resolve();
    await cache.get('1:*', 1, record, read);
    await cache.get('1:*', 1, record, read);
    expect(reads.count).toBe(3);
    await hub.close();
    // A closed hub keeps nothing.
    await cache.get('1:*', 1, record, read);
    expect(reads.count).toBe(4);
  });

  it('drops every answer after a write of this process, and on a notification it cannot read', async () => {
    const { hub, cache, state, reads, read } = await setUp();
    await cache.get('1:*', 1, record, read);
    hub.invalidateBoards();
    await cache.get('1:*', 1, record, read);
    expect(reads.count).toBe(2);
    state.notify('not json');
    await cache.get('1:*', 1, record, read);
    expect(reads.count).toBe(3);
    await hub.close();
  });

  it('reads again for another catalogue record and after the time to live', async () => {
    const { hub, cache, reads, read } = await setUp();
    const now = Date.now();
    await cache.get('1:*', 1, record, read, now);
    await cache.get('1:*', 1, {}, read, now);
    expect(reads.count).toBe(2);
    await cache.get('1:*', 1, record, read, now);
    expect(reads.count).toBe(3);
    await cache.get('1:*', 1, record, read, now + LIMITS.ttlMs - 1);
    expect(reads.count).toBe(3);
    await cache.get('1:*', 1, record, read, now + LIMITS.ttlMs);
    expect(reads.count).toBe(4);
    await hub.close();
  });

  it('keeps at most maxEntries answers and maxBytes of them, the least recently used dropped first', async () => {
    const { hub, cache, reads, read } = await setUp();
    for (const location of [1, 2, 3]) await cache.get(`${location}:*`, location, record, read);
    // 1 is used again, so 2 is the least recently used when 4 comes.
    await cache.get('1:*', 1, record, read);
    await cache.get('4:*', 4, record, read);
    expect(cache.size).toBe(3);
    expect(reads.count).toBe(4);
    await cache.get('1:*', 1, record, read);
    expect(reads.count).toBe(4);
    await cache.get('2:*', 2, record, read);
    expect(reads.count).toBe(5);
    // An answer larger than maxBytes is answered, not kept.
    reads.text = 'x'.repeat(LIMITS.maxBytes + 1);
    await cache.get('5:*', 5, record, read);
    await cache.get('5:*', 5, record, read);
    expect(reads.count).toBe(7);
    expect(cache.size).toBeLessThanOrEqual(3);
    await hub.close();
  });

  it('does not keep a failed read', async () => {
    const { hub, cache, reads, read } = await setUp();
    await expect(cache.get('1:*', 1, record, () => Promise.reject(new Error('away')))).rejects.toThrow(
      'away',
    );
    await cache.get('1:*', 1, record, read);
    await cache.get('1:*', 1, record, read);
    expect(reads.count).toBe(1);
    await hub.close();
  });

  it('keeps listening while boards are read, and stops idleSourceMs after the last read', async () => {
    vi.useFakeTimers();
    try {
      const { hub, state } = await setUp();
      const idle = DEFAULT_KITCHEN_STREAM_LIMITS.idleSourceMs;
      await vi.advanceTimersByTimeAsync(idle * 0.6);
      expect(hub.boardStamp(1)).not.toBeNull();
      await vi.advanceTimersByTimeAsync(idle * 0.6);
      expect(state.stops).toBe(0);
      expect(hub.boardStamp(1)).not.toBeNull();
      await vi.advanceTimersByTimeAsync(idle * 2.5);
      expect(state.stops).toBe(1);
      // Stopped: nothing is kept until a read starts listening again.
      expect(hub.boardStamp(1)).toBeNull();
      expect(state.starts).toBe(2);
      await hub.close();
    } finally {
      vi.useRealTimers();
    }
  });
});
