import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import type { Store } from '@storefront/contracts/locations';
import { hardNavigate } from '../hard-navigate';
import { leaveLocation } from '../locations.actions';
import { isLeavingLocation } from '../leave-location';
import { ChangeLocationLink } from './change-location-link';
import { LeaveOrderGuard } from './leave-order-guard';
import { MenuSwitchPrompt } from './menu-switch-prompt';
import { StoreInfoDialog } from './store-info-dialog';

vi.mock('../locations.actions', () => ({ leaveLocation: vi.fn() }));
vi.mock('../hard-navigate', () => ({ hardNavigate: vi.fn() }));
const push = vi.fn();
vi.mock('next/navigation', () => ({ useRouter: () => ({ push }) }));
const leaveMock = vi.mocked(leaveLocation);
const navigateMock = vi.mocked(hardNavigate);

beforeEach(() => {
  push.mockReset();
  leaveMock.mockReset().mockResolvedValue({ ok: true, data: { href: '/search-locations' } });
  navigateMock.mockReset();
});
afterEach(cleanup);

const store: Store = {
  id: 8,
  name: 'Union Market Food Hall',
  description: null,
  brandId: 1,
  brands: [],
  address: {
    address1: '1309 5th St NE',
    address2: null,
    city: 'Washington',
    stateCode: 'DC',
    postalCode: '20002',
    latitude: 38.9,
    longitude: -77,
  },
  contactInformation: { phone: '(202) 555-0136' },
  timeZone: 'America/New_York',
  fulfillmentMethods: [0],
  averagePickupEtaInMinutes: 15,
  averageDeliveryEtaInMinutes: 40,
  storeHours: {
    businessHours: [
      {
        weekday: 1,
        day: 'Monday',
        isOpen: true,
        isCurrentDay: false,
        hours: [
          { open: '11:00', close: '15:00' },
          { open: '17:00', close: '22:00' },
        ],
      },
      { weekday: 2, day: 'Tuesday', isOpen: false, isCurrentDay: true, hours: [] },
    ],
    holidays: [
      { date: '2026-11-28', title: 'Staff Training Day', isOpen: false, hours: [] },
      {
        date: '2026-12-05',
        title: 'Neighborhood Festival',
        isOpen: true,
        hours: [{ open: '12:00', close: '18:00' }],
      },
    ],
  },
};

describe('store info modal', () => {
  it('shows address, phone, every period of a day, today marked and holidays with hours or CLOSED', async () => {
    render(<StoreInfoDialog store={store} hasOrderItems={false} />);
    fireEvent.click(screen.getByRole('button', { name: 'Store info' }));
    const dialog = await screen.findByRole('dialog', { name: 'Union Market Food Hall' });
    expect(within(dialog).getByText(/1309 5th St NE, Washington, DC 20002/)).toBeTruthy();
    expect(within(dialog).getByRole('link', { name: '(202) 555-0136' }).getAttribute('href')).toBe(
      'tel:2025550136',
    );
    const monday = within(dialog).getByText('Monday').closest('li');
    expect(monday?.textContent).toContain('11:00 AM - 3:00 PM');
    expect(monday?.textContent).toContain('5:00 PM - 10:00 PM');
    const today = dialog.querySelector('[aria-current="date"]');
    expect(today?.textContent).toContain('Tuesday (Today)');
    expect(today?.textContent).toContain('CLOSED');
    const holidays = within(dialog).getByRole('region', { name: 'Upcoming holidays' });
    expect(within(holidays).getByText('Staff Training Day').closest('li')?.textContent).toContain('CLOSED');
    expect(within(holidays).getByText('Neighborhood Festival').closest('li')?.textContent).toContain(
      '12:00 PM - 6:00 PM',
    );
    expect(within(dialog).getByRole('link', { name: 'Change location' })).toBeTruthy();
  });
});

