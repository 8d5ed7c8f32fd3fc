'use client';

import { useState, useTransition } from 'react';
import { Button } from '@/components/ui/button';
import { useToast } from '@/components/ui/toast';
import { advanceOrder } from '../kitchen.actions';

/** Moves one order to its next status; a refused move (stale screen) is shown as a toast. */
export function AdvanceOrderButton({
  orderId,
  nextStatusId,
  label,
  referenceNumber,
}: {
  orderId: number;
  nextStatusId: number;
  label: string;
  referenceNumber: string;
}) {
  const toast = useToast();
  const [pending, startTransition] = useTransition();
  const [done, setDone] = useState(false);
  return (
    <Button
      block
      className="min-h-14 text-lg"
      loading={pending}
      disabled={done}
      aria-label={`${label}: order ${referenceNumber}`}
      onClick={() =>
        startTransition(async () => {
          const result = await advanceOrder({ orderId, nextStatusId });
          if (result.ok) setDone(true);
          else toast('error', result.error);
        })
      }
    >
      {label}
    </Button>
  );
}
