/** The coupon field's limit and messages without zod (the checkout page's browser code); discounts.ts re-exports them. */

/** Longest coupon code accepted (our limit: the spec gives none). */
export const COUPON_CODE_MAX = 40;

export const DISCOUNT_MESSAGES = {
  /** 21021: the code is unknown or cannot be used on this order. */
  invalidCode: 'Invalid code',
  /** 21022: a valid coupon that takes nothing off the order. */
  unused: 'This coupon is valid, but it doesn’t apply any discounts to your selected items',
  /** Logged by the storefront when leaving checkout could not remove the discounts. */
  cleanupFailed: 'Coupon cleanup has failed',
} as const;
