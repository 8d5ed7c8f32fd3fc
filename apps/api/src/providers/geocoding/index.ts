/** The geocoder in use: Google (Places, and Geocoding for points) when GOOGLE_PLACES_API_KEY is set, else the offline US gazetteer. */
import type { Db } from '../../db/client';
import { GazetteerGeocoder } from './gazetteer';
import { GooglePlacesGeocoder } from './google-places';
import type { GeocodingProvider, KnownAddress } from './geocoding-provider';

export type { GeocodingProvider, KnownAddress } from './geocoding-provider';

const geocoders = new WeakMap<Db, GeocodingProvider>();

/** The Google settings of the API's configuration (a key turns the Google adapter on). */
export interface GoogleGeocodingConfig {
  GOOGLE_PLACES_API_KEY?: string | undefined;
  GOOGLE_PLACES_URL?: string | undefined;
  GOOGLE_GEOCODING_URL?: string | undefined;
}

/** One geocoder per database (its known addresses are that database's locations). */
export function geocoderFor(
  db: Db,
  knownAddresses: (db: Db) => Promise<readonly KnownAddress[]>,
  config: GoogleGeocodingConfig = {},
) {
  let geocoder = geocoders.get(db);
  if (!geocoder) {
    geocoder = config.GOOGLE_PLACES_API_KEY
      ? new GooglePlacesGeocoder(config.GOOGLE_PLACES_API_KEY, {
          places: config.GOOGLE_PLACES_URL,
          geocoding: config.GOOGLE_GEOCODING_URL,
        })
      : new GazetteerGeocoder(() => knownAddresses(db));
    geocoders.set(db, geocoder);
  }
  return geocoder;
}
