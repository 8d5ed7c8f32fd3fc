/**
 * The offline US gazetteer: ZIP codes and cities with coordinates from the `zipcodes` data package, plus the
 * street addresses of our own locations. Place ids are readable and self-describing:
 *   zip:20910 · city:MD:Silver Spring · known:{key} · geo:38.99,-77.03 · street:{base64url JSON}
 * The data (about 41,000 US ZIP codes, a 5 MB module) is loaded and indexed once: ~0.5-1 s of one core during
 * which the process answers nothing, so the API does it before it listens (prepare(), GEOCODER_PRELOAD).
 */
import { FULFILLMENT_METHOD } from '@storefront/contracts/enums';
import { distanceInMiles, parseBracketedCoordinates, type Coordinates } from '@storefront/contracts/geo';
import type { PlaceDetails, PlaceSuggestion } from '@storefront/contracts/locations';
import type { AutocompleteOptions, GeocodingProvider, KnownAddress } from './geocoding-provider';

interface ZipEntry {
  zip: string;
  city: string;
  state: string;
  latitude: number;
  longitude: number;
}

interface CityEntry {
  city: string;
  state: string;
  /** Lower-cased, punctuation-free name for matching. */
  key: string;
  latitude: number;
  longitude: number;
  zips: string[];
}

interface GazetteerIndex {
  zips: ZipEntry[];
  byZip: Map<string, ZipEntry>;
  /** Cities, the ones with more ZIP codes (bigger places) first. */
  cities: CityEntry[];
  byCity: Map<string, CityEntry>;
  normalizeState: (text: string) => string | null;
}

const normalize = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^a-z0-9\s]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();

const cityId = (state: string, city: string) => `${state}:${city}`;

/** Military post offices (APO/FPO) have no place to search around. */
const MILITARY = new Set(['AA', 'AE', 'AP']);

let indexPromise: Promise<GazetteerIndex> | null = null;
let indexBuilt = false;

/** Whether this process has built the gazetteer's index yet (a search would otherwise build it first). */
export function gazetteerIndexBuilt(): boolean {
  return indexBuilt;
}

function loadIndex(): Promise<GazetteerIndex> {
  indexPromise ??= (async () => {
    const { default: zipcodes } = await import('zipcodes');
    const zips: ZipEntry[] = [];
    const byCityAcc = new Map<
      string,
      { city: string; state: string; lat: number; lng: number; zips: string[] }
    >();
    for (const record of Object.values(zipcodes.codes)) {
      if (record.country !== 'US' || !/^\d{5}$/.test(record.zip) || MILITARY.has(record.state)) continue;
      if (record.latitude === 0 && record.longitude === 0) continue;
      const entry: ZipEntry = {
        zip: record.zip,
        city: record.city,
        state: record.state,
        latitude: record.latitude,
        longitude: record.longitude,
      };
      zips.push(entry);
      const id = cityId(record.state, record.city);
      const acc = byCityAcc.get(id);
      if (acc) {
        acc.lat += record.latitude;
        acc.lng += record.longitude;
        acc.zips.push(record.zip);
      } else {
        byCityAcc.set(id, {
          city: record.city,
          state: record.state,
          lat: record.latitude,
          lng: record.longitude,
          zips: [record.zip],
        });
      }
    }
    zips.sort((a, b) => (a.zip < b.zip ? -1 : 1));
    const cities: CityEntry[] = [...byCityAcc.values()].map((c) => ({
      city: c.city,
      state: c.state,
      key: normalize(c.city),
      latitude: c.lat / c.zips.length,
      longitude: c.lng / c.zips.length,
      zips: c.zips.sort(),
    }));
    cities.sort((a, b) => b.zips.length - a.zips.length || a.key.localeCompare(b.key));
    const states = new Set(zips.map((z) => z.state));
    indexBuilt = true;
    return {
      zips,
      byZip: new Map(zips.map((z) => [z.zip, z])),
      cities,
      byCity: new Map(cities.map((c) => [cityId(c.state, c.city), c])),
      normalizeState: (text: string) => {
        const upper = text.trim().toUpperCase();
        if (states.has(upper)) return upper;
        const code = zipcodes.states.normalize(upper);
        return states.has(code) ? code : null;
      },
    };
  })();
  return indexPromise;
}

function nearestZip(index: GazetteerIndex, point: Coordinates, candidates: readonly ZipEntry[] = index.zips) {
  let best: ZipEntry | null = null;
  let bestDistance = Infinity;
  for (const z of candidates) {
    const d = distanceInMiles(point, z);
    if (d < bestDistance) {
      best = z;
      bestDistance = d;
    }
  }
  return best;
}

const encodeStreet = (value: { line1: string; zip: string }) =>
  `street:${Buffer.from(JSON.stringify(value)).toString('base64url')}`;

