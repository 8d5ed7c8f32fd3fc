/**
 * Delivery: whether a location delivers to an address (its delivery zones: a radius around the store or a
 * GeoJSON polygon) and when an order placed now would arrive.
 */
import { FULFILLMENT_METHOD } from '@storefront/contracts/enums';
import { distanceInMiles, roundMiles, type Coordinates } from '@storefront/contracts/geo';
import {
  ADDRESS_OUT_OF_RANGE_MESSAGE,
  type DeliveryAddress,
  type DeliveryEstimate,
  type DeliveryZone,
} from '@storefront/contracts/locations';
import { computeStoreStatus, formatZonedIso } from '@storefront/contracts/store-hours';
import type { Db } from '../../db/client';
import { badRequest, ruleBroken } from '../../lib/errors';
import type { GeocodingProvider } from '../../providers/geocoding/geocoding-provider';
import type { LocationRecord } from './locations.repository';
import { getRecord, methodsOf, scheduleOf } from './locations.service';

/** Ray casting on [longitude, latitude] rings: inside the outer ring and outside every hole. */
export function pointInPolygon(point: Coordinates, rings: readonly (readonly [number, number])[][]): boolean {
  const inRing = (ring: readonly (readonly [number, number])[]) => {
    let inside = false;
    for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
      const a = ring[i];
      const b = ring[j];
      if (!a || !b) continue;
      const [xi, yi] = a;
      const [xj, yj] = b;
      if (
        yi > point.latitude !== yj > point.latitude &&
        point.longitude < ((xj - xi) * (point.latitude - yi)) / (yj - yi) + xi
      ) {
        inside = !inside;
      }
    }
    return inside;
  };
  const [outer, ...holes] = rings;
  return outer !== undefined && inRing(outer) && !holes.some(inRing);
}

/** Whether a zone holds a point (`store` is the zone's location, the centre of a radius zone). */
export function zoneContains(zone: DeliveryZone, store: Coordinates, point: Coordinates): boolean {
  return zone.kind === 'radius'
    ? distanceInMiles(store, point) <= zone.radiusMiles
    : pointInPolygon(point, zone.polygon.coordinates);
}

export function zonesOf(record: LocationRecord): DeliveryZone[] {
  return record.deliveryZones.flatMap((z): DeliveryZone[] => {
    if (z.kind === 'radius' && z.radiusMiles !== null)
      return [{ kind: 'radius', radiusMiles: z.radiusMiles }];
    if (z.kind === 'polygon' && z.polygon) return [{ kind: 'polygon', polygon: z.polygon }];
    return [];
  });
}

const addressText = (a: DeliveryAddress) =>
  [a.line1, a.city, [a.stateCode, a.zipCode].filter(Boolean).join(' ')].filter(Boolean).join(', ');

/**
 * The delivery estimate for an address: a one-element list with the arrival time of an order placed now.
 * 404 for an unknown location; 400 UnsupportedAddress when the address cannot be located; 422
 * DeliveryNotAvailable (the store does not deliver), AddressOutOfRange ('The address is out of range') when no
 * delivery zone holds the address, then StoreOffline (21045) and StoreClosed (21038).
 */
export async function getDeliveryEstimates(
  db: Db,
  geocoder: GeocodingProvider,
  locationId: number,
  address: DeliveryAddress,
  now = Date.now(),
): Promise<DeliveryEstimate[]> {
  const record = await getRecord(db, locationId);
  let point: Coordinates;
  if (address.latitude !== undefined && address.longitude !== undefined) {
    point = { latitude: address.latitude, longitude: address.longitude };
  } else {
    const place = await geocoder.geocode(addressText(address));
    if (!place) {
      throw badRequest(
        'UnsupportedAddress',
        'This address is not supported. Please try a more specific address.',
      );
    }
    point = { latitude: place.latitude, longitude: place.longitude };
  }
  const zones = zonesOf(record);
  if (!methodsOf(record).includes(FULFILLMENT_METHOD.Delivery) || zones.length === 0) {
    throw ruleBroken('DeliveryNotAvailable', 21036, `${record.name} does not deliver`);
  }
  if (!zones.some((zone) => zoneContains(zone, record, point))) {
    throw ruleBroken('AddressOutOfRange', 21034, ADDRESS_OUT_OF_RANGE_MESSAGE);
  }
  if (!record.isOnline) throw ruleBroken('StoreOffline', 21045, 'Store is offline');
  const status = computeStoreStatus(scheduleOf(record, now), record.timeZone, now);
  if (status.locationStatus === 'Closed') {
    throw ruleBroken('StoreClosed', 21038, 'The store is closed for delivery now');
  }
  const eta = Math.max(record.prepTimeMinutes, record.averageDeliveryEtaMinutes);
  return [
    {
      deliveryTime: formatZonedIso(now + eta * 60_000, record.timeZone),
      deliveryEtaInMinutes: eta,
      distance: roundMiles(distanceInMiles(record, point)),
      errors: [],
    },
  ];
}
