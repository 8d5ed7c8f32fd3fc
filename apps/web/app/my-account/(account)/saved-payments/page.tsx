import type { Metadata } from 'next';
import { listSavedPayments } from '@/features/account/account.queries';
import { SavedPaymentList } from '@/features/account/components/saved-payment-list';
import { CardBrandLogo } from '@/features/payment/components/card-brand-logos';
import { SavedCardAddressButton } from '@/features/payment/components/saved-card-address-button';
import { SavedCardDeleteButton } from '@/features/payment/components/saved-card-delete-button';
import { AccountFrame } from '../_components/account-frame';

export const metadata: Metadata = { title: 'Saved Payments | My Account', robots: { index: false } };

/**
 * /my-account/saved-payments: the signed-in customer's saved cards, each deletable after a confirmation and
 * with its billing address editable (the payment feature's controls, composed here). Not found while the
 * 'enable saved payments' flag is off.
 */
export default async function SavedPaymentsPage() {
  const cards = await listSavedPayments();
  return (
    <AccountFrame active="saved-payments">
      <SavedPaymentList
        cards={cards}
        logo={(card) => <CardBrandLogo logo={card.cardLogo} label={false} />}
        actions={(card) => (
          <>
            <SavedCardAddressButton card={card} />
            <SavedCardDeleteButton card={card} />
          </>
        )}
      />
    </AccountFrame>
  );
}
