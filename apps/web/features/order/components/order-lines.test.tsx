import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Order } from '@storefront/contracts/orders';
import { fetchCrossSellOffers } from '@/features/cross-sell/cross-sell.actions';
import { checkoutOfferedKey } from '../checkout-cross-sell';
import { OrderLines } from './order-lines';

const push = vi.fn();
const router = { push, refresh: vi.fn() };
vi.mock('next/navigation', () => ({ useRouter: () => router }));
vi.mock('../order.actions', () => ({
  updateOrderItemQuantity: vi.fn(),
  removeOrderItem: vi.fn(),
  addOrderItem: vi.fn(),
}));
vi.mock('@/features/cross-sell/cross-sell.actions', () => ({ fetchCrossSellOffers: vi.fn() }));
const offersMock = vi.mocked(fetchCrossSellOffers);
afterEach(cleanup);

function order(subtotal: number, delivery: NonNullable<Order['fulfillmentInformation']>['delivery']): Order {
  return {
    id: 9,
    context: { locationId: 1, snapshotId: 1, orderChannelId: 107, fulfillmentMethod: delivery ? 0 : 1 },
    items: [
      {
        id: 1,
        itemPathKey: '1-10-101',
        menuItemPathKey: '1-10-101',
        title: 'Classic Burger',
        quantity: 1,
        portionId: null,
        portionTitle: null,
        selectedModifiers: [],
        unitPrice: subtotal,
        total: subtotal,
        note: null,
        orderDate: '2026-11-23T12:00:00.000Z',
      },
    ],
    totals: { subtotal, discount: 0, serviceCharge: 0, salesTax: 0, tip: 0, total: subtotal },
    fulfillmentInformation: { fulfillmentMethod: delivery ? 0 : 1, delivery },
  } as unknown as Order;
}

const renderLines = (o: Order) =>
  render(<OrderLines locationId={1} menuType="menu" order={o} utensilsOption={false} />);

describe('My Order for delivery', () => {
  it("shows the zone's fee and what is missing to reach its minimum", () => {
    renderLines(
      order(9.49, {
        line1: '1350 Connecticut Ave NW',
        line2: '',
        city: 'Washington',
        stateCode: 'DC',
        zipCode: '20036',
        feeAmount: 3.99,
        tipAmount: null,
        minimumOrderAmount: 15,
      }),
    );
    expect(screen.getByText('Delivery fee').parentElement?.textContent).toContain('$3.99');
    expect(screen.getByText(/delivery minimum/).textContent).toBe(
      'Add $5.51 more to reach the $15.00 delivery minimum.',
    );
  });

  it('says nothing about the minimum once the subtotal reaches it, and nothing about delivery for pickup', () => {
    renderLines(
      order(15, {
        line1: '1350 Connecticut Ave NW',
        line2: '',
        city: 'Washington',
        stateCode: 'DC',
        zipCode: '20036',
        feeAmount: 3.99,
        tipAmount: null,
        minimumOrderAmount: 15,
      }),
    );
    expect(screen.getByText('Delivery fee')).toBeTruthy();
    expect(screen.queryByText(/delivery minimum/)).toBeNull();
    cleanup();
    renderLines(order(9.49, null));
    expect(screen.queryByText('Delivery fee')).toBeNull();
  });
});

describe('Checkout and the checkout cross-sell', () => {
  beforeEach(() => {
    push.mockClear();
    offersMock.mockReset();
    window.sessionStorage.clear();
    vi.stubGlobal('matchMedia', () => ({
      matches: true,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
    }));
  });
  afterEach(() => vi.unstubAllGlobals());

  it("shows the order's checkout offer once, then goes straight on", async () => {
    offersMock.mockResolvedValue([
      {
        offerId: 'xs-fries-drinks',
        title: 'Something to drink?',
        description: null,
        offeredMenuItems: [
          {
            itemPathKey: '1-40-403',
            title: 'Iced Tea',
            displayAttribute: { imageFileId: null, itemTitle: 'Iced Tea' },
            price: 2.79,
            customizable: false,
          },
        ],
      },
    ]);
    renderLines(order(9.49, null));
    const checkout = screen.getByRole('link', { name: 'Checkout' });
    expect(fireEvent.click(checkout)).toBe(false);
    expect(await screen.findByRole('dialog', { name: 'Something to drink?' })).toBeTruthy();
    expect(offersMock).toHaveBeenCalledWith({ locationId: 1 });
    expect(window.sessionStorage.getItem(checkoutOfferedKey(9))).toBe('1');
    cleanup();

    // Offered already for order 9: the link is followed (not prevented) and nothing is asked.
    renderLines(order(9.49, null));
    expect(fireEvent.click(screen.getByRole('link', { name: 'Checkout' }))).toBe(true);
    expect(offersMock).toHaveBeenCalledTimes(1);
  });

  it('goes to checkout at once when the order has no offer', async () => {
    offersMock.mockResolvedValue([]);
    renderLines(order(9.49, null));
    fireEvent.click(screen.getByRole('link', { name: 'Checkout' }));
    await waitFor(() => expect(push).toHaveBeenCalledWith('/checkout'));
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
