import { describe, expect, it } from 'vitest';
import { isStoreSelectable } from './store-availability';
import { parseStoreRoute } from './store-route';

describe('store route', () => {
  it('accepts a numeric location with menu or catering', () => {
    expect(parseStoreRoute({ locationId: '12', menuOrCatering: 'menu' })).toEqual({
      kind: 'ok',
      locationId: 12,
      menuOrCatering: 'menu',
      catering: false,
    });
    expect(parseStoreRoute({ locationId: '3', menuOrCatering: 'catering' })).toMatchObject({
      catering: true,
    });
  });

  it('treats a non-numeric location as not found, before looking at the last segment', () => {
    expect(parseStoreRoute({ locationId: 'abc', menuOrCatering: 'menu' })).toEqual({ kind: 'not-found' });
    expect(parseStoreRoute({ locationId: '1e3', menuOrCatering: 'oops' })).toEqual({ kind: 'not-found' });
    expect(parseStoreRoute({ locationId: '0', menuOrCatering: 'menu' })).toEqual({ kind: 'not-found' });
  });

  it('sends any other last segment to /error', () => {
    expect(parseStoreRoute({ locationId: '12', menuOrCatering: 'drinks' })).toEqual({ kind: 'error' });
  });
});

describe('store selectability', () => {
  const open = { status: { locationStatus: 'Open' as const, description: 'Open until 10:00 PM' } };
  const closed = { status: { locationStatus: 'Closed' as const, description: 'Opens at 11:00 AM' } };

  it('allows online stores that are open or closing soon', () => {
    expect(isStoreSelectable({ ...open, isOnline: true, acceptOrdersWhenClosed: false })).toBe(true);
    expect(
      isStoreSelectable({
        status: { locationStatus: 'Closes Soon', description: 'Closes at 10:00 PM' },
        isOnline: true,
        acceptOrdersWhenClosed: false,
      }),
    ).toBe(true);
  });

  it('refuses offline stores, and closed ones unless they accept orders when closed', () => {
    expect(isStoreSelectable({ ...open, isOnline: false, acceptOrdersWhenClosed: true })).toBe(false);
    expect(isStoreSelectable({ ...closed, isOnline: true, acceptOrdersWhenClosed: false })).toBe(false);
    expect(isStoreSelectable({ ...closed, isOnline: true, acceptOrdersWhenClosed: true })).toBe(true);
  });
});
