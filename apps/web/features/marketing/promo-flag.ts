import { PROMO_SHOWN_COOKIE } from '@/lib/cookies';

/**
 * The 'promo popup already shown' flag (spec: shown once, the search page resets it), kept in a cookie so that the
 * store page's server knows whether to draw the popup in its HTML (it then paints with the page).
 */
export function markPromoShown(): void {
  document.cookie = `${PROMO_SHOWN_COOKIE}=1; path=/; max-age=31536000; samesite=lax`;
}

export function resetPromoShown(): void {
  document.cookie = `${PROMO_SHOWN_COOKIE}=; path=/; max-age=0; samesite=lax`;
}

/** Storefront-origin URL of a campaign picture: API image paths go through the /images proxy. */
export function promoImageSrc(url: string): string | null {
  if (url.startsWith('/v1/images/')) return `/images/${url.slice('/v1/images/'.length)}`;
  return /^https:\/\//i.test(url) ? url : null;
}
