import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

vi.mock('server-only', () => ({}));
vi.stubEnv('WEB_PUBLIC_URL', 'https://order.example');
const { isSameOriginRequest, refuseCrossSite } = await import('./origin-check');
const { POST: postToken } = await import('@/app/api/token/route');
const { NextRequest } = await import('next/server');

const PUBLIC = 'https://order.example';

describe('isSameOriginRequest', () => {
  it("trusts the browser's Fetch Metadata: only same-origin passes", () => {
    expect(isSameOriginRequest(new Headers({ 'sec-fetch-site': 'same-origin' }), PUBLIC)).toBe(true);
    for (const site of ['cross-site', 'same-site', 'none']) {
      expect(isSameOriginRequest(new Headers({ 'sec-fetch-site': site, origin: PUBLIC }), PUBLIC)).toBe(
        false,
      );
    }
  });

  it('without Fetch Metadata, needs the public origin in Origin', () => {
    expect(isSameOriginRequest(new Headers({ origin: PUBLIC }), PUBLIC)).toBe(true);
    expect(isSameOriginRequest(new Headers({ origin: 'https://order.example:8443' }), PUBLIC)).toBe(false);
    expect(isSameOriginRequest(new Headers({ origin: 'http://order.example' }), PUBLIC)).toBe(false);
    expect(isSameOriginRequest(new Headers({ origin: 'https://evil.example' }), PUBLIC)).toBe(false);
    // Sandboxed frames and privacy redirects send 'null'.
    expect(isSameOriginRequest(new Headers({ origin: 'null' }), PUBLIC)).toBe(false);
  });

  it('lets a request from no browser through (no guest cookies to abuse)', () => {
    expect(isSameOriginRequest(new Headers(), PUBLIC)).toBe(true);
  });
});

describe('a cross-site POST to /api/token', () => {
  const fetchSpy = vi.fn<typeof fetch>();
  beforeEach(() => {
    fetchSpy.mockReset();
    fetchSpy.mockResolvedValue(
      Response.json({
        succeed: true,
        value: { accessToken: 'new-token', tokenType: 'Bearer', expiresIn: 3600, appType: 107 },
        errors: [],
      }),
    );
    vi.stubGlobal('fetch', fetchSpy);
  });
  afterEach(() => vi.unstubAllGlobals());

  function tokenRequest(headers: Record<string, string>) {
    return new NextRequest('https://order.example/api/token?clientType=107', { method: 'POST', headers });
  }

  it('is refused with 403 in the envelope, and the guest keeps the session and the cart', async () => {
    const response = await postToken(tokenRequest({ 'sec-fetch-site': 'cross-site', cookie: 'sf_order=1' }));
    expect(response.status).toBe(403);
    expect(await response.json()).toEqual({
      value: null,
      succeed: false,
      errors: [{ key: 'Origin', code: 403, message: 'Requests from other sites are not accepted' }],
    });
    expect(response.headers.getSetCookie()).toEqual([]);
    expect(fetchSpy).not.toHaveBeenCalled();
    expect(refuseCrossSite(tokenRequest({ origin: 'https://evil.example' }))?.status).toBe(403);
  });

  it('from our own page still gets a new token', async () => {
    const response = await postToken(tokenRequest({ 'sec-fetch-site': 'same-origin', origin: PUBLIC }));
    expect(fetchSpy).toHaveBeenCalledOnce();
    expect(response.headers.getSetCookie().join('; ')).toContain('sf_at=');
  });
});
