import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';

let cookieToken: string | undefined;
/** The headers the storefront's server set on the request (server.mjs), and one the browser claimed. */
let incoming: Record<string, string> = {};
/** Cookies written by the code under test (a server action's or route handler's cookie store); null: read-only. */
let written: Map<string, string> | null = null;
vi.mock('server-only', () => ({}));
vi.mock('next/headers', () => ({
  cookies: async () => ({
    get: () => (cookieToken === undefined ? undefined : { value: cookieToken }),
    set: (name: string, value: string) => {
      if (!written) throw new Error('Cookies can only be modified in a Server Action or Route Handler');
      written.set(name, value);
    },
    delete: (name: string) => {
      if (!written) throw new Error('Cookies can only be modified in a Server Action or Route Handler');
      written.set(name, '(deleted)');
    },
  }),
  headers: async () =>
    new Headers({
      'x-pathname': '/1/menu',
      ...incoming,
    }),
}));
const redirects: string[] = [];
vi.mock('next/navigation', () => ({
  redirect: (url: string) => {
    redirects.push(url);
    throw new Error('NEXT_REDIRECT');
  },
}));

/** An unsigned JWT with these claims (the storefront reads claims without verifying them). */
const jwt = (claims: Record<string, unknown>) =>
  `${btoa(JSON.stringify({ alg: 'HS256' }))}.${btoa(JSON.stringify({ exp: 4_000_000_000, ...claims })).replace(/=+$/, '')}.sig`;

const { apiRequest } = await import('./api');
const fetchSpy = vi.fn<typeof fetch>();

beforeEach(() => {
  cookieToken = undefined;
  incoming = {};
  written = null;
  redirects.length = 0;
  fetchSpy.mockReset();
  vi.stubGlobal('fetch', fetchSpy);
});
afterEach(() => vi.unstubAllGlobals());

/** The URL and headers of the first API call. */
function firstCall(): { url: string; headers: Record<string, string> } {
  const [input, init] = fetchSpy.mock.calls[0] ?? [];
  return {
    url: input instanceof Request ? input.url : String(input),
    headers: init?.headers as Record<string, string>,
  };
}

const envelope = (value: unknown, status = 200) =>
  new Response(JSON.stringify({ succeed: status < 400, value, errors: [] }), { status });

/** The API's 401 with its message. */
const unauthorized = (message: string) =>
  new Response(JSON.stringify({ succeed: false, errors: [{ key: 'Unauthorized', code: 401, message }] }), {
    status: 401,
  });

