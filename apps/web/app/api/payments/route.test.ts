// @vitest-environment node
import { NextRequest } from 'next/server';
import { beforeEach, describe, expect, it, vi } from 'vitest';

vi.mock('server-only', () => ({}));
const apiRequest = vi.fn();
vi.mock('@/lib/api', () => ({ apiRequest }));
const getOrderRef = vi.fn();
vi.mock('@/lib/order-cookie', () => ({ getOrderRef }));

const { POST } = await import('./route');

const card = { paymentMethod: 5, baseAmount: 12.5, tipAmount: 1.5 };
const call = (query: string, body: unknown, site = 'same-origin') =>
  POST(
    new NextRequest(`http://localhost:3000/api/payments?${query}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'sec-fetch-site': site },
      body: JSON.stringify(body),
    }),
  );

describe('POST /api/payments?checkId (checkout spec section 7, payments, same origin)', () => {
  beforeEach(() => {
    apiRequest.mockReset();
    getOrderRef.mockReset();
    getOrderRef.mockResolvedValue({ orderId: 42, locationId: 1, menuType: 'menu' });
  });

  it("adds the payment to the browser's own order and answers it with its hosted frame URL", async () => {
    const payment = { id: 7, paymentMethod: 5, paymentUrl: 'http://localhost:4101/aurus/7' };
    apiRequest.mockResolvedValue({ ok: true, value: payment });
    const billingAddress = { address1: '1 Main St', city: 'Washington', state: 'DC', postalCode: '20001' };
    const res = await call('checkId=42', { ...card, billingAddress, recaptchaInput: 'solved' });
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(await res.json()).toEqual({ value: payment, succeed: true, errors: [] });
    expect(apiRequest).toHaveBeenCalledWith(expect.anything(), 'sales/orders/42/payments', {
      method: 'POST',
      body: { ...card, billingAddress, recaptchaInput: 'solved' },
    });
  });

  it("answers 404 for another order's id and 400 without a checkId or a valid body, without asking the API", async () => {
    const other = await call('checkId=43', card);
    expect(other.status).toBe(404);
    expect(await other.json()).toMatchObject({ errors: [{ code: 21042, message: 'Order not found' }] });
    expect((await call('', card)).status).toBe(400);
    expect((await call('checkId=0', card)).status).toBe(400);
    expect((await call('checkId=42', { ...card, paymentMethod: 99 })).status).toBe(400);
    expect((await call('checkId=42', { ...card, baseAmount: -1 })).status).toBe(400);
    expect((await call('checkId=42', null)).status).toBe(400);
    getOrderRef.mockResolvedValue(null);
    expect((await call('checkId=42', card)).status).toBe(404);
    expect(apiRequest).not.toHaveBeenCalled();
  });

  it("refuses another site's request with 403", async () => {
    expect((await call('checkId=42', card, 'cross-site')).status).toBe(403);
    expect(apiRequest).not.toHaveBeenCalled();
  });

  it("passes the API's refusal through with its status and errors (9902: the captcha did not pass)", async () => {
    const errors = [{ key: 'Recaptcha', code: 9902, message: 'Please complete the challenge' }];
    apiRequest.mockResolvedValue({ ok: false, status: 400, errors });
    const res = await call('checkId=42', card);
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ value: null, succeed: false, errors });
  });
});
