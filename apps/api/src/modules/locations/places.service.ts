/**
 * Address suggestions and place details for the storefront's location search (spec section 5 rules:
 * at least 4 characters, bracketed coordinates, 'This address is not supported...').
 */
import type { FulfillmentMethod } from '@storefront/contracts/enums';
import {
  PLACE_NOT_SUPPORTED_MESSAGE,
  PLACE_SEARCH_MIN_CHARS,
  PLACE_SEARCH_TOO_SHORT_MESSAGE,
} from '@storefront/contracts/geo';
import type { PlaceDetails, PlaceSuggestion } from '@storefront/contracts/locations';
import { badRequest, notFound } from '../../lib/errors';
import type { GeocodingProvider } from '../../providers/geocoding/geocoding-provider';

/** Suggestions for typed text; 400 'Please enter at least 4 characters' below 4 characters. */
export async function suggestPlaces(
  geocoder: GeocodingProvider,
  input: string,
  fulfillmentMethod?: FulfillmentMethod,
  anyRegion = false,
): Promise<PlaceSuggestion[]> {
  if (input.trim().length < PLACE_SEARCH_MIN_CHARS)
    throw badRequest('InputTooShort', PLACE_SEARCH_TOO_SHORT_MESSAGE);
  return geocoder.autocomplete(input, { fulfillmentMethod, anyRegion });
}

/** The address and coordinates of a place; 404 'This address is not supported...' when unknown. */
export async function getPlaceDetails(geocoder: GeocodingProvider, placeId: string): Promise<PlaceDetails> {
  const place = await geocoder.getPlace(placeId);
  if (!place) throw notFound('PlaceNotSupported', PLACE_NOT_SUPPORTED_MESSAGE);
  return place;
}
