'use client';

import { useState } from 'react';
import type { PickupMethod } from '@storefront/contracts/locations';
import type { PickupChoice } from '@storefront/contracts/pickup';
import { Button } from '@/components/ui/button';
import { PickupChoiceFields, usePickupChoiceForm } from '@/components/ui/pickup-choice-fields';
import { useToast } from '@/components/ui/toast';
import { savePaymentPickup } from '../pickup-option.actions';

/**
 * The payment page's pickup option selector (Walk-in, Drive Thru, Curbside): car details and the parking spot
 * as the chosen option needs, and the option's additional fields (a number without options, a select with them;
 * readonly ones shown, not answered), checked with the spec's rules here and again by the server action.
 */
export function PaymentPickupOption({
  methods,
  current,
}: {
  methods: PickupMethod[];
  current: PickupChoice;
}) {
  const toast = useToast();
  const form = usePickupChoiceForm(current, methods);
  const [pending, setPending] = useState(false);

  const save = async () => {
    if (!form.check()) return;
    setPending(true);
    const result = await savePaymentPickup(form.choice).catch(() => null);
    setPending(false);
    if (result?.ok) toast('success', 'Pickup option saved');
    else
      form.showError(
        result?.error ?? 'Error updating pickup data',
        (!result?.ok && result?.fieldErrors) || {},
      );
  };

  return (
    <section aria-labelledby={`${form.id}-title`} className="self-start rounded-2xl bg-white p-5 shadow-sm">
      <h2 id={`${form.id}-title`} className="mb-2 text-lg font-bold">
        Pickup option
      </h2>
      <PickupChoiceFields methods={methods} form={form.view} legendClassName="sr-only" />
      <Button variant="secondary" className="mt-3" loading={pending} onClick={() => void save()}>
        Save pickup option
      </Button>
    </section>
  );
}
