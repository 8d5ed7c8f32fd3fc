/**
 * Locations: store search by distance, store details with their include flags, order and fulfillment
 * settings, order times, context options, and `getLocationForOrdering` for the order and checkout modules.
 *
 * Reads are heavy and locations change rarely, so the store catalogue is kept per database in the process, read
 * whole once and then checked every CATALOG_TTL_MS for the stores changed since (only those are read again). Everything time-dependent (status, order times, the demo schedules) is computed
 * per request from the cached rows, so the cache never serves a stale status. `getLocationForOrdering` reads
 * the database every time: placing an order must see an offline switch at once.
 */
import { FULFILLMENT_METHOD, type FulfillmentMethod } from '@storefront/contracts/enums';
import { boundingBox, distanceInMiles, roundMiles, SEARCH_RADIUS_MILES } from '@storefront/contracts/geo';
import {
  buildContextOptions,
  type ContextOptions,
  type FulfillmentSettings,
  type LocationQuery,
  type LocationSearchQuery,
  type LocationSearchValue,
  type OrderSettings,
  type Store,
  type StoreAddress,
  type StoreHours,
  type StoreStatusValue,
  StoreSchema,
} from '@storefront/contracts/locations';
import { z } from 'zod';
import { centsToDollars } from '@storefront/contracts/money';
import type { AsapEstimate, AsapEstimateQuery } from '@storefront/contracts/order-settings';
import { deliveryTravelMinutes, deliveryWindow } from '@storefront/contracts/tracking-stages';
import {
  NO_ASAP_TIME_MESSAGE,
  canTakeOrders,
  computeStoreStatus,
  describeWeek,
  formatZonedIso,
  isInOrderDateWindow,
  listOrderTimes,
  minutesToClock,
  orderDateWindow,
  upcomingHolidays,
  type OpeningPeriod,
  type OrderTimeOptions,
  type Schedule,
  type StoreStatusResult,
} from '@storefront/contracts/store-hours';
import { rootHandleOf, type Db } from '../../db/client';
import { badRequest, notFound, ruleBroken } from '../../lib/errors';
import type { GeocodingProvider, KnownAddress } from '../../providers/geocoding/geocoding-provider';
import { ASAP_ROLL_SLOTS, nextSlotStart, slotStartOf } from '@storefront/contracts/capacity';
import { estimateKitchenReadyTime, withoutFullSlots } from '../capacity/capacity.service';
import { demoWeekly } from './demo-schedule';
import {
  findLocationStamps,
  findLocation,
  findLocations,
  MAX_STORES_READ_BY_ID,
  type LocationRecord,
} from './locations.repository';

// ---------------------------------------------------------------------------------------------------------
// Catalogue cache

export const CATALOG_TTL_MS = 10_000;

/**
 * One database's catalogue in this process: every store with its details, sorted by id, and the stamp of its
 * last read. Reading 10,000 stores takes seconds, so it is read whole once; after that, every CATALOG_TTL_MS a
 * check asks which stores were stamped as changed since (migration 0028's triggers, one small indexed read) and
 * only those are read again. The rows at hand keep answering while a check runs (one at a time).
 */
interface CachedCatalog {
  rows: LocationRecord[] | null;
  /** When the last check began (the `now` of the call that started it). */
  checkedAt: number;
  /** The stamp of the last read (findLocationStamps). */
  stamp: number | null;
  /** The stamps seen of the stores stamped at or after `stamp`. */
  seen: Map<number, number>;
  /** The check under way, if any. */
  running: Promise<LocationRecord[]> | null;
  /** A check begun after invalidateLocationsCache: every call waits for it. */
  fresh: Promise<LocationRecord[]> | null;
}
const catalogs = new WeakMap<Db, CachedCatalog>();

/** The catalogue's rows with `changed` (read by id) put in place of theirs, and `ids` not read dropped. */
function mergeChanged(rows: LocationRecord[], ids: number[], changed: LocationRecord[]): LocationRecord[] {
  const gone = new Set(ids);
  const merged = rows.filter((row) => !gone.has(row.id));
  merged.push(...changed);
  return merged.sort((a, b) => a.id - b.id);
}

