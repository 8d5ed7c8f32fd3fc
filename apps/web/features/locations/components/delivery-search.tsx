'use client';

import { useState, useTransition } from 'react';
import { useRouter } from 'next/navigation';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { useToast } from '@/components/ui/toast';
import { startDeliverySearch, type DeliverySearchResult } from '../delivery.actions';
import { DELIVERY_DIALOG, type DeliveryOutcome } from '../delivery-decision';
import { searchHref } from '../search-href';
import { AddressSearch, type AddressSearchProps, type ChosenPlace } from './address-search';

type DialogKind = keyof typeof DELIVERY_DIALOG;

/**
 * The address box in Delivery mode: picking an address chooses the closest open store, checks that it
 * delivers there and goes to its menu with delivery chosen; otherwise one of the spec's two dialogs offers
 * Pickup instead.
 */
export function DeliverySearch({
  search = startDeliverySearch,
  ...props
}: Omit<AddressSearchProps, 'onPlace' | 'method'> & {
  search?: (place: ChosenPlace) => Promise<DeliverySearchResult>;
}) {
  const router = useRouter();
  const toast = useToast();
  const [dialog, setDialog] = useState<DialogKind | null>(null);
  const [place, setPlace] = useState<ChosenPlace | null>(null);
  const [, startNavigation] = useTransition();

  async function onPlace(chosen: ChosenPlace) {
    setPlace(chosen);
    let result: DeliverySearchResult;
    try {
      result = await search(chosen);
    } catch {
      result = { ok: false, error: 'An unexpected error occurred' };
    }
    if (!result.ok) return toast('error', result.error);
    show(result.data);
  }

  function show(outcome: DeliveryOutcome) {
    if (outcome.kind === 'go') startNavigation(() => router.push(outcome.href));
    else if (outcome.kind === 'error') toast('error', outcome.message);
    else setDialog(outcome.kind === 'out-of-range' ? 'outOfRange' : 'unavailable');
  }

  function switchToPickup() {
    setDialog(null);
    startNavigation(() =>
      router.push(
        searchHref(
          place
            ? { query: place.query, method: 'pickup', latitude: place.latitude, longitude: place.longitude }
            : { query: '', method: 'pickup' },
        ),
      ),
    );
  }

  const texts = dialog ? DELIVERY_DIALOG[dialog] : null;
  return (
    <>
      <AddressSearch {...props} method="delivery" onPlace={onPlace} />
      <Dialog
        open={texts !== null}
        onOpenChange={(open) => (open ? undefined : setDialog(null))}
        title={texts?.title ?? ''}
        description={texts?.heading}
        actions={
          <>
            <Button variant="secondary" onClick={() => setDialog(null)}>
              {texts?.cancel}
            </Button>
            <Button onClick={switchToPickup}>{texts?.confirm}</Button>
          </>
        }
      >
        <p className="text-gray-900">{texts?.question}</p>
      </Dialog>
    </>
  );
}
