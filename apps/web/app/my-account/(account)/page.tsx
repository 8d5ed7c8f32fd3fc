import type { Metadata } from 'next';
import { redirect } from 'next/navigation';
import { isMobileRequest, requireAccount } from '@/features/account/account.queries';
import { AccountFrame } from './_components/account-frame';

export const metadata: Metadata = { title: 'My Account', robots: { index: false } };

/** /my-account: the account menu on a phone; a wide screen goes straight to Personal info. */
export default async function MyAccountPage() {
  await requireAccount();
  if (!(await isMobileRequest())) redirect('/my-account/profile');
  return <AccountFrame active="menu" />;
}
