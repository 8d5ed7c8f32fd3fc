/** Promo popup display rules, zod-free (the storefront's browser code imports them; marketing.ts re-exports them). */

/** Promo picture sizes: desktop landscape, mobile portrait. */
export const PROMO_IMAGE_SIZES = {
  desktop: { width: 720, height: 405 },
  mobile: { width: 360, height: 480 },
} as const;

/** Whether a target leaves the storefront (opens in a new tab): http or https URLs. */
export function isExternalTarget(url: string): boolean {
  return /^https?:\/\//i.test(url);
}

/** The feature flag that turns promo popups on. */
export const PROMO_POPUP_FLAG = 'enable promo popup';

/** Default label of the popup's close button when the campaign sets none. */
export const PROMO_CLOSE_LABEL = 'Close';
