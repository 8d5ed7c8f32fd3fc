// @vitest-environment node
import { NextRequest } from 'next/server';
import { beforeEach, describe, expect, it, vi } from 'vitest';

vi.mock('server-only', () => ({}));
const apiRequest = vi.fn();
vi.mock('@/lib/api', () => ({ apiRequest }));

const { GET } = await import('./route');

const TOKEN = 'eyJhbGciOi.tracking-token.sig';
const call = (query: string, authorization?: string) =>
  GET(
    new NextRequest(`http://localhost:3000/tracking-details?${query}`, {
      headers: authorization ? { authorization } : {},
    }),
  );

describe('GET /tracking-details (checkout spec section 7, tracking, same origin)', () => {
  beforeEach(() => {
    apiRequest.mockReset();
  });

  it("answers the order's confirmation object, asked with the tracking token from the Authorization header", async () => {
    const details = { orderNumber: '1042', order: { id: 42 }, paymentDetails: [] };
    apiRequest.mockResolvedValue({ ok: true, value: details });
    const res = await call('orderId=42', `Bearer ${TOKEN}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(await res.json()).toEqual(details);
    expect(apiRequest).toHaveBeenCalledWith(expect.anything(), 'tracking/orders/42', { token: TOKEN });
  });

  it('answers 400 without an orderId and 401 without a tracking token, without asking the API', async () => {
    expect((await call('', `Bearer ${TOKEN}`)).status).toBe(400);
    expect((await call('orderId=abc', `Bearer ${TOKEN}`)).status).toBe(400);
    const res = await call('orderId=42');
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({
      errors: [{ key: 'Unauthorized', code: 401, message: 'A tracking token is required' }],
    });
    expect(apiRequest).not.toHaveBeenCalled();
  });

  it("passes the API's refusal of a token for another order through with its status and errors", async () => {
    const errors = [{ key: 'Forbidden', code: 403, message: 'The tracking token is not for this order' }];
    apiRequest.mockResolvedValue({ ok: false, status: 403, errors });
    const res = await call('orderId=43', `Bearer ${TOKEN}`);
    expect(res.status).toBe(403);
    expect(await res.json()).toEqual({ errors });
  });
});
