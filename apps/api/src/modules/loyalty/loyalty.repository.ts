/**
 * The loyalty module's own rows: identities of loyalty sign-ins, spent single-sign-on tokens, sign-ins under way
 * at the OpenID Connect issuer, order brands, and the reward on an order being built.
 */
import { and, eq, isNull, lt } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { customers } from '../../db/schema/accounts';
import { locations } from '../../db/schema/locations';
import { loyaltyIdentities, loyaltySignIns, orderRewards, spentSsoTokens } from '../../db/schema/loyalty';
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

export type OrderRewardRow = typeof orderRewards.$inferSelect;

/** The brand of a store (whose loyalty program its orders use), or null for an unknown store. */
export async function findLocationBrand(db: Db, locationId: number): Promise<number | null> {
  const [row] = await db
    .select({ brandId: locations.brandId })
    .from(locations)
    .where(eq(locations.id, locationId))
    .limit(1);
  return row?.brandId ?? null;
}

/** The reward on an order, or null. */
export async function findOrderReward(db: Db, orderId: number): Promise<OrderRewardRow | null> {
  const [row] = await db.select().from(orderRewards).where(eq(orderRewards.orderId, orderId)).limit(1);
  return row ?? null;
}

/** Puts a reward on an order; false when the order already carries one (one per order). */
export async function insertOrderReward(db: Db, values: typeof orderRewards.$inferInsert): Promise<boolean> {
  const inserted = await db
    .insert(orderRewards)
    .values(values)
    .onConflictDoNothing({ target: orderRewards.orderId })
    .returning({ id: orderRewards.id });
  return inserted.length > 0;
}

/** Replaces the order's reward with another choice (a move or a custom points update); false when it has none. */
export async function updateOrderReward(
  db: Db,
  orderId: number,
  values: Omit<typeof orderRewards.$inferInsert, 'orderId' | 'id' | 'createdAt'>,
): Promise<boolean> {
  const updated = await db
    .update(orderRewards)
    .set(values)
    .where(eq(orderRewards.orderId, orderId))
    .returning({ id: orderRewards.id });
  return updated.length > 0;
}

/** Takes the order's reward off; returns whether it had one. */
export async function deleteOrderReward(db: Db, orderId: number): Promise<boolean> {
  const removed = await db
    .delete(orderRewards)
    .where(eq(orderRewards.orderId, orderId))
    .returning({ id: orderRewards.id });
  return removed.length > 0;
}
