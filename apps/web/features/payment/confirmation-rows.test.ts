import { describe, expect, it } from 'vitest';
import { confirmationRows } from './components/confirmation-screen';

const cents = (dollars: number) => Math.round(dollars * 100);

describe('confirmation totals', () => {
  it('shows Items, Tax, Service charge and Total for a pickup order, nothing that is zero', () => {
    const { rows, total } = confirmationRows({
      totals: {
        subtotal: 149,
        discount: 0,
        serviceCharge: 14.9,
        salesTax: 16.39,
        tip: 0,
        total: 180.29,
        due: 180.29,
      },
      deliveryFee: 0,
      driverTip: 0,
    });
    expect(rows).toEqual([
      { label: 'Items', dollars: 149 },
      { label: 'Tax', dollars: 16.39 },
      { label: 'Service charge', dollars: 14.9 },
    ]);
    expect(total).toEqual({ label: 'Total', dollars: 180.29 });
  });

  it("shows a delivery order's discount, fee and tips apart, the service charge without them, adding up to the total", () => {
    // $40 of items, WELCOME10 takes $4; $1.99 delivery service charge, $3.00 fee, $2.00 driver tip, $1.00 tip.
    const { rows, total } = confirmationRows({
      totals: {
        subtotal: 40,
        discount: 4,
        serviceCharge: 1.99 + 3 + 2,
        salesTax: 4.1,
        tip: 1,
        total: 48.09,
        due: 48.09,
      },
      deliveryFee: 3,
      driverTip: 2,
    });
    expect(rows).toEqual([
      { label: 'Items', dollars: 40 },
      { label: 'Discounts', dollars: -4 },
      { label: 'Tax', dollars: 4.1 },
      { label: 'Service charge', dollars: 1.99 },
      { label: 'Delivery Fee', dollars: 3 },
      { label: 'Driver Tip', dollars: 2 },
      { label: 'Tip', dollars: 1 },
    ]);
    expect(rows.reduce((sum, row) => sum + cents(row.dollars), 0)).toBe(cents(total.dollars));
  });
});
