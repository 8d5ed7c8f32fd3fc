/**
 * The pure parts of `npm run bench:scale` (scale.ts): how many rows of each kind, which real ZIP centroids the
 * 10,000 stores stand on, and each store's time zone. No database here: scale-data.test.ts checks them.
 */

/** The sizes issue 36 asks for. */
export const SCALE = {
  locations: 10_000,
  brands: 20,
  customers: 100_000,
  orders: 1_000_000,
  /** One order in this many is the busy store's (2%: 20,000 orders over the year). */
  busyStoreEvery: 50,
  /** One order in this many is the heavy customer's (1%: 10,000 orders, the longest history). */
  heavyCustomerEvery: 100,
  /** Of the other orders, this share is a signed-in customer's; the rest are guests'. */
  customerShare: 0.7,
  /**
   * Open orders of the busy store (its kitchen board: statuses 1-3), one placed each minute of the last hour:
   * the newest 15 received, the next 15 in the kitchen, the rest ready and waiting to be picked up. A rush
   * hour's worth of a busy store (60 orders an hour); with 15-minute tickets a real kitchen has fewer open at
   * once, so the board is measured at an upper bound of what a store shows, never at the hundreds of orders
   * the bench's own placements add (those are placed after the board is measured, and a reused database's are
   * handed over first: see scale.ts).
   */
  openOrdersAtBusyStore: 60,
} as const;

/**
 * The generation's version: part of the shape a kept big database is reused by (with SCALE). Raise it whenever
 * the generated rows change, so that the next run generates them anew.
 */
export const GENERATION_VERSION = 2;

/** A ZIP code record of the gazetteer's data package (`zipcodes`). */
export interface ZipRecord {
  zip: string;
  latitude: number;
  longitude: number;
  city: string;
  state: string;
  country: string;
}

/** Military post offices (APO/FPO) have no place: the gazetteer leaves them out too. */
const MILITARY = new Set(['AA', 'AE', 'AP']);

/**
 * `count` real US ZIP centroids, evenly spaced through the ZIP codes in order (ZIP codes run through the country
 * region by region, so the stores spread over every state), the same ones on every run.
 */
export function spreadZips(records: Iterable<ZipRecord>, count: number): ZipRecord[] {
  const usable = [...records]
    .filter(
      (r) =>
        r.country === 'US' &&
        /^\d{5}$/.test(r.zip) &&
        !MILITARY.has(r.state) &&
        !(r.latitude === 0 && r.longitude === 0),
    )
    .sort((a, b) => (a.zip < b.zip ? -1 : a.zip > b.zip ? 1 : 0));
  if (usable.length < count) throw new Error(`only ${usable.length} usable ZIP codes for ${count} stores`);
  return Array.from(
    { length: count },
    (_, i) => usable[Math.floor((i * usable.length) / count)] as ZipRecord,
  );
}

const PACIFIC = new Set(['CA', 'WA', 'OR', 'NV']);
const MOUNTAIN = new Set(['CO', 'UT', 'NM', 'WY', 'MT', 'ID']);
const CENTRAL = new Set([
  'TX',
  'IL',
  'MN',
  'WI',
  'IA',
  'MO',
  'AR',
  'LA',
  'MS',
  'AL',
  'OK',
  'KS',
  'NE',
  'SD',
  'ND',
  'TN',
]);

/** A store's IANA time zone by its state (the state's main zone). */
export function timeZoneOfState(state: string): string {
  if (state === 'AZ') return 'America/Phoenix';
  if (state === 'HI') return 'Pacific/Honolulu';
  if (state === 'AK') return 'America/Anchorage';
  if (PACIFIC.has(state)) return 'America/Los_Angeles';
  if (MOUNTAIN.has(state)) return 'America/Denver';
  if (CENTRAL.has(state)) return 'America/Chicago';
  return 'America/New_York';
}
