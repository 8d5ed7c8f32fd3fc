'use client';

import { useCallback, useEffect, useState } from 'react';
import dynamic from 'next/dynamic';
import type { CrossSellOffer } from '@storefront/contracts/cross-sell';
import { fetchCrossSellOffers } from '../cross-sell.actions';
import type { CrossSellTarget } from './cross-sell-modal';

const CrossSellModal = dynamic(() => import('./cross-sell-modal').then((m) => m.CrossSellModal), {
  ssr: false,
});

/**
 * The store page after an item was added (`addedItemId`): the offers that item triggers (mode AddItem or Both)
 * open the cross-sell modal. The query is a one-off signal, dropped from the address at once so that a reload
 * does not offer again.
 */
export function CrossSellAfterAdd({ target, itemPathKey }: { target: CrossSellTarget; itemPathKey: string }) {
  const [offer, setOffer] = useState<CrossSellOffer | null>(null);
  const { locationId } = target;
  useEffect(() => {
    let live = true;
    const url = new URL(window.location.href);
    if (url.searchParams.has('addedItemId')) {
      url.searchParams.delete('addedItemId');
      // Next's and the leave guard's history state are kept; Next syncs its router with the new address.
      window.history.replaceState(window.history.state, '', `${url.pathname}${url.search}${url.hash}`);
    }
    void fetchCrossSellOffers({ locationId, itemPathKey }).then((offers) => {
      if (live) setOffer(offers[0] ?? null);
    });
    return () => {
      live = false;
    };
  }, [locationId, itemPathKey]);
  const close = useCallback(() => setOffer(null), []);
  return offer ? <CrossSellModal offer={offer} moment="AddItem" target={target} onClose={close} /> : null;
}
