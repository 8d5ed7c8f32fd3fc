import 'server-only';
import { cache } from 'react';
import {
  LocationSearchValueSchema,
  StoreSchema,
  type LocationSearchValue,
  type Store,
} from '@storefront/contracts/locations';
import { DEFAULT_SEARCH_TITLE, UiTemplateSchema, type UiTemplate } from '@storefront/contracts/templates';
import { FULFILLMENT_METHOD, type FulfillmentMethod } from '@storefront/contracts/enums';
import { isDebugMode, relaxedStore } from '@/lib/debug-mode';
import { apiRequest, firstErrorMessage } from '@/lib/api';
import { env } from '@/lib/env';
import {
  SEARCH_METHOD_VALUE,
  searchMethodsOf,
  searchRadiusMiles,
  type SearchMethod,
  type SearchTarget,
} from './search-state';
import { withShownStatus } from './store-availability';

/** The company-wide look and texts used before a store is chosen (search page). */
export interface SiteSettings {
  companyName: string;
  brandName: string;
  template: UiTemplate | null;
  searchTitle: string;
  searchSecondaryTitle: string | null;
  /** Methods a guest can search by; the Pickup/Delivery toggle shows only when both are here. */
  searchMethods: SearchMethod[];
  /** The store map's XYZ tiles (null: the offline basemap) and their attribution. */
  mapTiles: { url: string | null; attribution: string | null };
}

const FALLBACK_COMPANY = 'Online Ordering';

/**
 * The UI template of a location (or the company default without one). Null when the API has none;
 * throws only when the API answers outside its contract.
 */
export const getUiTemplate = cache(async (locationId?: number): Promise<UiTemplate | null> => {
  const result = await apiRequest(UiTemplateSchema, 'technology/ui-templates', {
    query: { locationId },
    revalidate: 60,
  });
  return result.ok ? result.value : null;
});

/** Company name, search headline and the methods offered; falls back to the spec's defaults. */
export async function getSiteSettings(): Promise<SiteSettings> {
  const template = await getUiTemplate();
  return {
    companyName: template?.companyName ?? FALLBACK_COMPANY,
    brandName: template?.brandName ?? template?.companyName ?? FALLBACK_COMPANY,
    template,
    searchTitle: template?.searchSettings.title || DEFAULT_SEARCH_TITLE,
    searchSecondaryTitle: template?.searchSettings.secondaryTitle ?? null,
    searchMethods: searchMethodsOf(template),
    mapTiles: { url: env.MAP_TILE_URL ?? null, attribution: env.MAP_TILE_ATTRIBUTION ?? null },
  };
}

export type LocationSearchResult =
  { ok: true; value: LocationSearchValue } | { ok: false; status: number; message: string };

/** Stores around a point or an address within the method's radius, nearest first. */
export async function searchLocations(
  target: Exclude<SearchTarget, { kind: 'none' }>,
  method: SearchMethod,
): Promise<LocationSearchResult> {
  const result = await apiRequest(LocationSearchValueSchema, 'locations', {
    query: {
      ...(target.kind === 'point'
        ? { latitude: target.latitude, longitude: target.longitude }
        : { address: target.address }),
      radiusMiles: searchRadiusMiles(method),
      fulfillmentMethod: SEARCH_METHOD_VALUE[method],
      includeLocationStatus: true,
      includeOnlineAvailability: true,
      includeAcceptOrdersAfterCloseFlag: true,
    },
  });
  if (!result.ok) return { ok: false, status: result.status, message: firstErrorMessage(result) };
  const debug = await isDebugMode();
  // Each card's chip shows the one status the store page shows too (an offline store never reads Open).
  const items = result.value.items.map((i) => ({
    ...i,
    item: withShownStatus(debug ? relaxedStore(i.item) : i.item),
  }));
  return { ...result, value: { ...result.value, items } };
}

/**
 * A store with its status, online and accept-when-closed flags. Null when there is no such store;
 * an unreachable API throws (the route's error boundary shows it).
 */
export const getLocation = cache(
  async (
    locationId: number,
    catering: boolean,
    fulfillmentMethod: FulfillmentMethod = FULFILLMENT_METHOD.Pickup,
  ): Promise<Store | null> => {
    const result = await apiRequest(StoreSchema, `locations/${locationId}`, {
      query: {
        fulfillmentMethod,
        catering,
        includeLocationStatus: true,
        includeOnlineStatus: true,
        includeAcceptOrdersAfterCloseFlag: true,
        includeAlertService: true,
        includeStoreHours: true,
      },
    });
    if (result.ok) return result.value;
    if (result.status === 404 || result.status === 400) return null;
    throw new Error(`Could not load location ${locationId}: ${firstErrorMessage(result)}`);
  },
);

export interface StoreContext {
  store: Store;
  template: UiTemplate | null;
  companyName: string;
}

/** A store with its UI template (theme, favicon, company name); null when the store does not exist. */
export async function getStoreContext(locationId: number, catering: boolean): Promise<StoreContext | null> {
  const [found, template, debug] = await Promise.all([
    getLocation(locationId, catering),
    getUiTemplate(locationId),
    isDebugMode(),
  ]);
  if (!found) return null;
  // The status shown in the header, the island and the ETA line: offline wins over the hours (shownStoreStatus).
  const store = withShownStatus(debug ? relaxedStore(found) : found);
  return { store, template, companyName: template?.companyName ?? FALLBACK_COMPANY };
}
