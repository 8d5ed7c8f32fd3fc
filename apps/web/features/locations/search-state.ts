/**
 * The location search lives in the URL (`/search-locations?q=&lat=&lng=&method=`), so results are
 * server-rendered, shareable and work without JavaScript (a plain form submit sends `q`).
 */
import { z } from 'zod';
import {
  FULFILLMENT_METHOD,
  FULFILLMENT_METHOD_LABEL,
  type FulfillmentMethod,
} from '@storefront/contracts/enums';
import {
  LatitudeSchema,
  LongitudeSchema,
  SEARCH_RADIUS_MILES,
  parseBracketedCoordinates,
} from '@storefront/contracts/geo';
import type { UiTemplate } from '@storefront/contracts/templates';
import { pluralLabel } from '@storefront/contracts/text';

import { searchHref, type SearchMethod } from './search-href';

export { searchHref, type SearchMethod };

export const SEARCH_METHOD_VALUE: Record<SearchMethod, FulfillmentMethod> = {
  pickup: FULFILLMENT_METHOD.Pickup,
  delivery: FULFILLMENT_METHOD.Delivery,
};

/** What the results are searched by: a point, or free text the API geocodes. */
export type SearchTarget =
  | { kind: 'point'; latitude: number; longitude: number }
  | { kind: 'address'; address: string }
  | { kind: 'none' };

export interface SearchState {
  /** The text shown in the address box. */
  query: string;
  method: SearchMethod;
  target: SearchTarget;
}

const first = (v: string | string[] | undefined): string | undefined => (Array.isArray(v) ? v[0] : v);

const QuerySchema = z.string().trim().max(200).catch('');
const LatSchema = z.coerce.number().pipe(LatitudeSchema);
const LngSchema = z.coerce.number().pipe(LongitudeSchema);

/**
 * The method searched by (ordering spec section 4, fulfillment method selection): the one asked for when the
 * company offers it, otherwise Pickup when offered, then Delivery.
 */
export function chooseSearchMethod(asked: SearchMethod, enabled: readonly SearchMethod[]): SearchMethod {
  if (enabled.includes(asked)) return asked;
  return enabled.includes('pickup') || !enabled.includes('delivery') ? 'pickup' : 'delivery';
}

/**
 * Reads the search page's query string for a company offering `enabled` methods; anything malformed is ignored
 * rather than an error.
 */
export function parseSearchState(
  params: Record<string, string | string[] | undefined>,
  enabled: readonly SearchMethod[] = ['pickup', 'delivery'],
): SearchState {
  const query = QuerySchema.parse(first(params.q) ?? '');
  const method = chooseSearchMethod(first(params.method) === 'delivery' ? 'delivery' : 'pickup', enabled);
  const lat = LatSchema.safeParse(first(params.lat));
  const lng = LngSchema.safeParse(first(params.lng));
  if (first(params.lat) !== undefined && lat.success && lng.success) {
    return { query, method, target: { kind: 'point', latitude: lat.data, longitude: lng.data } };
  }
  const bracketed = parseBracketedCoordinates(query);
  if (bracketed) return { query, method, target: { kind: 'point', ...bracketed } };
  if (query.length > 0) return { query, method, target: { kind: 'address', address: query } };
  return { query, method, target: { kind: 'none' } };
}

export function searchRadiusMiles(method: SearchMethod): number {
  return SEARCH_RADIUS_MILES[method];
}

/**
 * The headline over the results: 'One Location' or 'N Locations' for {method} within {radius} miles
 * (plural labels follow the spec's rule: no 's' for counts ending in 1 but not 11).
 */
export function resultsHeadline(count: number, method: SearchMethod, radiusMiles: number): string {
  const label = count === 1 ? 'One Location' : pluralLabel(count, 'Location');
  return `${label} for ${FULFILLMENT_METHOD_LABEL[SEARCH_METHOD_VALUE[method]]} within ${radiusMiles} miles`;
}

/** Distance in miles with 2 decimals. */
export function formatMiles(miles: number): string {
  return `${miles.toFixed(2)} miles`;
}

/** The company's search methods (pickup first); pickup alone when the template says nothing usable. */
export function searchMethodsOf(template: Pick<UiTemplate, 'searchSettings'> | null): SearchMethod[] {
  const methods = template?.searchSettings.fulfillmentMethods ?? [];
  const list: SearchMethod[] = (['pickup', 'delivery'] as const).filter((m) =>
    methods.includes(SEARCH_METHOD_VALUE[m]),
  );
  return list.length > 0 ? list : ['pickup'];
}
