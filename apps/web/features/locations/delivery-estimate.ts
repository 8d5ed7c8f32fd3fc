import 'server-only';
import { z } from 'zod';
import { FULFILLMENT_METHOD } from '@storefront/contracts/enums';
import {
  DeliveryEstimateSchema,
  type DeliveryAddress,
  type DeliveryEstimate,
} from '@storefront/contracts/locations';
import { apiRequest } from '@/lib/api';
import { cachedEstimate } from '@/lib/estimate-cache';

const EstimatesSchema = z.array(DeliveryEstimateSchema);

/**
 * The store's delivery estimate for an address (the first of the list), or null when the API answered with
 * an error (out of range, closed, offline). Cached for the minute per store and address.
 */
export async function getDeliveryEstimate(
  locationId: number,
  catering: boolean,
  address: DeliveryAddress,
): Promise<DeliveryEstimate | null> {
  const place =
    address.latitude !== undefined && address.longitude !== undefined
      ? `${address.latitude},${address.longitude}`
      : [address.line1, address.city, address.stateCode, address.zipCode].join(',').toLowerCase();
  const result = await cachedEstimate(
    { locationId, isCatering: catering, method: FULFILLMENT_METHOD.Delivery, extra: place },
    () =>
      apiRequest(EstimatesSchema, `locations/${locationId}/delivery-estimates`, {
        method: 'POST',
        body: { address },
      }),
    (answer) => answer.ok,
  );
  return result.ok ? (result.value[0] ?? null) : null;
}
