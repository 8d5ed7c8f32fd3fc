'use client';

import { useState } from 'react';
import type { AddressRequirement } from '@storefront/contracts/enum-values';
import { visibleMaskedNumber } from '@storefront/contracts/payment-rules';
import type { SavedPayment } from '@storefront/contracts/saved-payments';
import { Button } from '@/components/ui/button';
import { saveSavedCardAddress } from '../saved-card.actions';
import { BillingAddressDialog } from './billing-address-dialog';

/**
 * 'Edit' (or 'Add') of a saved card's billing address outside the payment page (My account): the modal at the
 * level the address was saved at, or the full address when it has none yet.
 */
export function SavedCardAddressButton({
  card,
}: {
  card: Pick<SavedPayment, 'id' | 'maskedCardNumber' | 'billingAddress' | 'avsCoverageLevel'>;
}) {
  const [open, setOpen] = useState(false);
  const level: AddressRequirement =
    card.avsCoverageLevel && card.avsCoverageLevel !== 'None' ? card.avsCoverageLevel : 'AddressAndZipCode';
  return (
    <>
      <Button
        variant="secondary"
        aria-label={`${card.billingAddress ? 'Edit' : 'Add'} billing address of card ${visibleMaskedNumber(card.maskedCardNumber)}`}
        onClick={() => setOpen(true)}
      >
        {card.billingAddress ? 'Edit' : 'Add'}
      </Button>
      {open ? (
        <BillingAddressDialog
          open
          onOpenChange={setOpen}
          level={level}
          initial={card.billingAddress}
          onSave={async (address) => {
            const result = await saveSavedCardAddress(card.id, { ...address, avsCoverageLevel: level });
            return result.ok ? null : { fieldErrors: result.fieldErrors, error: result.error };
          }}
        />
      ) : null}
    </>
  );
}