describe('apiRequest', () => {
  it('without a token, still calls routes open to all', async () => {
    fetchSpy.mockResolvedValue(envelope({ id: 3 }));
    expect(await apiRequest(z.object({ id: z.number() }), 'locations')).toEqual({
      ok: true,
      value: { id: 3 },
    });
    expect(firstCall().headers.authorization).toBeUndefined();
  });

  it("without a token, a route's 401 is the spec's fatal 'Domain is not configured' (9904), not 'Missing access token'", async () => {
    fetchSpy.mockResolvedValue(unauthorized('Missing access token'));
    expect(await apiRequest(z.object({ id: z.number() }), 'sales/menus')).toEqual({
      ok: false,
      status: 503,
      errors: [{ key: 'Token', code: 9904, message: 'Domain is not configured' }],
    });
  });

  it("a call sent without a token on purpose keeps the API's 401 (a wrong staff key)", async () => {
    fetchSpy.mockResolvedValue(unauthorized('Invalid staff key'));
    const result = await apiRequest(z.object({ id: z.number() }), 'staff/orders', {
      token: null,
      headers: { 'x-staff-key': 'wrong' },
    });
    expect(result).toEqual({
      ok: false,
      status: 401,
      errors: [{ key: 'Unauthorized', code: 401, message: 'Invalid staff key' }],
    });
  });

  it("during a page's render, a guest token the API refuses goes through /api/session-reset and back", async () => {
    cookieToken = 'expired';
    fetchSpy.mockResolvedValue(
      new Response(
        JSON.stringify({
          succeed: false,
          errors: [{ key: 'Unauthorized', code: 401, message: 'Invalid or expired access token' }],
        }),
        { status: 401 },
      ),
    );
    await expect(apiRequest(z.object({ id: z.number() }), 'sales/menus')).rejects.toThrow('NEXT_REDIRECT');
    expect(redirects).toEqual(['/api/session-reset?next=%2F1%2Fmenu']);
  });

  it("sends the cookie's token as a bearer token and parses the value", async () => {
    cookieToken = 'abc';
    fetchSpy.mockResolvedValue(envelope({ id: 7 }));
    const result = await apiRequest(z.object({ id: z.number() }), 'sales/menus', {
      query: { locationId: 1 },
    });
    expect(result).toEqual({ ok: true, value: { id: 7 } });
    expect(firstCall().url).toMatch(/\/v1\/sales\/menus\?locationId=1$/);
    expect(firstCall().headers.authorization).toBe('Bearer abc');
  });

  it('calls a public route without a token when asked to (token: null)', async () => {
    fetchSpy.mockResolvedValue(envelope({ id: 1 }));
    const result = await apiRequest(z.object({ id: z.number() }), 'feature-flags', { token: null });
    expect(result.ok).toBe(true);
    expect(firstCall().headers.authorization).toBeUndefined();
  });

  it("passes the guest's signed address on to the API, except on cached reads shared by every guest", async () => {
    const signed = 'v1;198.51.100.23;1790000000;c2lnbmF0dXJl';
    incoming = { 'x-storefront-client': signed };
    fetchSpy.mockResolvedValue(envelope({ id: 1 }));
    await apiRequest(z.object({ id: z.number() }), 'guests/sessions', { method: 'POST', body: {} });
    expect(firstCall().headers['x-storefront-client']).toBe(signed);
    fetchSpy.mockClear();
    await apiRequest(z.object({ id: z.number() }), 'sales/menus', { revalidate: 60 });
    expect(firstCall().headers['x-storefront-client']).toBeUndefined();
  });

  it('never passes on an address the browser claimed', async () => {
    incoming = { 'x-forwarded-for': '203.0.113.99', 'x-real-ip': '203.0.113.98' };
    fetchSpy.mockResolvedValue(envelope({ id: 1 }));
    await apiRequest(z.object({ id: z.number() }), 'guests/sessions', { method: 'POST', body: {} });
    expect(JSON.stringify(firstCall().headers)).not.toMatch(/203\.0\.113/);
  });

  it('sends X-Integration with a user token, and not with a guest token', async () => {
    cookieToken = jwt({ typ: 'access', sid: 's', app: 107, uid: 42, csid: 'c' });
    fetchSpy.mockResolvedValue(envelope({ id: 1 }));
    await apiRequest(z.object({ id: z.number() }), 'guests/account-details');
    expect(firstCall().headers['x-integration']).toBe('42');
    fetchSpy.mockClear();
    cookieToken = jwt({ typ: 'access', sid: 's', app: 107 });
    await apiRequest(z.object({ id: z.number() }), 'sales/menus');
    expect(firstCall().headers['x-integration']).toBeUndefined();
  });

  it('a user request answered 10005 drops the signed-in cookies where they can be written (an action)', async () => {
    cookieToken = jwt({ typ: 'access', sid: 's', app: 107, uid: 42, csid: 'c' });
    written = new Map();
    fetchSpy.mockResolvedValue(
      new Response(
        JSON.stringify({
          succeed: false,
          errors: [{ key: 'SessionInvalid', code: 10005, message: 'Your session has been reset.' }],
        }),
        { status: 401 },
      ),
    );
    const result = await apiRequest(z.object({ id: z.number() }), 'sales/orders/1');
    expect(result).toMatchObject({ ok: false, status: 401 });
    expect(written.get('sf_at')).toBe('(deleted)');
    expect(written.get('sf_rt')).toBe('(deleted)');
    expect(written.get('sf_user')).toBe('(deleted)');
    expect(written.get('sf_notice')).toBe('session-reset');
    expect(redirects).toEqual([]);
  });

  it("a user request answered 401 during a page's render goes through /api/session-reset and back", async () => {
    cookieToken = jwt({ typ: 'access', sid: 's', app: 107, uid: 42, csid: 'c' });
    fetchSpy.mockResolvedValue(unauthorized('Your session has been reset.'));
    await expect(apiRequest(z.object({ id: z.number() }), 'sales/orders/1')).rejects.toThrow('NEXT_REDIRECT');
    expect(redirects).toEqual(['/api/session-reset?next=%2F1%2Fmenu']);
  });

  it("a guest request answered 401 for a token the API refuses resets the guest's session too (spec: any 401)", async () => {
    cookieToken = jwt({ typ: 'access', sid: 's', app: 107 });
    written = new Map();
    fetchSpy.mockImplementation(async () => unauthorized('Invalid or expired access token'));
    const result = await apiRequest(z.object({ id: z.number() }), 'sales/orders/1');
    expect(result).toMatchObject({ ok: false, status: 401 });
    // The second call asked the API whether it refuses the token itself.
    const probe = fetchSpy.mock.calls[1]?.[0];
    expect(probe instanceof URL ? probe.href : probe).toContain('/v1/marketing/promo-popups');
    expect(written.get('sf_at')).toBe('(deleted)');
    expect(written.get('sf_order')).toBe('(deleted)');
    expect(written.get('sf_notice')).toBe('session-reset');
  });

  it("a guest's 401 for something other than the token (a wrong password) keeps the guest's order", async () => {
    cookieToken = jwt({ typ: 'access', sid: 's', app: 107 });
    written = new Map();
    fetchSpy
      .mockResolvedValueOnce(unauthorized('Wrong e-mail or password'))
      .mockResolvedValueOnce(envelope([]));
    const result = await apiRequest(z.object({ id: z.number() }), 'guests/sessions', {
      method: 'POST',
      body: {},
    });
    expect(result).toMatchObject({ ok: false, status: 401 });
    expect(written.size).toBe(0);
  });
});
