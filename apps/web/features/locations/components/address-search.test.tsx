import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi, type Mock } from 'vitest';
import type { PlaceSuggestion } from '@storefront/contracts/locations';
import { AddressSearch, type FetchPlaceDetails } from './address-search';
import type { FetchSuggestions } from '../use-place-suggestions';

const push = vi.fn();
vi.mock('next/navigation', () => ({ useRouter: () => ({ push }) }));

const suggestions: PlaceSuggestion[] = [
  {
    placeId: 'zip-20001',
    mainText: '20001',
    secondaryText: 'Washington, DC',
    description: '20001, Washington, DC',
  },
  {
    placeId: 'zip-20002',
    mainText: '20002',
    secondaryText: 'Washington, DC',
    description: '20002, Washington, DC',
  },
];

function setup(
  overrides: { fetchSuggestions?: Mock<FetchSuggestions>; fetchDetails?: Mock<FetchPlaceDetails> } = {},
) {
  const fetchSuggestions = overrides.fetchSuggestions ?? vi.fn<FetchSuggestions>(async () => suggestions);
  const fetchDetails =
    overrides.fetchDetails ??
    vi.fn<FetchPlaceDetails>(async () => ({
      latitude: 38.91,
      longitude: -77.02,
      line1: '',
      line2: '',
      city: 'Washington',
      stateCode: 'DC',
      zipCode: '20001',
    }));
  render(
    <AddressSearch
      label="Find nearby stores"
      labelNote="(Pickup only)"
      placeholder="Enter your City, Zip Code, or Street"
      initialQuery=""
      method="pickup"
      fetchSuggestions={fetchSuggestions}
      fetchDetails={fetchDetails}
    />,
  );
  const input = screen.getByRole('combobox', { name: 'Find nearby stores (Pickup only)' });
  return { input, fetchSuggestions, fetchDetails };
}

async function type(input: HTMLElement, value: string) {
  await act(async () => {
    fireEvent.focus(input);
    fireEvent.change(input, { target: { value } });
  });
}

async function wait(ms: number) {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });
}

beforeEach(() => {
  vi.useFakeTimers();
  push.mockReset();
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('AddressSearch', () => {
  it('asks for at least 4 characters and requests nothing before that', async () => {
    const { input, fetchSuggestions } = setup();
    expect(input).toHaveProperty('placeholder', 'Enter your City, Zip Code, or Street');
    await type(input, 'Was');
    await wait(1000);
    expect(screen.getByText('Please enter at least 4 characters')).toBeTruthy();
    expect(fetchSuggestions).not.toHaveBeenCalled();
  });

  it('debounces suggestions by 500 ms and asks only for the latest text', async () => {
    const { input, fetchSuggestions } = setup();
    await type(input, 'Wash');
    await wait(300);
    await type(input, 'Washi');
    await wait(499);
    expect(fetchSuggestions).not.toHaveBeenCalled();
    await wait(1);
    expect(fetchSuggestions).toHaveBeenCalledTimes(1);
    expect(fetchSuggestions.mock.calls[0]?.[0]).toBe('Washi');
    // The pickup box asks for pickup's kinds of place (cities, ZIP codes), not delivery's street addresses.
    expect(fetchSuggestions.mock.calls[0]?.[2]).toBe('pickup');
    expect(screen.getAllByRole('option')).toHaveLength(2);
    expect(input.getAttribute('aria-expanded')).toBe('true');
  });

  it("says 'No suggestions found' when nothing matches", async () => {
    const { input } = setup({ fetchSuggestions: vi.fn<FetchSuggestions>(async () => []) });
    await type(input, 'Nowhere land');
    await wait(500);
    expect(screen.getByText('No suggestions found')).toBeTruthy();
    expect(screen.queryAllByRole('option')).toHaveLength(0);
  });

  it('moves with the arrows, picks with Enter and searches at the place', async () => {
    const { input, fetchDetails } = setup();
    await type(input, 'Washington');
    await wait(500);
    await act(async () => {
      fireEvent.keyDown(input, { key: 'ArrowDown' });
      fireEvent.keyDown(input, { key: 'ArrowDown' });
    });
    const second = screen.getAllByRole('option')[1];
    expect(second?.getAttribute('aria-selected')).toBe('true');
    expect(input.getAttribute('aria-activedescendant')).toBe(second?.id);
    await act(async () => {
      fireEvent.keyDown(input, { key: 'Enter' });
    });
    await wait(0);
    expect(fetchDetails).toHaveBeenCalledWith('zip-20002');
    expect(push).toHaveBeenCalledWith('/search-locations?q=20002%2C+Washington%2C+DC&lat=38.91&lng=-77.02');
  });

  it('closes the list with Escape', async () => {
    const { input } = setup();
    await type(input, 'Washington');
    await wait(500);
    await act(async () => {
      fireEvent.keyDown(input, { key: 'Escape' });
    });
    expect(input.getAttribute('aria-expanded')).toBe('false');
  });

  it('explains when a picked place cannot be used', async () => {
    const { input } = setup({ fetchDetails: vi.fn<FetchPlaceDetails>(async () => null) });
    await type(input, 'Washington');
    await wait(500);
    await act(async () => {
      fireEvent.click(screen.getAllByRole('option')[0] as HTMLElement);
    });
    await wait(0);
    expect(screen.getByRole('alert').textContent).toBe(
      'This address is not supported. Please try a more specific address.',
    );
    expect(push).not.toHaveBeenCalled();
  });

  it('reads bracketed text as coordinates', async () => {
    const { input, fetchSuggestions } = setup();
    await type(input, '(38.9, -77.03)');
    await act(async () => {
      fireEvent.keyDown(input, { key: 'Enter' });
    });
    expect(fetchSuggestions).not.toHaveBeenCalled();
    expect(push).toHaveBeenCalledWith('/search-locations?q=%2838.9%2C+-77.03%29');
  });

  it('says when the browser has no geolocation', async () => {
    setup();
    const original = Object.getOwnPropertyDescriptor(navigator, 'geolocation');
    Object.defineProperty(navigator, 'geolocation', { value: undefined, configurable: true });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Use my current location' }));
    });
    await wait(0);
    expect(screen.getByRole('alert').textContent).toBe('Geolocation is not supported by this browser.');
    if (original) Object.defineProperty(navigator, 'geolocation', original);
  });

  it('asks for the position with the spec options', async () => {
    setup();
    const getCurrentPosition = vi.fn<Geolocation['getCurrentPosition']>((ok) =>
      ok({ coords: { latitude: 38.9072, longitude: -77.0369 } } as GeolocationPosition),
    );
    Object.defineProperty(navigator, 'geolocation', { value: { getCurrentPosition }, configurable: true });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Use my current location' }));
    });
    await wait(0);
    expect(getCurrentPosition.mock.calls[0]?.[2]).toEqual({
      enableHighAccuracy: true,
      maximumAge: 30000,
      timeout: 27000,
    });
    expect(push).toHaveBeenCalledWith(expect.stringContaining('lat=38.9072&lng=-77.0369'));
  });
});