/** One check: the stores changed since the last read are read again (everything on the first). */
async function checkCatalog(db: Db, entry: CachedCatalog): Promise<LocationRecord[]> {
  let rows = entry.rows;
  const { stamp, stamps } = await findLocationStamps(db, rows ? entry.stamp : null);
  const changed = stamps.filter(([id, at]) => entry.seen.get(id) !== at).map(([id]) => id);
  if (!rows || changed.includes(0) || changed.length > MAX_STORES_READ_BY_ID) {
    rows = await findLocations(db);
  } else if (changed.length > 0) {
    rows = mergeChanged(rows, changed, await findLocations(db, changed));
  }
  // Stamps before this read's are never asked for again.
  entry.seen = new Map(stamps.filter(([, at]) => at >= stamp));
  entry.rows = rows;
  entry.stamp = stamp;
  return rows;
}

/** Starts a check after the one under way (if any); a failed check leaves the rows and stamp as they were. */
function startCheck(db: Db, entry: CachedCatalog, now: number): Promise<LocationRecord[]> {
  entry.checkedAt = now;
  const previous = entry.running ?? Promise.resolve();
  const check = previous
    .catch(() => undefined)
    .then(() => checkCatalog(db, entry))
    .finally(() => {
      if (entry.running === check) entry.running = null;
    });
  entry.running = check;
  return check;
}

/**
 * Every location with its details. The first call reads them all; then a store's change shows up within
 * CATALOG_TTL_MS (the rows at hand answer while the check runs), and at once after invalidateLocationsCache.
 * One catalogue per database: a transaction's handle shares its root's (and reads through itself only when the
 * catalogue is not read yet; the checks after the TTL are begun by calls outside transactions).
 */
export function loadCatalog(handle: Db, now = Date.now()): Promise<LocationRecord[]> {
  const db = rootHandleOf(handle);
  let entry = catalogs.get(db);
  if (!entry) {
    entry = { rows: null, checkedAt: now, stamp: null, seen: new Map(), running: null, fresh: null };
    catalogs.set(db, entry);
  }
  if (entry.fresh) return entry.fresh;
  if (!entry.rows) return entry.running ?? startCheck(handle, entry, now);
  if (handle === db && now - entry.checkedAt >= CATALOG_TTL_MS && !entry.running) {
    // In the background: a failed check is tried again at the next call after the TTL.
    startCheck(db, entry, now).catch(() => undefined);
  }
  return Promise.resolve(entry.rows);
}

/**
 * After a write to a store (and in tests; outside any transaction): the next call waits for a check that begins
 * after this one, so it answers with the write.
 */
export function invalidateLocationsCache(handle: Db): void {
  const db = rootHandleOf(handle);
  const entry = catalogs.get(db);
  if (!entry) return;
  const check = startCheck(db, entry, Date.now());
  entry.fresh = check;
  const done = () => {
    if (entry.fresh === check) entry.fresh = null;
  };
  check.then(done, done);
}

/** A catalogue's rows by id, and by latitude (ascending) for the searches' bounding box. */
interface CatalogIndex {
  byId: Map<number, LocationRecord>;
  byLatitude: LocationRecord[];
}
const catalogIndexes = new WeakMap<LocationRecord[], CatalogIndex>();
function indexOf(rows: LocationRecord[]): CatalogIndex {
  let index = catalogIndexes.get(rows);
  if (!index) {
    index = {
      byId: new Map(rows.map((r) => [r.id, r])),
      byLatitude: [...rows].sort((a, b) => a.latitude - b.latitude),
    };
    catalogIndexes.set(rows, index);
  }
  return index;
}

/** The catalogue's rows whose latitude lies in [min, max] (binary search of the latitude order). */
function rowsInLatitudes(rows: LocationRecord[], min: number, max: number): LocationRecord[] {
  const sorted = indexOf(rows).byLatitude;
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if ((sorted[mid]?.latitude ?? Infinity) < min) lo = mid + 1;
    else hi = mid;
  }
  const band: LocationRecord[] = [];
  for (let i = lo; i < sorted.length; i += 1) {
    const row = sorted[i];
    if (!row || row.latitude > max) break;
    band.push(row);
  }
  return band;
}

/** A store's record in the catalogue (undefined when it holds none with that id). */
export async function findCatalogRecord(db: Db, id: number, now = Date.now()) {
  return indexOf(await loadCatalog(db, now)).byId.get(id);
}

