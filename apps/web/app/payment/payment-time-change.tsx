'use client';

import { useState } from 'react';
import { useRouter } from 'next/navigation';
import { FULFILLMENT_METHOD } from '@storefront/contracts/enum-values';
import { ScheduleDialog } from '@/features/order-settings/components/schedule-dialog';
import type { ScheduleContext } from '@/lib/schedule-context';

/**
 * The payment page's 'Change' beside the ready (or arrival) time: opens the Order Settings' schedule modal
 * ('Pickup Time' or 'Delivery Time'), composed here because features do not import each other. 'Save changes'
 * puts the new time on the order (the Order Settings' own action) and the page is rendered again with it; the
 * pending payment is untouched (the time does not change what is due). Each opening starts from the order's
 * current time.
 */
export function PaymentTimeChange({ schedule }: { schedule: ScheduleContext }) {
  const router = useRouter();
  const [open, setOpen] = useState(false);
  const [opening, setOpening] = useState(0);
  const what = schedule.fulfillmentMethod === FULFILLMENT_METHOD.Delivery ? 'delivery' : 'pickup';
  return (
    <>
      <button
        type="button"
        aria-label={`Change ${what} time`}
        aria-haspopup="dialog"
        className="-my-2 inline-flex min-h-11 shrink-0 items-center px-2 font-semibold text-gray-900 underline underline-offset-4"
        onClick={() => {
          setOpening((n) => n + 1);
          setOpen(true);
        }}
      >
        Change
      </button>
      <ScheduleDialog
        key={opening}
        open={open}
        onOpenChange={setOpen}
        context={schedule}
        onSaved={() => router.refresh()}
      />
    </>
  );
}
