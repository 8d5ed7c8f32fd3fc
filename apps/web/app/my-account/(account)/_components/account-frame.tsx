import { SiteHeader } from '@/components/ui/site-header';
import {
  getLoyaltyAccount,
  isSavedPaymentsEnabled,
  requireAccount,
} from '@/features/account/account.queries';
import { AccountShell } from '@/features/account/components/account-shell';
import type { AccountSection } from '@/features/account/components/account-menu';
import { getSiteSettings } from '@/features/locations/locations.queries';
import { AccountEntry } from '@/features/session/components/account-entry';
import { LogoutEntry } from './logout-entry';

/**
 * A /my-account page's frame, composed here from the features: the site header, and the account shell with its
 * menu, whose Logout entry is the session feature's dialog. Redirects to the sign-in without a user token.
 */
export async function AccountFrame({
  active,
  children,
}: {
  active: AccountSection;
  children?: React.ReactNode;
}) {
  const [account, settings, savedPayments, loyalty] = await Promise.all([
    requireAccount(),
    getSiteSettings(),
    isSavedPaymentsEnabled(),
    getLoyaltyAccount(),
  ]);
  return (
    <div className="flex min-h-dvh flex-col font-sans">
      <SiteHeader brandName={settings.brandName} logoHref="/">
        <AccountEntry />
      </SiteHeader>
      <AccountShell
        account={account}
        active={active}
        logout={<LogoutEntry />}
        savedPayments={savedPayments}
        rewards={loyalty !== null}
      >
        {children}
      </AccountShell>
    </div>
  );
}
