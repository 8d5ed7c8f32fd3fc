/**
 * Our own points program (OpenProviderLoyalty, 5) on our database: programs, rewards, member accounts and the
 * ledger of schema/loyalty.ts. Points move only by guarded updates (a hold subtracts only while enough points are
 * available), and each order's earn, hold, spend and release is recorded once (unique per order and kind), so
 * retries and races never move points twice or below zero.
 */
import { and, asc, desc, eq, gte, sql } from 'drizzle-orm';
import { LOYALTY_PROVIDER } from '@storefront/contracts/enum-values';
import { LoyaltyRewardTypeSchema, pointsEarned } from '@storefront/contracts/loyalty';
import type { Db } from '../../db/client';
import { brands } from '../../db/schema/locations';
import {
  LOYALTY_ENTRY_KIND,
  loyaltyAccounts,
  loyaltyLedger,
  loyaltyPrograms,
  loyaltyRewards,
} from '../../db/schema/loyalty';
import type { LoyaltyHistoryKind, LoyaltyMember, LoyaltyProviderAdapter } from './index';

const KIND_NAMES: Record<number, LoyaltyHistoryKind> = {
  [LOYALTY_ENTRY_KIND.earn]: 'earned',
  [LOYALTY_ENTRY_KIND.hold]: 'held',
  [LOYALTY_ENTRY_KIND.spend]: 'spent',
  [LOYALTY_ENTRY_KIND.release]: 'returned',
  [LOYALTY_ENTRY_KIND.grant]: 'granted',
};

/** The member's account id, made on first use (a concurrent first use finds the other's row). */
async function accountIdOf(db: Db, member: LoyaltyMember): Promise<number> {
  await db
    .insert(loyaltyAccounts)
    .values({ brandId: member.brandId, customerId: member.customerId })
    .onConflictDoNothing();
  const [row] = await db
    .select({ id: loyaltyAccounts.id })
    .from(loyaltyAccounts)
    .where(
      and(eq(loyaltyAccounts.brandId, member.brandId), eq(loyaltyAccounts.customerId, member.customerId)),
    )
    .limit(1);
  if (!row) throw new Error(`Loyalty account of customer ${member.customerId} was not created`);
  return row.id;
}

/** Records a ledger entry once per (order, kind); false when the order already has one of this kind. */
async function recordOnce(
  db: Db,
  entry: { accountId: number; orderId: number; kind: number; points: number; description: string },
): Promise<boolean> {
  const inserted = await db
    .insert(loyaltyLedger)
    .values(entry)
    .onConflictDoNothing({
      target: [loyaltyLedger.orderId, loyaltyLedger.kind],
      where: sql`${loyaltyLedger.orderId} is not null`,
    })
    .returning({ id: loyaltyLedger.id });
  return inserted.length > 0;
}

/** The points held for an order: its hold entry, unless it was already spent or released. */
async function heldFor(db: Db, orderId: number): Promise<{ accountId: number; points: number } | null> {
  const entries = await db
    .select({ accountId: loyaltyLedger.accountId, kind: loyaltyLedger.kind, points: loyaltyLedger.points })
    .from(loyaltyLedger)
    .where(eq(loyaltyLedger.orderId, orderId));
  const hold = entries.find((e) => e.kind === LOYALTY_ENTRY_KIND.hold);
  const settled = entries.some(
    (e) => e.kind === LOYALTY_ENTRY_KIND.spend || e.kind === LOYALTY_ENTRY_KIND.release,
  );
  return hold && !settled ? { accountId: hold.accountId, points: -hold.points } : null;
}

/**
 * Ends an order's hold, once: spent (the held points are gone) or released (back to the balance). A second call
 * finds its ledger entry already written and changes nothing.
 */
async function settleHold(db: Db, orderId: number, outcome: 'spend' | 'release'): Promise<void> {
  const held = await heldFor(db, orderId);
  if (!held) return;
  const spent = outcome === 'spend';
  const recorded = await recordOnce(db, {
    accountId: held.accountId,
    orderId,
    kind: spent ? LOYALTY_ENTRY_KIND.spend : LOYALTY_ENTRY_KIND.release,
    points: spent ? 0 : held.points,
    description: spent ? `Spent ${held.points} points on order ${orderId}` : `Returned from order ${orderId}`,
  });
  if (!recorded) return;
  await db
    .update(loyaltyAccounts)
    .set({
      heldPoints: sql`${loyaltyAccounts.heldPoints} - ${held.points}`,
      ...(spent ? {} : { pointsBalance: sql`${loyaltyAccounts.pointsBalance} + ${held.points}` }),
      updatedAt: new Date(),
    })
    .where(eq(loyaltyAccounts.id, held.accountId));
}

/** The program's name as members read it: the brand's name and 'Rewards' ('Capital Kitchen Rewards'). */
export const programNameOf = (brandName: string) => `${brandName} Rewards`;

