'use server';

import { DeliveryAddressSchema, type DeliveryAddressInput } from '@storefront/contracts/locations';
import { setDeliveryChoice } from '@/lib/delivery-address-cookie';
import {
  chooseDeliveryStore,
  deliveryStoreHref,
  PLACE_DETAILS_FAILED_MESSAGE,
  type DeliveryOutcome,
} from './delivery-decision';
import { getDeliveryEstimate } from './delivery-estimate';
import { searchLocations } from './locations.queries';

export type DeliverySearchResult = { ok: true; data: DeliveryOutcome } | { ok: false; error: string };

const InputSchema = DeliveryAddressSchema.required({ latitude: true, longitude: true });

/**
 * The delivery search (spec "Location search"): stores that deliver within 10 miles of the address, the
 * first open and online one, its delivery estimate for the address; on success the address is kept (httpOnly
 * cookie) and the guest goes to that store with delivery chosen. Failures are outcomes the page shows as
 * the spec's dialogs: no store or any estimate error is out of range; no open store is unavailable.
 */
export async function startDeliverySearch(input: DeliveryAddressInput): Promise<DeliverySearchResult> {
  const parsed = InputSchema.safeParse(input);
  if (!parsed.success) return { ok: false, error: PLACE_DETAILS_FAILED_MESSAGE };
  const address = parsed.data;
  const search = await searchLocations(
    { kind: 'point', latitude: address.latitude, longitude: address.longitude },
    'delivery',
  );
  if (!search.ok) return { ok: false, error: search.message };
  const choice = chooseDeliveryStore(search.value.items);
  if (choice.kind !== 'store') return { ok: true, data: choice };
  const first = await getDeliveryEstimate(choice.locationId, false, address);
  if (!first || first.errors.length > 0) return { ok: true, data: { kind: 'out-of-range' } };
  await setDeliveryChoice({ locationId: choice.locationId, address, deliveryTime: first.deliveryTime });
  return { ok: true, data: { kind: 'go', href: deliveryStoreHref(choice.locationId) } };
}
