import { describe, expect, it } from 'vitest';
import { fetchOrderStatus, fetchPolledStatus } from './use-order-status';

/** A fetch that answers every call with `body` and `status`, recording what it was asked. */
function answering(body: string, status = 200) {
  const calls: { url: string; init: RequestInit | undefined }[] = [];
  const fetcher = (async (url: string | URL | Request, init?: RequestInit) => {
    calls.push({ url: url instanceof Request ? url.url : url.toString(), init });
    return new Response(body, { status, headers: { 'content-type': 'application/json' } });
  }) as typeof fetch;
  return { fetcher, calls };
}

describe('fetchOrderStatus (the tracking page poll)', () => {
  it('asks /api/status with the tracking token and reads the status', async () => {
    const { fetcher, calls } = answering(JSON.stringify({ statusId: 3 }));
    await expect(fetchOrderStatus(42, 'tok', fetcher)).resolves.toBe(3);
    expect(calls[0]?.url).toBe('/api/status?orderId=42');
    expect(new Headers(calls[0]?.init?.headers).get('authorization')).toBe('Bearer tok');
    expect(calls[0]?.init?.cache).toBe('no-store');
  });

  it.each([
    ['a status outside 1-4', JSON.stringify({ statusId: 7 })],
    ['a status as text', JSON.stringify({ statusId: '2' })],
    ['no status', JSON.stringify({})],
    ['null', 'null'],
    ['not JSON', '<html>'],
  ])('gives null for %s (the page keeps the last known status)', async (_, body) => {
    await expect(fetchOrderStatus(42, 'tok', answering(body).fetcher)).resolves.toBeNull();
  });

  it('gives null when the server refuses', async () => {
    await expect(
      fetchOrderStatus(42, 'tok', answering(JSON.stringify({ statusId: 2 }), 401).fetcher),
    ).resolves.toBeNull();
  });
});

describe('fetchPolledStatus', () => {
  it('reads whether the store cancelled the order (absent: not cancelled)', async () => {
    const cancelled = answering(JSON.stringify({ statusId: 2, cancelled: true })).fetcher;
    await expect(fetchPolledStatus(42, 'tok', cancelled)).resolves.toEqual({ statusId: 2, cancelled: true });
    const open = answering(JSON.stringify({ statusId: 2 })).fetcher;
    await expect(fetchPolledStatus(42, 'tok', open)).resolves.toEqual({ statusId: 2, cancelled: false });
    const odd = answering(JSON.stringify({ statusId: 2, cancelled: 'yes' })).fetcher;
    await expect(fetchPolledStatus(42, 'tok', odd)).resolves.toEqual({ statusId: 2, cancelled: false });
  });
});
