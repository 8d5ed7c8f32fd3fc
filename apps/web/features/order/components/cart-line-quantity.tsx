'use client';

import { useEffect, useRef, useState, useTransition } from 'react';
import { QUANTITY_MAX } from '@storefront/contracts/text';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { QuantityPicker } from '@/components/ui/quantity-picker';
import { useToast } from '@/components/ui/toast';
import { removeOrderItem, setOrderItemQuantity } from '../order.actions';

/** Spec section 9: quantity edits in the My Order panel are applied after a 3-second debounce. */
export const CART_QUANTITY_DEBOUNCE_MS = 3000;

/**
 * A line's quantity picker in the My Order panel. Plus and minus change the shown count at once; the change is
 * sent once the guest has stopped for 3 s (one request for a burst of clicks). Minus at 1 asks 'Delete item'
 * first; Cancel keeps 1.
 */
export function CartLineQuantity({
  locationId,
  menuType,
  itemId,
  title,
  quantity,
}: {
  locationId: number;
  menuType: 'menu' | 'catering';
  itemId: number;
  title: string;
  quantity: number;
}) {
  const [value, setValue] = useState(quantity);
  const [confirmOpen, setConfirmOpen] = useState(false);
  const [pending, startTransition] = useTransition();
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const pickerRef = useRef<HTMLDivElement>(null);
  const toast = useToast();

  // The server's answer (after a refresh) is the truth once nothing is waiting to be sent.
  useEffect(() => {
    if (!timer.current) setValue(quantity);
  }, [quantity]);
  useEffect(() => () => clearPending(), []);

  function clearPending() {
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
  }

  function schedule(next: number) {
    clearPending();
    timer.current = setTimeout(() => {
      timer.current = null;
      if (next === quantity) return;
      startTransition(async () => {
        const result = await setOrderItemQuantity({ locationId, menuType, itemId, quantity: next });
        if (!result.ok) {
          toast('error', result.error);
          setValue(quantity);
        }
      });
    }, CART_QUANTITY_DEBOUNCE_MS);
  }

  function change(next: number) {
    if (next < 1) {
      clearPending();
      setConfirmOpen(true);
      return;
    }
    setValue(next);
    schedule(next);
  }

  function remove() {
    startTransition(async () => {
      const result = await removeOrderItem({ locationId, menuType, itemId });
      if (!result.ok) toast('error', result.error);
      setConfirmOpen(false);
    });
  }

  return (
    <>
      <div ref={pickerRef}>
        <QuantityPicker
          value={value}
          onChange={change}
          min={0}
          max={QUANTITY_MAX}
          disabled={pending}
          size="sm"
          label={`Quantity of ${title}`}
        />
      </div>
      <Dialog
        open={confirmOpen}
        onOpenChange={(open) => {
          // Cancel (or Escape) restores 1.
          if (!open) setValue(1);
          setConfirmOpen(open);
        }}
        title="Delete item"
        returnFocusTo={() => pickerRef.current?.querySelector<HTMLElement>('button')}
        description={`Are you sure you want to delete ${title}?`}
        actions={
          <>
            <Button variant="secondary" onClick={() => setConfirmOpen(false)} disabled={pending}>
              Cancel
            </Button>
            <Button onClick={remove} disabled={pending}>
              Delete
            </Button>
          </>
        }
      />
    </>
  );
}
