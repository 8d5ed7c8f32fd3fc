import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Order } from '@storefront/contracts/orders';
import { OrderLines } from './order-lines';

vi.mock('next/navigation', () => ({ useRouter: () => ({ push: vi.fn(), refresh: vi.fn() }) }));
vi.mock('../order.actions', () => ({ updateOrderItemQuantity: vi.fn(), removeOrderItem: vi.fn() }));
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
