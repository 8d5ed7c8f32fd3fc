'use server';

import { z } from 'zod';
import { CrossSellOfferSchema, type CrossSellOffer } from '@storefront/contracts/marketing';
import { ItemPathKeySchema } from '@storefront/contracts/menu';
import { apiRequest } from '@/lib/api';
import { getOrderRef } from '@/lib/order-cookie';

const InputSchema = z.object({
  locationId: z.number().int().positive().max(Number.MAX_SAFE_INTEGER),
  /** The item just added (AddItem moment); absent: the order on its way to checkout (Checkout moment). */
  itemPathKey: ItemPathKeySchema.optional(),
});

/**
 * The current order's cross-sell offers (GET sales/orders/{id}/cross-sell-offers). Offers are a suggestion:
 * no order here, an order of another store, or any failure reads as no offer, so the guest's way to the menu
 * or to checkout is never blocked by them.
 */
export async function fetchCrossSellOffers(input: z.input<typeof InputSchema>): Promise<CrossSellOffer[]> {
  const parsed = InputSchema.safeParse(input);
  if (!parsed.success) return [];
  const ref = await getOrderRef();
  if (!ref || ref.locationId !== parsed.data.locationId) return [];
  const result = await apiRequest(
    z.array(CrossSellOfferSchema),
    `sales/orders/${ref.orderId}/cross-sell-offers`,
    { query: parsed.data.itemPathKey ? { itemPathKey: parsed.data.itemPathKey } : {} },
  );
  return result.ok ? result.value : [];
}
