/** Drizzle access for placement attempts (db/schema/payments.ts placementAttempts). */
import { and, asc, eq, gt, inArray, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  placementAttempts,
  type AttemptCapture,
  type PlacementAttemptStatus,
} from '../../db/schema/payments';

export type PlacementAttemptRow = typeof placementAttempts.$inferSelect;

/** The attempt of the order that is asking the processor now, if any. */
export async function findAuthorizingAttempt(db: Db, orderId: number): Promise<PlacementAttemptRow | null> {
  const [row] = await db
    .select()
    .from(placementAttempts)
    .where(and(eq(placementAttempts.orderId, orderId), eq(placementAttempts.status, 'authorizing')))
    .limit(1);
  return row ?? null;
}

export async function insertAttempt(
  db: Db,
  values: {
    orderId: number;
    idempotencyKey: string;
    paymentId: number | null;
    chargeKey: string | null;
    chargeCents: number | null;
    totalCents: number;
    captures: AttemptCapture[];
  },
): Promise<PlacementAttemptRow> {
  const [row] = await db.insert(placementAttempts).values(values).returning();
  if (!row) throw new Error('placement attempt not recorded');
  return row;
}

/** Moves an attempt from one of `from` to `to`: the row when it moved, null when it was in another state. */
export async function moveAttempt(
  db: Db,
  id: number,
  from: PlacementAttemptStatus[],
  to: PlacementAttemptStatus,
): Promise<PlacementAttemptRow | null> {
  const [row] = await db
    .update(placementAttempts)
    .set({ status: to, updatedAt: sql`now()` })
    .where(and(eq(placementAttempts.id, id), inArray(placementAttempts.status, from)))
    .returning();
  return row ?? null;
}

/** Attempts left 'authorizing' or 'reversing' that started before `before`, after id `afterId`, by id. */
export async function findOpenAttempts(
  db: Db,
  before: Date,
  afterId: number,
  limit: number,
): Promise<PlacementAttemptRow[]> {
  return db
    .select()
    .from(placementAttempts)
    .where(
      and(
        inArray(placementAttempts.status, ['authorizing', 'reversing']),
        lt(placementAttempts.createdAt, before),
        gt(placementAttempts.id, afterId),
      ),
    )
    .orderBy(asc(placementAttempts.id))
    .limit(limit);
}

/** The attempt that placed the order, if any. */
export async function findPlacedAttempt(db: Db, orderId: number): Promise<PlacementAttemptRow | null> {
  const [row] = await db
    .select()
    .from(placementAttempts)
    .where(and(eq(placementAttempts.orderId, orderId), eq(placementAttempts.status, 'placed')))
    .limit(1);
  return row ?? null;
}