describe('change location', () => {
  it('goes straight to the search page with an empty order', () => {
    render(<ChangeLocationLink hasOrderItems={false} />);
    const link = screen.getByRole('link', { name: 'Change location' });
    expect(link.getAttribute('href')).toBe('/search-locations');
    fireEvent.click(link);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('asks first with items in the order, and confirming drops the order', async () => {
    render(<ChangeLocationLink hasOrderItems />);
    fireEvent.click(screen.getByRole('link', { name: 'Change location' }));
    const dialog = screen.getByRole('dialog');
    expect(dialog.textContent).toContain(
      'Are you sure you want to change the location? You will lose the current order',
    );
    fireEvent.click(within(dialog).getByRole('button', { name: 'Change location' }));
    await waitFor(() => expect(push).toHaveBeenCalledWith('/search-locations'));
    expect(leaveMock).toHaveBeenCalledTimes(1);
  });
});

describe('leave warning', () => {
  function renderGuard(hasOrderItems: boolean) {
    return render(
      <>
        <LeaveOrderGuard locationId={8} hasOrderItems={hasOrderItems} />
        <a href="/">Home</a>
        <a href="/8/menu/1-2">Item</a>
        <a href="/checkout">Checkout</a>
      </>,
    );
  }

  it('stops a link leaving the location while the order has items', async () => {
    renderGuard(true);
    const event = new MouseEvent('click', { bubbles: true, cancelable: true, button: 0 });
    act(() => {
      screen.getByRole('link', { name: 'Home' }).dispatchEvent(event);
    });
    expect(event.defaultPrevented).toBe(true);
    const dialog = screen.getByRole('dialog', { name: 'Leave the order?' });
    expect(dialog.textContent).toContain(
      'You are about to exit from the current location and you will miss your order.',
    );
    fireEvent.click(within(dialog).getByRole('button', { name: 'Stay Here' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(leaveMock).not.toHaveBeenCalled();

    act(() => {
      screen.getByRole('link', { name: 'Home' }).click();
    });
    fireEvent.click(screen.getByRole('button', { name: 'Leave' }));
    await waitFor(() => expect(push).toHaveBeenCalledWith('/'));
    expect(leaveMock).toHaveBeenCalledTimes(1);
  });

  it('lets links inside the location, to checkout, or with an empty order pass', () => {
    // jsdom cannot follow links: stop them after the guard (a bubbling listener runs after its capture one).
    const stopNavigation = (event: MouseEvent) => event.preventDefault();
    document.addEventListener('click', stopNavigation);
    onTestFinished(() => document.removeEventListener('click', stopNavigation));
    renderGuard(true);
    for (const name of ['Item', 'Checkout']) {
      const event = new MouseEvent('click', { bubbles: true, cancelable: true, button: 0 });
      screen.getByRole('link', { name }).dispatchEvent(event);
      expect(screen.queryByRole('dialog')).toBeNull();
    }
    cleanup();
    renderGuard(false);
    const event = new MouseEvent('click', { bubbles: true, cancelable: true, button: 0 });
    screen.getByRole('link', { name: 'Home' }).dispatchEvent(event);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('knows which paths leave the location', () => {
    expect(isLeavingLocation('/search-locations', 8)).toBe(true);
    expect(isLeavingLocation('/', 8)).toBe(true);
    expect(isLeavingLocation('/80/menu', 8)).toBe(true);
    expect(isLeavingLocation('/8/catering', 8)).toBe(false);
    expect(isLeavingLocation('/payment', 8)).toBe(false);
  });
});

describe('catering switch prompt', () => {
  it('warns about the order, then opens the catering menu with a full page load', () => {
    render(<MenuSwitchPrompt locationId={8} current="menu" hasOrderItems keepQuery="?fm=pickup" />);
    fireEvent.click(screen.getByRole('button', { name: 'Do you need catering?' }));
    const dialog = screen.getByRole('dialog', { name: 'Do you need catering?' });
    expect(dialog.textContent).toContain('You will lose your current order');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Go to Catering' }));
    // A full page load: the proxy switches the token type and resets the order.
    expect(navigateMock).toHaveBeenCalledWith('/8/catering?fm=pickup');
  });

  it('offers the main menu from catering, and Stay Here changes nothing', () => {
    render(<MenuSwitchPrompt locationId={8} current="catering" hasOrderItems={false} />);
    fireEvent.click(screen.getByRole('button', { name: 'Not interested in catering?' }));
    const dialog = screen.getByRole('dialog', { name: 'Not interested in catering?' });
    expect(within(dialog).getByRole('button', { name: 'Go to Menu' })).toBeTruthy();
    expect(dialog.textContent).not.toContain('You will lose your current order');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Stay Here' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(navigateMock).not.toHaveBeenCalled();
  });
});
