/**
 * The Google Places adapter (Places API (New)): chosen when GOOGLE_PLACES_API_KEY is set, in place of the
 * offline gazetteer. Suggestions ask for primary types `geocode` for pickup and `street_address` or
 * `establishment` for delivery, in the US unless `anyRegion` (debug mode); details and free-text geocoding read
 * the address components and the location. A point's place id (`geo:lat,lng`, the guest's position or typed
 * coordinates, as the gazetteer writes them) is reverse geocoded with the Geocoding API, which Places API (New)
 * does not do. Any failure of the service reads as no answer (an empty list or null), as the spec asks of
 * autocomplete errors.
 */
import { FULFILLMENT_METHOD } from '@storefront/contracts/enums';
import { parseBracketedCoordinates } from '@storefront/contracts/geo';
import type { PlaceDetails, PlaceSuggestion } from '@storefront/contracts/locations';
import { z } from 'zod';
import type { AutocompleteOptions, GeocodingProvider } from './geocoding-provider';

export const GOOGLE_PLACES_URL = 'https://places.googleapis.com';
export const GOOGLE_GEOCODING_URL = 'https://maps.googleapis.com';
const TIMEOUT_MS = 5_000;

const TextSchema = z.object({ text: z.string() });
const AutocompleteResponseSchema = z.object({
  suggestions: z
    .array(
      z.object({
        placePrediction: z
          .object({
            placeId: z.string(),
            text: TextSchema,
            structuredFormat: z
              .object({ mainText: TextSchema, secondaryText: TextSchema.optional() })
              .optional(),
          })
          .optional(),
      }),
    )
    .default([]),
});
const PlaceSchema = z.object({
  location: z.object({ latitude: z.number(), longitude: z.number() }),
  addressComponents: z
    .array(z.object({ longText: z.string(), shortText: z.string(), types: z.array(z.string()) }))
    .default([]),
});
const SearchTextResponseSchema = z.object({ places: z.array(PlaceSchema).default([]) });

/** The Geocoding API's answer (snake case; `status` is 'OK', 'ZERO_RESULTS' or an error). */
const ReverseGeocodeResponseSchema = z.object({
  status: z.string(),
  results: z
    .array(
      z.object({
        address_components: z
          .array(z.object({ long_name: z.string(), short_name: z.string(), types: z.array(z.string()) }))
          .default([]),
      }),
    )
    .default([]),
});

type GooglePlace = z.infer<typeof PlaceSchema>;

/** Address components to the spec's place details (line 2 left empty, as the spec says). */
export function toPlaceDetails(place: GooglePlace): PlaceDetails {
  const component = (type: string, short = false) => {
    const found = place.addressComponents.find((c) => c.types.includes(type));
    return found ? (short ? found.shortText : found.longText) : '';
  };
  const street = [component('street_number'), component('route')].filter(Boolean).join(' ');
  return {
    latitude: place.location.latitude,
    longitude: place.location.longitude,
    line1: street || component('premise') || component('locality'),
    line2: '',
    city: component('locality') || component('postal_town') || component('sublocality'),
    stateCode: component('administrative_area_level_1', true),
    zipCode: component('postal_code'),
  };
}

export class GooglePlacesGeocoder implements GeocodingProvider {
  private readonly placesUrl: string;
  private readonly geocodingUrl: string;

  constructor(
    private readonly apiKey: string,
    urls: { places?: string | undefined; geocoding?: string | undefined } = {},
    private readonly fetcher: typeof fetch = fetch,
  ) {
    this.placesUrl = urls.places ?? GOOGLE_PLACES_URL;
    this.geocodingUrl = urls.geocoding ?? GOOGLE_GEOCODING_URL;
  }

  /** One call to a Google service (the key in the header), its answer read by `schema`; null on any failure. */
  private async call<T>(
    schema: z.ZodType<T>,
    url: string,
    init: { method: 'GET' | 'POST'; body?: unknown; fieldMask?: string },
  ): Promise<T | null> {
    try {
      const res = await this.fetcher(url, {
        method: init.method,
        headers: {
          'X-Goog-Api-Key': this.apiKey,
          ...(init.fieldMask ? { 'X-Goog-FieldMask': init.fieldMask } : {}),
          ...(init.body === undefined ? {} : { 'Content-Type': 'application/json' }),
        },
        body: init.body === undefined ? undefined : JSON.stringify(init.body),
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
      if (!res.ok) return null;
      const parsed = schema.safeParse(await res.json());
      return parsed.success ? parsed.data : null;
    } catch {
      return null;
    }
  }

  async autocomplete(input: string, options: AutocompleteOptions = {}): Promise<PlaceSuggestion[]> {
    const delivery = options.fulfillmentMethod === FULFILLMENT_METHOD.Delivery;
    const answer = await this.call(AutocompleteResponseSchema, `${this.placesUrl}/v1/places:autocomplete`, {
      method: 'POST',
      body: {
        input,
        includedPrimaryTypes: delivery ? ['street_address', 'establishment'] : ['geocode'],
        ...(options.anyRegion ? {} : { includedRegionCodes: ['us'] }),
      },
    });
    const suggestions: PlaceSuggestion[] = [];
    for (const { placePrediction: p } of answer?.suggestions ?? []) {
      if (!p) continue;
      suggestions.push({
        placeId: p.placeId,
        mainText: p.structuredFormat?.mainText.text ?? p.text.text,
        secondaryText: p.structuredFormat?.secondaryText?.text ?? '',
        description: p.text.text,
      });
    }
    return suggestions.slice(0, options.limit ?? 5);
  }

  async getPlace(placeId: string): Promise<PlaceDetails | null> {
    if (placeId.startsWith('geo:')) return this.reverseGeocode(placeId.slice('geo:'.length));
    if (!/^[\w-]{1,300}$/.test(placeId)) return null;
    const place = await this.call(PlaceSchema, `${this.placesUrl}/v1/places/${encodeURIComponent(placeId)}`, {
      method: 'GET',
      fieldMask: 'location,addressComponents',
    });
    return place ? toPlaceDetails(place) : null;
  }

  async geocode(text: string): Promise<PlaceDetails | null> {
    const answer = await this.call(SearchTextResponseSchema, `${this.placesUrl}/v1/places:searchText`, {
      method: 'POST',
      body: { textQuery: text, regionCode: 'us' },
      fieldMask: 'places.location,places.addressComponents',
    });
    const first = answer?.places[0];
    return first ? toPlaceDetails(first) : null;
  }

  /**
   * The address at a point ('38.9,-77.03'): the most precise result's components (Google lists the street
   * address first), with the point's own coordinates kept, as the gazetteer keeps them. Null when the text is
   * not a point, or nothing is there.
   */
  private async reverseGeocode(text: string): Promise<PlaceDetails | null> {
    const point = parseBracketedCoordinates(`(${text})`);
    if (!point) return null;
    const query = new URLSearchParams({ latlng: `${point.latitude},${point.longitude}`, key: this.apiKey });
    const answer = await this.call(
      ReverseGeocodeResponseSchema,
      `${this.geocodingUrl}/maps/api/geocode/json?${query.toString()}`,
      { method: 'GET' },
    );
    const first = answer?.status === 'OK' ? answer.results[0] : undefined;
    if (!first) return null;
    return toPlaceDetails({
      location: point,
      addressComponents: first.address_components.map((c) => ({
        longText: c.long_name,
        shortText: c.short_name,
        types: c.types,
      })),
    });
  }
}
