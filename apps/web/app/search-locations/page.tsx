import type { Metadata } from 'next';
import { LocationSearchScreen } from '@/features/locations/components/location-search-screen';
import { PromoPopupReset } from '@/features/marketing/components/promo-popup-reset';
import { getSiteSettings, searchLocations } from '@/features/locations/locations.queries';
import { parseSearchState } from '@/features/locations/search-state';
import { isDebugMode } from '@/lib/debug-mode';
import { debugModeAllowed } from '@/lib/env';

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

export async function generateMetadata(): Promise<Metadata> {
  const settings = await getSiteSettings();
  return { title: `Search Location | ${settings.companyName}` };
}

export default async function SearchLocationsPage({ searchParams }: { searchParams: SearchParams }) {
  const settings = await getSiteSettings();
  const search = parseSearchState(await searchParams, settings.searchMethods);
  const result = search.target.kind === 'none' ? null : searchLocations(search.target, search.method);
  return (
    <>
      <PromoPopupReset />
      <LocationSearchScreen
        settings={settings}
        search={search}
        result={result}
        debug={debugModeAllowed ? { on: await isDebugMode() } : null}
      />
    </>
  );
}
