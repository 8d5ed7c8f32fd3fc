/**
 * The order's loyalty reward as the discount engine takes it. The discounts module reads it each time an order's
 * totals are recomputed, so this file imports nothing of the orders module (order-rewards.service does).
 */
import type { RewardDiscountInput } from '@storefront/contracts/discount-engine';
import { CUSTOM_POINTS_ID } from '@storefront/contracts/loyalty';
import type { Db } from '../../db/client';
import { findOrderReward, type OrderRewardRow } from './loyalty.repository';

/** The reward id the API shows for a stored reward: the catalogue id, or customPoints. */
export function choiceIdOf(row: Pick<OrderRewardRow, 'rewardId'>): number | typeof CUSTOM_POINTS_ID {
  return row.rewardId ?? CUSTOM_POINTS_ID;
}

/** The order's reward as the discount engine takes it (discounts module, each time totals are recomputed). */
export async function rewardDiscountsOf(db: Db, orderId: number): Promise<RewardDiscountInput[]> {
  const row = await findOrderReward(db, orderId);
  if (!row) return [];
  return [
    {
      instanceId: row.instanceId,
      rewardId: String(choiceIdOf(row)),
      name: row.name,
      rewardType: row.rewardType === 'Voucher' ? 'Voucher' : 'Amount',
      requestedCents: row.requestedCents,
    },
  ];
}
