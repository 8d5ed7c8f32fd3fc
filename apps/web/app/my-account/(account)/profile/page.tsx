import type { Metadata } from 'next';
import { isLoyaltyLogin, requireAccount } from '@/features/account/account.queries';
import { updateProfile } from '@/features/account/account.actions';
import { ProfileFormView } from '@/features/account/components/profile-form';
import { AccountFrame } from '../_components/account-frame';

export const metadata: Metadata = { title: 'Personal info | My Account', robots: { index: false } };

/** /my-account/profile: first name, last name and phone; e-mail read-only. */
export default async function ProfilePage() {
  const [account, loyalty] = await Promise.all([requireAccount(), isLoyaltyLogin()]);
  return (
    <AccountFrame active="profile">
      <ProfileFormView account={account} readOnly={loyalty} save={updateProfile} />
    </AccountFrame>
  );
}
