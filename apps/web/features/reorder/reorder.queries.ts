import 'server-only';
import {
  PAST_ORDERED_ITEMS_LIMIT,
  RecentOrderedItemSchema,
  type RecentOrderedItem,
} from '@storefront/contracts/accounts';
import { z } from 'zod';
import { apiRequest } from '@/lib/api';

/**
 * The reorder strip's items: the signed-in customer's last ordered items of the current order channel (a web
 * order's strip holds no catering items), priced on this store's menu today (GET guests/past-ordered-items,
 * snapshotId, limit 5, filterByCurrentOrderChannel, locationId: ordering spec section 7). The strip is an extra: a failure reads as no items. Callers ask only
 * for a signed-in customer, so a guest's store page makes no call for it.
 */
export async function listReorderItems(input: {
  locationId: number;
  snapshotId: number;
}): Promise<RecentOrderedItem[]> {
  const result = await apiRequest(z.array(RecentOrderedItemSchema), 'guests/past-ordered-items', {
    query: {
      snapshotId: input.snapshotId,
      limit: PAST_ORDERED_ITEMS_LIMIT,
      filterByCurrentOrderChannel: true,
      locationId: input.locationId,
    },
  });
  return result.ok ? result.value : [];
}

/**
 * One past order line for the item page's reorder mode (?pastItemId=), priced on `snapshotId`; null when it is
 * not the customer's, unknown, or not on this menu (the page then opens as a plain add).
 */
export async function getReorderItem(
  pastItemId: number,
  snapshotId: number,
): Promise<RecentOrderedItem | null> {
  const result = await apiRequest(RecentOrderedItemSchema, `guests/past-ordered-items/${pastItemId}`, {
    query: { snapshotId },
  });
  return result.ok ? result.value : null;
}
