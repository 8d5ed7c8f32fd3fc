import type { Metadata } from 'next';
import { LocationSearchScreen } from '@/features/locations/components/location-search-screen';
import { PromoPopupReset } from '@/features/marketing/components/promo-popup-reset';
import { getSiteSettings, searchLocations } from '@/features/locations/locations.queries';
import { parseSearchState } from '@/features/locations/search-state';
import { opensLoginDialog } from '@/features/locations/login-notice';
import { AccountEntry } from '@/features/session/components/account-entry';
import { SecurityTokenSignIn } from '@/features/session/components/security-token-sign-in';
import { isCrmLoginActive, isLoyaltyLoginActive } from '@/features/session/session.queries';
import { isDebugMode } from '@/lib/debug-mode';
import { debugModeAllowed } from '@/lib/env';
import { settledWithin } from '@/lib/settled-within';

/** How long the page waits for the search before it sends the skeleton and streams the results in later. */
const RESULTS_IN_FIRST_HTML_MS = 100;

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

export async function generateMetadata(): Promise<Metadata> {
  const settings = await getSiteSettings();
  return { title: `Search Location | ${settings.companyName}` };
}

export default async function SearchLocationsPage({ searchParams }: { searchParams: SearchParams }) {
  const settings = await getSiteSettings();
  const params = await searchParams;
  const search = parseSearchState(params, settings.searchMethods);
  const [crmLoginActive, loyaltyLoginActive] = await Promise.all([
    isCrmLoginActive(),
    isLoyaltyLoginActive(),
  ]);
  const pending = search.target.kind === 'none' ? null : searchLocations(search.target, search.method);
  // A search that answers within a moment is drawn in the first HTML: no skeleton flashes in, and the results
  // are laid out with the first paint instead of in a task after it. A slower one streams in behind the skeleton.
  const quick = pending ? await settledWithin(pending, RESULTS_IN_FIRST_HTML_MS) : null;
  const result = quick ? quick.value : pending;
  const securityToken = Array.isArray(params.security_token)
    ? params.security_token[0]
    : params.security_token;
  return (
    <>
      <PromoPopupReset />
      {securityToken === undefined ? null : <SecurityTokenSignIn securityToken={securityToken} />}
      <LocationSearchScreen
        settings={settings}
        search={search}
        result={result}
        debug={debugModeAllowed ? { on: await isDebugMode() } : null}
        account={<AccountEntry openLogin={opensLoginDialog(params, crmLoginActive)} />}
        crmLoginActive={crmLoginActive}
        loyaltyLoginActive={loyaltyLoginActive}
      />
    </>
  );
}
