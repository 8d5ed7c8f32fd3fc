'use client';

import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import dynamic from 'next/dynamic';
import type { CrossSellOffer } from '@storefront/contracts/cross-sell';
import { fetchCrossSellOffers } from '../cross-sell.actions';
import type { CrossSellTarget } from './cross-sell-modal';

const CrossSellModal = dynamic(() => import('./cross-sell-modal').then((m) => m.CrossSellModal), {
  ssr: false,
});

/** The order line just added (the store page's `addedItemId`) and where its offers are added. */
export interface AddedLine {
  id: number;
  itemPathKey: string;
  target: CrossSellTarget;
}

/** Drops the one-off `addedItemId` from the address, so that a reload or a later refresh does not offer again. */
function dropAddedItemParam() {
  const url = new URL(window.location.href);
  if (!url.searchParams.has('addedItemId')) return;
  url.searchParams.delete('addedItemId');
  // Without Next's own markers (__NA, _N) the call counts as the app's: Next moves its router to the new address
  // (a later router.refresh asks for the page without the signal) and copies its markers back in. The leave
  // guard's key in the state is kept.
  const { __NA: _na, _N: _n, ...state } = (window.history.state ?? {}) as Record<string, unknown>;
  window.history.replaceState(state, '', `${url.pathname}${url.search}${url.hash}`);
}

/**
 * The store page's cross-sell after an add: the offers the added item triggers (mode AddItem or Both) open the
 * cross-sell modal. Always mounted by the store page, so that the open offer lives in this component and not in
 * the address: a refresh of the page (a direct add from the modal) renders it again without `added`, and the
 * modal stays. `children` is the promo popup: one dialog at a time, so it stays away for the rest of this visit
 * once an add was signalled (it shows on the next visit, as it has not been seen).
 */
export function CrossSellAfterAdd({ added, children }: { added: AddedLine | null; children?: ReactNode }) {
  const [shown, setShown] = useState<{ offer: CrossSellOffer; line: AddedLine } | null>(null);
  // Whether an add was signalled in this visit (kept while later renders come without one).
  const [signalled, setSignalled] = useState(added !== null);
  if (added && !signalled) setSignalled(true);
  // The line asked about last: an earlier line's late answer is dropped, and a render again with the same line
  // (Next's restore of the address) asks nothing.
  const asked = useRef<number | null>(null);
  useEffect(() => {
    if (!added) return;
    // Dropped whenever the signal is in the address, also when the same line comes back (Back through history).
    dropAddedItemParam();
    if (asked.current === added.id) return;
    const line = added;
    asked.current = line.id;
    void fetchCrossSellOffers({ locationId: line.target.locationId, itemPathKey: line.itemPathKey }).then(
      (offers) => {
        if (asked.current !== line.id) return;
        const offer = offers[0];
        setShown(offer ? { offer, line } : null);
      },
    );
  }, [added]);
  const close = useCallback(() => setShown(null), []);
  if (shown) {
    return (
      <CrossSellModal
        key={shown.line.id}
        offer={shown.offer}
        moment="AddItem"
        target={shown.line.target}
        onClose={close}
      />
    );
  }
  return signalled ? null : children;
}
