/**
 * Where the offline basemap writes a state's or a county's name (issue 24: without tiles the map at city zoom was
 * markers in a grey void). Kept free of Leaflet so the rules are testable: plain [longitude, latitude] rings
 * as GeoJSON gives them.
 */

export type Position = readonly [number, number] | readonly number[];
/** A polygon: its outer ring first, then its holes. */
export type PolygonRings = readonly (readonly Position[])[];

/** [west, south, east, north] in degrees. */
export type Box = readonly [number, number, number, number];

/** Below this zoom the offline basemap names states, from it on counties (and draws their boundaries). */
export const COUNTY_ZOOM = 7;
/** The offline outlines are drawn at 1:10,000,000: closer than this they show nothing more. */
export const OFFLINE_MAX_ZOOM = 13;

const lon = (p: Position) => p[0] ?? 0;
const lat = (p: Position) => p[1] ?? 0;

/** The bounding box of polygons (each a list of rings). */
export function boxOf(polygons: readonly PolygonRings[]): Box {
  let west = Infinity;
  let south = Infinity;
  let east = -Infinity;
  let north = -Infinity;
  for (const rings of polygons)
    for (const p of rings[0] ?? []) {
      west = Math.min(west, lon(p));
      east = Math.max(east, lon(p));
      south = Math.min(south, lat(p));
      north = Math.max(north, lat(p));
    }
  return [west, south, east, north];
}

/** The overlap of two boxes, or null when they do not meet. */
export function intersectBoxes(a: Box, b: Box): Box | null {
  const box: Box = [Math.max(a[0], b[0]), Math.max(a[1], b[1]), Math.min(a[2], b[2]), Math.min(a[3], b[3])];
  return box[0] < box[2] && box[1] < box[3] ? box : null;
}

/** Even-odd ray casting on one ring. */
function inRing(x: number, y: number, ring: readonly Position[]): boolean {
  let inside = false;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i, i += 1) {
    const a = ring[i];
    const b = ring[j];
    if (!a || !b) continue;
    const [xi, yi, xj, yj] = [lon(a), lat(a), lon(b), lat(b)];
    if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) inside = !inside;
  }
  return inside;
}

/** Whether a point lies in a polygon (inside its outer ring and in none of its holes). */
export function inPolygon(x: number, y: number, rings: PolygonRings): boolean {
  const [outer, ...holes] = rings;
  if (!outer || !inRing(x, y, outer)) return false;
  return !holes.some((hole) => inRing(x, y, hole));
}

const GRID = 9;

/**
 * Where to write an area's name in the current view: inside the area and inside the view, nearest the middle of
 * the part of its box that is in view (so a county much larger than the screen is still named on it, at street
 * zoom too). Null when no sample point of that part lies inside the area.
 */
export function labelPoint(polygons: readonly PolygonRings[], view: Box): [number, number] | null {
  const part = intersectBoxes(boxOf(polygons), view);
  if (!part) return null;
  const [west, south, east, north] = part;
  const cx = (west + east) / 2;
  const cy = (south + north) / 2;
  let best: [number, number] | null = null;
  let bestDistance = Infinity;
  for (let i = 0; i <= GRID; i += 1)
    for (let j = 0; j <= GRID; j += 1) {
      // Sample inside the part (never on its edges, where a label would hang out of view).
      const x = west + ((i + 0.5) / (GRID + 1)) * (east - west);
      const y = south + ((j + 0.5) / (GRID + 1)) * (north - south);
      const distance = (x - cx) ** 2 + (y - cy) ** 2;
      if (distance < bestDistance && polygons.some((rings) => inPolygon(x, y, rings))) {
        best = [x, y];
        bestDistance = distance;
      }
    }
  return best;
}
