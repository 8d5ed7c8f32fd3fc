/** The geocoder in use: Google Places when GOOGLE_PLACES_API_KEY is set, else the offline US gazetteer. */
import type { Db } from '../../db/client';
import { GazetteerGeocoder } from './gazetteer';
import { GooglePlacesGeocoder } from './google-places';
import type { GeocodingProvider, KnownAddress } from './geocoding-provider';

export type { GeocodingProvider, KnownAddress } from './geocoding-provider';

const geocoders = new WeakMap<Db, GeocodingProvider>();

/** One geocoder per database (its known addresses are that database's locations). */
export function geocoderFor(
  db: Db,
  knownAddresses: (db: Db) => Promise<readonly KnownAddress[]>,
  google?: { apiKey?: string | undefined; baseUrl?: string | undefined },
) {
  let geocoder = geocoders.get(db);
  if (!geocoder) {
    geocoder = google?.apiKey
      ? new GooglePlacesGeocoder(google.apiKey, google.baseUrl)
      : new GazetteerGeocoder(() => knownAddresses(db));
    geocoders.set(db, geocoder);
  }
  return geocoder;
}
