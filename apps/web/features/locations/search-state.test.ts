import { describe, expect, it } from 'vitest';
import { formatMiles, parseSearchState, resultsHeadline, searchHref } from './search-state';

describe('search state in the URL', () => {
  it('reads a point from lat and lng', () => {
    expect(parseSearchState({ q: 'Washington, DC', lat: '38.9', lng: '-77.03' })).toEqual({
      query: 'Washington, DC',
      method: 'pickup',
      target: { kind: 'point', latitude: 38.9, longitude: -77.03 },
    });
  });

  it('reads bracketed text as latitude and longitude', () => {
    expect(parseSearchState({ q: '(39, -77)' }).target).toEqual({
      kind: 'point',
      latitude: 39,
      longitude: -77,
    });
  });

  it('falls back to the typed address, and to nothing without a query', () => {
    expect(parseSearchState({ q: ' 20001 ' }).target).toEqual({ kind: 'address', address: '20001' });
    expect(parseSearchState({}).target).toEqual({ kind: 'none' });
  });

  it('searches only by a method the company offers: Pickup first, then Delivery', () => {
    expect(parseSearchState({ method: 'delivery' }, ['pickup', 'delivery']).method).toBe('delivery');
    expect(parseSearchState({}, ['pickup', 'delivery']).method).toBe('pickup');
    // A pickup-only company never searches by delivery, a delivery-only one always does.
    expect(parseSearchState({ method: 'delivery' }, ['pickup']).method).toBe('pickup');
    expect(parseSearchState({}, ['delivery']).method).toBe('delivery');
    expect(parseSearchState({ method: 'pickup' }, ['delivery']).method).toBe('delivery');
  });

  it('ignores coordinates out of range', () => {
    expect(parseSearchState({ lat: '123', lng: '-77' }).target).toEqual({ kind: 'none' });
  });

  it('round-trips through searchHref', () => {
    const href = searchHref({ query: 'Silver Spring', latitude: 38.99, longitude: -77.03 });
    expect(href).toBe('/search-locations?q=Silver+Spring&lat=38.99&lng=-77.03');
    const params = Object.fromEntries(new URL(href, 'http://x').searchParams);
    expect(parseSearchState(params).target).toEqual({ kind: 'point', latitude: 38.99, longitude: -77.03 });
  });
});

describe('results headline', () => {
  it("says 'One Location' for one store and 'N Locations' otherwise", () => {
    expect(resultsHeadline(1, 'pickup', 25)).toBe('One Location for Pickup within 25 miles');
    expect(resultsHeadline(4, 'pickup', 25)).toBe('4 Locations for Pickup within 25 miles');
    expect(resultsHeadline(11, 'delivery', 10)).toBe('11 Locations for Delivery within 10 miles');
  });

  it('follows the plural rule for counts ending in 1 but not 11', () => {
    expect(resultsHeadline(21, 'pickup', 25)).toBe('21 Location for Pickup within 25 miles');
  });

  it('shows distances in miles with 2 decimals', () => {
    expect(formatMiles(3)).toBe('3.00 miles');
    expect(formatMiles(0.456)).toBe('0.46 miles');
  });
});
