import type { LocationSearchResult } from '../locations.queries';
import type { MapStore } from '../map-view';
import { isStoreSelectable } from '../store-availability';
import { StoreMapSlot } from './store-map-slot';

interface StoreMapResultsProps {
  /** The search's answer, the request still under way, or null without a search. */
  result: LocationSearchResult | Promise<LocationSearchResult> | null;
  tileUrl: string | null;
  attribution: string | null;
}

/**
 * The map of a search's results: at once for an answer already there, else awaiting the same request as the list
 * inside its own Suspense boundary.
 */
export function StoreMapResults(props: StoreMapResultsProps) {
  const { result: settled, tileUrl, attribution } = props;
  if (settled instanceof Promise) return <AwaitedStoreMapResults {...props} result={settled} />;
  const stores: MapStore[] = settled?.ok
    ? settled.value.items.map(({ item }, index) => ({
        id: item.id,
        name: item.name,
        latitude: item.address.latitude,
        longitude: item.address.longitude,
        selectable: isStoreSelectable(item),
        number: index + 1,
      }))
    : [];
  return <StoreMapSlot stores={stores} tileUrl={tileUrl} attribution={attribution} />;
}

async function AwaitedStoreMapResults(
  props: StoreMapResultsProps & { result: Promise<LocationSearchResult> },
) {
  return <StoreMapResults {...props} result={await props.result} />;
}
