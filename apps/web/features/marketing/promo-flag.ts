/**
 * The 'promo popup already shown' flag, remembered in localStorage (spec: shown once, the search page resets
 * it). Storage can be unavailable (private modes, disabled storage): the popup then counts as shown, so a
 * guest is never shown it on every page.
 */
export const PROMO_SHOWN_KEY = 'sf_promo_popup_shown';

export function wasPromoShown(): boolean {
  try {
    return window.localStorage.getItem(PROMO_SHOWN_KEY) === '1';
  } catch {
    return true;
  }
}

export function markPromoShown(): void {
  try {
    window.localStorage.setItem(PROMO_SHOWN_KEY, '1');
  } catch {
    // Nothing to remember it in: wasPromoShown already answers true in that case.
  }
}

export function resetPromoShown(): void {
  try {
    window.localStorage.removeItem(PROMO_SHOWN_KEY);
  } catch {
    // Storage unavailable: nothing to reset.
  }
}

/** Storefront-origin URL of a campaign picture: API image paths go through the /images proxy. */
export function promoImageSrc(url: string): string | null {
  if (url.startsWith('/v1/images/')) return `/images/${url.slice('/v1/images/'.length)}`;
  return /^https:\/\//i.test(url) ? url : null;
}
