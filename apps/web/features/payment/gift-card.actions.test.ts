import { beforeEach, describe, expect, it, vi } from 'vitest';
import { PAYMENT_METHOD } from '@storefront/contracts/enums';
import { GIFT_CARD_MESSAGES, IDEMPOTENCY_KEY_HEADER } from '@storefront/contracts/payments';

type Options = { method?: string; body?: unknown; headers?: Record<string, string> };
const apiRequest = vi.fn<(schema: unknown, path: string, options?: Options) => Promise<unknown>>();
const getOrderRef = vi.fn<() => Promise<unknown>>();
vi.mock('server-only', () => ({}));
vi.mock('@/lib/api', () => ({
  apiRequest: (schema: unknown, path: string, options?: Options) => apiRequest(schema, path, options),
}));
vi.mock('@/lib/order-cookie', () => ({ getOrderRef: () => getOrderRef() }));

const { applyGiftCard, removeGiftCard, updateGiftCard } = await import('./gift-card.actions');

const GIFT = { id: 5, paymentMethod: PAYMENT_METHOD.GiftCard, amount: 10 };
const CARD = { id: 6, paymentMethod: PAYMENT_METHOD.CreditCard, amount: 15 };
const failed = (status: number, message?: string) => ({
  ok: false,
  status,
  errors: message ? [{ key: 'K', code: 21044, message }] : [],
});
const calls = () => apiRequest.mock.calls.map((c) => `${c[2]?.method ?? 'GET'} ${c[1]}`);

/** The API answers `change` to the write and the order's payments (a gift card and a card) to the list. */
function api(change: unknown) {
  apiRequest.mockImplementation(async (_schema, path, options) =>
    (options?.method ?? 'GET') === 'GET' && path === 'sales/orders/7/payments'
      ? { ok: true, value: [GIFT, CARD] }
      : change,
  );
}

beforeEach(() => {
  apiRequest.mockReset();
  getOrderRef.mockReset();
  getOrderRef.mockResolvedValue({ orderId: 7, locationId: 1, menuType: 'menu' });
});

describe('changing the gift cards', () => {
  it("applies a card with the guest's attempt key and answers the order's gift cards only", async () => {
    api({ ok: true, value: GIFT });
    const result = await applyGiftCard({
      cardNumber: '6006 4912 3456',
      amount: 10,
      idempotencyKey: 'attempt-1',
    });
    expect(result).toEqual({ ok: true, data: [GIFT] });
    const [, , options] = apiRequest.mock.calls[0] ?? [];
    expect(options?.headers).toEqual({ [IDEMPOTENCY_KEY_HEADER]: 'attempt-1' });
    expect(options?.body).toEqual({
      paymentMethod: PAYMENT_METHOD.GiftCard,
      giftCardNumber: '600649123456',
      baseAmount: 10,
      tipAmount: 0,
    });
  });

  it("answers the API's message when a change is refused, else the apply failure", async () => {
    api(failed(422, 'The amount is too high'));
    expect(await updateGiftCard({ paymentId: 5, amount: 12 })).toEqual({
      ok: false,
      error: 'The amount is too high',
    });
    api(failed(422));
    expect(await updateGiftCard({ paymentId: 5, amount: 12 })).toEqual({
      ok: false,
      error: GIFT_CARD_MESSAGES.applyFailed,
    });
    expect(calls()).toEqual(['PATCH sales/orders/7/payments/5', 'PATCH sales/orders/7/payments/5']);
  });

  it('counts a card already gone as removed', async () => {
    api(failed(404, 'Not found'));
    expect(await removeGiftCard(5)).toEqual({ ok: true, data: [GIFT] });
    api(failed(500, 'The service is not available at this moment'));
    expect(await removeGiftCard(5)).toEqual({
      ok: false,
      error: 'The service is not available at this moment',
    });
  });

  it('refuses without an order or with bad input, before any API call', async () => {
    expect(await updateGiftCard({ paymentId: 5, amount: 0 })).toEqual({
      ok: false,
      error: GIFT_CARD_MESSAGES.applyFailed,
    });
    getOrderRef.mockResolvedValue(null);
    expect(await removeGiftCard(5)).toEqual({ ok: false, error: 'There is no order to pay' });
    expect(apiRequest).not.toHaveBeenCalled();
  });
});
