import { decodeJwt } from 'jose';

/** Seconds until a JWT expires, read without verifying it (the API verifies); null when unreadable. */
export function secondsUntilExpiry(token: string, nowMs = Date.now()): number | null {
  try {
    const { exp } = decodeJwt(token);
    return typeof exp === 'number' ? exp - Math.floor(nowMs / 1000) : null;
  } catch {
    return null;
  }
}
