import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { FULFILLMENT_METHOD } from '@storefront/contracts/enums';
import type { PlaceDetails } from '@storefront/contracts/locations';
import { createTestContext } from '../../test/harness';
import { GooglePlacesGeocoder } from './google-places';

interface Seen {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: IncomingMessage['headers'];
  body: unknown;
}

/**
 * A local stand-in for places.googleapis.com (no internet here): it records each request and answers like
 * Places API (New) does, or with an error status when told to.
 */
describe('GooglePlacesGeocoder against a Places API stand-in', () => {
  let server: Server;
  let baseUrl: string;
  let seen: Seen[] = [];
  let failWith: number | null = null;

  const dupont = {
    location: { latitude: 38.9096, longitude: -77.0434 },
    addressComponents: [
      { longText: '1350', shortText: '1350', types: ['street_number'] },
      { longText: 'Connecticut Avenue Northwest', shortText: 'Connecticut Ave NW', types: ['route'] },
      { longText: 'Washington', shortText: 'Washington', types: ['locality', 'political'] },
      { longText: 'District of Columbia', shortText: 'DC', types: ['administrative_area_level_1'] },
      { longText: '20036', shortText: '20036', types: ['postal_code'] },
    ],
  };

  beforeAll(async () => {
    server = createServer((req, res) => {
      let raw = '';
      req.on('data', (chunk: Buffer) => (raw += chunk.toString()));
      req.on('end', () => {
        const url = new URL(req.url ?? '/', 'http://x');
        seen.push({
          method: req.method ?? '',
          path: url.pathname,
          query: url.searchParams,
          headers: req.headers,
          body: raw ? (JSON.parse(raw) as unknown) : null,
        });
        res.setHeader('content-type', 'application/json');
        if (failWith) {
          res.statusCode = failWith;
          return res.end(JSON.stringify({ error: { code: failWith, message: 'API key not valid' } }));
        }
        if (url.pathname === '/v1/places:autocomplete') {
          return res.end(
            JSON.stringify({
              suggestions: [
                {
                  placePrediction: {
                    placeId: 'ChIJdupont',
                    text: { text: '1350 Connecticut Ave NW, Washington, DC, USA' },
                    structuredFormat: {
                      mainText: { text: '1350 Connecticut Ave NW' },
                      secondaryText: { text: 'Washington, DC, USA' },
                    },
                  },
                },
                { queryPrediction: { text: { text: 'connecticut' } } },
              ],
            }),
          );
        }
        if (url.pathname === '/v1/places/ChIJdupont') return res.end(JSON.stringify(dupont));
        if (url.pathname === '/v1/places:searchText') return res.end(JSON.stringify({ places: [dupont] }));
        if (url.pathname === '/maps/api/geocode/json') {
          // The Geocoding API: the street address at the point first, then wider areas; nothing at sea.
          const [lat] = (url.searchParams.get('latlng') ?? '').split(',').map(Number);
          if (lat !== undefined && lat < 0)
            return res.end(JSON.stringify({ status: 'ZERO_RESULTS', results: [] }));
          const components = dupont.addressComponents.map((c) => ({
            long_name: c.longText,
            short_name: c.shortText,
            types: c.types,
          }));
          return res.end(
            JSON.stringify({
              status: 'OK',
              results: [
                { address_components: components, geometry: { location: { lat: 38.9096, lng: -77.0434 } } },
                {
                  address_components: components.slice(2),
                  geometry: { location: { lat: 38.9, lng: -77.04 } },
                },
              ],
            }),
          );
        }
        res.statusCode = 404;
        res.end(JSON.stringify({ error: { code: 404 } }));
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
  beforeEach(() => {
    seen = [];
    failWith = null;
  });

  const geocoder = () => new GooglePlacesGeocoder('test-key', { places: baseUrl, geocoding: baseUrl });

  it('asks for geocode places for pickup and street addresses or establishments for delivery, in the US', async () => {
    const pickup = await geocoder().autocomplete('1350 Conn', {
      fulfillmentMethod: FULFILLMENT_METHOD.Pickup,
    });
    expect(pickup).toEqual([
      {
        placeId: 'ChIJdupont',
        mainText: '1350 Connecticut Ave NW',
        secondaryText: 'Washington, DC, USA',
        description: '1350 Connecticut Ave NW, Washington, DC, USA',
      },
    ]);
    await geocoder().autocomplete('1350 Conn', { fulfillmentMethod: FULFILLMENT_METHOD.Delivery });
    await geocoder().autocomplete('1350 Conn', { anyRegion: true });
    expect(seen.map((s) => [s.method, s.path, s.headers['x-goog-api-key']])).toEqual([
      ['POST', '/v1/places:autocomplete', 'test-key'],
      ['POST', '/v1/places:autocomplete', 'test-key'],
      ['POST', '/v1/places:autocomplete', 'test-key'],
    ]);
    expect(seen.map((s) => s.body)).toEqual([
      { input: '1350 Conn', includedPrimaryTypes: ['geocode'], includedRegionCodes: ['us'] },
      {
        input: '1350 Conn',
        includedPrimaryTypes: ['street_address', 'establishment'],
        includedRegionCodes: ['us'],
      },
      { input: '1350 Conn', includedPrimaryTypes: ['geocode'] },
    ]);
  });

  it('reads place details and free-text geocoding from the address components', async () => {
    const expected = {
      latitude: 38.9096,
      longitude: -77.0434,
      line1: '1350 Connecticut Avenue Northwest',
      line2: '',
      city: 'Washington',
      stateCode: 'DC',
      zipCode: '20036',
    };
    expect(await geocoder().getPlace('ChIJdupont')).toEqual(expected);
    expect(seen[0]?.headers['x-goog-fieldmask']).toBe('location,addressComponents');
    expect(await geocoder().geocode('1350 Connecticut Ave NW, Washington, DC')).toEqual(expected);
    expect(seen[1]?.body).toEqual({ textQuery: '1350 Connecticut Ave NW, Washington, DC', regionCode: 'us' });
    expect(await geocoder().getPlace('unknown')).toBeNull();
    expect(await geocoder().getPlace('../etc/passwd')).toBeNull();
  });

  it("turns a point's place id into the address there with the Geocoding API, keeping the point", async () => {
    expect(await geocoder().getPlace('geo:38.9097,-77.0433')).toEqual({
      latitude: 38.9097,
      longitude: -77.0433,
      line1: '1350 Connecticut Avenue Northwest',
      line2: '',
      city: 'Washington',
      stateCode: 'DC',
      zipCode: '20036',
    });
    expect(seen.map((s) => [s.method, s.path])).toEqual([['GET', '/maps/api/geocode/json']]);
    expect(seen[0]?.query.get('latlng')).toBe('38.9097,-77.0433');
    expect(seen[0]?.query.get('key')).toBe('test-key');
    // Nothing there, or not a point: no place (the storefront then keeps the bare point).
    expect(await geocoder().getPlace('geo:-40.5,-30.25')).toBeNull();
    expect(await geocoder().getPlace('geo:95,-77')).toBeNull();
    expect(await geocoder().getPlace('geo:somewhere')).toBeNull();
    expect(seen).toHaveLength(2);
  });

  it('serves a point through the API when a key is configured (GET /v1/places/{placeId})', async () => {
    const ctx = await createTestContext('pglite', {
      GOOGLE_PLACES_API_KEY: 'test-key',
      GOOGLE_PLACES_URL: baseUrl,
      GOOGLE_GEOCODING_URL: baseUrl,
    });
    try {
      const res = await ctx.app.inject({
        method: 'GET',
        url: `/v1/places/${encodeURIComponent('geo:38.9097,-77.0433')}`,
      });
      expect(res.statusCode).toBe(200);
      expect(res.json<{ value: PlaceDetails }>().value).toMatchObject({
        line1: '1350 Connecticut Avenue Northwest',
        zipCode: '20036',
        latitude: 38.9097,
      });
      const nothing = await ctx.app.inject({
        method: 'GET',
        url: `/v1/places/${encodeURIComponent('geo:-40.5,-30.25')}`,
      });
      expect(nothing.statusCode).toBe(404);
    } finally {
      await ctx.close();
    }
  });

  it('reads a failing or unreachable service as no answer', async () => {
    failWith = 403;
    expect(await geocoder().autocomplete('1350 Conn')).toEqual([]);
    expect(await geocoder().getPlace('ChIJdupont')).toBeNull();
    expect(await geocoder().geocode('Washington')).toBeNull();
    expect(await geocoder().getPlace('geo:38.9097,-77.0433')).toBeNull();
    const offline = new GooglePlacesGeocoder('test-key', {
      places: 'http://127.0.0.1:1',
      geocoding: 'http://127.0.0.1:1',
    });
    expect(await offline.autocomplete('1350 Conn')).toEqual([]);
    expect(await offline.getPlace('geo:38.9097,-77.0433')).toBeNull();
  });
});
