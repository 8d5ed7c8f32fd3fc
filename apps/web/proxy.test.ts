import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

/**
 * Issue 32: the proxy's token requests (a guest's first token, a signed-in customer's refresh) went to the API with
 * no client address, so the API's per-address limit on its token route counted every guest as the storefront. They
 * now carry the address the storefront's server signed (server.mjs), like every other call made for a guest.
 */
vi.mock('server-only', () => ({}));
const { proxy } = await import('./proxy');
const { POST: postToken } = await import('@/app/api/token/route');
const { NextRequest } = await import('next/server');

const SIGNED = 'v1;203.0.113.9;1790000000;c2lnbmF0dXJlLW9mLXRoZS1zdG9yZWZyb250LXNlcnZlcg';
const tokenAnswer = {
  succeed: true,
  errors: [],
  value: {
    accessToken: 'new-token',
    tokenType: 'Bearer',
    expiresIn: 3600,
    appType: 107,
    refreshToken: 'next-refresh-token',
    refreshExpiresIn: 86400,
  },
};
const fetchSpy = vi.fn<typeof fetch>();

beforeEach(() => {
  fetchSpy.mockReset();
  fetchSpy.mockImplementation(async () => Response.json(tokenAnswer));
  vi.stubGlobal('fetch', fetchSpy);
});
afterEach(() => vi.unstubAllGlobals());

/** The body and headers of each call to the API's token route. */
function tokenCalls() {
  return fetchSpy.mock.calls
    .filter(([input]) =>
      (input instanceof Request ? input.url : input.toString()).endsWith('/v1/oauth/token'),
    )
    .map(([, init]) => ({
      body: JSON.parse(typeof init?.body === 'string' ? init.body : 'null') as Record<string, unknown>,
      headers: new Headers(init?.headers),
    }));
}

describe("the proxy's token requests carry the guest's signed address", () => {
  it("a guest's first visit: the client-credentials token", async () => {
    await proxy(new NextRequest('http://localhost:3000/', { headers: { 'x-storefront-client': SIGNED } }));
    const [call] = tokenCalls();
    expect(call?.body).not.toHaveProperty('refreshToken');
    expect(call?.headers.get('x-storefront-client')).toBe(SIGNED);
  });

  it("a signed-in customer's refresh", async () => {
    await proxy(
      new NextRequest('http://localhost:3000/', {
        headers: { 'x-storefront-client': SIGNED, cookie: 'sf_rt=old-refresh-token; sf_user=Ada' },
      }),
    );
    const [call] = tokenCalls();
    expect(call?.body).toMatchObject({ refreshToken: 'old-refresh-token' });
    expect(call?.headers.get('x-storefront-client')).toBe(SIGNED);
  });

  it('a new guest token from /api/token', async () => {
    await postToken(
      new NextRequest('http://localhost:3000/api/token?clientType=107', {
        method: 'POST',
        headers: { 'x-storefront-client': SIGNED, 'sec-fetch-site': 'same-origin' },
      }),
    );
    expect(tokenCalls()[0]?.headers.get('x-storefront-client')).toBe(SIGNED);
  });

  it('a request the storefront server signed nothing for sends no address (the API counts the storefront)', async () => {
    await proxy(new NextRequest('http://localhost:3000/'));
    expect(tokenCalls()[0]?.headers.has('x-storefront-client')).toBe(false);
  });
});
