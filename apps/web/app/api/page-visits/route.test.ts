// @vitest-environment node
import { NextRequest } from 'next/server';
import { beforeEach, describe, expect, it, vi } from 'vitest';

vi.mock('server-only', () => ({}));
const apiRequest = vi.fn();
const currentAccessToken = vi.fn<() => Promise<string | null>>();
vi.mock('@/lib/api', () => ({ apiRequest, currentAccessToken }));

const { POST } = await import('./route');

const event = { pageType: 'store', title: 'Menu | Capital Kitchen', locationId: 3, menu: 'menu' };
const call = (body: unknown, headers: Record<string, string> = {}) =>
  POST(
    new NextRequest('http://localhost:3000/api/page-visits', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'sec-fetch-site': 'same-origin', ...headers },
      body: JSON.stringify(body),
    }),
  );

describe('POST /api/page-visits (the first-party analytics sink)', () => {
  beforeEach(() => {
    apiRequest.mockReset();
    apiRequest.mockResolvedValue({ ok: true, value: { recorded: true } });
    currentAccessToken.mockResolvedValue('guest-token');
  });

  it("sends the page's visit on to the API's table", async () => {
    const res = await call(event);
    expect(res.status).toBe(204);
    expect(apiRequest).toHaveBeenCalledWith(expect.anything(), 'marketing/page-visits', {
      method: 'POST',
      body: event,
    });
  });

  it('sends nothing when the browser asks not to be tracked (DNT: 1 or Sec-GPC: 1)', async () => {
    expect((await call(event, { dnt: '1' })).status).toBe(204);
    expect((await call(event, { 'sec-gpc': '1' })).status).toBe(204);
    expect(apiRequest).not.toHaveBeenCalled();
  });

  it("refuses a bad event (400) and another site's (403), and sends nothing without a session", async () => {
    expect((await call({ ...event, pageType: 'admin' })).status).toBe(400);
    expect((await call(event, { 'sec-fetch-site': 'cross-site' })).status).toBe(403);
    currentAccessToken.mockResolvedValue(null);
    expect((await call(event)).status).toBe(204);
    expect(apiRequest).not.toHaveBeenCalled();
  });

  it("passes the API's 429 on when the sender is over the rate limit; other failures stay a silent 204", async () => {
    apiRequest.mockResolvedValueOnce({ ok: false, status: 429, errors: [] });
    const limited = await call(event);
    expect(limited.status).toBe(429);
    expect(await limited.json()).toEqual({ error: 'Too many page visits' });
    apiRequest.mockResolvedValueOnce({ ok: false, status: 503, errors: [] });
    expect((await call(event)).status).toBe(204);
  });
});
