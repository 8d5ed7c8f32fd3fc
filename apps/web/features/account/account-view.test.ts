import { describe, expect, it } from 'vitest';
import {
  customerIdOf,
  formatReadyDateTime,
  greeting,
  hasMoreOrders,
  isMobileUserAgent,
  itemCountLabel,
  pastOrderMenuType,
  unknownRepeatFailure,
  visibleOrders,
} from './account-view';

/** An unsigned JWT with these claims (the storefront reads claims without verifying; the API verifies). */
function jwt(claims: Record<string, unknown>): string {
  const part = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');
  return `${part({ alg: 'HS256', typ: 'JWT' })}.${part(claims)}.signature`;
}

describe('customerIdOf', () => {
  it('reads the uid of a user token', () => {
    expect(customerIdOf(jwt({ typ: 'access', sid: 'abc', app: 107, uid: 42, csid: 'x' }))).toBe(42);
    expect(customerIdOf(jwt({ typ: 'access', uid: '7' }))).toBe(7);
  });

  it('is null for a guest token, no token, garbage and ids that are not positive integers', () => {
    expect(customerIdOf(jwt({ typ: 'access', sid: 'abc', app: 107 }))).toBeNull();
    expect(customerIdOf(null)).toBeNull();
    expect(customerIdOf('')).toBeNull();
    expect(customerIdOf('not.a.jwt')).toBeNull();
    expect(customerIdOf(jwt({ uid: 0 }))).toBeNull();
    expect(customerIdOf(jwt({ uid: -3 }))).toBeNull();
    expect(customerIdOf(jwt({ uid: '1; DROP' }))).toBeNull();
    expect(customerIdOf(jwt({ uid: 1.5 }))).toBeNull();
  });
});

describe('greeting', () => {
  it("says 'Hi, {first name}', or 'Hi, User' without one", () => {
    expect(greeting('Ada')).toBe('Hi, Ada');
    expect(greeting('  Ada ')).toBe('Hi, Ada');
    expect(greeting('')).toBe('Hi, User');
    expect(greeting('   ')).toBe('Hi, User');
    expect(greeting(null)).toBe('Hi, User');
  });
});

describe('isMobileUserAgent', () => {
  it('tells phones and tablets from desktops', () => {
    expect(
      isMobileUserAgent(
        'Mozilla/5.0 (Linux; Android 14; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Mobile Safari/537.36',
      ),
    ).toBe(true);
    expect(isMobileUserAgent('Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X)')).toBe(true);
    expect(
      isMobileUserAgent(
        'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Safari/537.36',
      ),
    ).toBe(false);
    expect(isMobileUserAgent(null)).toBe(false);
  });
});

describe('formatReadyDateTime', () => {
  it("shows the time on the clock of the string's own offset as MMM dd hh:mm a", () => {
    expect(formatReadyDateTime('2026-03-02T12:30:00-05:00')).toBe('Mar 02 12:30 PM');
    expect(formatReadyDateTime('2026-11-20T08:05:00+01:00')).toBe('Nov 20 08:05 AM');
    expect(formatReadyDateTime('2026-01-09T23:45:00Z')).toBe('Jan 09 11:45 PM');
    expect(formatReadyDateTime('2026-01-09T23:45:00.000Z')).toBe('Jan 09 11:45 PM');
  });
});

describe('order history', () => {
  it('labels item counts with the plural rule', () => {
    expect(itemCountLabel(1)).toBe('1 item');
    expect(itemCountLabel(2)).toBe('2 items');
    expect(itemCountLabel(11)).toBe('11 items');
    expect(itemCountLabel(21)).toBe('21 item');
  });

  it('shows four orders until expanded, then all of them', () => {
    const orders = [1, 2, 3, 4, 5, 6];
    expect(visibleOrders(orders, false)).toEqual([1, 2, 3, 4]);
    expect(visibleOrders(orders, true)).toEqual(orders);
    expect(visibleOrders([1, 2], false)).toEqual([1, 2]);
  });

  it("offers 'More Orders' while orders are hidden or the API has more", () => {
    expect(hasMoreOrders(6, false, false)).toBe(true);
    expect(hasMoreOrders(6, true, false)).toBe(false);
    expect(hasMoreOrders(4, false, false)).toBe(false);
    expect(hasMoreOrders(20, true, true)).toBe(true);
  });

  it('sends catering orders back to the catering menu', () => {
    expect(pastOrderMenuType({ orderChannel: 106 })).toBe('catering');
    expect(pastOrderMenuType({ orderChannel: 107 })).toBe('menu');
    expect(pastOrderMenuType({ orderChannel: 105 })).toBe('menu');
  });
});

describe('unknownRepeatFailure', () => {
  it('answers the Unknown code 9903 with the first message (checkout spec section 8)', () => {
    expect(unknownRepeatFailure([{ key: 'Boom', code: 500, message: 'Server error' }])).toEqual({
      ok: false,
      kind: 'failed',
      code: 9903,
      error: 'Server error',
    });
    expect(unknownRepeatFailure([])).toMatchObject({ code: 9903, error: 'Please try again.' });
  });
});
