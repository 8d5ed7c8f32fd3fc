import { Suspense } from 'react';
import { SiteHeader } from '@/components/ui/site-header';
import { themeFromTemplate, themeStyle } from '@/lib/theme';
import type { LocationSearchResult, SiteSettings } from '../locations.queries';
import type { SearchState } from '../search-state';
import { AddressSearch } from './address-search';
import { DeliverySearch } from './delivery-search';
import { DebugModeToggle } from '@/features/debug/components/debug-mode-toggle';
import { LocationResults, LocationResultsSkeleton } from './location-results';
import { LoginNoticeToast } from './login-notice-toast';
import { MethodToggle } from './method-toggle';
import { StoreMapResults } from './store-map-results';
import { MAIN_CONTENT_ID } from '@/components/ui/main-content';

/** The location search page: headline, method switch, address box, results and (on desktop) the map area. */
export function LocationSearchScreen({
  settings,
  search,
  result,
  debug = null,
  account = null,
  crmLoginActive = false,
  loyaltyLoginActive = false,
}: {
  settings: SiteSettings;
  search: SearchState;
  /** The search's answer when it came quickly, else the request under way (streamed in); null without a search. */
  result: LocationSearchResult | Promise<LocationSearchResult> | null;
  /** Where debug mode is allowed (outside production): whether it is on; null hides the switch. */
  debug?: { on: boolean } | null;
  /** The header's account entry (composed by the page: features/session). */
  account?: React.ReactNode;
  /** Customer-relationship login is active: `login=true` opens the login dialog instead of a notice. */
  crmLoginActive?: boolean;
  /** Loyalty login is active: `login=true` says nothing (the header's Sign in goes to the loyalty program). */
  loyaltyLoginActive?: boolean;
}) {
  const pickupOnly = settings.searchMethods.length === 1 && settings.searchMethods[0] === 'pickup';
  const delivery = search.method === 'delivery';
  return (
    <div
      style={themeStyle(themeFromTemplate(settings.template))}
      className="flex min-h-dvh flex-col font-sans"
    >
      <SiteHeader brandName={settings.brandName} logoHref="/">
        {account}
      </SiteHeader>
      <Suspense fallback={null}>
        <LoginNoticeToast crmLoginActive={crmLoginActive} loyaltyLoginActive={loyaltyLoginActive} />
      </Suspense>
      {/* The skip link's target: axe counts a skip link whose target is missing as content outside every landmark. */}
      <main
        id={MAIN_CONTENT_ID}
        className="mx-auto grid w-full max-w-7xl gap-6 px-4 py-6 md:grid-cols-[minmax(0,22rem)_1fr] md:py-10 lg:grid-cols-[minmax(0,30rem)_1fr]"
      >
        <div className="flex min-w-0 flex-col gap-5">
          <div>
            <h1 className="font-display text-3xl font-bold text-gray-900">{settings.searchTitle}</h1>
            {settings.searchSecondaryTitle ? (
              <p className="mt-1 text-lg text-gray-700">{settings.searchSecondaryTitle}</p>
            ) : null}
          </div>
          <MethodToggle methods={settings.searchMethods} current={search.method} />
          {delivery ? (
            <DeliverySearch
              key={`delivery:${search.query}`}
              label="Delivery To"
              placeholder="Enter your Address"
              initialQuery={search.query}
            />
          ) : (
            <AddressSearch
              key={`${search.method}:${search.query}`}
              label="Find nearby stores"
              labelNote={pickupOnly ? '(Pickup only)' : null}
              placeholder="Enter your City, Zip Code, or Street"
              initialQuery={search.query}
              method={search.method}
            />
          )}
          {delivery ? (
            <p className="text-sm text-gray-700">* We will choose the store closest to you</p>
          ) : null}
          {/* An answer already there is drawn in place: inside a Suspense boundary React would still send a list
              this large (over its 12.8 kB chunk size) after the skeleton, to be swapped in by a script. */}
          {result instanceof Promise ? (
            <Suspense key={JSON.stringify(search)} fallback={<LocationResultsSkeleton />}>
              <LocationResults
                result={result}
                method={search.method}
                byAddress={search.target.kind === 'address'}
              />
            </Suspense>
          ) : result ? (
            <LocationResults
              result={result}
              method={search.method}
              byAddress={search.target.kind === 'address'}
            />
          ) : null}
          {debug ? <DebugModeToggle initiallyOn={debug.on} /> : null}
        </div>
        {/* The store map takes this column on desktop; its size is reserved before Leaflet arrives. */}
        <section
          data-testid="map-slot"
          aria-label="Store map"
          className="sticky top-20 hidden h-[calc(100dvh-7rem)] min-h-96 rounded-2xl border border-gray-200 bg-sky-50 md:block"
        >
          <Suspense key={JSON.stringify(search)} fallback={null}>
            <StoreMapResults
              result={result}
              tileUrl={settings.mapTiles.url}
              attribution={settings.mapTiles.attribution}
            />
          </Suspense>
        </section>
      </main>
    </div>
  );
}
