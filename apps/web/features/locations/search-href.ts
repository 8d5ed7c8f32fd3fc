/** Search URLs, without zod so that the search box (a client island) can build them. */
export type SearchMethod = 'pickup' | 'delivery';

/** Six decimals (about 10 cm) keep shared URLs short. */
const roundCoordinate = (n: number) => Math.round(n * 1e6) / 1e6;

/** The URL of a search (what the search box navigates to). */
export function searchHref(input: {
  query: string;
  method?: SearchMethod;
  latitude?: number;
  longitude?: number;
}): string {
  const params = new URLSearchParams();
  if (input.query) params.set('q', input.query);
  if (input.latitude !== undefined && input.longitude !== undefined) {
    params.set('lat', String(roundCoordinate(input.latitude)));
    params.set('lng', String(roundCoordinate(input.longitude)));
  }
  if (input.method && input.method !== 'pickup') params.set('method', input.method);
  const qs = params.toString();
  return qs ? `/search-locations?${qs}` : '/search-locations';
}
