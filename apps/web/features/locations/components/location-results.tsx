import { PLACE_NOT_SUPPORTED_MESSAGE } from '@storefront/contracts/geo';
import type { LocationSearchResult } from '../locations.queries';
import { resultsHeadline, type SearchMethod } from '../search-state';
import { LocationResultCard } from './location-result-card';

export const NO_STORES_MESSAGE = 'No stores found';

interface LocationResultsProps {
  /** The search's answer, or the request still under way (then awaited inside the page's Suspense boundary). */
  result: LocationSearchResult | Promise<LocationSearchResult>;
  method: SearchMethod;
  /** The search was free text the API had to geocode (a failure then means an unsupported address). */
  byAddress: boolean;
}

/**
 * The results of a search. An answer already there renders at once, in the page's first HTML; a pending one is
 * awaited inside the page's Suspense boundary, so the search box stays interactive meanwhile.
 */
export function LocationResults(props: LocationResultsProps) {
  const { result, method, byAddress } = props;
  if (result instanceof Promise) return <AwaitedLocationResults {...props} result={result} />;
  if (!result.ok) {
    const unsupported = byAddress && result.status >= 400 && result.status < 500;
    return (
      <div role="alert" className="rounded-2xl border border-red-200 bg-red-50 p-4 text-red-900">
        <p className="font-semibold">
          {unsupported ? PLACE_NOT_SUPPORTED_MESSAGE : 'We could not load stores.'}
        </p>
        {unsupported ? null : <p className="mt-1 text-sm">{result.message}</p>}
      </div>
    );
  }
  const { items, radiusMiles } = result.value;
  return (
    <section aria-labelledby="results-heading" aria-live="polite">
      <h2 id="results-heading" className="mb-3 text-lg font-bold text-gray-900">
        {items.length === 0 ? NO_STORES_MESSAGE : resultsHeadline(items.length, method, radiusMiles)}
      </h2>
      {items.length === 0 ? (
        <p className="text-gray-700">Try another city, ZIP code or street.</p>
      ) : (
        // Numbered as the map's pins are (store-map-results.tsx numbers them in this same order).
        <ol className="flex flex-col gap-3">
          {items.map((result, index) => (
            <li key={result.item.id}>
              <LocationResultCard result={result} number={index + 1} />
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

async function AwaitedLocationResults(
  props: LocationResultsProps & { result: Promise<LocationSearchResult> },
) {
  return <LocationResults {...props} result={await props.result} />;
}

export function LocationResultsSkeleton() {
  return (
    <div aria-busy="true" className="flex flex-col gap-3">
      <p role="status" className="text-sm text-gray-700">
        Loading stores…
      </p>
      {[0, 1, 2].map((i) => (
        <div
          key={i}
          aria-hidden
          className="h-32 animate-pulse rounded-2xl bg-gray-200 motion-reduce:animate-none"
        />
      ))}
    </div>
  );
}
