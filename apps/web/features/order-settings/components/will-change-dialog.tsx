'use client';

import { FULFILLMENT_METHOD_LABEL, type FulfillmentMethod } from '@storefront/contracts/enum-values';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import type { UnavailableLine } from '../order-settings.actions';

/**
 * 'Your order will change' (ordering spec, Order Settings save): the lines the new method cannot serve, listed
 * before anything is saved. Continue saves and removes them; Cancel (or Escape) restores the previous method
 * and time.
 */
export function WillChangeDialog({
  items,
  fulfillmentMethod,
  pending,
  onContinue,
  onCancel,
  returnFocusTo,
}: {
  items: readonly UnavailableLine[] | null;
  fulfillmentMethod: FulfillmentMethod;
  pending: boolean;
  onContinue: () => void;
  onCancel: () => void;
  /** Where focus goes as it closes (Dialog's returnFocusTo). */
  returnFocusTo?: () => HTMLElement | null;
}) {
  return (
    <Dialog
      open={items !== null}
      onOpenChange={(next) => (next ? undefined : onCancel())}
      returnFocusTo={returnFocusTo}
      title="Your order will change"
      description={`These items are not available for ${FULFILLMENT_METHOD_LABEL[fulfillmentMethod]} and will be removed from your order:`}
      actions={
        <>
          <Button variant="secondary" onClick={onCancel} disabled={pending}>
            Cancel
          </Button>
          <Button onClick={onContinue} loading={pending}>
            Continue
          </Button>
        </>
      }
    >
      <ul className="flex flex-col gap-1" aria-label="Items to be removed">
        {(items ?? []).map((item) => (
          <li key={item.id} className="flex gap-2">
            <span className="font-semibold tabular-nums">{item.quantity}×</span>
            <span>{item.title}</span>
          </li>
        ))}
      </ul>
    </Dialog>
  );
}
