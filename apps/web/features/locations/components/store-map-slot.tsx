'use client';

import { lazy, Suspense, useSyncExternalStore } from 'react';
import { DESKTOP_MEDIA_QUERY } from '../map-view';
import type { StoreMapProps } from './store-map';

/**
 * Leaflet is fetched only when a desktop browser draws the map (the import runs on first render, which never
 * happens on the server or on small screens): nothing of it ships with the page.
 */
const StoreMap = lazy(() => import('./store-map'));

function subscribe(onChange: () => void) {
  const query = window.matchMedia(DESKTOP_MEDIA_QUERY);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
}

/** The map on desktop (768 px and wider); nothing at all on small screens. The slot keeps its size. */
export function StoreMapSlot(props: StoreMapProps) {
  const desktop = useSyncExternalStore(
    subscribe,
    () => window.matchMedia(DESKTOP_MEDIA_QUERY).matches,
    () => false,
  );
  if (!desktop) return null;
  return (
    <Suspense fallback={<p className="p-4 text-sm text-gray-700">Loading map…</p>}>
      <StoreMap {...props} />
    </Suspense>
  );
}
