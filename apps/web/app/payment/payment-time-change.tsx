'use client';

import { useState } from 'react';
import dynamic from 'next/dynamic';
import { useRouter } from 'next/navigation';
import { FULFILLMENT_METHOD } from '@storefront/contracts/enum-values';
import type { ScheduleContext } from '@/lib/schedule-context';

/**
 * The schedule modal (its fields, date-fns and the Order Settings' action) in a chunk of its own, loaded when the
 * guest first presses 'Change': about 9 kB gzip the payment page's first load no longer carries.
 */
const ScheduleDialog = dynamic(
  () => import('@/features/order-settings/components/schedule-dialog').then((m) => m.ScheduleDialog),
  { ssr: false },
);

/**
 * The payment page's 'Change' beside the ready (or arrival) time: opens the Order Settings' schedule modal
 * ('Pickup Time' or 'Delivery Time'), composed here because features do not import each other. 'Save changes'
 * puts the new time on the order (the Order Settings' own action) and the page is rendered again with it; the
 * pending payment is untouched (the time does not change what is due). Each opening starts from the order's
 * current time. The modal mounts at the first opening and stays (its 'invalid date' notice outlives it).
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
      {opening > 0 ? (
        <ScheduleDialog
          key={opening}
          open={open}
          onOpenChange={setOpen}
          context={schedule}
          onSaved={() => router.refresh()}
        />
      ) : null}
    </>
  );
}
