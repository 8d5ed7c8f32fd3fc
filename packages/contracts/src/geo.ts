/** Coordinates, distances in miles and the address-search input rules shared by the API and the storefront. */
import { z } from 'zod';

export const LatitudeSchema = z.number().min(-90).max(90);
export const LongitudeSchema = z.number().min(-180).max(180);
export const CoordinatesSchema = z.object({ latitude: LatitudeSchema, longitude: LongitudeSchema });
export type Coordinates = z.infer<typeof CoordinatesSchema>;

/** Default store-finder point (spec section 9). */
export const DEFAULT_STORE_FINDER_POINT: Coordinates = { latitude: 39, longitude: -77 };
/** Search radius in miles per fulfillment method: 25 for pickup, 10 for delivery (spec section 9). */
export const SEARCH_RADIUS_MILES = { pickup: 25, delivery: 10 } as const;
/** Address suggestions are requested only from this many characters. */
export const PLACE_SEARCH_MIN_CHARS = 4;
export const PLACE_SEARCH_TOO_SHORT_MESSAGE = 'Please enter at least 4 characters';
export const PLACE_NOT_SUPPORTED_MESSAGE =
  'This address is not supported. Please try a more specific address.';
export const NO_SUGGESTIONS_MESSAGE = 'No suggestions found';

const EARTH_RADIUS_MILES = 3958.7613;
const toRadians = (degrees: number) => (degrees * Math.PI) / 180;

/** Great-circle (haversine) distance in miles, unrounded. */
export function distanceInMiles(a: Coordinates, b: Coordinates): number {
  const dLat = toRadians(b.latitude - a.latitude);
  const dLng = toRadians(b.longitude - a.longitude);
  const h =
    Math.sin(dLat / 2) ** 2 +
    Math.cos(toRadians(a.latitude)) * Math.cos(toRadians(b.latitude)) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_MILES * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** Miles rounded to 2 decimals, as the search results show them. */
export function roundMiles(miles: number): number {
  return Math.round(miles * 100) / 100;
}

/**
 * A latitude/longitude box that contains every point within `miles` of `center` (a cheap pre-filter
 * before the exact distance). Near the poles the longitude span widens to the whole circle.
 */
export function boundingBox(center: Coordinates, miles: number) {
  const latDelta = (miles / EARTH_RADIUS_MILES) * (180 / Math.PI);
  const cosLat = Math.cos(toRadians(center.latitude));
  const lngDelta = cosLat < 1e-6 ? 180 : Math.min(180, latDelta / cosLat);
  return {
    minLatitude: center.latitude - latDelta,
    maxLatitude: center.latitude + latDelta,
    minLongitude: center.longitude - lngDelta,
    maxLongitude: center.longitude + lngDelta,
  };
}

export { parseBracketedCoordinates } from './coordinates';