export const openLoyaltyProvider: LoyaltyProviderAdapter = {
  code: LOYALTY_PROVIDER.OpenProviderLoyalty,

  async getProgram(db, brandId) {
    const [row] = await db
      .select({
        brandId: loyaltyPrograms.brandId,
        provider: loyaltyPrograms.provider,
        name: brands.name,
        pointsPerDollar: loyaltyPrograms.pointsPerDollar,
        pointsPerRewardDollar: loyaltyPrograms.pointsPerRewardDollar,
      })
      .from(loyaltyPrograms)
      .innerJoin(brands, eq(brands.id, loyaltyPrograms.brandId))
      .where(eq(loyaltyPrograms.brandId, brandId))
      .limit(1);
    if (!row || row.provider !== LOYALTY_PROVIDER.OpenProviderLoyalty) return null;
    return { ...row, provider: LOYALTY_PROVIDER.OpenProviderLoyalty, name: programNameOf(row.name) };
  },

  async listRewards(db, brandId) {
    const rows = await db
      .select()
      .from(loyaltyRewards)
      .where(and(eq(loyaltyRewards.brandId, brandId), eq(loyaltyRewards.isActive, true)))
      .orderBy(asc(loyaltyRewards.position), asc(loyaltyRewards.id));
    return rows.map((r) => ({
      id: r.id,
      rewardType: LoyaltyRewardTypeSchema.parse(r.rewardType),
      name: r.name,
      description: r.description,
      pointsCost: r.pointsCost,
      discountCents: r.discountCents,
    }));
  },

  async getPoints(db, member) {
    const [row] = await db
      .select({ pointsBalance: loyaltyAccounts.pointsBalance, heldPoints: loyaltyAccounts.heldPoints })
      .from(loyaltyAccounts)
      .where(
        and(eq(loyaltyAccounts.brandId, member.brandId), eq(loyaltyAccounts.customerId, member.customerId)),
      )
      .limit(1);
    return row ?? { pointsBalance: 0, heldPoints: 0 };
  },

  async listHistory(db, member, limit) {
    const rows = await db
      .select({
        id: loyaltyLedger.id,
        kind: loyaltyLedger.kind,
        points: loyaltyLedger.points,
        description: loyaltyLedger.description,
        orderId: loyaltyLedger.orderId,
        createdAt: loyaltyLedger.createdAt,
      })
      .from(loyaltyLedger)
      .innerJoin(loyaltyAccounts, eq(loyaltyAccounts.id, loyaltyLedger.accountId))
      .where(
        and(eq(loyaltyAccounts.brandId, member.brandId), eq(loyaltyAccounts.customerId, member.customerId)),
      )
      .orderBy(desc(loyaltyLedger.id))
      .limit(limit);
    return rows.map((r) => ({ ...r, kind: KIND_NAMES[r.kind] ?? 'granted' }));
  },

  async earn(db, member, orderId, amountCents) {
    const program = await this.getProgram(db, member.brandId);
    if (!program) return 0;
    const points = pointsEarned(amountCents, program.pointsPerDollar);
    if (points === 0) return 0;
    const accountId = await accountIdOf(db, member);
    const recorded = await recordOnce(db, {
      accountId,
      orderId,
      kind: LOYALTY_ENTRY_KIND.earn,
      points,
      description: `Earned on order ${orderId}`,
    });
    if (!recorded) return 0;
    await db
      .update(loyaltyAccounts)
      .set({ pointsBalance: sql`${loyaltyAccounts.pointsBalance} + ${points}`, updatedAt: new Date() })
      .where(eq(loyaltyAccounts.id, accountId));
    return points;
  },

  async hold(db, member, orderId, points) {
    const accountId = await accountIdOf(db, member);
    // The guarded update is the check: of two orders racing for the same points, the second one's update finds
    // the row changed (PostgreSQL re-reads it after the first commits) and matches nothing.
    const held = await db
      .update(loyaltyAccounts)
      .set({
        pointsBalance: sql`${loyaltyAccounts.pointsBalance} - ${points}`,
        heldPoints: sql`${loyaltyAccounts.heldPoints} + ${points}`,
        updatedAt: new Date(),
      })
      .where(and(eq(loyaltyAccounts.id, accountId), gte(loyaltyAccounts.pointsBalance, points)))
      .returning({ id: loyaltyAccounts.id });
    if (held.length === 0) return false;
    const recorded = await recordOnce(db, {
      accountId,
      orderId,
      kind: LOYALTY_ENTRY_KIND.hold,
      points: -points,
      description: `Held for order ${orderId}`,
    });
    if (!recorded) throw new Error(`Points of order ${orderId} were already held`);
    return true;
  },

  spend: (db, _member, orderId) => settleHold(db, orderId, 'spend'),

  release: (db, _member, orderId) => settleHold(db, orderId, 'release'),

  async grant(db, member, points, description) {
    const accountId = await accountIdOf(db, member);
    await db.insert(loyaltyLedger).values({ accountId, kind: LOYALTY_ENTRY_KIND.grant, points, description });
    await db
      .update(loyaltyAccounts)
      .set({ pointsBalance: sql`${loyaltyAccounts.pointsBalance} + ${points}`, updatedAt: new Date() })
      .where(eq(loyaltyAccounts.id, accountId));
  },
};
