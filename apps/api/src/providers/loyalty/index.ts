/**
 * The loyalty provider interface: what the loyalty module needs from a points program, whoever runs it. Our own
 * program (OpenProviderLoyalty, 5) implements it on our database (open-provider.ts); a Punchh or Paytronix
 * adapter would implement the same calls over their APIs (member lookup, redeemable balance, rewards, a
 * redemption held at checkout and committed or voided later, and points earned on a closed check).
 *
 * Every call takes the database handle it must use: inside a transaction, the transaction's handle.
 */
import type { LoyaltyProvider as LoyaltyProviderCode } from '@storefront/contracts/enum-values';
import type { LoyaltyRewardType } from '@storefront/contracts/loyalty';
import type { Db } from '../../db/client';
import { openLoyaltyProvider } from './open-provider';

/** A member of a brand's program: our customer id at that brand. */
export interface LoyaltyMember {
  brandId: number;
  customerId: number;
}

export interface LoyaltyProgram {
  brandId: number;
  provider: LoyaltyProviderCode;
  name: string;
  pointsPerDollar: number;
  pointsPerRewardDollar: number;
}

export interface LoyaltyCatalogueReward {
  id: number;
  rewardType: LoyaltyRewardType;
  name: string;
  description: string;
  pointsCost: number;
  discountCents: number;
}

export interface LoyaltyPoints {
  /** Points available now. */
  pointsBalance: number;
  /** Points held by placed orders. */
  heldPoints: number;
}

export type LoyaltyHistoryKind = 'earned' | 'held' | 'spent' | 'returned' | 'granted';

export interface LoyaltyHistoryItem {
  id: number;
  kind: LoyaltyHistoryKind;
  points: number;
  description: string;
  orderId: number | null;
  createdAt: Date;
}

export interface LoyaltyProviderAdapter {
  readonly code: LoyaltyProviderCode;
  /** The brand's program, or null when the brand has none. */
  getProgram(db: Db, brandId: number): Promise<LoyaltyProgram | null>;
  /** The brand's active rewards in catalogue order. */
  listRewards(db: Db, brandId: number): Promise<LoyaltyCatalogueReward[]>;
  /** The member's points (zero for a customer who has none yet). */
  getPoints(db: Db, member: LoyaltyMember): Promise<LoyaltyPoints>;
  /** The member's latest points movements, newest first, at most `limit`. */
  listHistory(db: Db, member: LoyaltyMember, limit: number): Promise<LoyaltyHistoryItem[]>;
  /** Adds points for a completed order once (a repeat for the same order adds nothing); returns points added. */
  earn(db: Db, member: LoyaltyMember, orderId: number, amountCents: number): Promise<number>;
  /**
   * Holds `points` of the member's available points for an order (placement). False when the member has fewer
   * available: the balance never goes below zero, whatever runs at the same time.
   */
  hold(db: Db, member: LoyaltyMember, orderId: number, points: number): Promise<boolean>;
  /** Spends the points held for an order (completion); nothing when none are held. */
  spend(db: Db, member: LoyaltyMember, orderId: number): Promise<void>;
  /** Gives back the points held for an order (cancellation); nothing when none are held. */
  release(db: Db, member: LoyaltyMember, orderId: number): Promise<void>;
  /** Adds points outside an order (a welcome bonus, the demo member's balance). */
  grant(db: Db, member: LoyaltyMember, points: number, description: string): Promise<void>;
}

/** The adapter for a loyalty provider code; only ours (5) exists so far. Null for a provider without one. */
export function loyaltyProviderFor(code: number): LoyaltyProviderAdapter | null {
  return code === openLoyaltyProvider.code ? openLoyaltyProvider : null;
}