export async function getRecord(db: Db, id: number): Promise<LocationRecord> {
  const row = indexOf(await loadCatalog(db)).byId.get(id);
  if (!row) throw locationNotFound(id);
  return row;
}

const locationNotFound = (id: number) => notFound('LocationNotFound', `Location ${id} was not found`, 21034);

// ---------------------------------------------------------------------------------------------------------
// Schedules

/** The schedule of a location at `now` (weekly periods and holidays). */
export function scheduleOf(record: LocationRecord, now: number): Schedule {
  const weekly: OpeningPeriod[][] = Array.from({ length: 7 }, () => []);
  for (const h of record.hours) {
    weekly[h.weekday]?.push({ open: minutesToClock(h.opensAt), close: minutesToClock(h.closesAt) });
  }
  return {
    weekly: record.demoSchedule ? demoWeekly(record.demoSchedule, record.timeZone, now) : weekly,
    holidays: record.holidays.map((h) => ({
      date: h.date,
      title: h.title,
      isOpen: h.isOpen,
      hours:
        h.opensAt !== null && h.closesAt !== null
          ? [{ open: minutesToClock(h.opensAt), close: minutesToClock(h.closesAt) }]
          : [],
    })),
  };
}

export function methodsOf(record: LocationRecord): FulfillmentMethod[] {
  return record.fulfillmentMethods.filter(
    (m): m is FulfillmentMethod =>
      m === FULFILLMENT_METHOD.Delivery || m === FULFILLMENT_METHOD.Pickup || m === FULFILLMENT_METHOD.DineIn,
  );
}

// ---------------------------------------------------------------------------------------------------------
// Store answers

interface StoreIncludes {
  status?: boolean;
  storeHours?: boolean;
  isOnline?: boolean;
  acceptOrdersWhenClosed?: boolean;
  alert?: boolean;
  contextOptions?: boolean;
}

function addressOf(record: LocationRecord): StoreAddress {
  return {
    address1: record.address1,
    address2: record.address2,
    city: record.city,
    stateCode: record.stateCode,
    postalCode: record.postalCode,
    latitude: record.latitude,
    longitude: record.longitude,
  };
}

/** The time-independent part of a store answer, built once per catalogue row. */
const baseStores = new WeakMap<LocationRecord, Store>();
function baseStoreOf(record: LocationRecord): Store {
  let store = baseStores.get(record);
  if (!store) {
    store = {
      id: record.id,
      name: record.name,
      description: record.description,
      brandId: record.brandId,
      brands: record.brands.map((b) => ({ id: b.brand.id, name: b.brand.name, logo: b.brand.logo })),
      address: addressOf(record),
      contactInformation: { phone: record.phone },
      timeZone: record.timeZone,
      fulfillmentMethods: methodsOf(record),
      averagePickupEtaInMinutes: record.averagePickupEtaMinutes,
      averageDeliveryEtaInMinutes: record.averageDeliveryEtaMinutes,
    };
    baseStores.set(record, store);
  }
  return store;
}

/**
 * Status and hours of a catalogue row for the current minute. Opening periods are whole minutes, so the
 * status (and every demo schedule) is the same for every instant of a minute: computing it once per minute
 * per row keeps the searches cheap without ever answering a stale status.
 */
const timedParts = new WeakMap<
  LocationRecord,
  { minute: number; status: StoreStatusValue; hours: StoreHours }
>();
function timedPartsOf(record: LocationRecord, now: number) {
  const minute = Math.floor(now / 60_000);
  let parts = timedParts.get(record);
  if (!parts || parts.minute !== minute) {
    const schedule = scheduleOf(record, now);
    const status = computeStoreStatus(schedule, record.timeZone, now);
    parts = {
      minute,
      status: { locationStatus: status.locationStatus, description: status.description },
      hours: {
        businessHours: describeWeek(schedule, record.timeZone, now),
        holidays: upcomingHolidays(schedule, record.timeZone, now),
      },
    };
    timedParts.set(record, parts);
  }
  return parts;
}

