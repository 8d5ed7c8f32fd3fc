'use client';

import type { ReactNode } from 'react';
import dynamic from 'next/dynamic';
import type { OrderRewards } from '@storefront/contracts/loyalty';
import { usePaymentFlow } from '../payment-flow-context';
import { BillingAddressPanel } from './billing-address-block';
import { ExpressFrame } from './express-frame';
import { GiftCardSection } from './gift-card-section';
import { SavedCardSaveCheckbox } from './saved-card-save-checkbox';

/*
 * The parts a page may not show are chunks of their own, loaded only where they render: the Rewards part (a
 * loyalty brand's), the saved cards (a customer's, with their delete dialog) and the wallet. The first two are
 * still drawn in the server's HTML; the wallet button draws nothing there anyway (it shows once the wallet says it
 * is available and the amount due is known, both in the browser).
 */
const RewardsSection = dynamic(() =>
  import('@/features/discounts/components/rewards-section').then((m) => m.RewardsSection),
);
const SavedCardsPanel = dynamic(() => import('./saved-card-list').then((m) => m.SavedCardsPanel));
const WalletButton = dynamic(() => import('./wallet-button').then((m) => m.WalletButton), { ssr: false });

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
