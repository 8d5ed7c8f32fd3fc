'use client';

import Link from 'next/link';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { cn } from '@/lib/cn';
import { useLeaveLocation } from '../use-leave-location';

export const CHANGE_LOCATION_QUESTION =
  'Are you sure you want to change the location? You will lose the current order';

/**
 * 'Change location' (store header, store info modal): straight to /search-locations with an empty order;
 * with items in the order it first asks the spec's question, and confirming drops the order.
 */
export function ChangeLocationLink({
  hasOrderItems,
  className,
}: {
  hasOrderItems: boolean;
  className?: string;
}) {
  const [open, setOpen] = useState(false);
  const { leave, pending } = useLeaveLocation();
  return (
    <>
      <Link
        href="/search-locations"
        // Not prefetched while the store page loads (its own requests come first); a click fetches it.
        prefetch={false}
        data-change-location=""
        onClick={(event) => {
          if (!hasOrderItems) return;
          event.preventDefault();
          setOpen(true);
        }}
        className={cn('text-sm font-semibold text-gray-900 underline underline-offset-4', className)}
      >
        Change location
      </Link>
      <Dialog
        open={open}
        onOpenChange={setOpen}
        title="Change location"
        description={CHANGE_LOCATION_QUESTION}
        actions={
          <>
            <Button variant="secondary" onClick={() => setOpen(false)} disabled={pending}>
              Cancel
            </Button>
            <Button onClick={() => leave()} loading={pending}>
              Change location
            </Button>
          </>
        }
      />
    </>
  );
}
