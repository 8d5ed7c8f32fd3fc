'use client';

import { useEffect, useState } from 'react';
import { useRouter } from 'next/navigation';
import { Dialog } from '@/components/ui/dialog';
import { Spinner } from '@/components/ui/spinner';
import { addOrderItem } from '@/features/order/order.actions';
import { clearItemDetailsCache } from '../item.actions';
import { loadCompactItem, type CompactItem } from '../compact-item.actions';
import { ItemCustomization } from './item-customization';

type State = { kind: 'loading' } | { kind: 'ready'; data: CompactItem } | { kind: 'failed'; error: string };

/**
 * The compact item view ('enable compact item view'): an item's customisation in a modal over the store menu.
 * The same form as the item page (rules, live price, add); after adding, the modal closes and the store page
 * refreshes (with addedItemId when the item offers cross-sells).
 */
export function CompactItemModal({
  locationId,
  menuType,
  itemPathKey,
  onClose,
}: {
  locationId: number;
  menuType: 'menu' | 'catering';
  itemPathKey: string;
  onClose: () => void;
}) {
  const router = useRouter();
  const [state, setState] = useState<State>({ kind: 'loading' });
  useEffect(() => {
    let live = true;
    void loadCompactItem({ locationId, menuType, itemPathKey }).then(
      (result) => {
        if (!live) return;
        setState(result.ok ? { kind: 'ready', data: result.data } : { kind: 'failed', error: result.error });
      },
      () => live && setState({ kind: 'failed', error: 'Please try again.' }),
    );
    return () => {
      live = false;
    };
  }, [locationId, menuType, itemPathKey]);

  const item = state.kind === 'ready' ? state.data.item : null;
  const title = item ? (item.displayAttribute?.itemTitle ?? item.title) : 'Item';
  const description = item?.displayAttribute?.description ?? item?.displayAttribute?.shortDescription ?? null;
  return (
    <Dialog
      open
      onOpenChange={(open) => (open ? undefined : onClose())}
      title={title}
      description={description ?? undefined}
      width="2xl"
    >
      {state.kind === 'loading' ? (
        <p className="flex items-center gap-2 text-gray-800">
          <Spinner label="Loading item" /> Loading item…
        </p>
      ) : state.kind === 'failed' ? (
        <p role="alert" className="text-red-800">
          <strong>An unexpected error occurred</strong> {state.error}
        </p>
      ) : (
        <ItemCustomization
          item={state.data.item}
          snapshotId={state.data.snapshotId}
          locationId={locationId}
          menuType={menuType}
          portionTitles={state.data.portionTitles}
          allowNotes={state.data.allowNotes}
          hideDefaultModifiers={state.data.hideDefaultModifiers}
          realTimePricing={state.data.realTimePricing}
          edit={null}
          submit={addOrderItem}
          clearDetailsCache={clearItemDetailsCache}
          onSaved={(href) => {
            onClose();
            router.push(href);
          }}
        />
      )}
    </Dialog>
  );
}
