import Link from 'next/link';
import { cn } from '@/lib/cn';
import type { LocationSearchItem } from '@storefront/contracts/locations';
import { formatMiles } from '../search-state';
import { isStoreSelectable, STORE_NOT_ACCEPTING_MESSAGE } from '../store-availability';
import { storeHref } from '../store-route';
import { StoreContact } from './store-contact';
import { StoreStatusChip } from './store-status-chip';

/**
 * One search result. An available store is one big link to its menu (the phone link sits above it); a store
 * that cannot take orders is not selectable and says so.
 */
export function LocationResultCard({ result, number }: { result: LocationSearchItem; number: number }) {
  const store = result.item;
  const selectable = isStoreSelectable(store);
  const headingId = `store-${store.id}-name`;
  return (
    <article
      aria-labelledby={headingId}
      data-store-card={store.id}
      data-stretched-card
      className={
        selectable
          ? 'relative rounded-2xl border border-gray-200 bg-white p-4 shadow-sm transition focus-within:ring-2 focus-within:ring-blue-700 hover:border-gray-400 hover:shadow data-highlighted:border-gray-900 data-highlighted:shadow-md'
          : 'relative rounded-2xl border border-gray-200 bg-gray-50 p-4 data-highlighted:border-gray-900'
      }
    >
      <div className="flex items-start gap-3">
        {/* The number of its pin on the map; the ordered list already gives screen readers the position. */}
        <span
          aria-hidden
          data-testid="store-number"
          className={cn(
            'mt-0.5 grid size-7 shrink-0 place-items-center rounded-full text-sm font-bold',
            selectable ? 'bg-button text-button-fg' : 'bg-gray-500 text-white',
          )}
        >
          {number}
        </span>
        <h3 id={headingId} className="min-w-0 flex-1 text-lg font-semibold text-gray-900">
          {selectable ? (
            <Link
              href={storeHref(store.id)}
              data-stretched-link
              className="after:absolute after:inset-0 after:rounded-2xl after:content-[''] focus-visible:outline-none"
            >
              {store.name}
            </Link>
          ) : (
            store.name
          )}
        </h3>
        <span className="shrink-0 text-sm font-semibold whitespace-nowrap text-gray-800">
          {formatMiles(result.distance)}
        </span>
      </div>
      {store.status ? (
        <StoreStatusChip
          status={store.status.locationStatus}
          description={store.status.description}
          className="mt-1"
        />
      ) : null}
      <StoreContact store={store} className="mt-2" />
      {selectable ? null : (
        <p className="mt-2 text-sm font-semibold text-red-800">{STORE_NOT_ACCEPTING_MESSAGE}</p>
      )}
    </article>
  );
}
