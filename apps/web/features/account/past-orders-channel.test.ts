import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

/**
 * Issue 37, point 1: the order history (GET guests/past-orders, checkout-account spec) and the reorder strip (GET
 * guests/past-ordered-items, ordering spec section 7) ask for the current order channel's orders only
 * (filterByCurrentOrderChannel), so that a web order's history and strip hold no catering orders and the other way
 * round.
 */
vi.mock('server-only', () => ({}));
vi.mock('next/headers', () => ({
  cookies: async () => ({ get: () => ({ value: 'a-user-token' }), set: () => undefined }),
  headers: async () => new Headers({ 'x-pathname': '/my-account/order-history' }),
}));
vi.mock('next/navigation', () => ({
  redirect: () => {
    throw new Error('NEXT_REDIRECT');
  },
  notFound: () => {
    throw new Error('NEXT_NOT_FOUND');
  },
}));
vi.mock('next/cache', () => ({ revalidatePath: () => undefined }));

const { listPastOrders } = await import('./account.queries');
const { loadMorePastOrders } = await import('./account.actions');
const { listReorderItems } = await import('@/features/reorder/reorder.queries');
const fetchSpy = vi.fn<typeof fetch>();

beforeEach(() => {
  fetchSpy.mockReset();
  fetchSpy.mockImplementation(async (input) => {
    const url = input instanceof Request ? input.url : input.toString();
    const value = url.includes('past-ordered-items') ? [] : { orders: [], hasMore: false };
    return Response.json({ value, succeed: true, errors: [] });
  });
  vi.stubGlobal('fetch', fetchSpy);
});
afterEach(() => vi.unstubAllGlobals());

/** The query of the one API call made. */
function calledQuery(): { path: string; query: Record<string, string> } {
  const [input] = fetchSpy.mock.calls[0] ?? [];
  const url = new URL(input instanceof Request ? input.url : String(input));
  return { path: url.pathname, query: Object.fromEntries(url.searchParams) };
}

describe('past orders of the current order channel only', () => {
  it('the order history', async () => {
    await listPastOrders();
    expect(calledQuery()).toMatchObject({
      path: '/v1/guests/past-orders',
      query: { filterByCurrentOrderChannel: 'true' },
    });
  });

  it("the order history's next page ('More Orders')", async () => {
    await loadMorePastOrders({ before: 40 });
    expect(calledQuery()).toMatchObject({
      path: '/v1/guests/past-orders',
      query: { before: '40', filterByCurrentOrderChannel: 'true' },
    });
  });

  it('the reorder strip: snapshotId, limit 5, filterByCurrentOrderChannel, locationId', async () => {
    await listReorderItems({ locationId: 3, snapshotId: 88 });
    expect(calledQuery()).toEqual({
      path: '/v1/guests/past-ordered-items',
      query: { snapshotId: '88', limit: '5', filterByCurrentOrderChannel: 'true', locationId: '3' },
    });
  });
});
