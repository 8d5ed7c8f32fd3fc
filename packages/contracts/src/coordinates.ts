/**
 * Bracketed coordinates typed into the address search, without zod: the search box (a client island) reads them
 * too, and `geo.ts`'s schemas would ship zod to the search page. `geo.ts` re-exports this.
 */

const BRACKETED = /^\(\s*(-?\d{1,3}(?:\.\d+)?)\s*,\s*(-?\d{1,3}(?:\.\d+)?)\s*\)$/;

/**
 * Address-search text in brackets under 40 characters, "(38.99, -77.03)", is read as latitude and longitude.
 * Returns null for anything else, including out-of-range numbers (latitude -90..90, longitude -180..180).
 */
export function parseBracketedCoordinates(input: string): { latitude: number; longitude: number } | null {
  const text = input.trim();
  if (text.length >= 40) return null;
  const match = BRACKETED.exec(text);
  if (!match) return null;
  const latitude = Number(match[1]);
  const longitude = Number(match[2]);
  if (Math.abs(latitude) > 90 || Math.abs(longitude) > 180) return null;
  return { latitude, longitude };
}
