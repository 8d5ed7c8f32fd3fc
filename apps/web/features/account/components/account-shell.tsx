import Link from 'next/link';
import { ArrowLeft } from 'lucide-react';
import type { AccountDetails } from '@storefront/contracts/accounts';
import { cn } from '@/lib/cn';
import { greeting } from '../account-view';
import { AccountMenu, type AccountSection } from './account-menu';
import { MAIN_CONTENT_ID } from '@/components/ui/main-content';

/**
 * Every /my-account page: 'Hi, {first name or User}', the menu beside the content on a wide screen; on a phone
 * the menu is the /my-account page itself and each section has a way back to it.
 */
export function AccountShell({
  account,
  active,
  logout,
  savedPayments = false,
  rewards = false,
  children,
}: {
  account: Pick<AccountDetails, 'firstName'>;
  active: AccountSection;
  logout: React.ReactNode;
  /** The Saved Payments entry is a link (signed in and the 'enable saved payments' flag on). */
  savedPayments?: boolean;
  /** The brand has a loyalty program: the Rewards entry is shown. */
  rewards?: boolean;
  children?: React.ReactNode;
}) {
  const isMenu = active === 'menu';
  return (
    <main id={MAIN_CONTENT_ID} className="mx-auto w-full max-w-6xl flex-1 px-4 py-6">
      <h1 className="mb-6 font-display text-3xl font-bold">{greeting(account.firstName)}</h1>
      <div className="grid gap-6 md:grid-cols-[16rem_minmax(0,1fr)]">
        <div className={cn(isMenu ? 'block' : 'hidden md:block')}>
          <AccountMenu active={active} logout={logout} savedPayments={savedPayments} rewards={rewards} />
        </div>
        {isMenu ? null : (
          <div className="min-w-0">
            <Link
              href="/my-account"
              className="mb-3 inline-flex min-h-11 items-center gap-2 font-semibold text-gray-900 md:hidden"
            >
              <ArrowLeft aria-hidden className="size-5" />
              My account
            </Link>
            {children}
          </div>
        )}
      </div>
    </main>
  );
}
