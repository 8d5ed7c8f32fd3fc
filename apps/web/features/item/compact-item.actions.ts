'use server';

import { z } from 'zod';
import type { MenuNode } from '@storefront/contracts/menu';
import { ItemPathKeySchema, isTopLevelItemKey } from '@storefront/contracts/menu';
import { getStoreContext } from '@/features/locations/locations.queries';
import { getMenu } from '@/features/menu/menu.queries';
import { isFeatureEnabled } from '@/lib/feature-flags';
import { FEATURE_FLAG } from '@storefront/contracts/templates';
import { getAllowItemInstructions, getItemDetails, getPortionTitles } from './item.queries';

const InputSchema = z.object({
  locationId: z.number().int().positive().max(Number.MAX_SAFE_INTEGER),
  menuType: z.enum(['menu', 'catering']),
  itemPathKey: ItemPathKeySchema,
});

export interface CompactItem {
  item: MenuNode;
  snapshotId: number;
  portionTitles: Record<number, string>;
  allowNotes: boolean;
  hideDefaultModifiers: boolean;
  /** Off under the 'disable real-time pricing' flag. */
  realTimePricing: boolean;
}

export type CompactItemResult = { ok: true; data: CompactItem } | { ok: false; error: string };

/**
 * What the compact item modal needs to customise an item over the store menu (the item page's data: the item
 * with its modifier tree on the store's current menu snapshot, portion titles, whether notes are taken).
 */
export async function loadCompactItem(input: z.input<typeof InputSchema>): Promise<CompactItemResult> {
  const parsed = InputSchema.safeParse(input);
  if (!parsed.success || !isTopLevelItemKey(parsed.data.itemPathKey))
    return { ok: false, error: 'Item not found' };
  const { locationId, menuType, itemPathKey } = parsed.data;
  const catering = menuType === 'catering';
  const [context, menu, portionTitles, allowNotes, pricingDisabled] = await Promise.all([
    getStoreContext(locationId, catering),
    getMenu(locationId, catering),
    getPortionTitles(),
    getAllowItemInstructions(locationId, catering),
    isFeatureEnabled(FEATURE_FLAG.disableRealTimePricing),
  ]);
  if (!context || !menu.ok) return { ok: false, error: 'Please try again.' };
  const item = await getItemDetails(menu.menu.snapshotId, itemPathKey);
  if (!item || item.displayAttribute === null || item.displayAttribute.hidden)
    return { ok: false, error: 'Item not found' };
  return {
    ok: true,
    data: {
      item,
      snapshotId: menu.menu.snapshotId,
      portionTitles,
      allowNotes,
      hideDefaultModifiers: context.template?.orderingSettings.hideDefaultModifiers ?? false,
      realTimePricing: !pricingDisabled,
    },
  };
}
