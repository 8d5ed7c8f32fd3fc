'use client';

import { useCallback, useEffect, useState } from 'react';
import dynamic from 'next/dynamic';
import Link from 'next/link';
import { useRouter } from 'next/navigation';
import type { CrossSellOffer } from '@storefront/contracts/cross-sell';
import { Spinner } from '@/components/ui/spinner';
import { fetchCrossSellOffers } from '@/features/cross-sell/cross-sell.actions';
import type { CrossSellTarget } from '@/features/cross-sell/components/cross-sell-modal';
import { markCheckoutCrossSellOffered, wasCheckoutCrossSellOffered } from '../checkout-cross-sell';

const CrossSellModal = dynamic(
  () => import('@/features/cross-sell/components/cross-sell-modal').then((m) => m.CrossSellModal),
  { ssr: false },
);

/** Spec section 9: the Checkout button shows its loading state for 1000 ms. */
export const CHECKOUT_LOADING_MS = 1000;

/**
 * The My Order panel's Checkout link, busy for a second after a click while the checkout page loads. The first
 * time an order heads to checkout, its Checkout cross-sell offers (lines whose trigger mode is Checkout or Both)
 * are asked for and shown before going on; no offer, or any failure, goes straight to checkout.
 */
export function CheckoutButton({
  crossSell = null,
}: {
  crossSell?: (CrossSellTarget & { orderId: number }) | null;
}) {
  const router = useRouter();
  const [loading, setLoading] = useState(false);
  const [offer, setOffer] = useState<CrossSellOffer | null>(null);
  useEffect(() => {
    if (!loading) return;
    const timer = setTimeout(() => setLoading(false), CHECKOUT_LOADING_MS);
    return () => clearTimeout(timer);
  }, [loading]);
  const close = useCallback(() => setOffer(null), []);
  return (
    <>
      <Link
        href="/checkout"
        aria-busy={loading || undefined}
        onClick={(event) => {
          if (loading) {
            event.preventDefault();
            return;
          }
          setLoading(true);
          if (!crossSell || wasCheckoutCrossSellOffered(crossSell.orderId)) return;
          event.preventDefault();
          markCheckoutCrossSellOffered(crossSell.orderId);
          void fetchCrossSellOffers({ locationId: crossSell.locationId }).then((offers) => {
            const first = offers[0];
            if (first) setOffer(first);
            else router.push('/checkout');
          });
        }}
        className="inline-flex min-h-11 w-full items-center justify-center gap-2 rounded-full bg-button px-5 py-2 font-semibold text-button-fg hover:brightness-110"
      >
        {loading ? <Spinner label="Loading checkout" /> : null}
        Checkout
      </Link>
      {offer && crossSell ? (
        <CrossSellModal offer={offer} moment="Checkout" target={crossSell} onClose={close} />
      ) : null}
    </>
  );
}