function toStore(record: LocationRecord, now: number, include: StoreIncludes): Store {
  const store: Store = { ...baseStoreOf(record) };
  if (include.status || include.storeHours) {
    const parts = timedPartsOf(record, now);
    if (include.status) store.status = parts.status;
    if (include.storeHours) store.storeHours = parts.hours;
  }
  if (include.isOnline) store.isOnline = record.isOnline;
  if (include.acceptOrdersWhenClosed) store.acceptOrdersWhenClosed = record.acceptOrdersWhenClosed;
  if (include.alert) {
    store.alertMessageService =
      record.alertTitle || record.alertServiceAlert
        ? { title: record.alertTitle ?? '', serviceAlert: record.alertServiceAlert ?? '' }
        : null;
  }
  if (include.contextOptions) store.contextOptions = buildContextOptions(methodsOf(record));
  return store;
}

const DEFAULT_SEARCH_LIMIT = 50;

/** What a search found: the stores within the radius, nearest first, with the parts its answer includes. */
interface SearchHits {
  hits: { record: LocationRecord; distance: number }[];
  origin: { latitude: number; longitude: number };
  radiusMiles: number;
  include: StoreIncludes;
}

async function findSearchHits(
  db: Db,
  geocoder: GeocodingProvider,
  query: LocationSearchQuery,
  now: number,
): Promise<SearchHits> {
  let origin: { latitude: number; longitude: number };
  if (query.latitude !== undefined && query.longitude !== undefined) {
    origin = { latitude: query.latitude, longitude: query.longitude };
  } else {
    const place = query.address ? await geocoder.geocode(query.address) : null;
    if (!place) {
      throw badRequest(
        'UnsupportedAddress',
        'This address is not supported. Please try a more specific address.',
      );
    }
    origin = { latitude: place.latitude, longitude: place.longitude };
  }
  const radiusMiles =
    query.radiusMiles ??
    (query.fulfillmentMethod === FULFILLMENT_METHOD.Delivery
      ? SEARCH_RADIUS_MILES.delivery
      : SEARCH_RADIUS_MILES.pickup);
  const box = boundingBox(origin, radiusMiles);
  const hits: { record: LocationRecord; distance: number }[] = [];
  const catalog = await loadCatalog(db, now);
  for (const record of rowsInLatitudes(catalog, box.minLatitude, box.maxLatitude)) {
    if (record.longitude < box.minLongitude || record.longitude > box.maxLongitude) continue;
    if (
      query.fulfillmentMethod !== undefined &&
      !record.fulfillmentMethods.includes(query.fulfillmentMethod)
    ) {
      continue;
    }
    const distance = distanceInMiles(origin, record);
    if (distance <= radiusMiles) hits.push({ record, distance });
  }
  hits.sort((a, b) => a.distance - b.distance || a.record.id - b.record.id);
  return {
    hits: hits.slice(0, query.limit ?? DEFAULT_SEARCH_LIMIT),
    origin,
    radiusMiles,
    include: {
      status: query.includeLocationStatus,
      storeHours: true,
      isOnline: query.includeOnlineAvailability,
      acceptOrdersWhenClosed: query.includeAcceptOrdersAfterCloseFlag,
    },
  };
}

/**
 * Stores offering the method (any method when none is given) within the radius of a point or of a geocoded
 * address, nearest first, distance in miles with 2 decimals. Fails with 400 UnsupportedAddress when the
 * address cannot be located.
 */
export async function searchLocations(
  db: Db,
  geocoder: GeocodingProvider,
  query: LocationSearchQuery,
  now = Date.now(),
): Promise<LocationSearchValue> {
  const { hits, origin, radiusMiles, include } = await findSearchHits(db, geocoder, query, now);
  return {
    items: hits.map((h) => ({ item: toStore(h.record, now, include), distance: roundMiles(h.distance) })),
    origin,
    radiusMiles,
  };
}

/**
 * A store's JSON in a search answer, as StoreSchema encodes it (the route's serializer would), made once per
 * catalogue row, minute and set of included parts: status and hours change only at a minute's turn, and a
 * catalogue read brings new rows. Kept as UTF-8 bytes: a search then joins the stores' bytes instead of encoding
 * them again, neither as JSON nor, when the answer is written, as text into bytes.
 */
