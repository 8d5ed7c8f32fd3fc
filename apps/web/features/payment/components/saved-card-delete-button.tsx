'use client';

import { useState, useTransition } from 'react';
import { Trash2 } from 'lucide-react';
import { visibleMaskedNumber } from '@storefront/contracts/payment-rules';
import type { SavedPayment } from '@storefront/contracts/saved-payments';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { deleteSavedCard } from '../saved-card.actions';

/**
 * A saved card's delete control: asks first (spec section 8: 'Deleting a saved card asks for confirmation
 * first'), then deletes it and tells the caller, whose list refreshes.
 */
export function SavedCardDeleteButton({
  card,
  disabled = false,
  onDeleted,
}: {
  card: Pick<SavedPayment, 'id' | 'maskedCardNumber'>;
  disabled?: boolean;
  onDeleted?: () => void | Promise<void>;
}) {
  const [open, setOpen] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [pending, startTransition] = useTransition();
  const masked = visibleMaskedNumber(card.maskedCardNumber);

  function confirm() {
    setError(null);
    startTransition(async () => {
      const result = await deleteSavedCard(card.id);
      if (!result.ok) {
        setError(result.error);
        return;
      }
      setOpen(false);
      await onDeleted?.();
    });
  }

  return (
    <>
      <Button
        variant="ghost"
        className="px-3"
        disabled={disabled}
        aria-label={`Delete card ${masked}`}
        onClick={() => setOpen(true)}
      >
        <Trash2 aria-hidden className="size-5" />
      </Button>
      <Dialog
        open={open}
        onOpenChange={(next) => (pending ? undefined : setOpen(next))}
        title="Delete card"
        description={`Are you sure you want to delete the card ${masked}?`}
        actions={
          <>
            <Button variant="secondary" disabled={pending} onClick={() => setOpen(false)}>
              Cancel
            </Button>
            <Button variant="danger" loading={pending} onClick={confirm}>
              Delete
            </Button>
          </>
        }
      >
        {error ? (
          <p role="alert" className="text-sm font-semibold text-red-700">
            {error}
          </p>
        ) : null}
      </Dialog>
    </>
  );
}
