'use client';

import { useState, useTransition } from 'react';
import type { AddressRequirement } from '@storefront/contracts/enum-values';
import type { BillingAddress } from '@storefront/contracts/payments';
import {
  requiredBillingFields,
  validateBillingAddress,
  type BillingAddressErrors,
  type BillingAddressField,
} from '@storefront/contracts/payment-rules';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { TextField } from '@/components/ui/text-field';

const LABELS: Record<BillingAddressField, { label: string; autoComplete: string }> = {
  address1: { label: 'Address', autoComplete: 'billing address-line1' },
  city: { label: 'City', autoComplete: 'billing address-level2' },
  state: { label: 'State', autoComplete: 'billing address-level1' },
  postalCode: { label: 'Postal Code', autoComplete: 'billing postal-code' },
};

/** What saving answers: nothing when saved, else the field messages and/or one message for the whole form. */
export type BillingAddressSaveResult = { fieldErrors?: BillingAddressErrors; error?: string } | null;

/**
 * The Billing Address modal (Edit/Add, Save): all four fields when the store verifies the full address
 * (AddressAndZipCode), the postal code only for ZipCodeOnly. The section-5 messages show under each field on
 * Save; the modal closes once `onSave` has kept the address.
 */
export function BillingAddressDialog({
  open,
  onOpenChange,
  level,
  initial,
  onSave,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  level: AddressRequirement;
  initial: BillingAddress | null;
  onSave: (address: BillingAddress) => Promise<BillingAddressSaveResult>;
}) {
  const fields = requiredBillingFields(level);
  const [values, setValues] = useState<BillingAddress>(() => pick(initial, fields));
  const [errors, setErrors] = useState<BillingAddressErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [pending, startTransition] = useTransition();

  function submit(event: React.FormEvent) {
    event.preventDefault();
    const address = pick(values, fields);
    const found = validateBillingAddress(address, level);
    setErrors(found);
    setFailure(null);
    if (Object.keys(found).length > 0) return;
    startTransition(async () => {
      const result = await onSave(address);
      if (!result) {
        onOpenChange(false);
        return;
      }
      setErrors(result.fieldErrors ?? {});
      setFailure(result.error ?? null);
    });
  }

  return (
    <Dialog open={open} onOpenChange={onOpenChange} title="Billing Address">
      <form className="flex flex-col gap-4" onSubmit={submit} noValidate>
        {fields.map((field) => (
          <TextField
            key={field}
            label={LABELS[field].label}
            autoComplete={LABELS[field].autoComplete}
            inputMode={field === 'postalCode' ? 'numeric' : undefined}
            maxLength={field === 'postalCode' ? 10 : field === 'state' ? 30 : 100}
            value={values[field] ?? ''}
            error={errors[field]}
            onChange={(event) => setValues((v) => ({ ...v, [field]: event.target.value }))}
          />
        ))}
        {failure ? (
          <p role="alert" className="text-sm font-semibold text-red-700">
            {failure}
          </p>
        ) : null}
        <Button type="submit" className="self-end" loading={pending}>
          Save
        </Button>
      </form>
    </Dialog>
  );
}

/** The fields of `address` the level asks for, trimmed (the others are not sent). */
function pick(address: BillingAddress | null, fields: readonly BillingAddressField[]): BillingAddress {
  const picked: BillingAddress = {};
  for (const field of fields) {
    const value = address?.[field]?.trim();
    if (value) picked[field] = value;
  }
  return picked;
}
