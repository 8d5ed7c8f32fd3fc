'use client';

import type { ReactNode } from 'react';
import type { OrderRewards } from '@storefront/contracts/loyalty';
import { RewardsSection } from '@/features/discounts/components/rewards-section';
import { usePaymentFlow } from '../payment-flow-context';
import { BillingAddressPanel } from './billing-address-block';
import { ExpressFrame } from './express-frame';
import { GiftCardSection } from './gift-card-section';
import { SavedCardsPanel } from './saved-card-list';
import { SavedCardSaveCheckbox } from './saved-card-save-checkbox';
import { WalletButton } from './wallet-button';

/*
 * Where the payment instruments plug into the payment page. Each slot renders inside the page's
 * PaymentFlowContext (usePaymentFlow() from '../payment-flow-context'). An instrument's owner replaces a slot's
 * `return null` with its component; the page decides where and when each slot shows.
 */

/** In the 'Discounts' section, only when the store offers the gift-card method: the Gift Card part. */
export function GiftCardSlot(): ReactNode {
  return <GiftCardSection />;
}

/**
 * In the 'Discounts' section, first, when the store's brand has a loyalty program: the Rewards part, as at
 * checkout (`rewards` null for a guest: 'Log in to earn and use your rewards!' with `login`). A change re-reads
 * what is due (the API re-amounts the pending card payment) before the page's totals are read again.
 */
export function RewardsSlot({
  rewards,
  login,
}: {
  rewards: OrderRewards | null;
  login?: ReactNode;
}): ReactNode {
  const flow = usePaymentFlow();
  return (
    <RewardsSection
      orderId={flow.orderId}
      rewards={rewards}
      login={login}
      onChanged={() => flow.refresh()}
      headingLevel={3}
    />
  );
}

/** Above the card frame when saved payments are enabled: the saved cards and 'Use a new payment method'. */
export function SavedCardsSlot(): ReactNode {
  return <SavedCardsPanel />;
}

/** Under the card frame (new card) or the chosen saved card: the Billing Address block and its modal. */
export function BillingAddressSlot(): ReactNode {
  return <BillingAddressPanel />;
}

/** Above the card panel when the store offers the virtual wallet: the wallet button. */
export function WalletSlot(): ReactNode {
  return <WalletButton />;
}

/**
 * In place of the Aurus frame when the store's card processor is EXPRESS: the Express hosted frame for the
 * pending payment's URL; it calls usePaymentFlow().place() on HostedPaymentStatus Complete.
 */
export function ExpressFrameSlot({ paymentUrl }: { paymentUrl: string }): ReactNode {
  return <ExpressFrame paymentUrl={paymentUrl} />;
}

/** Under 'Place Order' for a new card of a signed-in customer: the 'Save this card' checkbox. */
export function SaveCardSlot(): ReactNode {
  return <SavedCardSaveCheckbox />;
}