const storeJson = new WeakMap<LocationRecord, { minute: number; byIncludes: Map<number, Buffer> }>();
function storeJsonOf(record: LocationRecord, now: number, include: StoreIncludes): Buffer {
  const minute = Math.floor(now / 60_000);
  let cached = storeJson.get(record);
  if (!cached || cached.minute !== minute) {
    cached = { minute, byIncludes: new Map() };
    storeJson.set(record, cached);
  }
  const key =
    (include.status ? 1 : 0) |
    (include.storeHours ? 2 : 0) |
    (include.isOnline ? 4 : 0) |
    (include.acceptOrdersWhenClosed ? 8 : 0);
  let json = cached.byIncludes.get(key);
  if (json === undefined) {
    json = Buffer.from(JSON.stringify(z.encode(StoreSchema, toStore(record, now, include))));
    cached.byIncludes.set(key, json);
  }
  return json;
}

const SEARCH_HEAD = Buffer.from('{"value":{"items":[');
const ITEM_HEAD = Buffer.from('{"item":');

/**
 * searchLocations' answer (the success envelope) as JSON bytes: the same value the response schema's serializer
 * makes of searchLocations' result, joined from each store's JSON made once a minute (storeJsonOf).
 */
export async function searchLocationsJson(
  db: Db,
  geocoder: GeocodingProvider,
  query: LocationSearchQuery,
  now = Date.now(),
): Promise<Buffer> {
  const { hits, origin, radiusMiles, include } = await findSearchHits(db, geocoder, query, now);
  const parts: Buffer[] = [SEARCH_HEAD];
  hits.forEach((h, i) => {
    parts.push(
      ITEM_HEAD,
      storeJsonOf(h.record, now, include),
      Buffer.from(`,"distance":${JSON.stringify(roundMiles(h.distance))}}${i < hits.length - 1 ? ',' : ''}`),
    );
  });
  const tail = JSON.stringify({
    origin: { latitude: origin.latitude, longitude: origin.longitude },
    radiusMiles,
  }).slice(1);
  parts.push(Buffer.from(`],${tail},"succeed":true,"errors":[]}`));
  return Buffer.concat(parts);
}

/** One store with the requested parts; 404 LocationNotFound (21034) for an unknown id. */
export async function getLocation(
  db: Db,
  id: number,
  query: LocationQuery,
  now = Date.now(),
): Promise<Store> {
  const record = await getRecord(db, id);
  return toStore(record, now, {
    status: query.includeLocationStatus,
    storeHours: query.includeStoreHours,
    isOnline: query.includeOnlineStatus,
    acceptOrdersWhenClosed: query.includeAcceptOrdersAfterCloseFlag,
    alert: query.includeAlertService,
    contextOptions: query.includeContextOptions,
  });
}

function orderSettingsOf(
  record: LocationRecord,
  status: StoreStatusResult,
  fulfillmentMethod: FulfillmentMethod | null,
  catering: boolean,
): OrderSettings {
  return {
    locationId: record.id,
    fulfillmentMethod,
    catering,
    hideTipping: record.hideTipping,
    hideContactInformationSettings: {
      hideForTablesideOrders: record.hideContactInfoForTableside,
      hideForCurbsideOrders: record.hideContactInfoForCurbside,
    },
    minimumOrderAmount:
      record.minOrderAmountCents === null ? null : centsToDollars(record.minOrderAmountCents),
    maximumOrderAmount:
      record.maxOrderAmountCents === null ? null : centsToDollars(record.maxOrderAmountCents),
    preparationTimeInMinutes: catering ? record.cateringPrepTimeMinutes : record.prepTimeMinutes,
    allowCheckoutInstructions: record.allowCheckoutInstructions,
    allowItemInstructions: record.allowItemInstructions,
    includeUtensilsOption: record.includeUtensilsOption,
    schedulingRequired: catering || (status.locationStatus === 'Closed' && record.acceptOrdersWhenClosed),
  };
}

/** A store's order settings for a method and menu (catering); 404 for an unknown id. */
export async function getOrderSettings(
  db: Db,
  id: number,
  query: { fulfillmentMethod?: FulfillmentMethod | undefined; catering: boolean },
  now = Date.now(),
): Promise<OrderSettings> {
  const record = await getRecord(db, id);
  const status = computeStoreStatus(scheduleOf(record, now), record.timeZone, now);
  return orderSettingsOf(record, status, query.fulfillmentMethod ?? null, query.catering);
}

