import { afterEach, describe, expect, it, vi } from 'vitest';
import { createPayment } from './create-payment';

const payment = {
  id: 7,
  paymentMethod: 5,
  paymentProcessorCode: 'AURUS_HOSTED',
  status: 'Pending',
  baseAmount: 12.5,
  tipAmount: 1.5,
  amount: 14,
  paymentUrl: 'http://pay.test/hosted-payments/7',
  alternatePaymentUrl: null,
  cardBrand: null,
  lastFour: null,
  giftCardNumber: null,
  savedPaymentId: null,
};
const body = { paymentMethod: 5, baseAmount: 12.5, tipAmount: 1.5, recaptchaInput: 'solved' } as const;

function answer(status: number, json: unknown) {
  const fetchMock = vi.fn(async () =>
    typeof json === 'string'
      ? new Response(json, { status })
      : new Response(JSON.stringify(json), { status, headers: { 'content-type': 'application/json' } }),
  );
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('createPayment: the payment page through POST /api/payments?checkId (checkout spec section 7)', () => {
  it("posts the spec's payment body for the order and answers the payment with its hosted frame", async () => {
    const fetchMock = answer(200, { value: payment, succeed: true, errors: [] });
    expect(await createPayment(42, body)).toEqual({ ok: true, data: payment });
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/payments?checkId=42');
    expect(init.method).toBe('POST');
    expect(typeof init.body === 'string' ? JSON.parse(init.body) : null).toEqual(body);
  });

  it("answers a refusal with the route's first error: the captcha's 9902 and its key, field messages", async () => {
    answer(400, {
      value: null,
      succeed: false,
      errors: [{ key: 'ChallengeExpired', code: 9902, message: 'Please complete the following challenge' }],
    });
    expect(await createPayment(42, body)).toEqual({
      ok: false,
      error: 'Please complete the following challenge',
      code: 9902,
      key: 'ChallengeExpired',
    });
    answer(422, {
      value: null,
      succeed: false,
      errors: [{ key: 'body.billingAddress.postalCode', code: 422, message: 'Invalid postal code' }],
    });
    expect(await createPayment(42, body)).toMatchObject({
      ok: false,
      code: 422,
      fieldErrors: { postalCode: 'Invalid postal code' },
    });
  });

  it('fails with the HTTP status when the answer is not the envelope (a proxy page), as an outage from 5xx', async () => {
    answer(502, '<html>Bad gateway</html>');
    expect(await createPayment(42, body)).toMatchObject({ ok: false, code: 500 });
    answer(403, 'Forbidden');
    expect(await createPayment(42, body)).toMatchObject({ ok: false, code: 403 });
  });
});
