/**
 * Staff sign-in: a staff key is exchanged once for a session token, which the kitchen screen keeps instead of the
 * key. The token is random (256 bits) and stored only as its SHA-256, so a copy of the database opens no
 * screen; it ends at its expiry or when revoked (sign-out), without changing the key.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { StaffSessionValue } from '@storefront/contracts/staff';
import type { Db } from '../../db/client';
import {
  findActiveStaffSession,
  findStaffKeyByHash,
  insertStaffSession,
  updateStaffSessionRevoked,
} from './staff.repository';

/** A kitchen screen stays signed in for a shift. */
export const STAFF_SESSION_TTL_SECONDS = 60 * 60 * 12;

/** SHA-256 of a staff key or session token: both are high-entropy, so a fast hash is enough to hide them. */
export function hashStaffSecret(secret: string): string {
  return createHash('sha256').update(secret).digest('hex');
}

/** The id of the staff key, or null when no key matches. */
export async function findStaffKey(db: Db, staffKey: string): Promise<number | null> {
  return (await findStaffKeyByHash(db, hashStaffSecret(staffKey)))?.id ?? null;
}

/** A new session for a valid staff key; null when the key is not one. */
export async function createStaffSession(
  db: Db,
  staffKey: string,
  now: Date = new Date(),
): Promise<StaffSessionValue | null> {
  const staffKeyId = await findStaffKey(db, staffKey);
  if (staffKeyId === null) return null;
  const sessionToken = randomBytes(32).toString('base64url');
  const expiresAt = new Date(now.getTime() + STAFF_SESSION_TTL_SECONDS * 1000);
  await insertStaffSession(db, { tokenHash: hashStaffSecret(sessionToken), staffKeyId, expiresAt });
  return { sessionToken, expiresAt: expiresAt.toISOString() };
}

/** The session a token opens now (not expired, not revoked), or null. */
export function getStaffSession(db: Db, sessionToken: string, now: Date = new Date()) {
  return findActiveStaffSession(db, hashStaffSecret(sessionToken), now);
}

export async function revokeStaffSession(db: Db, sessionId: number, now: Date = new Date()) {
  await updateStaffSessionRevoked(db, sessionId, now);
}
