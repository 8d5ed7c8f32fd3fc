import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { getLoyaltyAccount } from '@/features/account/account.queries';
import { LoyaltyPoints } from '@/features/account/components/loyalty-points';
import { AccountFrame } from '../_components/account-frame';

export const metadata: Metadata = { title: 'Rewards | My Account', robots: { index: false } };

/** /my-account/rewards: the signed-in member's points balance and history. Not found without a program. */
export default async function RewardsPage() {
  const account = await getLoyaltyAccount();
  if (!account) notFound();
  return (
    <AccountFrame active="rewards">
      <LoyaltyPoints account={account} />
    </AccountFrame>
  );
}