function fulfillmentSettingsOf(record: LocationRecord): FulfillmentSettings {
  return {
    availablePickupMethods: record.pickupMethods.flatMap((p) =>
      p.pickupOption === 0 || p.pickupOption === 1 || p.pickupOption === 2
        ? [
            {
              pickupOption: p.pickupOption,
              notes: p.notes,
              carDetailsRequired: p.carDetailsRequired,
              parkingSpaceRequired: p.parkingSpaceRequired,
              parkingSpaceRange:
                p.parkingSpaceMin !== null && p.parkingSpaceMax !== null
                  ? ([p.parkingSpaceMin, p.parkingSpaceMax] as [number, number])
                  : null,
              additionalFields: p.additionalFields,
            },
          ]
        : [],
    ),
    availableDeliveryProviders: [...record.deliveryProviders],
    averagePickupEtaInMinutes: record.averagePickupEtaMinutes,
    averageDeliveryEtaInMinutes: record.averageDeliveryEtaMinutes,
  };
}

/** Pickup options (curbside details), delivery providers and ETAs; 404 for an unknown id. */
export async function getFulfillmentSettings(db: Db, id: number): Promise<FulfillmentSettings> {
  return fulfillmentSettingsOf(await getRecord(db, id));
}

/**
 * Ready-time slots (15 minutes apart, ISO 8601 with the location's offset) per local date, from the
 * weekly hours, holidays and the preparation time (catering: its lead time; delivery: the delivery ETA).
 * 404 for an unknown id; 422 InvalidOrderType (21036) when the store does not offer the method; 400 for a
 * customDate outside the days the store offers (today to ORDER_TIME_DAYS - 1 days ahead, in its zone).
 */
export async function getOrderTimes(
  db: Db,
  id: number,
  query: {
    fulfillmentMethod?: FulfillmentMethod | undefined;
    customDate?: string | undefined;
    catering: boolean;
  },
  now = Date.now(),
): Promise<OrderTimeOptions[]> {
  const record = await getRecord(db, id);
  if (query.fulfillmentMethod !== undefined && !record.fulfillmentMethods.includes(query.fulfillmentMethod)) {
    throw ruleBroken('InvalidOrderType', 21036, 'This location does not offer this fulfillment method');
  }
  // Order times exist only within the store's scheduling window: any other date is refused before any work.
  const window = orderDateWindow(now, record.timeZone);
  if (query.customDate !== undefined && !isInOrderDateWindow(query.customDate, window)) {
    throw badRequest(
      'querystring.customDate',
      `customDate must be a date from ${window.first} to ${window.last} (the days this store offers)`,
    );
  }
  const prepTimeMinutes = query.catering
    ? record.cateringPrepTimeMinutes
    : query.fulfillmentMethod === FULFILLMENT_METHOD.Delivery
      ? Math.max(record.prepTimeMinutes, record.averageDeliveryEtaMinutes)
      : record.prepTimeMinutes;
  const days = listOrderTimes({
    schedule: scheduleOf(record, now),
    timeZone: record.timeZone,
    now,
    prepTimeMinutes,
    customDate: query.customDate,
  });
  // Slots the kitchen has no room left in are not offered.
  return withoutFullSlots(db, id, query.fulfillmentMethod ?? FULFILLMENT_METHOD.Pickup, days);
}

/** Delivery order times are arrival times: they start the travel time after the kitchen's. */
function deliveryLeadMs(record: LocationRecord, method: FulfillmentMethod): number {
  return method === FULFILLMENT_METHOD.Delivery
    ? deliveryTravelMinutes(record.prepTimeMinutes, record.averageDeliveryEtaMinutes) * 60_000
    : 0;
}

/**
 * The one ASAP estimate (issue 24) for an order of `items` items placed now: ready at now plus the preparation
 * time, rolled to the first kitchen slot with room, exactly as placing the order reserves it; a delivery arrives
 * deliveryTravelMinutes later. With no ready time left today (closed, or the kitchen full for the next two
 * hours) it answers the spec's 'Could not find an ASAP time.' with null times. 404 for an unknown id; 422
 * InvalidOrderType (21036) when the store does not offer the method.
 */
