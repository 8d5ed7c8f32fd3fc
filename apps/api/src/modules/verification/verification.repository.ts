/** Verification codes and the counts their limits read (Drizzle only; every function takes the caller's handle). */
import { and, desc, eq, gt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { locations, orders, verificationCodes } from '../../db/schema/index';

export type VerificationCodeRow = typeof verificationCodes.$inferSelect;

/** The order's wrong tries over all its codes, its newest code's time and its codes of the last hour. */
export async function findOrderCodeCounts(db: Db, orderId: number) {
  const [row] = await db
    .select({
      failures: sql<number>`coalesce(sum(${verificationCodes.failedAttempts}), 0)::int`,
      lastCreatedAt: sql<Date | null>`max(${verificationCodes.createdAt})`,
      lastHour: sql<number>`(count(*) filter (where ${verificationCodes.createdAt} > now() - interval '1 hour'))::int`,
      secondsSinceLast: sql<
        number | null
      >`extract(epoch from now() - max(${verificationCodes.createdAt}))::float8`,
    })
    .from(verificationCodes)
    .where(eq(verificationCodes.orderId, orderId));
  return {
    failures: Number(row?.failures ?? 0),
    lastHour: Number(row?.lastHour ?? 0),
    secondsSinceLast:
      row?.secondsSinceLast === null || row === undefined ? null : Number(row.secondsSinceLast),
  };
}

/** The phone's wrong tries within `failureHours` and its codes of the last hour, over all orders. */
export async function findPhoneCodeCounts(db: Db, phone: string, failureHours: number) {
  const [row] = await db
    .select({
      failures: sql<number>`coalesce(sum(${verificationCodes.failedAttempts}) filter (where ${verificationCodes.createdAt} > now() - make_interval(hours => ${failureHours})), 0)::int`,
      lastHour: sql<number>`(count(*) filter (where ${verificationCodes.createdAt} > now() - interval '1 hour'))::int`,
    })
    .from(verificationCodes)
    .where(
      and(
        eq(verificationCodes.phone, phone),
        gt(verificationCodes.createdAt, sql`now() - make_interval(hours => ${Math.max(failureHours, 1)})`),
      ),
    );
  return { failures: Number(row?.failures ?? 0), lastHour: Number(row?.lastHour ?? 0) };
}

/** The order's newest code (the only one that counts: a resend replaces the earlier ones). */
export async function findLatestCode(db: Db, orderId: number) {
  const [row] = await db
    .select({
      code: verificationCodes,
      expired: sql<boolean>`${verificationCodes.expiresAt} <= now()`,
    })
    .from(verificationCodes)
    .where(eq(verificationCodes.orderId, orderId))
    .orderBy(desc(verificationCodes.id))
    .limit(1);
  return row ? { ...row.code, expired: row.expired } : null;
}

export async function insertVerificationCode(
  db: Db,
  values: { orderId: number; phone: string; codeHash: string; lifeSeconds: number },
) {
  const [row] = await db
    .insert(verificationCodes)
    .values({
      orderId: values.orderId,
      phone: values.phone,
      codeHash: values.codeHash,
      expiresAt: sql`now() + make_interval(secs => ${values.lifeSeconds})`,
    })
    .returning();
  if (!row) throw new Error('verification code not inserted');
  return row;
}

/** Counts one wrong try on the code. */
export async function incrementCodeFailures(db: Db, codeId: number) {
  await db
    .update(verificationCodes)
    .set({ failedAttempts: sql`${verificationCodes.failedAttempts} + 1` })
    .where(eq(verificationCodes.id, codeId));
}

export async function markCodeUsed(db: Db, codeId: number) {
  await db
    .update(verificationCodes)
    .set({ usedAt: sql`now()` })
    .where(eq(verificationCodes.id, codeId));
}

/** Records the order's verified phone (the payment check reads it with the token's claim). */
export async function markOrderVerified(db: Db, orderId: number, phone: string) {
  await db
    .update(orders)
    .set({ identityVerifiedAt: sql`now()`, identityVerifiedPhone: phone, updatedAt: new Date() })
    .where(eq(orders.id, orderId));
}

/** The order's store name, as the text names it. */
export async function findStoreName(db: Db, locationId: number): Promise<string | null> {
  const [row] = await db.select({ name: locations.name }).from(locations).where(eq(locations.id, locationId));
  return row?.name ?? null;
}
