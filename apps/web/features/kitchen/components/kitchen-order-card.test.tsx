import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { StaffOrder } from '@storefront/contracts/staff';
import { KitchenOrderCard } from './kitchen-order-card';

vi.mock('../kitchen.actions', () => ({ advanceOrder: vi.fn(), cancelOrder: vi.fn() }));

const placedAt = '2026-11-28T12:00:00-05:00';
function order(unpaidAmount: number | null): StaffOrder {
  return {
    id: 41,
    referenceNumber: '41-ABCD',
    orderNumber: '0041',
    locationId: 8,
    statusId: 1,
    placedAt,
    expectedReadyTime: '2026-11-28T12:15:00-05:00',
    scheduledReadyTime: null,
    fulfillmentMethod: 1,
    contact: { firstName: 'Pat', lastName: 'Later', phone: '2025550143', email: 'pat@example.com' },
    pickup: { pickupOption: 0, carColor: null, carType: null, fulfillmentPlace: null },
    delivery: null,
    notes: null,
    items: [{ id: 1, quantity: 1, title: 'Classic Burger', portionTitle: null, modifiers: [], notes: null }],
    total: 285.78,
    unpaidAmount,
  };
}

afterEach(cleanup);

describe('the kitchen ticket of an order paid at the store', () => {
  it('says in words that it is unpaid and what to collect at pickup', () => {
    render(<KitchenOrderCard order={order(285.78)} renderedAt={Date.parse(placedAt)} />);
    const ticket = screen.getByRole('article', { name: /#41-ABCD/ });
    expect(ticket.textContent).toContain('Unpaid — collect $285.78 at pickup');
  });

  it("shows the guest's phone as people read it, as a link to call", () => {
    render(<KitchenOrderCard order={order(null)} renderedAt={Date.parse(placedAt)} />);
    const call = screen.getByRole('link', { name: '(202) 555-0143' });
    expect(call.getAttribute('href')).toBe('tel:2025550143');
  });

  it('shows no badge on an order paid online', () => {
    render(<KitchenOrderCard order={order(null)} renderedAt={Date.parse(placedAt)} />);
    expect(screen.getByRole('article', { name: /#41-ABCD/ }).textContent).not.toContain('Unpaid');
  });
});

describe("the guest's answers to the pickup option's additional fields", () => {
  it('shows each as label and answer beside the handoff, and nothing when there are none', () => {
    const driveThru: StaffOrder = {
      ...order(null),
      pickup: {
        pickupOption: 2,
        carColor: 1,
        carType: 3,
        fulfillmentPlace: null,
        additionalFields: [
          { id: 'lane', label: 'Drive-thru lane', value: '2', displayValue: 'Lane 2 (right)' },
          { id: 'bay', label: 'Bay number', value: '4', displayValue: '4' },
        ],
      },
    };
    render(<KitchenOrderCard order={driveThru} renderedAt={Date.parse(placedAt)} />);
    const ticket = screen.getByRole('article', { name: /#41-ABCD/ });
    const terms = within(ticket)
      .getAllByRole('term')
      .map((t) => t.textContent);
    const answers = within(ticket)
      .getAllByRole('definition')
      .map((d) => d.textContent);
    expect(terms).toEqual(['Drive-thru lane:', 'Bay number:']);
    expect(answers).toEqual(['Lane 2 (right)', '4']);
    cleanup();
    render(<KitchenOrderCard order={order(null)} renderedAt={Date.parse(placedAt)} />);
    expect(screen.queryByRole('term')).toBeNull();
  });
});

describe('a cancelled ticket', () => {
  it('says so with the reason and offers neither the next step nor another cancellation', () => {
    const cancelled = {
      ...order(null),
      statusId: 2 as const,
      cancelledAt: '2026-11-28T12:40:00-05:00',
      cancelReason: 'Out of buns',
    };
    // Long past its due time: a cancelled order is never late.
    render(<KitchenOrderCard order={cancelled} renderedAt={Date.parse('2026-11-28T13:30:00-05:00')} />);
    const ticket = screen.getByRole('article', { name: /#41-ABCD/ });
    expect(ticket.textContent).toContain('Cancelled: Out of buns');
    expect(ticket.textContent).not.toMatch(/\bLate\b/);
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('an open ticket offers to cancel it', () => {
    render(<KitchenOrderCard order={order(null)} renderedAt={Date.parse(placedAt)} />);
    expect(screen.getByRole('button', { name: 'Cancel order 41-ABCD' })).toBeTruthy();
  });
});