export async function getAsapEstimate(
  db: Db,
  id: number,
  query: AsapEstimateQuery,
  now = Date.now(),
): Promise<AsapEstimate> {
  const record = await getRecord(db, id);
  const method = query.fulfillmentMethod;
  const none: AsapEstimate = {
    locationId: id,
    fulfillmentMethod: method,
    readyAt: null,
    arrival: null,
    minutes: null,
    message: NO_ASAP_TIME_MESSAGE,
  };
  // The placement's rule (place-order.service.ts): the main menu's preparation time from now.
  const earliest = now + record.prepTimeMinutes * 60_000;
  // The store must be taking orders then: its first offered time (hours, holidays, full slots; any day, so a
  // 24-hour store just before midnight still has one) within the slots ASAP looks at.
  let horizon = slotStartOf(earliest);
  for (let i = 0; i <= ASAP_ROLL_SLOTS; i += 1) horizon = nextSlotStart(horizon);
  const days = await getOrderTimes(db, id, { fulfillmentMethod: method, catering: query.catering }, now);
  const first = days.find((d) => d.times.length > 0)?.times[0];
  if (first === undefined || Date.parse(first) >= horizon + deliveryLeadMs(record, method)) return none;
  const ready = await estimateKitchenReadyTime(db, {
    locationId: id,
    fulfillmentMethod: method,
    items: query.items,
    earliest: new Date(earliest),
  });
  if (!ready) return none;
  const arrival =
    method === FULFILLMENT_METHOD.Delivery
      ? deliveryWindow(
          ready.getTime() +
            deliveryTravelMinutes(record.prepTimeMinutes, record.averageDeliveryEtaMinutes) * 60_000,
        )
      : null;
  const promised = arrival ? arrival.start : ready.getTime();
  return {
    locationId: id,
    fulfillmentMethod: method,
    readyAt: formatZonedIso(ready.getTime(), record.timeZone),
    arrival: arrival
      ? {
          start: formatZonedIso(arrival.start, record.timeZone),
          end: formatZonedIso(arrival.end, record.timeZone),
        }
      : null,
    minutes: Math.max(0, Math.ceil((promised - now) / 60_000)),
    message: null,
  };
}

/** Order types, fulfillment methods (all three, enabled or not) and order channels; 404 for an unknown id. */
export async function getContextOptions(db: Db, locationId: number): Promise<ContextOptions> {
  return buildContextOptions(methodsOf(await getRecord(db, locationId)));
}

const knownAddresses = new WeakMap<LocationRecord[], KnownAddress[]>();

/**
 * Our locations' street addresses, for the gazetteer's suggestions: the same list for the same catalogue (the
 * gazetteer keeps what it derives from it until the catalogue is read again).
 */
export async function listKnownAddresses(db: Db): Promise<KnownAddress[]> {
  const rows = await loadCatalog(db);
  let list = knownAddresses.get(rows);
  if (!list) {
    list = knownAddressesOf(rows);
    knownAddresses.set(rows, list);
  }
  return list;
}

function knownAddressesOf(rows: LocationRecord[]): KnownAddress[] {
  return rows.map((l) => ({
    key: String(l.id),
    name: l.name,
    line1: l.address1,
    city: l.city,
    stateCode: l.stateCode,
    zipCode: l.postalCode,
    latitude: l.latitude,
    longitude: l.longitude,
  }));
}

// ---------------------------------------------------------------------------------------------------------
// For the order and checkout modules

export interface LocationForOrdering {
  id: number;
  name: string;
  brandId: number;
  address: StoreAddress;
  phone: string;
  /** IANA time zone: ready times and scheduling are computed in it. */
  timeZone: string;
  isOnline: boolean;
  acceptOrdersWhenClosed: boolean;
  /** Status at `now`, with the next closing (open) or opening (closed) instant in epoch ms. */
  status: StoreStatusResult;
  /** Online and (open, or closed but accepting scheduled orders): see canTakeOrders in contracts. */
  canTakeOrders: boolean;
  /** Closed but accepting orders: the order must carry a scheduled ready time. */
  schedulingRequired: boolean;
  fulfillmentMethods: FulfillmentMethod[];
  orderSettings: {
    minOrderAmountCents: number | null;
    maxOrderAmountCents: number | null;
    prepTimeMinutes: number;
    cateringPrepTimeMinutes: number;
    hideTipping: boolean;
    hideContactInfoForTableside: boolean;
    hideContactInfoForCurbside: boolean;
    allowCheckoutInstructions: boolean;
    allowItemInstructions: boolean;
    includeUtensilsOption: boolean;
  };
  fulfillmentSettings: FulfillmentSettings;
  /** For isOrderTimeAvailable / listOrderTimes from contracts/store-hours. */
  schedule: Schedule;
}

