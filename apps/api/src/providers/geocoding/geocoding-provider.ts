/**
 * Address search and geocoding. The API talks to a maps service only through this interface; the embedded
 * default is the offline US gazetteer (gazetteer.ts: ZIP codes and cities from the `zipcodes` package plus
 * our locations' street addresses); with a key, the Google Places adapter (google-places.ts).
 */
import type { FulfillmentMethod } from '@storefront/contracts/enums';
import type { PlaceDetails, PlaceSuggestion } from '@storefront/contracts/locations';

/** A street address we know exactly (our own locations). */
export interface KnownAddress {
  /** Stable key (the location id). */
  key: string;
  name: string;
  line1: string;
  city: string;
  stateCode: string;
  zipCode: string;
  latitude: number;
  longitude: number;
}

export interface AutocompleteOptions {
  /** Pickup wants places to search around (ZIP codes, cities); delivery wants street addresses. */
  fulfillmentMethod?: FulfillmentMethod | undefined;
  limit?: number;
  /** Debug mode: suggestions outside the US too (the gazetteer only knows the US). */
  anyRegion?: boolean;
}

export interface GeocodingProvider {
  /** Suggestions for typed text (already at least 4 characters); an empty list when nothing matches. */
  autocomplete(input: string, options?: AutocompleteOptions): Promise<PlaceSuggestion[]>;
  /** The address and coordinates of a suggestion's place id; null when the id is unknown or malformed. */
  getPlace(placeId: string): Promise<PlaceDetails | null>;
  /** Best match for free text (a ZIP code, "City, ST", a street address); null when nothing matches. */
  geocode(text: string): Promise<PlaceDetails | null>;
  /**
   * Load whatever the first search would otherwise load (the gazetteer's index); the API awaits it before it
   * listens (GEOCODER_PRELOAD), so that no request waits behind it.
   */
  prepare?(): Promise<void>;
}
