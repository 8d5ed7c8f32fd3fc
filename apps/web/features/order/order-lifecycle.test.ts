import { beforeEach, describe, expect, it, vi } from 'vitest';

const apiRequest =
  vi.fn<(schema: unknown, path: string, options?: { method?: string }) => Promise<unknown>>();
const getOrderRef = vi.fn<() => Promise<unknown>>();
const setOrderRef = vi.fn<(ref: unknown) => Promise<void>>();
vi.mock('server-only', () => ({}));
vi.mock('next/cache', () => ({ revalidatePath: vi.fn() }));
vi.mock('@/lib/api', () => ({
  apiRequest: (schema: unknown, path: string, options?: { method?: string }) =>
    apiRequest(schema, path, options),
}));
vi.mock('@/lib/order-cookie', () => ({
  getOrderRef: () => getOrderRef(),
  setOrderRef: (ref: unknown) => setOrderRef(ref),
}));
vi.mock('@/lib/delivery-address-cookie', () => ({
  getDeliveryChoice: async () => null,
  setDeliveryChoice: vi.fn(),
}));
vi.mock('@/lib/order-settings-cookie', () => ({
  getStoredOrderSettings: async () => null,
  setOrderSettings: vi.fn(),
}));

const { getCurrentOrder } = await import('./order.queries');
const { addOrderItem } = await import('./order.actions');

const order = (id: number, locationId: number) => ({ id, context: { locationId } });
const failed = (...codes: number[]) => ({
  ok: false,
  status: 422,
  errors: codes.map((code) => ({ key: 'K', code, message: 'm' })),
});
const input = {
  locationId: 1,
  menuType: 'menu' as const,
  snapshotId: 9,
  itemPathKey: '1-10-101',
  instanceId: null,
  quantity: 1,
  portionId: null,
  modifiers: [],
  note: null,
};
const calls = () => apiRequest.mock.calls.map((c) => `${c[2]?.method ?? 'GET'} ${c[1]}`);

beforeEach(() => {
  apiRequest.mockReset();
  getOrderRef.mockReset();
  setOrderRef.mockReset();
});

describe('the current order', () => {
  it('is empty on a store page when the order cookie belongs to another store (no API call)', async () => {
    getOrderRef.mockResolvedValue({ orderId: 5, locationId: 2 });
    expect(await getCurrentOrder(1)).toBeNull();
    expect(apiRequest).not.toHaveBeenCalled();
  });

  it("is empty when the API's order is of another location than the cookie says", async () => {
    getOrderRef.mockResolvedValue({ orderId: 5, locationId: 1 });
    apiRequest.mockResolvedValue({ ok: true, value: order(5, 2) });
    expect(await getCurrentOrder(1)).toBeNull();
    apiRequest.mockResolvedValue({ ok: true, value: order(5, 1) });
    expect(await getCurrentOrder(1)).toMatchObject({ id: 5 });
  });
});

describe('adding an item', () => {
  it('creates the order on the first add and remembers it', async () => {
    getOrderRef.mockResolvedValue(null);
    apiRequest
      .mockResolvedValueOnce({ ok: true, value: order(7, 1) })
      .mockResolvedValueOnce({ ok: true, value: order(7, 1) });
    expect(await addOrderItem(input)).toMatchObject({ ok: true });
    expect(calls()).toEqual(['POST sales/orders', 'POST sales/orders/7/items']);
    expect(setOrderRef).toHaveBeenCalledWith({ orderId: 7, locationId: 1, menuType: 'menu' });
  });

  it("starts a new order when the cookie's order is of another store", async () => {
    getOrderRef.mockResolvedValue({ orderId: 5, locationId: 2 });
    apiRequest.mockResolvedValue({ ok: true, value: order(8, 1) });
    await addOrderItem(input);
    expect(calls()).toEqual(['POST sales/orders', 'POST sales/orders/8/items']);
  });

  it('moves the order to the snapshot with forceUpdate and retries once when every error is 21031', async () => {
    getOrderRef.mockResolvedValue({ orderId: 5, locationId: 1 });
    apiRequest
      .mockResolvedValueOnce(failed(21031, 21031))
      .mockResolvedValueOnce({ ok: true, value: order(5, 1) })
      .mockResolvedValueOnce(failed(21031));
    expect(await addOrderItem(input)).toMatchObject({ ok: false, reason: 'snapshot' });
    expect(calls()).toEqual([
      'POST sales/orders/5/items',
      'PATCH sales/orders/5',
      'POST sales/orders/5/items',
    ]);
    expect(apiRequest.mock.calls[1]?.[2]).toMatchObject({ body: { snapshotId: 9, forceUpdate: true } });
  });

  it('does not retry when another code comes with 21031', async () => {
    getOrderRef.mockResolvedValue({ orderId: 5, locationId: 1 });
    apiRequest.mockResolvedValueOnce(failed(21031, 21001));
    expect(await addOrderItem(input)).toMatchObject({
      ok: false,
      reason: 'customization',
      error: 'A required customization is unavailable. Please review the item.',
    });
    expect(calls()).toEqual(['POST sales/orders/5/items']);
  });
});
