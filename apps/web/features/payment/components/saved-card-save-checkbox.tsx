'use client';

import { useState } from 'react';
import { usePaymentFlow } from '../payment-flow-context';

/**
 * 'Save this card' under a new card for a signed-in customer with saved payments on: when ticked, the close
 * request carries the pending payment as paymentIdToSave and the processor vaults the card.
 */
export function SavedCardSaveCheckbox() {
  const flow = usePaymentFlow();
  const [checked, setChecked] = useState(false);
  if (!flow.savedPaymentsEnabled) return null;
  return (
    <label className="flex min-h-11 cursor-pointer items-center gap-3">
      <input
        type="checkbox"
        className="size-5 accent-gray-900"
        checked={checked}
        disabled={flow.busy}
        onChange={(event) => {
          setChecked(event.target.checked);
          flow.setSaveCard(event.target.checked);
        }}
      />
      Save this card
    </label>
  );
}
