import { beforeEach, describe, expect, it, vi } from 'vitest';
import { PAYMENT_METHOD } from '@storefront/contracts/enums';
import type { Payment } from '@storefront/contracts/payments';

type Options = { method?: string; body?: unknown };
const apiRequest = vi.fn<(schema: unknown, path: string, options?: Options) => Promise<unknown>>();
const getTipCents = vi.fn<(orderId: number) => Promise<number>>();
vi.mock('server-only', () => ({}));
vi.mock('next/navigation', () => ({ redirect: vi.fn() }));
vi.mock('@/lib/api', () => ({
  apiRequest: (schema: unknown, path: string, options?: Options) => apiRequest(schema, path, options),
}));
vi.mock('@/lib/order-cookie', () => ({
  getOrderRef: async () => ({ orderId: 7, locationId: 1, menuType: 'menu' }),
  orderMenuHref: () => '/',
  setOrderRef: vi.fn(),
}));
vi.mock('@/lib/order-settings-cookie', () => ({
  getStoredOrderSettings: async () => null,
  setOrderSettings: vi.fn(),
}));
vi.mock('@/lib/tip-cookie', () => ({
  getTipCents: (orderId: number) => getTipCents(orderId),
  setTipCents: vi.fn(),
}));

const { readPaymentState, startPayment } = await import('./payment.actions');
const { beginWalletSession } = await import('./wallet.actions');

function payment(
  id: number,
  paymentMethod: Payment['paymentMethod'],
  amount: number,
  status: Payment['status'] = 'Pending',
): Payment {
  return {
    id,
    paymentMethod,
    paymentProcessorCode: null,
    status,
    baseAmount: amount,
    tipAmount: 0,
    amount,
    paymentUrl: paymentMethod === PAYMENT_METHOD.CreditCard ? 'https://pay.test/hosted/1' : null,
    alternatePaymentUrl: null,
    cardBrand: null,
    lastFour: null,
    giftCardNumber: paymentMethod === PAYMENT_METHOD.GiftCard ? '************0001' : null,
    savedPaymentId: null,
  };
}

/**
 * The API as these actions meet it: an order of `total` dollars whose stored tip is `tip`, the payments on it,
 * and `due` as GET sales/orders/{id} answers it (the total less the gift cards applied).
 */
function api(order: { total: number; tip: number; due: number }, payments: Payment[]) {
  apiRequest.mockImplementation(async (_schema, path, options) => {
    const method = options?.method ?? 'GET';
    if (method === 'GET' && path === 'sales/orders/7') {
      return {
        ok: true,
        value: { id: 7, totals: { total: order.total, tip: order.tip, due: order.due }, due: order.due },
      };
    }
    if (method === 'GET' && path === 'sales/orders/7/payments') return { ok: true, value: payments };
    if (method === 'POST' && path === 'sales/orders/7/payments') {
      const { paymentMethod } = options?.body as { paymentMethod: Payment['paymentMethod'] };
      return { ok: true, value: payment(90, paymentMethod, 0) };
    }
    if (method === 'GET' && path.endsWith('/sessions')) {
      return {
        ok: true,
        value: { sessionId: 's', sheetUrl: 'https://pay.test/w', amount: 1, expiresAt: 'x' },
      };
    }
    return { ok: true, value: null };
  });
}

const calls = () => apiRequest.mock.calls.map((c) => `${c[2]?.method ?? 'GET'} ${c[1]}`);
const posted = () => apiRequest.mock.calls.find((c) => c[2]?.method === 'POST')?.[2]?.body;

beforeEach(() => {
  apiRequest.mockReset();
  getTipCents.mockReset();
  getTipCents.mockResolvedValue(0);
});

describe('starting a card payment', () => {
  it("pays the API's due after a gift card, with the guest's tip in place of the stored one", async () => {
    // $30 with a stored $2 tip, a $10 gift card: due $20; the guest now tips $3 -> $21 ($18 + $3 tip).
    api({ total: 30, tip: 2, due: 20 }, [payment(5, PAYMENT_METHOD.GiftCard, 10)]);
    getTipCents.mockResolvedValue(300);
    const started = await startPayment();
    // The page creates the payment itself through /api/payments: the action only says with what.
    expect(started).toMatchObject({
      ok: true,
      data: {
        kind: 'create',
        orderId: 7,
        body: { paymentMethod: PAYMENT_METHOD.CreditCard, baseAmount: 18, tipAmount: 3 },
        dueCents: 2100,
        tipCents: 300,
      },
    });
    expect(calls()).not.toContain('POST sales/orders/7/payments');
  });

  it('places without a card when the gift cards cover the order and the tip', async () => {
    api({ total: 25, tip: 0, due: 0 }, [payment(5, PAYMENT_METHOD.GiftCard, 25)]);
    const started = await startPayment();
    expect(started).toMatchObject({ ok: true, data: { kind: 'nothing-due', tipCents: 0 } });
    expect(calls()).not.toContain('POST sales/orders/7/payments');
  });

  it('leaves only the tip to the card when the gift cards cover the order before tip', async () => {
    api({ total: 25, tip: 0, due: 0 }, [payment(5, PAYMENT_METHOD.GiftCard, 25)]);
    getTipCents.mockResolvedValue(150);
    const started = await startPayment();
    expect(started).toMatchObject({
      ok: true,
      data: {
        kind: 'create',
        body: { paymentMethod: PAYMENT_METHOD.CreditCard, baseAmount: 0, tipAmount: 1.5 },
        dueCents: 150,
      },
    });
  });
});

describe('re-reading the payment state', () => {
  it("answers the API's due with the guest's tip, the gift cards and the pending card payment", async () => {
    api({ total: 30, tip: 2, due: 12 }, [
      payment(5, PAYMENT_METHOD.GiftCard, 18),
      payment(6, PAYMENT_METHOD.CreditCard, 12),
    ]);
    getTipCents.mockResolvedValue(200);
    const state = await readPaymentState();
    expect(state).toMatchObject({ ok: true, data: { dueCents: 1200, tipCents: 200, pendingPaymentId: 6 } });
    expect(state.ok && state.data.giftCards.map((p) => p.id)).toEqual([5]);
  });
});

describe('the wallet payment', () => {
  it("is added for the API's due with the guest's tip before the wallet session opens", async () => {
    api({ total: 40, tip: 0, due: 15 }, [payment(5, PAYMENT_METHOD.GiftCard, 25)]);
    getTipCents.mockResolvedValue(400);
    expect(await beginWalletSession()).toMatchObject({ ok: true, data: { sessionId: 's' } });
    expect(posted()).toEqual({ paymentMethod: PAYMENT_METHOD.VirtualWallet, baseAmount: 15, tipAmount: 4 });
    expect(calls()).toEqual([
      'GET sales/orders/7/payments',
      'GET sales/orders/7',
      'POST sales/orders/7/payments',
      `GET sales/orders/7/payment-methods/${PAYMENT_METHOD.VirtualWallet}/sessions`,
    ]);
  });

  it('reuses the pending wallet payment rather than adding a second one', async () => {
    api({ total: 40, tip: 0, due: 40 }, [payment(8, PAYMENT_METHOD.VirtualWallet, 40)]);
    expect(await beginWalletSession()).toMatchObject({ ok: true });
    expect(calls()).toEqual([
      'GET sales/orders/7/payments',
      `GET sales/orders/7/payment-methods/${PAYMENT_METHOD.VirtualWallet}/sessions`,
    ]);
  });
});
