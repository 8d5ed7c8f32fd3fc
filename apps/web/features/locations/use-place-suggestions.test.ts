import { afterEach, describe, expect, it, vi } from 'vitest';
import { fetchPlaceSuggestions } from './use-place-suggestions';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('fetchPlaceSuggestions', () => {
  it("asks the same-origin route for the method's kinds of place", async () => {
    const fetchMock = vi.fn(async () => Response.json({ suggestions: [] }));
    vi.stubGlobal('fetch', fetchMock);
    await fetchPlaceSuggestions('8661 Colesville', new AbortController().signal, 'delivery');
    await fetchPlaceSuggestions('Washington', new AbortController().signal, 'pickup');
    const urls = fetchMock.mock.calls.map((call: unknown[]) => new URL(String(call[0]), 'http://x'));
    expect(urls.map((u) => [u.pathname, u.searchParams.get('input'), u.searchParams.get('method')])).toEqual([
      ['/api/places', '8661 Colesville', 'delivery'],
      ['/api/places', 'Washington', 'pickup'],
    ]);
  });

  it('reads a refused request as no suggestions', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('no', { status: 502 })),
    );
    await expect(
      fetchPlaceSuggestions('Washington', new AbortController().signal, 'pickup'),
    ).resolves.toEqual([]);
  });
});
