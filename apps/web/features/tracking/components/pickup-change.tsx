'use client';

import { useState } from 'react';
import { useRouter } from 'next/navigation';
import type { TrackingFulfillment, TrackingPickupMethod } from '@storefront/contracts/tracking';
import { sortPickupOptions } from '@storefront/contracts/pickup';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { PickupChoiceFields, usePickupChoiceForm } from '@/components/ui/pickup-choice-fields';
import { useToast } from '@/components/ui/toast';

export const PICKUP_UPDATED = 'Order updated! Your new pickup option was sent to the store';
export const PICKUP_UPDATE_FAILED = 'Error updating pickup data';

/**
 * The pickup option change after ordering (checkout spec section 4): the store's options sorted walk-in,
 * drive-thru, curbside, with car details and parking spot as each needs, and the chosen option's additional
 * fields (section 5) filled with the guest's answers so far; Confirm sends PUT /fulfillment-order.
 * Success and failure both close the modal, with the spec's toasts.
 */
export function PickupChange({
  orderId,
  trackingToken,
  fulfilment,
}: {
  orderId: number;
  trackingToken: string;
  fulfilment: TrackingFulfillment;
}) {
  const router = useRouter();
  const toast = useToast();
  const [open, setOpen] = useState(false);
  const [methods, setMethods] = useState<TrackingPickupMethod[] | null>(null);
  const form = usePickupChoiceForm(fulfilment, methods);
  const [pending, setPending] = useState(false);
  const headers = { authorization: `Bearer ${trackingToken}` };

  const openModal = async () => {
    setOpen(true);
    if (methods) return;
    const res = await fetch(`/tracking-settings?orderId=${orderId}`, { headers });
    if (!res.ok) {
      setOpen(false);
      toast('error', PICKUP_UPDATE_FAILED);
      return;
    }
    const body = (await res.json()) as {
      fulfillmentSettings: { availablePickupMethods: TrackingPickupMethod[] };
    };
    setMethods(sortPickupOptions(body.fulfillmentSettings.availablePickupMethods));
  };

  const confirm = async () => {
    if (!form.check()) return;
    setPending(true);
    // Only an option with additional fields sends answers (the API drops answers the option does not ask).
    const choice = {
      ...form.choice,
      additionalFields: form.fields.length > 0 ? form.choice.additionalFields : null,
    };
    const body = Object.fromEntries(Object.entries(choice).filter(([, v]) => v !== null));
    const res = await fetch(`/fulfillment-order?orderId=${orderId}`, {
      method: 'PUT',
      headers: { ...headers, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    }).catch(() => null);
    setPending(false);
    setOpen(false);
    if (res?.ok) {
      toast('success', PICKUP_UPDATED);
      router.refresh();
    } else toast('error', PICKUP_UPDATE_FAILED);
  };

  return (
    <>
      <Button variant="secondary" className="mt-3" onClick={() => void openModal()}>
        Change pickup option
      </Button>
      <Dialog
        open={open}
        onOpenChange={setOpen}
        title="Change pickup option"
        actions={
          <>
            <Button variant="secondary" onClick={() => setOpen(false)}>
              Cancel
            </Button>
            <Button loading={pending} disabled={!methods} onClick={() => void confirm()}>
              Confirm
            </Button>
          </>
        }
      >
        {methods ? (
          <PickupChoiceFields methods={methods} form={form.view} legendClassName="mb-1 font-semibold" />
        ) : (
          <p role="status">Loading pickup options…</p>
        )}
      </Dialog>
    </>
  );
}
