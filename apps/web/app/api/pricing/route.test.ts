// @vitest-environment node
import { NextRequest } from 'next/server';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { FEATURE_FLAG } from '@storefront/contracts/templates';

vi.mock('server-only', () => ({}));
const priceLiveRequest = vi.fn();
vi.mock('@/features/item/item.queries', () => ({ priceLiveRequest }));
const flags = vi.fn<() => Promise<string[]>>();
vi.mock('@/lib/feature-flags', () => ({
  isFeatureEnabled: async (name: string) => (await flags()).includes(name),
}));

const { POST } = await import('./route');

const body = {
  mode: 'menu',
  snapshotId: 7,
  itemPathKey: '1-2-10',
  quantity: 1,
  portionId: null,
  sequenceOfChanges: [],
};
const call = () =>
  POST(
    new NextRequest('http://localhost:3000/api/pricing', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'sec-fetch-site': 'same-origin' },
      body: JSON.stringify(body),
    }),
  );

describe('POST /api/pricing', () => {
  beforeEach(() => {
    priceLiveRequest.mockReset();
    priceLiveRequest.mockResolvedValue({ ok: true, value: { total: 12.5 } });
  });

  it("answers the API's total for the selection", async () => {
    flags.mockResolvedValue([]);
    const res = await call();
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ total: 12.5 });
    expect(priceLiveRequest).toHaveBeenCalledTimes(1);
  });

  it("answers 404 without asking the API under the 'disable real-time pricing' flag", async () => {
    flags.mockResolvedValue([FEATURE_FLAG.disableRealTimePricing]);
    expect(FEATURE_FLAG.disableRealTimePricing).toBe('disable real-time pricing');
    const res = await call();
    expect(res.status).toBe(404);
    expect(priceLiveRequest).not.toHaveBeenCalled();
  });
});
