import { describe, expect, it, vi } from 'vitest';
import { pageVisitOf, reportPageVisit, setAnalyticsSink, type AnalyticsSink } from './page-visits';

const browser = (signals: { doNotTrack?: string | null; globalPrivacyControl?: boolean } = {}) =>
  ({ doNotTrack: null, ...signals }) as Navigator & { globalPrivacyControl?: boolean };
const sink = () => ({ send: vi.fn<AnalyticsSink['send']>() });

describe('page-visit events (ordering spec section 7)', () => {
  it('carries page type, title, fulfillment method, store, menu, item and order from the page shown', () => {
    expect(pageVisitOf('/3/menu', '?fm=delivery', 'Menu | Capital Kitchen')).toEqual({
      pageType: 'store',
      title: 'Menu | Capital Kitchen',
      fulfillmentMethod: 0,
      locationId: 3,
      menu: 'menu',
    });
    expect(pageVisitOf('/3/catering/1-10-101', '', 'Item Customization')).toMatchObject({
      pageType: 'item',
      locationId: 3,
      menu: 'catering',
      itemPathKey: '1-10-101',
      fulfillmentMethod: null,
    });
    expect(pageVisitOf('/order-tracking', '?oid=42&tk=x', 'Track your Order')).toMatchObject({
      pageType: 'tracking',
      orderId: 42,
    });
    expect(pageVisitOf('/', '', 'Home').pageType).toBe('search');
    expect(pageVisitOf('/search-locations', '', 'Find').pageType).toBe('search');
    expect(pageVisitOf('/checkout', '', 'Checkout').pageType).toBe('checkout');
    expect(pageVisitOf('/my-account/profile', '', 'Profile').pageType).toBe('account');
    expect(pageVisitOf('/accessibility', '', 'Accessibility').pageType).toBe('other');
  });

  it('sends the visit to the sink, and nothing under Do Not Track or Global Privacy Control', () => {
    const to = sink();
    const page = { pathname: '/checkout', search: '' };
    expect(reportPageVisit(page, 'Checkout', browser(), to)).toBe(true);
    expect(to.send).toHaveBeenCalledWith({
      pageType: 'checkout',
      title: 'Checkout',
      fulfillmentMethod: null,
    });
    to.send.mockClear();
    expect(reportPageVisit(page, 'Checkout', browser({ doNotTrack: '1' }), to)).toBe(false);
    expect(reportPageVisit(page, 'Checkout', browser({ globalPrivacyControl: true }), to)).toBe(false);
    expect(to.send).not.toHaveBeenCalled();
    // The kitchen's own screens are not storefront visits.
    expect(reportPageVisit({ pathname: '/kitchen/visits', search: '' }, 'Kitchen', browser(), to)).toBe(
      false,
    );
  });

  it('takes another sink in place of the first-party default (pluggable)', () => {
    const other = sink();
    setAnalyticsSink(other);
    try {
      reportPageVisit({ pathname: '/3/menu', search: '' }, 'Menu', browser());
      expect(other.send).toHaveBeenCalledTimes(1);
    } finally {
      setAnalyticsSink(null);
    }
  });

  it('posts to our own /api/page-visits by default (a beacon)', () => {
    const beacon = vi.fn(() => true);
    vi.stubGlobal('navigator', { ...navigator, sendBeacon: beacon, doNotTrack: null });
    try {
      reportPageVisit({ pathname: '/payment', search: '' }, 'Make your payment', browser());
      expect(beacon).toHaveBeenCalledWith('/api/page-visits', expect.any(Blob));
    } finally {
      vi.unstubAllGlobals();
    }
  });
});
