/** The geocoder in use. Only the offline gazetteer exists today; a Google Places adapter would be chosen here. */
import type { Db } from '../../db/client';
import { GazetteerGeocoder } from './gazetteer';
import type { GeocodingProvider, KnownAddress } from './geocoding-provider';

export type { GeocodingProvider, KnownAddress } from './geocoding-provider';

const geocoders = new WeakMap<Db, GeocodingProvider>();

/** One geocoder per database (its known addresses are that database's locations). */
export function geocoderFor(db: Db, knownAddresses: (db: Db) => Promise<readonly KnownAddress[]>) {
  let geocoder = geocoders.get(db);
  if (!geocoder) {
    geocoder = new GazetteerGeocoder(() => knownAddresses(db));
    geocoders.set(db, geocoder);
  }
  return geocoder;
}
