/**
 * Whether an order's Checkout cross-sell was offered already (it is offered once per order), kept in this tab's
 * sessionStorage. An order repeated from the 'Order it again' strip counts as offered: a customer ordering again
 * what they ordered before is not interrupted on their way to checkout.
 */
export const checkoutOfferedKey = (orderId: number) => `sf_cross_sell_checkout:${orderId}`;

export function wasCheckoutCrossSellOffered(orderId: number): boolean {
  try {
    return window.sessionStorage.getItem(checkoutOfferedKey(orderId)) === '1';
  } catch {
    return false;
  }
}

export function markCheckoutCrossSellOffered(orderId: number): void {
  try {
    window.sessionStorage.setItem(checkoutOfferedKey(orderId), '1');
  } catch {
    // Storage unavailable (private mode quotas): the offer may show again, which is harmless.
  }
}
