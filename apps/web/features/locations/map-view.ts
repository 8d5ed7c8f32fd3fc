/** The store map's constants and initial view (spec section 9), kept free of Leaflet so they are testable. */

/** Default map centre (spec section 9): the middle of the contiguous US. */
export const DEFAULT_MAP_CENTER: [number, number] = [39.5, -98.35];
/** The zoom around results (spec section 9); fitting several stores never zooms in closer than this. */
export const RESULTS_ZOOM = 12;
/** Without results the whole country is shown (zoom 12 on the default centre would show an empty field). */
export const COUNTRY_ZOOM = 4;
/** Markers closer than this many pixels are clustered (spec section 9). */
export const CLUSTER_RADIUS = 60;
/** Desktop is anything not small (spec section 9: small is under 768 px). */
export const DESKTOP_MEDIA_QUERY = '(min-width: 768px)';

export interface MapStore {
  id: number;
  name: string;
  latitude: number;
  longitude: number;
  /** Can take orders (the marker links to the store). */
  selectable: boolean;
  /** Its place in the result list (1-based): pin and card show the same number. */
  number: number;
}

export type MapView =
  | { kind: 'center'; center: [number, number]; zoom: number }
  | { kind: 'bounds'; bounds: [[number, number], [number, number]]; maxZoom: number };

/** Zoom 12 on one store, the bounds of several (no closer than zoom 12), the whole US without any. */
export function initialMapView(stores: readonly MapStore[]): MapView {
  const [first] = stores;
  if (!first) return { kind: 'center', center: DEFAULT_MAP_CENTER, zoom: COUNTRY_ZOOM };
  if (stores.length === 1)
    return { kind: 'center', center: [first.latitude, first.longitude], zoom: RESULTS_ZOOM };
  const lats = stores.map((s) => s.latitude);
  const lngs = stores.map((s) => s.longitude);
  return {
    kind: 'bounds',
    bounds: [
      [Math.min(...lats), Math.min(...lngs)],
      [Math.max(...lats), Math.max(...lngs)],
    ],
    maxZoom: RESULTS_ZOOM,
  };
}

const HTML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};
/** Text for Leaflet's divIcon html. */
export const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c] ?? c);
