import 'server-only';
import { cache } from 'react';
import { z } from 'zod';
import { OrderSettingsSchema } from '@storefront/contracts/locations';
import {
  MenuNodeSchema,
  PortionLookupSchema,
  TransitionItemSchema,
  isTopLevelItemKey,
  type MenuNode,
  type TransitionItem,
} from '@storefront/contracts/menu';
import { ItemPricingValueSchema } from '@storefront/contracts/orders';
import { FULFILLMENT_METHOD } from '@storefront/contracts/enums';
import { apiRequest, firstErrorMessage, type ApiResult } from '@/lib/api';
import { getOrderRef } from '@/lib/order-cookie';
import type { LivePriceRequest } from './item-pricing';
import { itemDetailsTag } from './item-tags';

/**
 * An item of a menu snapshot with its whole modifier tree, or null when the snapshot has no such top-level item
 * (the page answers not found). An unreachable API throws to the error boundary.
 */
export const getItemDetails = cache(
  async (snapshotId: number, itemPathKey: string): Promise<MenuNode | null> => {
    if (!isTopLevelItemKey(itemPathKey)) return null;
    const result = await apiRequest(
      MenuNodeSchema,
      `sales/menus/${snapshotId}/items/${itemPathKey}/descendants`,
      {
        query: { includeOutOfStock: true },
        revalidate: 300,
        tags: [itemDetailsTag(snapshotId, itemPathKey)],
      },
    );
    if (result.ok) return result.value;
    if (result.status === 404 || result.status === 400 || result.status === 422) return null;
    throw new Error(`Could not load item ${itemPathKey}: ${firstErrorMessage(result)}`);
  },
);

/** Portion titles by id ('Small', 'Large'); empty when the lookup is unavailable (the picker shows prices). */
export const getPortionTitles = cache(async (): Promise<Record<number, string>> => {
  const result = await apiRequest(z.array(PortionLookupSchema), 'menus/lookups/portions', {
    revalidate: 300,
  });
  return result.ok ? Object.fromEntries(result.value.map((p) => [p.id, p.title])) : {};
});

/** Whether the store lets guests write item notes; false when the settings are unavailable. */
export const getAllowItemInstructions = cache(
  async (locationId: number, catering: boolean): Promise<boolean> => {
    const result = await apiRequest(OrderSettingsSchema, `locations/${locationId}/order-settings`, {
      query: { fulfillmentMethod: FULFILLMENT_METHOD.Pickup, catering },
      revalidate: 60,
    });
    return result.ok ? result.value.allowItemInstructions : false;
  },
);

/**
 * The API's price for the item form's current selection: on the menu defaults for a new item, on the order line
 * when editing (the order comes from this session's cookie), or on the line as the transition item it may become.
 * Failures are values for the route handler.
 */
export async function priceLiveRequest(request: LivePriceRequest): Promise<ApiResult<{ total: number }>> {
  const body = {
    quantity: request.quantity,
    portionId: request.portionId,
    sequenceOfChanges: request.sequenceOfChanges,
  };
  if (request.mode === 'menu') {
    const result = await apiRequest(
      ItemPricingValueSchema,
      `sales/menus/${request.snapshotId}/items/${request.itemPathKey}/pricings`,
      { method: 'POST', body },
    );
    return result.ok ? { ok: true, value: { total: result.value.total } } : result;
  }
  const ref = await getOrderRef();
  if (!ref)
    return { ok: false, status: 404, errors: [{ key: 'OrderNotFound', code: 404, message: 'No order' }] };
  const result = await apiRequest(
    ItemPricingValueSchema,
    `sales/orders/${ref.orderId}/items/${request.instanceId}/pricings`,
    {
      method: 'PUT',
      body: request.transitionItemPathKey
        ? { ...body, transitionItemPathKey: request.transitionItemPathKey }
        : body,
    },
  );
  return result.ok ? { ok: true, value: { total: result.value.total } } : result;
}

/**
 * The items an item turns into (combos): GET sales/menus/{snapshotId}/items/{key}/transitions. Null when the item
 * has none; `{ ok: false }` when the call failed (the chooser says 'Failed to fetch transition items').
 */
export async function getTransitions(
  snapshotId: number,
  item: MenuNode,
): Promise<{ ok: true; items: TransitionItem[] } | { ok: false } | null> {
  if (!item.itemTransitions?.hasTransitions) return null;
  const result = await apiRequest(
    z.array(TransitionItemSchema),
    `sales/menus/${snapshotId}/items/${item.itemPathKey}/transitions`,
    { revalidate: 300 },
  );
  if (!result.ok) return { ok: false };
  const items = result.value.filter(
    (t) => t.item.displayAttribute !== null && !t.item.displayAttribute.hidden,
  );
  return items.length > 0 ? { ok: true, items } : null;
}

/**
 * Whether the item at `fromItemPathKey` turns into `item` on the snapshot (one of its transitions, e.g. its combo);
 * false when either is unknown or the transitions cannot be fetched.
 */
export async function isTransitionOf(
  snapshotId: number,
  fromItemPathKey: string,
  item: MenuNode,
): Promise<boolean> {
  const from = await getItemDetails(snapshotId, fromItemPathKey);
  const transitions = from ? await getTransitions(snapshotId, from) : null;
  return transitions?.ok === true && transitions.items.some((t) => t.itemPathKey === item.itemPathKey);
}
