/**
 * Page-visit analytics in the browser (ordering spec section 7): each page shown sends one event, with the page
 * type, title, fulfillment method, store, menu, item, category and order it is about, to a pluggable sink. The
 * default sink is first-party: our own /api/page-visits, which keeps it in the API's table (the kitchen's report
 * at /kitchen/visits). A browser that sends Do Not Track or Global Privacy Control sends nothing at all.
 */
import type { PageVisitEvent } from '@storefront/contracts/analytics';
import { optedOutOfTracking } from '@storefront/contracts/analytics-signals';

export interface AnalyticsSink {
  send(event: PageVisitEvent): void;
}

export const PAGE_VISITS_PATH = '/api/page-visits';

/** The first-party sink: a beacon to our own route (it outlives the page), else a keepalive fetch. */
export const firstPartySink: AnalyticsSink = {
  send(event) {
    const body = JSON.stringify(event);
    if (typeof navigator.sendBeacon === 'function') {
      if (navigator.sendBeacon(PAGE_VISITS_PATH, new Blob([body], { type: 'application/json' }))) return;
    }
    void fetch(PAGE_VISITS_PATH, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body,
      keepalive: true,
    }).catch(() => undefined);
  },
};

let sink: AnalyticsSink = firstPartySink;

/** Replaces the sink (another analytics service); `null` restores the first-party default. */
export function setAnalyticsSink(next: AnalyticsSink | null): void {
  sink = next ?? firstPartySink;
}

/** Whether the browser lets us count the visit: not with DNT '1' or Global Privacy Control on. */
export function trackingAllowed(nav: Navigator & { globalPrivacyControl?: boolean }): boolean {
  return !optedOutOfTracking({ doNotTrack: nav.doNotTrack, globalPrivacyControl: nav.globalPrivacyControl });
}

const SEGMENT_ID = /^[1-9]\d{0,9}$/;
const FULFILLMENT_QUERY: Record<string, 0 | 1 | 2> = { delivery: 0, pickup: 1, dinein: 2 };

/** The event of a page from its path, query and title (what the URL says about store, menu, item and order). */
export function pageVisitOf(pathname: string, search: string, title: string): PageVisitEvent {
  const query = new URLSearchParams(search);
  const [first, second, third] = pathname.split('/').filter(Boolean);
  const fm = query.get('fm');
  const base = {
    title: title.slice(0, 200),
    fulfillmentMethod: (fm !== null ? FULFILLMENT_QUERY[fm] : undefined) ?? null,
  };
  if (first && SEGMENT_ID.test(first) && (second === 'menu' || second === 'catering')) {
    const store = { ...base, locationId: Number(first), menu: second } as const;
    return third
      ? { ...store, pageType: 'item', itemPathKey: decodeURIComponent(third).slice(0, 200) }
      : { ...store, pageType: 'store' };
  }
  const oid = query.get('oid');
  const orderId = oid && SEGMENT_ID.test(oid) ? Number(oid) : null;
  switch (first) {
    case undefined:
    case 'search-locations':
      return { ...base, pageType: 'search' };
    case 'checkout':
    case 'payment':
    case 'confirmation':
      return { ...base, pageType: first };
    case 'order-tracking':
      return { ...base, pageType: 'tracking', orderId };
    case 'my-account':
      return { ...base, pageType: 'account' };
    default:
      return { ...base, pageType: 'other' };
  }
}

/** Sends the visit of the page now shown, unless the browser opted out (or it is the kitchen's own screen). */
export function reportPageVisit(
  location: { pathname: string; search: string },
  title: string,
  nav: Navigator & { globalPrivacyControl?: boolean } = navigator,
  to: AnalyticsSink = sink,
): boolean {
  if (!trackingAllowed(nav) || location.pathname.startsWith('/kitchen')) return false;
  to.send(pageVisitOf(location.pathname, location.search, title));
  return true;
}
