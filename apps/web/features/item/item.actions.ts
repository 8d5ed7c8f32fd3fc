'use server';

import { updateTag } from 'next/cache';
import { z } from 'zod';
import { ItemPathKeySchema } from '@storefront/contracts/menu';
import { itemDetailsTag } from './item-tags';

const RefreshSchema = z.object({
  snapshotId: z.number().int().positive().max(2_147_483_647),
  itemPathKey: ItemPathKeySchema,
});

/**
 * Clears the cached descendants of an item after the API refused its customization (21002 invalid item and the
 * other selection codes): the next render of the page fetches the modifier tree afresh, while the form on
 * screen keeps showing the details the guest was looking at.
 */
export async function clearItemDetailsCache(
  input: z.input<typeof RefreshSchema>,
): Promise<{ ok: true; data: null } | { ok: false; error: string }> {
  const parsed = RefreshSchema.safeParse(input);
  if (!parsed.success) return { ok: false, error: 'Invalid item' };
  updateTag(itemDetailsTag(parsed.data.snapshotId, parsed.data.itemPathKey));
  return { ok: true, data: null };
}
