import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { FULFILLMENT_METHOD } from '@storefront/contracts/enums';
import { searchMethodsOf } from '../search-state';
import { MethodToggle } from './method-toggle';

afterEach(cleanup);

const template = (fulfillmentMethods: (0 | 1 | 2)[]) => ({
  searchSettings: { title: 't', secondaryTitle: null, fulfillmentMethods },
});

describe('the Pickup/Delivery toggle', () => {
  it('shows both links when the company offers pickup and delivery, the current one marked', () => {
    const methods = searchMethodsOf(template([FULFILLMENT_METHOD.Delivery, FULFILLMENT_METHOD.Pickup]));
    expect(methods).toEqual(['pickup', 'delivery']);
    render(<MethodToggle methods={methods} current="delivery" />);
    const nav = screen.getByRole('navigation', { name: 'Fulfillment method' });
    expect(nav).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Delivery' }).getAttribute('aria-current')).toBe('page');
    expect(screen.getByRole('link', { name: 'Pickup' }).getAttribute('href')).toBe('/search-locations');
    expect(screen.getByRole('link', { name: 'Delivery' }).getAttribute('href')).toBe(
      '/search-locations?method=delivery',
    );
  });

  it('is not drawn when only pickup exists, or when the template says nothing', () => {
    for (const methods of [
      searchMethodsOf(template([FULFILLMENT_METHOD.Pickup])),
      searchMethodsOf(template([FULFILLMENT_METHOD.DineIn])),
      searchMethodsOf(null),
    ]) {
      expect(methods).toEqual(['pickup']);
      const { container } = render(<MethodToggle methods={methods} current="pickup" />);
      expect(container.innerHTML).toBe('');
      cleanup();
    }
  });

  it('offers delivery alone without a toggle', () => {
    const methods = searchMethodsOf(template([FULFILLMENT_METHOD.Delivery]));
    expect(methods).toEqual(['delivery']);
    const { container } = render(<MethodToggle methods={methods} current="delivery" />);
    expect(container.innerHTML).toBe('');
  });
});