function decodeStreet(token: string): { line1: string; zip: string } | null {
  try {
    const value: unknown = JSON.parse(Buffer.from(token, 'base64url').toString('utf8'));
    if (
      typeof value === 'object' &&
      value !== null &&
      'line1' in value &&
      'zip' in value &&
      typeof value.line1 === 'string' &&
      typeof value.zip === 'string' &&
      value.line1.length <= 200
    ) {
      return { line1: value.line1, zip: value.zip };
    }
  } catch {
    // Not base64url JSON: an unknown place.
  }
  return null;
}

/** How many geocoded texts a geocoder keeps (GazetteerGeocoder.geocode). */
const GEOCODE_CACHE_SIZE = 2000;

/** A known address's normalised words (name, street, city, state, ZIP code), made once per address. */
const knownWords = new WeakMap<KnownAddress, string[]>();
function wordsOf(known: KnownAddress): string[] {
  let words = knownWords.get(known);
  if (!words) {
    words = normalize(`${known.name} ${known.line1} ${known.city} ${known.stateCode} ${known.zipCode}`).split(
      ' ',
    );
    knownWords.set(known, words);
  }
  return words;
}

const US = 'USA';
const cityLabel = (c: { city: string; state: string }) => `${c.city}, ${c.state}`;

export class GazetteerGeocoder implements GeocodingProvider {
  constructor(private readonly knownAddresses: () => Promise<readonly KnownAddress[]>) {}

  async prepare(): Promise<void> {
    await loadIndex();
  }

  async autocomplete(input: string, options: AutocompleteOptions = {}): Promise<PlaceSuggestion[]> {
    const limit = options.limit ?? 5;
    const text = input.trim();
    const index = await loadIndex();
    const out: PlaceSuggestion[] = [];
    const push = (s: PlaceSuggestion) => {
      if (out.length < limit && !out.some((o) => o.placeId === s.placeId)) out.push(s);
    };

    const point = parseBracketedCoordinates(text);
    if (point) {
      const near = nearestZip(index, point);
      const secondary = near ? `${cityLabel(near)}, ${US}` : US;
      const main = `${point.latitude}, ${point.longitude}`;
      push({
        placeId: `geo:${point.latitude},${point.longitude}`,
        mainText: main,
        secondaryText: secondary,
        description: `${main}, ${secondary}`,
      });
      return out;
    }

    const query = normalize(text);
    if (!query) return out;
    const tokens = query.split(' ');
    for (const known of await this.knownAddresses()) {
      const haystack = wordsOf(known);
      if (tokens.every((t) => haystack.some((h) => h.startsWith(t)))) {
        const secondary = `${known.city}, ${known.stateCode} ${known.zipCode}, ${US}`;
        push({
          placeId: `known:${known.key}`,
          mainText: known.line1,
          secondaryText: secondary,
          description: `${known.line1}, ${secondary}`,
        });
      }
    }

    const street = this.parseStreet(index, text);
    if (street) {
      const zip = index.byZip.get(street.zip);
      if (zip) {
        const secondary = `${cityLabel(zip)} ${zip.zip}, ${US}`;
        push({
          placeId: encodeStreet(street),
          mainText: street.line1,
          secondaryText: secondary,
          description: `${street.line1}, ${secondary}`,
        });
      }
    }
    if (options.fulfillmentMethod === FULFILLMENT_METHOD.Delivery) return out;

    if (/^\d{3,5}$/.test(query)) {
      for (const z of index.zips) {
        if (out.length >= limit) break;
        if (!z.zip.startsWith(query)) continue;
        push({
          placeId: `zip:${z.zip}`,
          mainText: z.zip,
          secondaryText: `${cityLabel(z)}, ${US}`,
          description: `${z.zip}, ${cityLabel(z)}, ${US}`,
        });
      }
      return out;
    }

    const { cityPart, state } = this.splitCityState(index, text);
    if (!cityPart) return out;
    for (const c of index.cities) {
      if (out.length >= limit) break;
      if (state && c.state !== state) continue;
      if (!c.key.startsWith(cityPart)) continue;
      push({
        placeId: `city:${c.state}:${c.city}`,
        mainText: c.city,
        secondaryText: `${c.state}, ${US}`,
        description: `${cityLabel(c)}, ${US}`,
      });
    }
    return out;
  }

