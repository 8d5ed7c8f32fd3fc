/** Saved cards of signed-in customers (table saved_payments) and the store's card method they are used at. */
import { and, desc, eq, isNull } from 'drizzle-orm';
import { PAYMENT_METHOD } from '@storefront/contracts/enums';
import type { Db } from '../../db/client';
import { locationPaymentMethods, savedPayments } from '../../db/schema/payments';

export type SavedPaymentRow = typeof savedPayments.$inferSelect;
export type NewSavedPaymentRow = typeof savedPayments.$inferInsert;

const live = (customerId: number) =>
  and(eq(savedPayments.customerId, customerId), isNull(savedPayments.deletedAt));

/** The customer's cards that are not deleted, the last saved first; only one processor's when given. */
export async function findSavedPayments(db: Db, customerId: number, processorCode?: string) {
  return db
    .select()
    .from(savedPayments)
    .where(
      processorCode === undefined
        ? live(customerId)
        : and(live(customerId), eq(savedPayments.processorCode, processorCode)),
    )
    .orderBy(desc(savedPayments.createdAt), desc(savedPayments.id));
}

/** One of the customer's cards, unless deleted (another customer's card is not found). */
export async function findSavedPayment(db: Db, customerId: number, id: number) {
  const [row] = await db
    .select()
    .from(savedPayments)
    .where(and(eq(savedPayments.id, id), live(customerId)))
    .limit(1);
  return row ?? null;
}

/** Any card by id, deleted or not (placement checks a payment's card itself). */
export async function findSavedPaymentById(db: Db, id: number) {
  const [row] = await db.select().from(savedPayments).where(eq(savedPayments.id, id)).limit(1);
  return row ?? null;
}

/** Marks the customer's card deleted; false when it was not theirs or already deleted. */
export async function softDeleteSavedPayment(db: Db, customerId: number, id: number, now: Date) {
  const rows = await db
    .update(savedPayments)
    .set({ deletedAt: now, updatedAt: now })
    .where(and(eq(savedPayments.id, id), live(customerId)))
    .returning({ id: savedPayments.id });
  return rows.length > 0;
}

/** Replaces a live card's billing address and level; null when it is not the customer's live card. */
export async function updateSavedPaymentAddress(
  db: Db,
  customerId: number,
  id: number,
  values: Pick<NewSavedPaymentRow, 'billingAddress' | 'avsCoverageLevel'>,
) {
  const [row] = await db
    .update(savedPayments)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(savedPayments.id, id), live(customerId)))
    .returning();
  return row ?? null;
}

/** The customer's live card of the same processor, brand and last four (saving it again refreshes it). */
export async function findSameCard(
  db: Db,
  values: Pick<SavedPaymentRow, 'customerId' | 'processorCode' | 'cardBrand' | 'lastFour'>,
) {
  const [row] = await db
    .select()
    .from(savedPayments)
    .where(
      and(
        live(values.customerId),
        eq(savedPayments.processorCode, values.processorCode),
        eq(savedPayments.cardBrand, values.cardBrand),
        eq(savedPayments.lastFour, values.lastFour),
      ),
    )
    .limit(1);
  return row ?? null;
}

export async function insertSavedPayment(db: Db, values: NewSavedPaymentRow) {
  const [row] = await db.insert(savedPayments).values(values).returning();
  if (!row) throw new Error('saved payment insert returned nothing');
  return row;
}

export async function refreshSavedPayment(
  db: Db,
  id: number,
  values: Pick<NewSavedPaymentRow, 'vaultToken' | 'billingAddress' | 'avsCoverageLevel'>,
) {
  const [row] = await db
    .update(savedPayments)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(savedPayments.id, id))
    .returning();
  return row ?? null;
}

/** The store's credit-card method (processor and address-verification level), null when it has none. */
export async function findCardMethod(db: Db, locationId: number) {
  const [row] = await db
    .select()
    .from(locationPaymentMethods)
    .where(
      and(
        eq(locationPaymentMethods.locationId, locationId),
        eq(locationPaymentMethods.paymentMethod, PAYMENT_METHOD.CreditCard),
      ),
    )
    .limit(1);
  return row ?? null;
}
