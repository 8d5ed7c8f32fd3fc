/**
 * Cross-sell offers for an order (spec sections 3, 4 and 9). An offer belongs to a brand and names its trigger
 * and offered items by item master id; it is resolved against the order's menu snapshot, so it follows every
 * location and menu version of the brand. Offered items the order already has, its trigger, and items the
 * snapshot hides, lacks, has out of stock or cannot serve by the order's method are left out; an offer left with
 * nothing is not returned.
 */
import { and, asc, eq, inArray } from 'drizzle-orm';
import { triggersAt, type CrossSellOffer, type CrossSellOfferedItem } from '@storefront/contracts/cross-sell';
import type { FulfillmentMethod } from '@storefront/contracts/enums';
import {
  defaultPrice,
  hasPortions,
  isAvailableFor,
  isGroupNode,
  isTopLevelItemKey,
  type MenuNode,
} from '@storefront/contracts/menu';
import type { Db } from '../../db/client';
import { crossSellOffers } from '../../db/schema/marketing';
import type { Session } from '../../lib/tokens';
import type { LoadedSnapshot } from '../menus/menu-snapshots';
import { requireSnapshot } from '../menus/menus.service';
import { findOrderItems } from '../orders/orders.repository';
import { requireOwnedOrder } from '../orders/orders.service';
import { findLocationBrandIds } from './marketing.repository';

async function findEnabledOffers(db: Db, brandIds: readonly number[]) {
  if (brandIds.length === 0) return [];
  return db
    .select()
    .from(crossSellOffers)
    .where(and(eq(crossSellOffers.enabled, true), inArray(crossSellOffers.brandId, [...brandIds])))
    .orderBy(asc(crossSellOffers.position), asc(crossSellOffers.id));
}

/** The snapshot's orderable top-level items by item master id (first occurrence wins). */
function itemsByMasterId(snapshot: LoadedSnapshot): Map<number, MenuNode> {
  const items = new Map<number, MenuNode>();
  for (const [key, node] of snapshot.byKey) {
    if (!isTopLevelItemKey(key) || isGroupNode(node) || items.has(node.itemMasterId)) continue;
    items.set(node.itemMasterId, node);
  }
  return items;
}

function isOfferable(node: MenuNode, method: FulfillmentMethod): boolean {
  return (
    node.displayAttribute !== null &&
    !node.displayAttribute.hidden &&
    !node.isOutOfStock &&
    defaultPrice(node)?.isOutOfStock !== true &&
    isAvailableFor(node, method)
  );
}

function toOfferedItem(node: MenuNode): CrossSellOfferedItem {
  const itemTitle = node.displayAttribute?.itemTitle ?? node.title;
  return {
    itemPathKey: node.itemPathKey,
    title: node.title,
    displayAttribute: { imageFileId: node.displayAttribute?.imageFileId ?? null, itemTitle },
    price: defaultPrice(node)?.price ?? 0,
    customizable: node.children.some(isGroupNode) || hasPortions(node),
  };
}

/**
 * GET sales/orders/{id}/cross-sell-offers: with `itemPathKey` (the item just added), the offers it triggers when
 * its mode is AddItem or Both; without, the offers triggered by the order's lines whose mode is Checkout or Both.
 */
export async function listCrossSellOffers(
  db: Db,
  session: Session,
  orderId: number,
  itemPathKey: string | undefined,
): Promise<CrossSellOffer[]> {
  const order = await requireOwnedOrder(db, orderId, session.sid);
  const [snapshot, lines] = await Promise.all([
    requireSnapshot(db, order.snapshotId),
    findOrderItems(db, orderId),
  ]);
  const moment = itemPathKey === undefined ? 'Checkout' : 'AddItem';
  const triggerKeys = itemPathKey === undefined ? lines.map((line) => line.itemPathKey) : [itemPathKey];
  const triggers = new Set<number>();
  for (const key of triggerKeys) {
    const node = snapshot.byKey.get(key);
    if (node?.isCrossSellTrigger && triggersAt(node.crossSellTriggerMode, moment))
      triggers.add(node.itemMasterId);
  }
  if (triggers.size === 0) return [];

  const offers = await findEnabledOffers(db, (await findLocationBrandIds(db, order.locationId)) ?? []);
  const items = itemsByMasterId(snapshot);
  const inOrder = new Set(lines.map((line) => line.itemPathKey));
  const method = order.fulfillmentMethod as FulfillmentMethod;
  const shown = new Set<string>();
  const result: CrossSellOffer[] = [];
  for (const offer of offers) {
    if (!offer.triggerItemMasterIds.some((id) => triggers.has(id))) continue;
    const offered: CrossSellOfferedItem[] = [];
    for (const id of offer.offeredItemMasterIds) {
      const node = items.get(id);
      if (!node || triggers.has(id) || inOrder.has(node.itemPathKey) || shown.has(node.itemPathKey)) continue;
      if (!isOfferable(node, method)) continue;
      shown.add(node.itemPathKey);
      offered.push(toOfferedItem(node));
    }
    if (offered.length > 0) {
      result.push({
        offerId: offer.id,
        title: offer.title,
        description: offer.description,
        offeredMenuItems: offered,
      });
    }
  }
  return result;
}
