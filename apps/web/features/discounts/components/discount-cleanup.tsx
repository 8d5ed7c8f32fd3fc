'use client';

import { useEffect } from 'react';
import { DISCOUNT_MESSAGES } from '@storefront/contracts/discount-messages';

/** Where leaving checkout keeps the discounts (spec section 2: any page but /payment removes them). */
export function keepsDiscounts(pathname: string): boolean {
  return pathname === '/payment' || pathname.startsWith('/payment/') || pathname === '/checkout';
}

/**
 * Renders nothing; when the checkout page is left for a page other than /payment while the order carries a
 * discount the guest added, it asks /api/discounts?orderId= to remove every discount ('Coupon cleanup has
 * failed' is logged when that fails). The check runs once the navigation has changed the address.
 */
export function DiscountCleanup({ orderId, active }: { orderId: number; active: boolean }) {
  useEffect(() => {
    if (!active) return;
    return () => {
      window.setTimeout(() => {
        if (keepsDiscounts(window.location.pathname)) return;
        fetch(`/api/discounts?orderId=${orderId}`, { method: 'POST', keepalive: true })
          .then((res) => {
            if (!res.ok) console.error(DISCOUNT_MESSAGES.cleanupFailed, res.status);
          })
          .catch((error: unknown) => console.error(DISCOUNT_MESSAGES.cleanupFailed, error));
      }, 0);
    };
  }, [orderId, active]);
  return null;
}
