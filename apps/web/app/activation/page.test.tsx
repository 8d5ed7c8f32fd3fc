import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { OrderRef } from '@/lib/order-cookie';

vi.mock('server-only', () => ({}));
const getOrderRef = vi.fn<() => Promise<OrderRef | null>>();
vi.mock('@/lib/order-cookie', async (original) => ({
  ...(await original<typeof import('@/lib/order-cookie')>()),
  getOrderRef,
}));
vi.mock('@/features/locations/locations.queries', () => ({
  getSiteSettings: () => Promise.resolve({ brandName: 'Capital Kitchen' }),
}));
vi.mock('@/features/session/session.queries', () => ({ getCaptchaConfig: () => ({ kind: 'altcha' }) }));
vi.mock('@/components/ui/site-header', () => ({ SiteHeader: () => null }));
// The screen's own states are tested with it; here only where the page sends its 'Order Now'.
vi.mock('@/features/session/components/activation-screen', () => ({
  ActivationScreen: ({ orderNowHref }: { orderNowHref: string }) => <a href={orderNowHref}>Order Now</a>,
}));

const { default: ActivationPage } = await import('./page');

async function orderNowHref(): Promise<string | null> {
  render(await ActivationPage({ searchParams: Promise.resolve({ email: 'dana@example.com', token: 't' }) }));
  return screen.getByRole('link', { name: 'Order Now' }).getAttribute('href');
}

afterEach(cleanup);

// Checkout-account spec section 2, Account activation: 'Order Now' goes to the selected store, else to '/'.
describe("/activation's Order Now", () => {
  it('goes to the store of the order being built (its menu or catering menu)', async () => {
    getOrderRef.mockResolvedValue({ orderId: 12, locationId: 3, menuType: 'menu' });
    expect(await orderNowHref()).toBe('/3/menu');
    cleanup();
    getOrderRef.mockResolvedValue({ orderId: 13, locationId: 7, menuType: 'catering' });
    expect(await orderNowHref()).toBe('/7/catering');
  });

  it("goes to '/' when no store is selected", async () => {
    getOrderRef.mockResolvedValue(null);
    expect(await orderNowHref()).toBe('/');
  });
});
