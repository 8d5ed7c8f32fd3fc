// @vitest-environment node
import { NextRequest } from 'next/server';
import { beforeEach, describe, expect, it, vi } from 'vitest';

const apiRequest = vi.fn();
vi.mock('@/lib/api', () => ({ apiRequest }));

const { GET } = await import('./route');

const call = (query: string) => GET(new NextRequest(`http://localhost/api/order-times?${query}`));
const base = 'locationId=1&fulfillmentMethod=1&catering=false';

describe('GET /api/order-times', () => {
  beforeEach(() => {
    apiRequest.mockReset();
    apiRequest.mockResolvedValue({ ok: true, value: [] });
  });

  it('answers 400 at once, without asking the API, for a date far from today or not a date', async () => {
    for (const customDate of ['9999-12-31', '0000-01-01', '2025-02-30', 'tomorrow']) {
      const res = await call(`${base}&customDate=${customDate}`);
      expect(res.status, customDate).toBe(400);
      expect(await res.json()).toEqual({ days: [] });
    }
    expect(apiRequest).not.toHaveBeenCalled();
  });

  it('answers 400 for a location id beyond the id column (2^31)', async () => {
    const res = await call('locationId=2147483648&fulfillmentMethod=1&catering=false');
    expect(res.status).toBe(400);
    expect(apiRequest).not.toHaveBeenCalled();
  });

  it("forwards today's date to the API and answers its days", async () => {
    const today = new Date().toISOString().slice(0, 10);
    apiRequest.mockResolvedValue({ ok: true, value: [{ date: today, times: [] }] });
    const res = await call(`${base}&customDate=${today}`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ days: [{ date: today, times: [] }] });
    expect(apiRequest).toHaveBeenCalledWith(expect.anything(), 'locations/1/order-times', {
      query: { fulfillmentMethod: 1, catering: false, customDate: today },
    });
  });

  it("passes the API's 400 for a date outside the store's days through as a 400", async () => {
    apiRequest.mockResolvedValue({ ok: false, status: 400, errors: [] });
    const res = await call(base);
    expect(res.status).toBe(400);
  });
});
