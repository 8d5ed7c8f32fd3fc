'use client';

import { useId, useState } from 'react';
import { PAYMENT_METHOD } from '@storefront/contracts/enum-values';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import type { PaymentChoice } from '../payment-step';

/**
 * 'Select Payment Method' (checkout submit step 4): one radio per method the store accepts besides gift cards
 * (those are applied on the payment page). A method that needs a verified identity says so; choosing it opens SMS
 * verification first (step 5, in the checkout form).
 */
export function PaymentMethodPicker({
  choices,
  busy,
  error,
  onChoose,
  onCancel,
}: {
  /** null while closed. */
  choices: PaymentChoice[] | null;
  busy: boolean;
  /** A failure of the last choice (pay at the store), shown under the list. */
  error: string | null;
  onChoose: (choice: PaymentChoice) => void;
  onCancel: () => void;
}) {
  const [selectedId, setSelectedId] = useState<number | null>(null);
  const name = useId();
  const list = choices ?? [];
  const selected = list.find((c) => c.id === selectedId) ?? list[0] ?? null;
  const message = error;

  function onContinue() {
    if (selected) onChoose(selected);
  }

  return (
    <Dialog
      open={choices !== null}
      onOpenChange={(open) => (open || busy ? undefined : onCancel())}
      dismissible={!busy}
      title="Select Payment Method"
      description="How would you like to pay?"
      actions={
        <>
          <Button variant="secondary" disabled={busy} onClick={onCancel}>
            Cancel
          </Button>
          <Button loading={busy} onClick={onContinue}>
            {selected?.paymentMethod === PAYMENT_METHOD.OfflineCredit ? 'Place Order' : 'Continue'}
          </Button>
        </>
      }
    >
      <fieldset className="flex flex-col gap-2">
        <legend className="sr-only">Payment method</legend>
        {list.map((choice) => {
          const id = `${name}-${choice.id}`;
          const hintId = `${id}-hint`;
          return (
            <label
              key={choice.id}
              htmlFor={id}
              className="flex cursor-pointer items-center gap-3 rounded-xl border border-gray-300 p-3 has-checked:border-brand has-checked:ring-2 has-checked:ring-brand"
            >
              <input
                id={id}
                type="radio"
                name={name}
                value={choice.id}
                checked={selected?.id === choice.id}
                onChange={() => setSelectedId(choice.id)}
                aria-describedby={choice.requiresVerifiedIdentity ? hintId : undefined}
                className="size-5 accent-brand"
              />
              <span className="flex flex-col">
                <span className="font-semibold text-gray-900">{choice.name}</span>
                {choice.requiresVerifiedIdentity ? (
                  <span id={hintId} className="text-sm text-gray-700">
                    Needs phone verification by SMS
                  </span>
                ) : null}
              </span>
            </label>
          );
        })}
      </fieldset>
      {message ? (
        <p role="alert" className="mt-3 text-sm font-semibold text-red-700">
          {message}
        </p>
      ) : null}
    </Dialog>
  );
}
