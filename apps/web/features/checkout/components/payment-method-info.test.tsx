import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { PaymentMethodInfo } from '@storefront/contracts/payments';
import { paymentMethodInfo } from '../payment-step';
import { PaymentMethodInfoSection } from './payment-method-info';

function method(paymentMethod: PaymentMethodInfo['paymentMethod'], extra: Partial<PaymentMethodInfo> = {}) {
  return {
    id: paymentMethod * 10,
    paymentMethod,
    name: '',
    paymentProcessorCode: null,
    requiresVerifiedIdentity: false,
    avsCoverageLevel: 'None',
    ...extra,
  } satisfies PaymentMethodInfo;
}

const section = () => screen.getByRole('region', { name: 'Payment Method' });

afterEach(cleanup);

describe("the checkout's payment-method information (checkout spec section 2)", () => {
  it('lists each method the store takes, card first, says which needs SMS verification and offers gift cards', () => {
    const info = paymentMethodInfo([
      method(2, { requiresVerifiedIdentity: true }),
      method(6),
      method(5, { name: 'Visa or Mastercard' }),
    ]);
    render(<PaymentMethodInfoSection info={info} />);
    const region = section();
    expect(region.textContent).toContain("You will choose how to pay after 'Confirm Order':");
    const items = within(region).getAllByRole('listitem');
    expect(items.map((li) => li.textContent)).toEqual([
      'Visa or MastercardPay online on the next page.',
      'Pay at the storePay when you collect your order.Needs your phone number verified by an SMS code.',
    ]);
    expect(region.textContent).toContain('Gift cards can be applied on the payment page.');
  });

  it('names the one method when there is only one, with no gift card line when the store takes none', () => {
    render(<PaymentMethodInfoSection info={paymentMethodInfo([method(5)])} />);
    expect(section().textContent).toContain('You will pay with Credit Card.');
    expect(section().textContent).not.toContain('Gift cards');
  });

  it('keeps a line and no list when the methods could not be read', () => {
    render(<PaymentMethodInfoSection info={null} />);
    expect(section().textContent).toContain("Payment options are shown after 'Confirm Order'.");
    expect(within(section()).queryByRole('list')).toBeNull();
  });
});