/**
 * What ordering needs to know about a location, read fresh from the database (no cache), or null when
 * the location does not exist. `now` is injectable for tests.
 */
export async function getLocationForOrdering(
  db: Db,
  locationId: number,
  now: number = Date.now(),
): Promise<LocationForOrdering | null> {
  const record = await findLocation(db, locationId);
  if (!record) return null;
  return locationForOrderingOf(record, now);
}

/** A store's schedule and status in one minute (minuteScheduleOf). */
interface MinuteSchedule {
  minute: number;
  timeZone: string;
  demoSchedule: LocationRecord['demoSchedule'];
  schedule: Schedule;
  status: StoreStatusResult;
}

const minuteSchedules = new WeakMap<LocationRecord['hours'], MinuteSchedule>();

/**
 * The schedule and status of a store at `now`, made once per minute for the hours of its catalogue record (the
 * same rows until the catalogue is refreshed; placement merges a fresh row into that record for every order, so
 * the record itself is new each time). Every edge the status looks at (an opening interval's start and end, the
 * 'Closes Soon' window, the demo stores' rolling hours) falls on a whole minute, so within one minute the status
 * is the same; the time zone and demo schedule, which a fresh row may change, are checked too.
 */
function minuteScheduleOf(
  record: LocationRecord,
  now: number,
): { schedule: Schedule; status: StoreStatusResult } {
  const minute = Math.floor(now / 60_000);
  const known = minuteSchedules.get(record.hours);
  if (
    known?.minute === minute &&
    known.timeZone === record.timeZone &&
    known.demoSchedule === record.demoSchedule
  ) {
    return known;
  }
  const schedule = scheduleOf(record, now);
  const made: MinuteSchedule = {
    minute,
    timeZone: record.timeZone,
    demoSchedule: record.demoSchedule,
    schedule,
    status: computeStoreStatus(schedule, record.timeZone, now),
  };
  minuteSchedules.set(record.hours, made);
  return made;
}

/**
 * What ordering needs to know about a location from its record (placement merges a fresh read of the location's
 * row into its cached catalogue record: hours and holidays from the cache, every setting fresh).
 */
export function locationForOrderingOf(record: LocationRecord, now: number): LocationForOrdering {
  const { schedule, status } = minuteScheduleOf(record, now);
  return {
    id: record.id,
    name: record.name,
    brandId: record.brandId,
    address: addressOf(record),
    phone: record.phone,
    timeZone: record.timeZone,
    isOnline: record.isOnline,
    acceptOrdersWhenClosed: record.acceptOrdersWhenClosed,
    status,
    canTakeOrders: canTakeOrders({
      isOnline: record.isOnline,
      acceptOrdersWhenClosed: record.acceptOrdersWhenClosed,
      locationStatus: status.locationStatus,
    }),
    schedulingRequired: status.locationStatus === 'Closed' && record.acceptOrdersWhenClosed,
    fulfillmentMethods: methodsOf(record),
    orderSettings: {
      minOrderAmountCents: record.minOrderAmountCents,
      maxOrderAmountCents: record.maxOrderAmountCents,
      prepTimeMinutes: record.prepTimeMinutes,
      cateringPrepTimeMinutes: record.cateringPrepTimeMinutes,
      hideTipping: record.hideTipping,
      hideContactInfoForTableside: record.hideContactInfoForTableside,
      hideContactInfoForCurbside: record.hideContactInfoForCurbside,
      allowCheckoutInstructions: record.allowCheckoutInstructions,
      allowItemInstructions: record.allowItemInstructions,
      includeUtensilsOption: record.includeUtensilsOption,
    },
    fulfillmentSettings: fulfillmentSettingsOf(record),
    schedule,
  };
}
