import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ToastProvider } from '@/components/ui/toast';
import type { DeliverySearchResult } from '../delivery.actions';
import type { ChosenPlace, FetchPlaceDetails } from './address-search';
import { DeliverySearch } from './delivery-search';
import type { FetchSuggestions } from '../use-place-suggestions';

const push = vi.fn();
vi.mock('next/navigation', () => ({ useRouter: () => ({ push }) }));
vi.mock('../delivery.actions', () => ({ startDeliverySearch: vi.fn() }));

const place = {
  latitude: 38.9961,
  longitude: -77.0275,
  line1: '8661 Colesville Rd',
  line2: '',
  city: 'Silver Spring',
  stateCode: 'MD',
  zipCode: '20910',
};

const fetchSuggestions = vi.fn<FetchSuggestions>(async () => [
  {
    placeId: 'known:2',
    mainText: '8661 Colesville Rd',
    secondaryText: 'Silver Spring, MD 20910, USA',
    description: '8661 Colesville Rd, Silver Spring, MD 20910, USA',
  },
]);

function renderDelivery(result: DeliverySearchResult) {
  const search = vi.fn<(p: ChosenPlace) => Promise<DeliverySearchResult>>(async () => result);
  const fetchDetails = vi.fn<FetchPlaceDetails>(async (placeId) =>
    placeId.startsWith('geo:')
      ? {
          latitude: 38.9108,
          longitude: -77.0436,
          line1: '',
          line2: '',
          city: 'Washington',
          stateCode: 'DC',
          zipCode: '20036',
        }
      : place,
  );
  render(
    <ToastProvider>
      <DeliverySearch
        label="Delivery To"
        placeholder="Enter your Address"
        initialQuery=""
        search={search}
        fetchDetails={fetchDetails}
        fetchSuggestions={fetchSuggestions}
      />
    </ToastProvider>,
  );
  return { search, fetchDetails, input: screen.getByRole('combobox', { name: 'Delivery To' }) };
}

/** Types the text and presses Enter at once, before the 500 ms debounce has asked for suggestions. */
async function typeAndEnter(input: HTMLElement, value: string) {
  await act(async () => {
    fireEvent.focus(input);
    fireEvent.change(input, { target: { value } });
    fireEvent.keyDown(input, { key: 'Enter' });
    await vi.advanceTimersByTimeAsync(0);
  });
}

async function pickAddress(result: DeliverySearchResult) {
  const { search, input } = renderDelivery(result);
  expect(input).toHaveProperty('placeholder', 'Enter your Address');
  await act(async () => {
    fireEvent.focus(input);
    fireEvent.change(input, { target: { value: '8661 Colesville' } });
    await vi.advanceTimersByTimeAsync(600);
  });
  await act(async () => {
    fireEvent.click(screen.getByRole('option', { name: /8661 Colesville Rd/ }));
    await vi.advanceTimersByTimeAsync(0);
  });
  return search;
}

beforeEach(() => {
  vi.useFakeTimers();
  push.mockReset();
  fetchSuggestions.mockClear();
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('DeliverySearch', () => {
  it('goes to the chosen store with delivery when the address is served', async () => {
    const search = await pickAddress({ ok: true, data: { kind: 'go', href: '/1/menu?fm=delivery' } });
    // Delivery asks for delivery's kinds of place (street addresses and establishments).
    expect(fetchSuggestions).toHaveBeenLastCalledWith('8661 Colesville', expect.anything(), 'delivery');
    expect(search).toHaveBeenCalledWith(
      expect.objectContaining({ ...place, query: '8661 Colesville Rd, Silver Spring, MD 20910, USA' }),
    );
    expect(push).toHaveBeenCalledWith('/1/menu?fm=delivery');
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('offers pickup when the address is out of range, and Try Pickup searches again by pickup', async () => {
    await pickAddress({ ok: true, data: { kind: 'out-of-range' } });
    const dialog = screen.getByRole('dialog', { name: 'No results for Delivery' });
    expect(dialog.textContent).toContain('The address is out of range');
    expect(dialog.textContent).toContain('Do you want to search nearby stores to pick it up?');
    fireEvent.click(screen.getByRole('button', { name: 'Try Pickup' }));
    expect(push).toHaveBeenCalledWith(
      '/search-locations?q=8661+Colesville+Rd%2C+Silver+Spring%2C+MD+20910%2C+USA&lat=38.9961&lng=-77.0275',
    );
  });

  it('says delivery is not available when no store is open; Change address closes the dialog', async () => {
    await pickAddress({ ok: true, data: { kind: 'unavailable' } });
    const dialog = screen.getByRole('dialog', { name: "Oops! Delivery isn't available right now" });
    expect(dialog.textContent).toContain('But, you can still get your order!');
    expect(dialog.textContent).toContain(
      'Do you want to pick it up or try with another address for Delivery?',
    );
    expect(screen.getByRole('button', { name: 'Switch to Pickup' })).toBeTruthy();
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Change address' }));
      await vi.advanceTimersByTimeAsync(0);
    });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(push).not.toHaveBeenCalled();
  });

  it('hands typed coordinates, with the address found for them, to the delivery search on Enter', async () => {
    const { search, fetchDetails, input } = renderDelivery({
      ok: true,
      data: { kind: 'go', href: '/1/menu?fm=delivery' },
    });
    await typeAndEnter(input, '(38.9108, -77.0436)');
    expect(fetchDetails).toHaveBeenCalledWith('geo:38.9108,-77.0436');
    // The delivery address: the point's ZIP code, city and state; the typed text stands as its first line.
    expect(search).toHaveBeenCalledWith({
      query: '(38.9108, -77.0436)',
      latitude: 38.9108,
      longitude: -77.0436,
      line1: '(38.9108, -77.0436)',
      line2: '',
      city: 'Washington',
      stateCode: 'DC',
      zipCode: '20036',
    });
    expect(push).toHaveBeenCalledWith('/1/menu?fm=delivery');
  });

  it('says typed coordinates out of range are not supported', async () => {
    const { search, input } = renderDelivery({ ok: true, data: { kind: 'go', href: '/1/menu?fm=delivery' } });
    await typeAndEnter(input, '(95, -77)');
    expect(search).not.toHaveBeenCalled();
    expect(
      screen.getByText('This address is not supported. Please try a more specific address.'),
    ).toBeTruthy();
    expect(push).not.toHaveBeenCalled();
  });

  it('takes the first suggestion when Enter comes before the suggestions did', async () => {
    const { search, input } = renderDelivery({ ok: true, data: { kind: 'out-of-range' } });
    await typeAndEnter(input, '8661 Colesville');
    expect(fetchSuggestions).toHaveBeenLastCalledWith('8661 Colesville', expect.anything(), 'delivery');
    expect(search).toHaveBeenCalledWith(
      expect.objectContaining({ ...place, query: '8661 Colesville Rd, Silver Spring, MD 20910, USA' }),
    );
    expect(screen.getByRole('dialog', { name: 'No results for Delivery' })).toBeTruthy();
    expect(push).not.toHaveBeenCalled();
  });

  it('shows a failure as an error toast', async () => {
    await pickAddress({ ok: false, error: 'Failed to fetch place details' });
    expect(screen.getByText('Failed to fetch place details')).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
