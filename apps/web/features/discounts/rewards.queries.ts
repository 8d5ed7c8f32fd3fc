import 'server-only';
import { OrderRewardsSchema, type OrderRewards } from '@storefront/contracts/loyalty';
import { apiRequest, currentAccessToken } from '@/lib/api';
import { tokenUserId } from '@/lib/token';

/**
 * The Rewards part's data: 'guest' for a visitor who has not signed in (the page prompts 'Log in to earn and use
 * your rewards!' and asks the API nothing), 'member' with the brand's rewards, the balance and the order's
 * reward, or 'none' when the store's brand has no loyalty program or the API cannot answer (the part is hidden).
 */
export type CheckoutRewards =
  { kind: 'guest' } | { kind: 'none' } | { kind: 'member'; rewards: OrderRewards };

export async function getCheckoutRewards(orderId: number): Promise<CheckoutRewards> {
  if (!tokenUserId(await currentAccessToken())) return { kind: 'guest' };
  const result = await apiRequest(OrderRewardsSchema, `loyalty/orders/${orderId}/rewards`);
  return result.ok ? { kind: 'member', rewards: result.value } : { kind: 'none' };
}
