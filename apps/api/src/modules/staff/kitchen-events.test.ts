/** The bounds of the kitchen streams, with a change source in memory and fake timers. */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { memorySource } from './memory-change-source';
import { KitchenEventHub, type KitchenStream, type KitchenStreamLimits } from './kitchen-events';

const LIMITS: KitchenStreamLimits = {
  heartbeatMs: 1_000,
  maxLifetimeMs: 10_000,
  maxStreams: 2,
  maxBufferedBytes: 64 * 1024,
  idleSourceMs: 5_000,
};

function bodyText(stream: KitchenStream): string {
  const chunks: string[] = [];
  let chunk: Buffer | null;
  while ((chunk = stream.body.read() as Buffer | null) !== null) chunks.push(chunk.toString('utf8'));
  return chunks.join('');
}

const always = () => Promise.resolve(true);

describe('kitchen event hub', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it("sends a location's order events to its streams only, after an opening ping", async () => {
    const { source, state } = memorySource();
    const hub = new KitchenEventHub(source, LIMITS);
    const one = await hub.open(1, always);
    const two = await hub.open(2, always);
    if (!one || !two) throw new Error('not opened');
    state.notify(JSON.stringify({ locationId: 1, orderId: 7, statusId: 1 }));
    state.notify('not json');
    state.notify(JSON.stringify({ locationId: 1 }));
    expect(bodyText(one)).toBe(
      'retry: 2000\nevent: ping\ndata: {}\n\nevent: order\ndata: {"locationId":1,"orderId":7,"statusId":1}\n\n',
    );
    expect(bodyText(two)).toBe('retry: 2000\nevent: ping\ndata: {}\n\n');
    expect(state.starts).toBe(1);
  });

  it('refuses streams past the cap until one ends, and frees its place on disconnect', async () => {
    const { source } = memorySource();
    const hub = new KitchenEventHub(source, LIMITS);
    const first = await hub.open(1, always);
    await hub.open(1, always);
    expect(await hub.open(1, always)).toBeNull();
    first?.body.destroy();
    await vi.advanceTimersByTimeAsync(0);
    expect(hub.size).toBe(1);
    expect(await hub.open(1, always)).not.toBeNull();
  });

  it('beats every heartbeat and ends the stream when the staff session has ended', async () => {
    const { source } = memorySource();
    const hub = new KitchenEventHub(source, LIMITS);
    let active = true;
    const stream = await hub.open(1, () => Promise.resolve(active));
    if (!stream) throw new Error('not opened');
    bodyText(stream);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(bodyText(stream)).toBe('event: ping\ndata: {}\n\n');
    active = false;
    await vi.advanceTimersByTimeAsync(1_000);
    expect(bodyText(stream)).toBe('event: end\ndata: {"reason":"session-ended"}\n\n');
    expect(stream.body.writableEnded).toBe(true);
    expect(hub.size).toBe(0);
  });

  it('ends a stream at its maximum lifetime', async () => {
    const { source } = memorySource();
    const hub = new KitchenEventHub(source, LIMITS);
    const stream = await hub.open(1, always);
    if (!stream) throw new Error('not opened');
    await vi.advanceTimersByTimeAsync(10_000);
    expect(bodyText(stream)).toContain('event: end\ndata: {"reason":"lifetime"}\n\n');
    expect(hub.size).toBe(0);
  });

  it('ends every stream when the source is lost, and listens again for the next stream', async () => {
    const { source, state } = memorySource();
    const hub = new KitchenEventHub(source, LIMITS);
    const stream = await hub.open(1, always);
    if (!stream) throw new Error('not opened');
    state.lose(new Error('connection terminated'));
    expect(bodyText(stream)).toContain('event: end\ndata: {"reason":"source-lost"}\n\n');
    expect(hub.size).toBe(0);
    await hub.open(1, always);
    expect(state.starts).toBe(2);
  });

  it('stops listening a while after the last stream ended; refuses streams once closed', async () => {
    const { source, state } = memorySource();
    const hub = new KitchenEventHub(source, LIMITS);
    const stream = await hub.open(1, always);
    stream?.body.destroy();
    await vi.advanceTimersByTimeAsync(4_000);
    expect(state.listening).toBe(1);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(state.listening).toBe(0);
    const again = await hub.open(1, always);
    if (!again) throw new Error('not opened');
    await hub.close();
    expect(bodyText(again)).toContain('event: end\ndata: {"reason":"shutdown"}\n\n');
    expect(state.listening).toBe(0);
    expect(await hub.open(1, always)).toBeNull();
  });
});
