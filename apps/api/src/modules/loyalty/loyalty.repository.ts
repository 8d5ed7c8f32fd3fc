/**
 * The loyalty module's own rows: identities of loyalty sign-ins, spent single-sign-on tokens, sign-ins under way
 * at the OpenID Connect issuer, order brands.
 */
import { and, eq, isNull, lt } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { customers } from '../../db/schema/accounts';
import { locations } from '../../db/schema/locations';
import { loyaltyIdentities, loyaltySignIns, spentSsoTokens } from '../../db/schema/loyalty';
import { orders } from '../../db/schema/orders';

/** The customer a loyalty provider's subject signs in as, or null when it has not signed in before. */
export async function findIdentityCustomer(db: Db, issuer: string, subject: string) {
  const [row] = await db
    .select({ customer: customers })
    .from(loyaltyIdentities)
    .innerJoin(customers, eq(customers.id, loyaltyIdentities.customerId))
    .where(and(eq(loyaltyIdentities.issuer, issuer), eq(loyaltyIdentities.subject, subject)))
    .limit(1);
  return row?.customer ?? null;
}

export async function insertIdentity(
  db: Db,
  values: { issuer: string; subject: string; customerId: number },
) {
  await db.insert(loyaltyIdentities).values(values).onConflictDoNothing();
}

/**
 * Marks an SSO token as used; false when it was used before (single use). Expired marks are deleted on the way:
 * a token past its expiry is refused by its `exp` anyway.
 */
export async function insertSpentSsoToken(db: Db, jti: string, expiresAt: Date, now: Date): Promise<boolean> {
  await db.delete(spentSsoTokens).where(lt(spentSsoTokens.expiresAt, now));
  const inserted = await db
    .insert(spentSsoTokens)
    .values({ jti, expiresAt })
    .onConflictDoNothing()
    .returning({ jti: spentSsoTokens.jti });
  return inserted.length > 0;
}

/** A placed order's customer, amount for points and the brand of its store. */
export async function findOrderMember(db: Db, orderId: number) {
  const [row] = await db
    .select({
      userId: orders.userId,
      brandId: locations.brandId,
      subtotalCents: orders.subtotalCents,
      discountCents: orders.discountCents,
    })
    .from(orders)
    .innerJoin(locations, eq(locations.id, orders.locationId))
    .where(eq(orders.id, orderId))
    .limit(1);
  return row ?? null;
}

export type LoyaltySignInRow = typeof loyaltySignIns.$inferSelect;

/** Records a sign-in under way; expired ones are deleted on the way (they can no longer be exchanged). */
export async function insertSignIn(
  db: Db,
  values: Omit<typeof loyaltySignIns.$inferInsert, 'createdAt' | 'usedAt'>,
  now: Date,
): Promise<void> {
  await db.delete(loyaltySignIns).where(lt(loyaltySignIns.expiresAt, now));
  await db.insert(loyaltySignIns).values(values);
}

/**
 * Uses up the sign-in of this state: the row, marked used, or null when there is none or it was used before. Of
 * two exchanges racing with one state, one gets it (a guarded update).
 */
export async function claimSignIn(db: Db, stateHash: string, now: Date): Promise<LoyaltySignInRow | null> {
  const [row] = await db
    .update(loyaltySignIns)
    .set({ usedAt: now })
    .where(and(eq(loyaltySignIns.stateHash, stateHash), isNull(loyaltySignIns.usedAt)))
    .returning();
  return row ?? null;
}