  async getPlace(placeId: string): Promise<PlaceDetails | null> {
    const index = await loadIndex();
    const colon = placeId.indexOf(':');
    if (colon < 0) return null;
    const kind = placeId.slice(0, colon);
    const rest = placeId.slice(colon + 1);
    const fromZip = (z: ZipEntry, line1 = '', at: Coordinates = z): PlaceDetails => ({
      latitude: at.latitude,
      longitude: at.longitude,
      line1,
      line2: '',
      city: z.city,
      stateCode: z.state,
      zipCode: z.zip,
    });
    switch (kind) {
      case 'zip': {
        const z = index.byZip.get(rest);
        return z ? fromZip(z) : null;
      }
      case 'city': {
        const c = index.byCity.get(rest);
        if (!c) return null;
        const candidates = c.zips.flatMap((zip) => index.byZip.get(zip) ?? []);
        const z = nearestZip(index, c, candidates);
        return z ? { ...fromZip(z, '', c), city: c.city } : null;
      }
      case 'known': {
        const known = (await this.knownAddresses()).find((k) => k.key === rest);
        return known
          ? {
              latitude: known.latitude,
              longitude: known.longitude,
              line1: known.line1,
              line2: '',
              city: known.city,
              stateCode: known.stateCode,
              zipCode: known.zipCode,
            }
          : null;
      }
      case 'geo': {
        const point = parseBracketedCoordinates(`(${rest})`);
        if (!point) return null;
        const z = nearestZip(index, point);
        return z && distanceInMiles(point, z) < 50 ? fromZip(z, '', point) : null;
      }
      case 'street': {
        const street = decodeStreet(rest);
        const z = street ? index.byZip.get(street.zip) : undefined;
        return street && z ? fromZip(z, street.line1) : null;
      }
      default:
        return null;
    }
  }

  /**
   * Places found per text, for the list of known addresses they were found with (a new list, after the locations
   * change, starts afresh): the same text against the same index and addresses finds the same place, and a store
   * search by city or ZIP code repeats a few texts many times. At most GEOCODE_CACHE_SIZE texts; then it starts
   * afresh.
   */
  private readonly geocoded = new WeakMap<
    readonly KnownAddress[],
    Map<string, Promise<PlaceDetails | null>>
  >();

  async geocode(text: string): Promise<PlaceDetails | null> {
    const known = await this.knownAddresses();
    let cache = this.geocoded.get(known);
    if (!cache) {
      cache = new Map();
      this.geocoded.set(known, cache);
    }
    let found = cache.get(text);
    if (!found) {
      if (cache.size >= GEOCODE_CACHE_SIZE) cache.clear();
      found = this.autocomplete(text, { limit: 1 }).then(([first]) =>
        first ? this.getPlace(first.placeId) : null,
      );
      const texts = cache;
      texts.set(text, found);
      found.catch(() => texts.delete(text));
    }
    const place = await found;
    // A copy: the cached place is never changed by a caller.
    return place && { ...place };
  }

  /** "Silver Spring, MD", "silver spring md", "Silver Spring, Maryland" → city prefix and state code. */
  private splitCityState(index: GazetteerIndex, text: string): { cityPart: string; state: string | null } {
    const comma = text.indexOf(',');
    if (comma >= 0) {
      const statePart = text
        .slice(comma + 1)
        .replace(/\d{5}(-\d{4})?/, '')
        .replace(/\b(usa|us|united states)\b/gi, '')
        .replace(/,/g, ' ')
        .trim();
      return {
        cityPart: normalize(text.slice(0, comma)),
        state: statePart ? index.normalizeState(statePart) : null,
      };
    }
    const words = normalize(text).split(' ');
    const last = words[words.length - 1] ?? '';
    if (words.length > 1 && last.length === 2) {
      const state = index.normalizeState(last);
      if (state) return { cityPart: words.slice(0, -1).join(' '), state };
    }
    return { cityPart: words.join(' '), state: null };
  }

  /**
   * A typed street address we cannot resolve exactly: "12 Main St, Silver Spring, MD 20910" (house number
   * first). Located at its ZIP code, or at the named city's central ZIP code when no ZIP is given.
   */
  private parseStreet(index: GazetteerIndex, text: string): { line1: string; zip: string } | null {
    if (!/^\d+[a-z]?\s+\S/i.test(text)) return null;
    const parts = text.split(',').map((p) => p.trim());
    const line1 = parts[0] ?? '';
    if (parts.length < 2 && !/\b\d{5}$/.test(text)) return null;
    const zipMatch = /\b(\d{5})(?:-\d{4})?\s*$/.exec(text);
    if (zipMatch?.[1] && index.byZip.has(zipMatch[1])) {
      return { line1: line1.replace(/\s*\b\d{5}(?:-\d{4})?$/, '').trim(), zip: zipMatch[1] };
    }
    const { cityPart, state } = this.splitCityState(index, parts.slice(1).join(','));
    if (!cityPart) return null;
    const city = index.cities.find((c) => c.key === cityPart && (!state || c.state === state));
    const zip = city?.zips[0];
    return city && zip ? { line1, zip } : null;
  }
}
