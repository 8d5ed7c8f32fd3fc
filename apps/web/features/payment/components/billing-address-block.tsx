'use client';

import { useId, useState } from 'react';
import dynamic from 'next/dynamic';
import { cn } from '@/lib/cn';
import type { AddressRequirement } from '@storefront/contracts/enum-values';
import type { BillingAddress } from '@storefront/contracts/payments';
import {
  BILLING_ADDRESS_FIELDS,
  requiredBillingFields,
  validateBillingAddress,
  type BillingAddressErrors,
} from '@storefront/contracts/payment-rules';
import { Button } from '@/components/ui/button';
import { usePaymentFlow } from '../payment-flow-context';
import { saveSavedCardAddress } from '../saved-card.actions';
import type { BillingAddressSaveResult } from './billing-address-dialog';

/** The address form (its fields and checks) in a chunk of its own, loaded when the guest first opens it. */
const BillingAddressDialog = dynamic(() =>
  import('./billing-address-dialog').then((m) => m.BillingAddressDialog),
);

/** The spec has no words for a saved address of another level; this asks for the one Save that fixes it. */
const CONFIRM_MESSAGE = 'Please confirm your billing address';

/** The address on one or two lines: '1 Main St', 'Arlington, VA 22201' (only the fields the level asks for). */
export function billingAddressLines(address: BillingAddress | null, level: AddressRequirement): string[] {
  if (!address) return [];
  const fields = new Set(requiredBillingFields(level));
  const street = fields.has('address1') ? (address.address1 ?? '') : '';
  const cityState = [fields.has('city') ? address.city : '', fields.has('state') ? address.state : '']
    .filter(Boolean)
    .join(', ');
  const last = [cityState, fields.has('postalCode') ? address.postalCode : ''].filter(Boolean).join(' ');
  return [street, last].filter(Boolean);
}

/**
 * The Billing Address block (spec section 2): the address the card is verified with, 'Edit' (or 'Add' when
 * there is none) opening the modal. While the address is not good enough for the store's level, the first
 * section-5 message says what is missing (the page does not pay until it is fixed). Nothing shows for a store
 * that verifies no address.
 */
export function BillingAddressBlock({
  level,
  address,
  disabled = false,
  unconfirmed = false,
  onSave,
}: {
  level: AddressRequirement;
  address: BillingAddress | null;
  disabled?: boolean;
  /** A saved address kept at another verification level: complete or not, it must be saved again here. */
  unconfirmed?: boolean;
  onSave: (address: BillingAddress) => Promise<BillingAddressSaveResult>;
}) {
  const [open, setOpen] = useState(false);
  const headingId = useId();
  if (level === 'None') return null;
  const lines = billingAddressLines(address, level);
  const problem =
    Object.values(validateBillingAddress(address, level))[0] ?? (unconfirmed ? CONFIRM_MESSAGE : null);
  return (
    <section
      aria-labelledby={headingId}
      className="flex flex-col gap-2 rounded-xl border border-gray-200 p-4"
    >
      <div className="flex items-center justify-between gap-3">
        <h3 id={headingId} className="font-bold">
          Billing Address
        </h3>
        <Button
          variant="secondary"
          disabled={disabled}
          aria-label={`${lines.length > 0 ? 'Edit' : 'Add'} billing address`}
          onClick={() => setOpen(true)}
        >
          {lines.length > 0 ? 'Edit' : 'Add'}
        </Button>
      </div>
      {lines.length > 0 ? (
        <address className="not-italic text-gray-800">
          {lines.map((line) => (
            <span key={line} className="block">
              {line}
            </span>
          ))}
        </address>
      ) : null}
      {problem ? (
        // Before the guest has given any address it says what is needed, as a hint; red only once an address
        // given falls short (issue 37: red before anything was typed read as a mistake the guest had made).
        <p
          className={cn('text-sm', address || unconfirmed ? 'font-semibold text-red-700' : 'text-gray-700')}
          role="status"
        >
          {problem}
        </p>
      ) : null}
      {open ? (
        <BillingAddressDialog open onOpenChange={setOpen} level={level} initial={address} onSave={onSave} />
      ) : null}
    </section>
  );
}

/** The API's field messages narrowed to the billing address fields. */
function billingFieldErrors(errors: Record<string, string> | undefined): BillingAddressErrors {
  const picked: BillingAddressErrors = {};
  for (const field of BILLING_ADDRESS_FIELDS) {
    const message = errors?.[field];
    if (message) picked[field] = message;
  }
  return picked;
}

/**
 * The payment page's Billing Address block for the chosen instrument: a saved card's own address (saved to the
 * card at the store's level, PATCH guests/saved-payments/{id}/address), or the new card's, which goes with its
 * payment for address verification. Nothing for the wallet.
 */
export function BillingAddressPanel() {
  const flow = usePaymentFlow();
  const level = flow.cardMethod?.avsCoverageLevel ?? 'None';
  const { instrument } = flow;
  if (instrument.kind === 'wallet') return null;
  if (instrument.kind === 'saved-card') {
    const card = flow.savedCards.find((c) => c.id === instrument.savedPaymentId);
    if (!card) return null;
    return (
      <BillingAddressBlock
        key={card.id}
        level={level}
        address={card.billingAddress}
        // A saved address counts only at the level it was saved at (section 5): otherwise it is saved again.
        unconfirmed={level !== 'None' && card.avsCoverageLevel !== level}
        disabled={flow.busy}
        onSave={async (address) => {
          const result = await saveSavedCardAddress(card.id, { ...address, avsCoverageLevel: level });
          return result.ok ? null : { fieldErrors: result.fieldErrors, error: result.error };
        }}
      />
    );
  }
  return (
    <BillingAddressBlock
      level={level}
      address={flow.billingAddress}
      disabled={flow.busy}
      onSave={async (address) => {
        const result = await flow.setBillingAddress(address);
        return result.ok
          ? null
          : { fieldErrors: billingFieldErrors(result.fieldErrors), error: result.error };
      }}
    />
  );
}
