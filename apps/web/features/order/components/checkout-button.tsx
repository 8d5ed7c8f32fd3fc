'use client';

import { useEffect, useState } from 'react';
import Link from 'next/link';
import { Spinner } from '@/components/ui/spinner';

/** Spec section 9: the Checkout button shows its loading state for 1000 ms. */
export const CHECKOUT_LOADING_MS = 1000;

/** The My Order panel's Checkout link, busy for a second after a click while the checkout page loads. */
export function CheckoutButton() {
  const [loading, setLoading] = useState(false);
  useEffect(() => {
    if (!loading) return;
    const timer = setTimeout(() => setLoading(false), CHECKOUT_LOADING_MS);
    return () => clearTimeout(timer);
  }, [loading]);
  return (
    <Link
      href="/checkout"
      aria-busy={loading || undefined}
      onClick={(event) => {
        if (loading) event.preventDefault();
        else setLoading(true);
      }}
      className="inline-flex min-h-11 w-full items-center justify-center gap-2 rounded-full bg-button px-5 py-2 font-semibold text-button-fg hover:brightness-110"
    >
      {loading ? <Spinner label="Loading checkout" /> : null}
      Checkout
    </Link>
  );
}
