'use client';

import { useState, useTransition } from 'react';
import { Pause, Play } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { setOnlineOrdering } from '../kitchen.actions';

/** Pause (after a confirmation) or resume online ordering at the location the kitchen screen shows. */
export function OnlineOrderingSwitch({
  locationId,
  locationName,
  isOnline,
}: {
  locationId: number;
  locationName: string;
  isOnline: boolean;
}) {
  const [confirming, setConfirming] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [pending, startTransition] = useTransition();
  const apply = (next: boolean) =>
    startTransition(async () => {
      const result = await setOnlineOrdering({ locationId, isOnline: next });
      setError(result.ok ? null : result.error);
      setConfirming(false);
    });
  return (
    <div className="flex flex-col items-end gap-1">
      <p className="text-sm font-semibold" aria-live="polite">
        {isOnline ? 'Online ordering is on' : 'Online ordering is paused'}
      </p>
      {isOnline ? (
        <Button variant="danger" className="min-h-12" onClick={() => setConfirming(true)} loading={pending}>
          <Pause aria-hidden className="size-4" />
          Pause online ordering
        </Button>
      ) : (
        <Button className="min-h-12" onClick={() => apply(true)} loading={pending}>
          <Play aria-hidden className="size-4" />
          Resume online ordering
        </Button>
      )}
      {error ? (
        <p role="alert" className="text-sm text-red-800">
          {error}
        </p>
      ) : null}
      <Dialog
        open={confirming}
        onOpenChange={setConfirming}
        title="Pause online ordering?"
        description={`Guests will see ${locationName} as offline and cannot place orders until you resume.`}
        actions={
          <>
            <Button variant="secondary" className="min-h-12" onClick={() => setConfirming(false)}>
              Cancel
            </Button>
            <Button variant="danger" className="min-h-12" loading={pending} onClick={() => apply(false)}>
              Pause
            </Button>
          </>
        }
      />
    </div>
  );
}
