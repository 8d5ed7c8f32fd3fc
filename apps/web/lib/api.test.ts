import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';

let cookieToken: string | undefined;
vi.mock('server-only', () => ({}));
vi.mock('next/headers', () => ({
  cookies: async () => ({ get: () => (cookieToken === undefined ? undefined : { value: cookieToken }) }),
}));

const { apiRequest } = await import('./api');
const fetchSpy = vi.fn<typeof fetch>();

beforeEach(() => {
  cookieToken = undefined;
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

  it("without a token, a route's 401 reads as the service being unavailable, not 'Missing access token'", async () => {
    fetchSpy.mockResolvedValue(unauthorized('Missing access token'));
    expect(await apiRequest(z.object({ id: z.number() }), 'sales/menus')).toEqual({
      ok: false,
      status: 503,
      errors: [{ key: 'Unavailable', code: 500, message: 'The service is not available at this moment' }],
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

  it('with a token, a 401 keeps its own status and message (the session is reset elsewhere)', async () => {
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
    const result = await apiRequest(z.object({ id: z.number() }), 'sales/menus');
    expect(result).toMatchObject({ ok: false, status: 401 });
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
});
