'use client';

import { useState, useTransition } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { useToast } from '@/components/ui/toast';
import { cancelOrder } from '../kitchen.actions';

/**
 * Cancels one order after a confirmation: the guest's payment goes back and the ticket leaves the active rails.
 * A refused cancellation (completed or cancelled meanwhile) is shown as a toast.
 */
export function CancelOrderButton({
  orderId,
  referenceNumber,
}: {
  orderId: number;
  referenceNumber: string;
}) {
  const toast = useToast();
  const [confirming, setConfirming] = useState(false);
  const [pending, startTransition] = useTransition();
  const cancel = () =>
    startTransition(async () => {
      const result = await cancelOrder({ orderId });
      setConfirming(false);
      if (!result.ok) toast('error', result.error);
      else toast('success', result.data.message);
    });
  return (
    <>
      <Button
        variant="secondary"
        block
        className="min-h-12"
        aria-label={`Cancel order ${referenceNumber}`}
        onClick={() => setConfirming(true)}
      >
        Cancel order
      </Button>
      <Dialog
        open={confirming}
        onOpenChange={setConfirming}
        title={`Cancel order ${referenceNumber}?`}
        description="The guest is told on the tracking page and gets the payment back. This cannot be undone."
        actions={
          <>
            <Button variant="secondary" className="min-h-12" onClick={() => setConfirming(false)}>
              Keep order
            </Button>
            <Button variant="danger" className="min-h-12" loading={pending} onClick={cancel}>
              Cancel order
            </Button>
          </>
        }
      />
    </>
  );
}
