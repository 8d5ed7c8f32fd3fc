import { and, asc, eq, inArray, ne } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { locationPaymentMethods, payments } from '../../db/schema/payments';

export type PaymentRow = typeof payments.$inferSelect;
export type NewPaymentRow = typeof payments.$inferInsert;
export type LocationPaymentMethodRow = typeof locationPaymentMethods.$inferSelect;

export async function findPaymentsByOrder(db: Db, orderId: number) {
  return db.select().from(payments).where(eq(payments.orderId, orderId)).orderBy(asc(payments.id));
}

export async function findPayment(db: Db, orderId: number, paymentId: number) {
  const [row] = await db
    .select()
    .from(payments)
    .where(and(eq(payments.orderId, orderId), eq(payments.id, paymentId)))
    .limit(1);
  return row ?? null;
}

export async function findPaymentBySession(db: Db, sessionId: string) {
  const [row] = await db.select().from(payments).where(eq(payments.hostedSessionId, sessionId)).limit(1);
  return row ?? null;
}

/** The payment row locked for the rest of the transaction. */
export async function findPaymentForUpdate(db: Db, paymentId: number) {
  const [row] = await db.select().from(payments).where(eq(payments.id, paymentId)).for('update').limit(1);
  return row ?? null;
}

export async function insertPayment(db: Db, values: NewPaymentRow) {
  const [row] = await db.insert(payments).values(values).returning();
  if (!row) throw new Error('insert payments returned nothing');
  return row;
}

export async function updatePayment(db: Db, paymentId: number, values: Partial<NewPaymentRow>) {
  const [row] = await db
    .update(payments)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(payments.id, paymentId))
    .returning();
  return row ?? null;
}

export async function deletePaymentRow(db: Db, paymentId: number) {
  await db.delete(payments).where(eq(payments.id, paymentId));
}

/**
 * Removes the order's payments that were never charged (Pending, Declined, Failed), except its gift cards:
 * they stay applied while the card, offline credit or wallet payment for the rest is replaced.
 */
export async function deleteUnchargedPayments(db: Db, orderId: number) {
  await db
    .delete(payments)
    .where(
      and(
        eq(payments.orderId, orderId),
        inArray(payments.status, ['Pending', 'Declined', 'Failed']),
        ne(payments.paymentMethod, 6),
      ),
    );
}

/** The methods a store accepts, in display order. */
export async function findLocationPaymentMethods(db: Db, locationId: number) {
  return db
    .select()
    .from(locationPaymentMethods)
    .where(eq(locationPaymentMethods.locationId, locationId))
    .orderBy(asc(locationPaymentMethods.displayOrder), asc(locationPaymentMethods.id));
}
