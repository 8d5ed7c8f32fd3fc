'use server';

import {
  CUSTOM_POINTS_ID,
  LOYALTY_MESSAGES,
  OrderRewardBodySchema,
  type OrderRewardBody,
} from '@storefront/contracts/loyalty';
import { OrderSchema } from '@storefront/contracts/orders';
import { apiRequest } from '@/lib/api';
import { getOrderRef } from '@/lib/order-cookie';

/** The reward change went through (the page re-reads the order), or the spec's reward failure text. */
export type RewardResult = { ok: true } | { ok: false; error: string };

const failed: RewardResult = { ok: false, error: LOYALTY_MESSAGES.rewardFailed };

/**
 * Switches the order's reward (spec section 4, Rewards): from `current` (the reward on the order: a catalogue
 * id, customPoints, or null for 'No Rewards') to `next` (null: 'No Rewards'). Nothing -> a reward adds it
 * (POST), a reward -> another choice moves or updates it (PUT), a reward -> 'No Rewards' removes it (DELETE).
 * Any failure reads 'There was a problem while trying to apply or remove your reward'.
 */
export async function switchReward(input: {
  current: number | typeof CUSTOM_POINTS_ID | null;
  next: OrderRewardBody | null;
}): Promise<RewardResult> {
  const ref = await getOrderRef();
  if (!ref) return failed;
  const base = `loyalty/orders/${ref.orderId}/rewards`;
  if (input.next === null) {
    if (input.current === null) return { ok: true };
    const removed = await apiRequest(OrderSchema, `${base}/${encodeURIComponent(String(input.current))}`, {
      method: 'DELETE',
    });
    return removed.ok ? { ok: true } : failed;
  }
  const parsed = OrderRewardBodySchema.safeParse(input.next);
  if (!parsed.success) return failed;
  const changed = await apiRequest(OrderSchema, base, {
    method: input.current === null ? 'POST' : 'PUT',
    body: parsed.data,
  });
  return changed.ok ? { ok: true } : failed;
}
