import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { staffKeys, staffSessions } from '../../db/schema/clients';

export async function findStaffKeyByHash(db: Db, keyHash: string) {
  const [row] = await db
    .select({ id: staffKeys.id })
    .from(staffKeys)
    .where(eq(staffKeys.keyHash, keyHash))
    .limit(1);
  return row ?? null;
}

export async function insertStaffSession(
  db: Db,
  values: { tokenHash: string; staffKeyId: number; expiresAt: Date },
) {
  await db.insert(staffSessions).values(values);
}

/** The session of this token hash while it is neither revoked nor expired. */
export async function findActiveStaffSession(db: Db, tokenHash: string, now: Date) {
  const [row] = await db
    .select({ id: staffSessions.id, staffKeyId: staffSessions.staffKeyId })
    .from(staffSessions)
    .where(
      and(
        eq(staffSessions.tokenHash, tokenHash),
        isNull(staffSessions.revokedAt),
        gt(staffSessions.expiresAt, now),
      ),
    )
    .limit(1);
  return row ?? null;
}

export async function updateStaffSessionRevoked(db: Db, id: number, now: Date) {
  await db
    .update(staffSessions)
    .set({ revokedAt: now })
    .where(and(eq(staffSessions.id, id), isNull(staffSessions.revokedAt)));
}

/** Whether the session is still open (neither revoked nor expired): a live kitchen stream asks at each heartbeat. */
export async function isStaffSessionActive(db: Db, id: number, now: Date): Promise<boolean> {
  const [row] = await db
    .select({ id: staffSessions.id })
    .from(staffSessions)
    .where(and(eq(staffSessions.id, id), isNull(staffSessions.revokedAt), gt(staffSessions.expiresAt, now)))
    .limit(1);
  return row !== undefined;
}
