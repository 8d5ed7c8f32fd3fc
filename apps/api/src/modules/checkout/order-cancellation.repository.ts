/** Drizzle access for cancelled orders: their money given back (db/schema orders.refundedAt, payments.reversal). */
import { and, asc, eq, gt, isNotNull, isNull, lt } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { orders } from '../../db/schema/orders';
import { payments, type PaymentReversal } from '../../db/schema/payments';

/** The order's approved payments not yet given back, by id. */
export async function findUnreversedPayments(db: Db, orderId: number) {
  return db
    .select()
    .from(payments)
    .where(and(eq(payments.orderId, orderId), eq(payments.status, 'Approved'), isNull(payments.reversal)))
    .orderBy(asc(payments.id));
}

/** Records how a payment went back, once (a guarded update: a second writer changes nothing). */
export async function updatePaymentReversed(db: Db, paymentId: number, reversal: PaymentReversal, at: Date) {
  await db
    .update(payments)
    .set({ reversal, reversedAt: at, updatedAt: at })
    .where(and(eq(payments.id, paymentId), isNull(payments.reversal)));
}

/** Marks a cancelled order's money back, once; answers whether this call did. */
export async function updateOrderRefunded(db: Db, orderId: number, at: Date): Promise<boolean> {
  const rows = await db
    .update(orders)
    .set({ refundedAt: at, updatedAt: at })
    .where(and(eq(orders.id, orderId), isNotNull(orders.cancelledAt), isNull(orders.refundedAt)))
    .returning({ id: orders.id });
  return rows.length > 0;
}

/** Cancelled orders whose money is not yet certainly back, cancelled before `before`, after id `afterId`, by id. */
export async function findCancelledUnrefunded(db: Db, before: Date, afterId: number, limit: number) {
  return db
    .select({ id: orders.id })
    .from(orders)
    .where(
      and(
        isNotNull(orders.cancelledAt),
        isNull(orders.refundedAt),
        lt(orders.cancelledAt, before),
        gt(orders.id, afterId),
      ),
    )
    .orderBy(asc(orders.id))
    .limit(limit);
}
