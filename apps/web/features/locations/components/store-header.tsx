import Link from 'next/link';
import { Clock } from 'lucide-react';
import type { Store } from '@storefront/contracts/locations';
import { StoreStatusChip } from './store-status-chip';

/** The store page's header: name, status chip, description and the pickup ETA line. */
export function StoreHeader({ store }: { store: Store }) {
  return (
    <section
      aria-labelledby="store-name"
      className="border-b border-gray-200 bg-white md:mt-6 md:rounded-t-2xl"
    >
      <div className="flex flex-col gap-1.5 px-4 py-4 md:py-6">
        <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
          <h1 id="store-name" className="font-display text-2xl font-bold text-gray-900 md:text-3xl">
            {store.name}
          </h1>
          <Link
            href="/search-locations"
            className="text-sm font-semibold text-gray-900 underline underline-offset-4"
          >
            Change location
          </Link>
        </div>
        {store.status ? (
          <StoreStatusChip status={store.status.locationStatus} description={store.status.description} />
        ) : null}
        {store.description ? <p className="text-sm text-gray-700">{store.description}</p> : null}
        <p className="flex items-center gap-1.5 text-sm text-gray-800">
          <Clock aria-hidden className="size-4" />
          <span>
            Pickup ETA: <strong>{store.averagePickupEtaInMinutes} min</strong>
          </span>
        </p>
      </div>
    </section>
  );
}
