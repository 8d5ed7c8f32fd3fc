import type { LocationSearchResult } from '../locations.queries';
import type { MapStore } from '../map-view';
import { isStoreSelectable } from '../store-availability';
import { StoreMapSlot } from './store-map-slot';

/** The map of a search's results (awaits the same request as the list, inside its own Suspense boundary). */
export async function StoreMapResults({
  result,
  tileUrl,
  attribution,
}: {
  result: Promise<LocationSearchResult> | null;
  tileUrl: string | null;
  attribution: string | null;
}) {
  const settled = result ? await result : null;
  const stores: MapStore[] = settled?.ok
    ? settled.value.items.map(({ item }) => ({
        id: item.id,
        name: item.name,
        latitude: item.address.latitude,
        longitude: item.address.longitude,
        selectable: isStoreSelectable(item),
      }))
    : [];
  return <StoreMapSlot stores={stores} tileUrl={tileUrl} attribution={attribution} />;
}
