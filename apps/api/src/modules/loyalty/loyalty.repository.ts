/** The loyalty module's own rows: identities of loyalty sign-ins, spent single-sign-on tokens, order brands. */
import { and, eq, lt } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { customers } from '../../db/schema/accounts';
import { locations } from '../../db/schema/locations';
import { loyaltyIdentities, spentSsoTokens } from '../../db/schema/loyalty';
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
