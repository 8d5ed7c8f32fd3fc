/** The store route's parameters: `/{locationId}/{menuOrCatering}`. */
export type MenuOrCatering = 'menu' | 'catering';

export type StoreRoute =
  | { kind: 'ok'; locationId: number; menuOrCatering: MenuOrCatering; catering: boolean }
  /** locationId is not numeric: page not found. */
  | { kind: 'not-found' }
  /** The last segment is neither menu nor catering: the user goes to /error. */
  | { kind: 'error' };

const NUMERIC_ID = /^[1-9]\d{0,8}$/;

export function parseStoreRoute(params: { locationId: string; menuOrCatering: string }): StoreRoute {
  if (!NUMERIC_ID.test(params.locationId)) return { kind: 'not-found' };
  if (params.menuOrCatering !== 'menu' && params.menuOrCatering !== 'catering') return { kind: 'error' };
  return {
    kind: 'ok',
    locationId: Number(params.locationId),
    menuOrCatering: params.menuOrCatering,
    catering: params.menuOrCatering === 'catering',
  };
}

export function storeHref(locationId: number, menuOrCatering: MenuOrCatering = 'menu'): string {
  return `/${locationId}/${menuOrCatering}`;
}
