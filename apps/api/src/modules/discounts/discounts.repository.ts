/** Drizzle only: coupons, automatic discounts, the order's coupon, redemptions and service charges. */
import { and, asc, eq, isNull, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { discountRedemptions, discounts, orderCoupons, serviceCharges } from '../../db/schema/discounts';

export type DiscountRow = typeof discounts.$inferSelect;
export type OrderCouponRow = typeof orderCoupons.$inferSelect;
export type ServiceChargeRow = typeof serviceCharges.$inferSelect;

/** An active coupon by its normalized code; `lock` takes its row lock (placement counts its uses under it). */
export async function findCouponByCode(db: Db, code: string): Promise<DiscountRow | null> {
  const [row] = await db
    .select()
    .from(discounts)
    .where(and(eq(discounts.code, code), eq(discounts.active, true)))
    .limit(1);
  return row ?? null;
}

export async function findDiscount(db: Db, id: number, lock = false): Promise<DiscountRow | null> {
  const query = db.select().from(discounts).where(eq(discounts.id, id)).limit(1);
  const [row] = lock ? await query.for('update') : await query;
  return row ?? null;
}

/** The active automatic discounts (no code) that may apply at a store. */
export async function findAutomaticDiscounts(db: Db, locationId: number): Promise<DiscountRow[]> {
  return db
    .select()
    .from(discounts)
    .where(
      and(
        isNull(discounts.code),
        eq(discounts.active, true),
        or(isNull(discounts.locationIds), sql`${locationId} = any(${discounts.locationIds})`),
      ),
    )
    .orderBy(asc(discounts.id));
}

export async function findServiceCharges(db: Db, locationId: number): Promise<ServiceChargeRow[]> {
  return db
    .select()
    .from(serviceCharges)
    .where(and(eq(serviceCharges.locationId, locationId), eq(serviceCharges.active, true)))
    .orderBy(asc(serviceCharges.id));
}

/** The order's coupon with its discount, or null. */
export async function findOrderCoupon(
  db: Db,
  orderId: number,
): Promise<{ coupon: OrderCouponRow; discount: DiscountRow } | null> {
  const [row] = await db
    .select({ coupon: orderCoupons, discount: discounts })
    .from(orderCoupons)
    .innerJoin(discounts, eq(discounts.id, orderCoupons.discountId))
    .where(eq(orderCoupons.orderId, orderId))
    .limit(1);
  return row ?? null;
}

/** Puts the coupon on the order, replacing the one it had (one coupon per order). */
export async function upsertOrderCoupon(db: Db, values: typeof orderCoupons.$inferInsert): Promise<void> {
  await db
    .insert(orderCoupons)
    .values(values)
    .onConflictDoUpdate({
      target: orderCoupons.orderId,
      set: {
        discountId: values.discountId,
        instanceId: values.instanceId,
        couponCode: values.couponCode,
        createdAt: sql`now()`,
      },
    });
}

/** Removes the order's coupon (only the one with `instanceId` when given); returns whether one was removed. */
export async function deleteOrderCoupon(db: Db, orderId: number, instanceId?: string): Promise<boolean> {
  const removed = await db
    .delete(orderCoupons)
    .where(
      instanceId === undefined
        ? eq(orderCoupons.orderId, orderId)
        : and(eq(orderCoupons.orderId, orderId), eq(orderCoupons.instanceId, instanceId)),
    )
    .returning({ orderId: orderCoupons.orderId });
  return removed.length > 0;
}

export async function countRedemptions(db: Db, discountId: number, customerKey: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(discountRedemptions)
    .where(
      and(eq(discountRedemptions.discountId, discountId), eq(discountRedemptions.customerKey, customerKey)),
    );
  return row?.n ?? 0;
}

/** Counts one use: the redemption row and the coupon's counter (call with the coupon's row locked). */
export async function insertRedemption(
  db: Db,
  values: typeof discountRedemptions.$inferInsert,
): Promise<void> {
  await db.insert(discountRedemptions).values(values);
  await db
    .update(discounts)
    .set({ usedCount: sql`${discounts.usedCount} + 1` })
    .where(eq(discounts.id, values.discountId));
}
