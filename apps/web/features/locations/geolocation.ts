/** Browser geolocation as the spec sets it: high accuracy, maximum age 30000 ms, timeout 27000 ms. */
export const GEOLOCATION_OPTIONS: PositionOptions = {
  enableHighAccuracy: true,
  maximumAge: 30_000,
  timeout: 27_000,
};

export const GEOLOCATION_UNSUPPORTED_MESSAGE = 'Geolocation is not supported by this browser.';

export type GeolocationResult =
  { ok: true; latitude: number; longitude: number } | { ok: false; message: string };

const round = (n: number) => Math.round(n * 1e6) / 1e6;

/** The current position, or why it is not available. Never rejects. */
export function currentPosition(geolocation: Geolocation | undefined): Promise<GeolocationResult> {
  if (!geolocation) return Promise.resolve({ ok: false, message: GEOLOCATION_UNSUPPORTED_MESSAGE });
  return new Promise((resolve) => {
    geolocation.getCurrentPosition(
      (position) =>
        resolve({
          ok: true,
          latitude: round(position.coords.latitude),
          longitude: round(position.coords.longitude),
        }),
      (error) => resolve({ ok: false, message: error.message || 'Unable to get your current location.' }),
      GEOLOCATION_OPTIONS,
    );
  });
}
