'use client';

import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';

/** InvalidOrderDateTime (2021) and 21037 (ordering spec section 8); the stored schedule is already cleared. */
export function InvalidDateDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => (next ? undefined : onClose())}
      title="Error"
      description={
        <>
          <span className="block font-semibold text-gray-900">
            Unable to create an Order for the specified Date
          </span>
          <span className="block">Please use a valid Date for the Location</span>
        </>
      }
      actions={<Button onClick={onClose}>Close</Button>}
    />
  );
}
