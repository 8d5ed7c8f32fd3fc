import { z } from 'zod';
import { ITEM_TYPE } from '@storefront/contracts/enums';
import { ORDER_ERROR } from '@storefront/contracts/errors';
import { rolledUpCents } from '@storefront/contracts/menu-display';
import { centsToDollars } from '@storefront/contracts/money';
import {
  isTopLevelItemKey,
  type CompactMenuCategorySchema,
  type CompactMenuItemSchema,
  type CompactMenuSchema,
  type Menu,
  type MenuNode,
  type MenuQuery,
  type PortionLookup,
  type TransitionItem,
} from '@storefront/contracts/menu';
import { ItemPricingResponseSchema, type ItemPricingValue } from '@storefront/contracts/orders';
import {
  applySequenceOfChanges,
  defaultSelection,
  priceItem,
  validateSelection,
  type ItemPricing,
  type PriceChange,
  type SelectedModifier,
  type SelectionIssue,
} from '@storefront/contracts/pricing';
import type { Db } from '../../db/client';
import { notFound } from '../../lib/errors';
import type { SerializedBody } from '../../lib/http-cache';
import {
  memoDescendants,
  memoPricing,
  memoResponse,
  snapshotStore,
  type LoadedSnapshot,
} from './menu-snapshots';
import { findPortions } from './menus.repository';

const APP_MENU_ERROR = { SnapshotNotFound: 811 } as const;

export interface MenuFilters {
  includeOutOfStock: boolean;
  includeCrossSellTriggers: boolean;
  brandIds: readonly number[] | null;
}

/** Whether a node stays under the filters: in stock (unless out-of-stock ones are asked for), of a chosen brand. */
function isKept(node: MenuNode, filters: MenuFilters): boolean {
  if (!filters.includeOutOfStock && node.isOutOfStock) return false;
  return (
    !filters.brandIds ||
    node.brandIds.length === 0 ||
    node.brandIds.some((id) => filters.brandIds?.includes(id))
  );
}

/** A copy of the tree without out-of-stock nodes / other brands; never mutates the cached tree. */
function filterNodes(nodes: readonly MenuNode[], filters: MenuFilters): MenuNode[] {
  return nodes.filter((node) => isKept(node, filters)).map((node) => withFilteredTree(node, filters));
}

function withFilteredTree(node: MenuNode, filters: MenuFilters): MenuNode {
  return {
    ...node,
    children: filterNodes(node.children, filters),
    isCrossSellTrigger: filters.includeCrossSellTriggers && node.isCrossSellTrigger,
    crossSellTriggerMode: filters.includeCrossSellTriggers ? node.crossSellTriggerMode : null,
  };
}

type CompactItemWire = z.input<typeof CompactMenuItemSchema>;
type CompactCategoryWire = z.input<typeof CompactMenuCategorySchema>;

/**
 * A compact item as sent: its card (CompactMenuItemSchema) with every field at its default left out, which the
 * schema fills back in. An item whose card shows a rolled-up 'from' price gets it computed here from its
 * (filtered) tree, so the menu need not carry the tree.
 */
function compactCard(item: MenuNode, filters: MenuFilters): CompactItemWire {
  const card: CompactItemWire = {
    itemPathKey: item.itemPathKey,
    itemMasterId: item.itemMasterId,
    title: item.title,
  };
  if (item.itemType !== ITEM_TYPE.MenuItem) card.itemType = item.itemType;
  const display = item.displayAttribute;
  if (display) {
    const shown: NonNullable<CompactItemWire['displayAttribute']> = { itemTitle: display.itemTitle };
    if (display.shortDescription !== null) shown.shortDescription = display.shortDescription;
    if (display.imageFileId !== null) shown.imageFileId = display.imageFileId;
    if (display.hidden) shown.hidden = true;
    if (display.baseItemsPriceDisplay !== 'ShowBasePrice') {
      shown.baseItemsPriceDisplay = display.baseItemsPriceDisplay;
    }
    card.displayAttribute = shown;
  }
  if (item.isOutOfStock) card.isOutOfStock = true;
  if (item.lastNode) card.lastNode = true;
  if (item.priceAttribute) {
    card.priceAttribute = {
      prices: item.priceAttribute.prices.map((p) => ({
        ...(p.portionTypeId === null ? {} : { portionTypeId: p.portionTypeId }),
        price: p.price,
        ...(p.default ? { default: true } : {}),
        ...(p.isOutOfStock ? { isOutOfStock: true } : {}),
      })),
    };
  }
  if (item.nutritionInfo) {
    const { defaultCalories, calories } = item.nutritionInfo;
    card.nutritionInfo = {
      ...(defaultCalories === null ? {} : { defaultCalories }),
      ...(calories === null ? {} : { calories }),
    };
  }
  if (filters.includeCrossSellTriggers) {
    if (item.isCrossSellTrigger) card.isCrossSellTrigger = true;
    if (item.crossSellTriggerMode !== null) card.crossSellTriggerMode = item.crossSellTriggerMode;
  }
  if (display?.baseItemsPriceDisplay === 'RollupChildItemPricing') {
    const cents = rolledUpCents(withFilteredTree(item, filters));
    card.rollupPrice = cents === null ? null : centsToDollars(cents);
  }
  if (item.fulfillmentMethods !== undefined) card.fulfillmentMethods = item.fulfillmentMethods;
  return card;
}

/** Categories of a compact menu: full category nodes whose children are item cards in display order. */
function compactCategories(categories: readonly MenuNode[], filters: MenuFilters): CompactCategoryWire[] {
  return categories
    .filter((category) => isKept(category, filters))
    .map((category) => ({
      ...category,
      isCrossSellTrigger: filters.includeCrossSellTriggers && category.isCrossSellTrigger,
      crossSellTriggerMode: filters.includeCrossSellTriggers ? category.crossSellTriggerMode : null,
      children: category.children
        .filter((item) => isKept(item, filters))
        // A stable sort: items of equal display order keep their menu order.
        .sort((a, b) => a.itemConfigurations.displayOrder - b.itemConfigurations.displayOrder)
        .map((item) => compactCard(item, filters)),
    }));
}

/** Loads a snapshot or fails with 404 (code 811). */
export async function requireSnapshot(db: Db, snapshotId: number): Promise<LoadedSnapshot> {
  const snapshot = await snapshotStore(db).get(snapshotId);
  if (!snapshot)
    throw notFound(
      'SnapshotNotFound',
      `Menu snapshot ${snapshotId} not found`,
      APP_MENU_ERROR.SnapshotNotFound,
    );
  return snapshot;
}

/** A top-level orderable item of a snapshot, or 404 InvalidItem (21002). */
export function requireItem(snapshot: LoadedSnapshot, itemPathKey: string): MenuNode {
  const item = snapshot.byKey.get(itemPathKey);
  if (!item || !isTopLevelItemKey(itemPathKey) || item.itemType === ITEM_TYPE.Group) {
    throw notFound('InvalidItem', `Item ${itemPathKey} is not on this menu`, ORDER_ERROR.InvalidItem);
  }
  return item;
}

function menuFilters(query: MenuQuery): MenuFilters {
  return {
    includeOutOfStock: query.includeOutOfStock ?? false,
    includeCrossSellTriggers: query.includeCrossSellTriggers ?? false,
    brandIds: query.brandIds ?? null,
  };
}

/** A snapshot's menu answer for the filters and form, serialized once and memoised on the snapshot. */
function menuBodyOf(snapshot: LoadedSnapshot, filters: MenuFilters, compact: boolean): SerializedBody {
  const variant = `${compact}|${filters.includeOutOfStock}|${filters.includeCrossSellTriggers}|${filters.brandIds?.join(',') ?? ''}`;
  return memoResponse(snapshot, variant, () => {
    const head = {
      snapshotId: snapshot.id,
      menuId: snapshot.menuId,
      locationId: snapshot.locationId,
      title: snapshot.title,
      catering: snapshot.catering,
      createdAt: snapshot.createdAt,
      brands: filters.brandIds
        ? snapshot.brands.filter((b) => filters.brandIds?.includes(b.id))
        : snapshot.brands,
    };
    const menu: Menu | z.input<typeof CompactMenuSchema> = compact
      ? { ...head, compact: true, categories: compactCategories(snapshot.categories, filters) }
      : { ...head, compact: false, categories: filterNodes(snapshot.categories, filters) };
    return JSON.stringify({ value: menu, succeed: true, errors: [] });
  });
}

/**
 * The location's current menu as a serialized success envelope (memoised per snapshot and variant with its ETag
 * and gzip copy). The hot path answers at once, without a promise: the location's pointer (fresh) and its
 * snapshot are in memory. Otherwise a promise, which fails with 404 InvalidLocation (21034) when the location
 * has no such menu.
 */
export function getMenuBody(
  db: Db,
  query: MenuQuery,
  compact: boolean,
): SerializedBody | Promise<SerializedBody> {
  const filters = menuFilters(query);
  const ready = snapshotStore(db).currentIfLoaded(query.locationId, query.catering ?? false);
  return ready ? menuBodyOf(ready, filters, compact) : loadMenuBody(db, query, filters, compact);
}

async function loadMenuBody(
  db: Db,
  query: MenuQuery,
  filters: MenuFilters,
  compact: boolean,
): Promise<SerializedBody> {
  const catering = query.catering ?? false;
  const snapshotId = await snapshotStore(db).currentSnapshotId(query.locationId, catering);
  if (snapshotId === null) {
    throw notFound(
      'InvalidLocation',
      `No ${catering ? 'catering ' : ''}menu for location ${query.locationId}`,
      ORDER_ERROR.InvalidLocation,
    );
  }
  return menuBodyOf(await requireSnapshot(db, snapshotId), filters, compact);
}

/** A node with its whole subtree; 404 when the snapshot or the key is unknown. */
export async function getDescendants(
  db: Db,
  snapshotId: number,
  itemPathKey: string,
  includeOutOfStock: boolean,
): Promise<MenuNode> {
  const snapshot = await requireSnapshot(db, snapshotId);
  const node = snapshot.byKey.get(itemPathKey);
  if (!node)
    throw notFound('InvalidItem', `Item ${itemPathKey} is not on this menu`, ORDER_ERROR.InvalidItem);
  const filters: MenuFilters = { includeOutOfStock, includeCrossSellTriggers: true, brandIds: null };
  return { ...node, children: filterNodes(node.children, filters) };
}

/**
 * getDescendants as a serialized success envelope, memoised per snapshot, key and filter (a snapshot never
 * changes, so neither does the answer).
 */
export async function getDescendantsBody(
  db: Db,
  snapshotId: number,
  itemPathKey: string,
  includeOutOfStock: boolean,
): Promise<SerializedBody> {
  const snapshot = await requireSnapshot(db, snapshotId);
  const cacheKey = `${itemPathKey}|${includeOutOfStock}`;
  const cached = snapshot.descendants.get(cacheKey);
  if (cached) return cached;
  const node = await getDescendants(db, snapshotId, itemPathKey, includeOutOfStock);
  return memoDescendants(snapshot, cacheKey, () =>
    JSON.stringify({ value: node, succeed: true, errors: [] }),
  );
}

/** The items an item can turn into (combos); an empty list when it has none. */
export async function listTransitions(
  db: Db,
  snapshotId: number,
  itemPathKey: string,
): Promise<TransitionItem[]> {
  const snapshot = await requireSnapshot(db, snapshotId);
  const node = snapshot.byKey.get(itemPathKey);
  if (!node)
    throw notFound('InvalidItem', `Item ${itemPathKey} is not on this menu`, ORDER_ERROR.InvalidItem);
  return transitionsOf(snapshot, node);
}

/** The top-level items of the snapshot a node turns into, in its relations' order (empty when none). */
export function transitionsOf(snapshot: LoadedSnapshot, node: MenuNode): TransitionItem[] {
  const transitions = node.itemTransitions;
  if (!transitions?.hasTransitions) return [];
  const result: TransitionItem[] = [];
  for (const relation of transitions.relations) {
    for (const candidate of snapshot.byKey.values()) {
      if (candidate.itemMasterId === relation.childItemId && isTopLevelItemKey(candidate.itemPathKey)) {
        result.push({
          itemPathKey: candidate.itemPathKey,
          item: candidate,
          title: relation.titleOverride ?? candidate.title,
        });
        break;
      }
    }
  }
  return result;
}

export async function listPortionLookups(db: Db): Promise<PortionLookup[]> {
  return findPortions(db);
}

export interface PricedSelection {
  pricing: ItemPricing;
  issues: SelectionIssue[];
  modifiers: SelectedModifier[];
}

/** Prices and validates one selection on an item (the API's authoritative use of the shared rules). */
export function priceSelection(
  item: MenuNode,
  quantity: number,
  portionId: number | null | undefined,
  modifiers: readonly SelectedModifier[],
): PricedSelection {
  // No default portion here: an item with portions needs one chosen (21009 'Select a portion size');
  // the price meanwhile falls back to the default portion's.
  const selection = { quantity, portionId, modifiers };
  return {
    pricing: priceItem(item, selection),
    issues: validateSelection(item, selection).issues,
    modifiers: [...modifiers],
  };
}

export function toPricingValue(itemPathKey: string, priced: PricedSelection): ItemPricingValue {
  const { pricing } = priced;
  return {
    itemPathKey,
    quantity: pricing.quantity,
    portionId: pricing.portionId,
    unitPrice: centsToDollars(pricing.unitPriceCents),
    total: centsToDollars(pricing.totalCents),
    selectedModifiers: pricing.modifiers.map((m) => ({
      itemPathKey: m.itemPathKey,
      quantity: m.quantity,
      portionId: m.portionId,
      title: m.title,
      price: centsToDollars(m.priceCents),
      includedQuantity: m.includedQuantity,
    })),
    isValid: priced.issues.length === 0,
    errors: priced.issues,
  };
}

/**
 * POST sales/menus/{snapshotId}/items/{key}/pricings: the item's defaults with the changes replayed, priced.
 * Invalid selections are still priced (isValid false, errors listed); unknown snapshot or item is a 404.
 */
export async function priceMenuItem(
  db: Db,
  snapshotId: number,
  itemPathKey: string,
  body: { quantity: number; portionId?: number | null | undefined; sequenceOfChanges: PriceChange[] },
): Promise<ItemPricingValue> {
  const snapshot = await requireSnapshot(db, snapshotId);
  const item = requireItem(snapshot, itemPathKey);
  const modifiers = applySequenceOfChanges(defaultSelection(item).modifiers, body.sequenceOfChanges);
  return toPricingValue(itemPathKey, priceSelection(item, body.quantity, body.portionId, modifiers));
}

/**
 * priceMenuItem's answer (the success envelope) encoded by its response schema, memoised per snapshot and request:
 * a snapshot never changes, so the same item, quantity, portion and changes always price the same. Unknown
 * snapshots and items still answer 404 (never memoised).
 */
export async function priceMenuItemEncoded(
  db: Db,
  snapshotId: number,
  itemPathKey: string,
  body: { quantity: number; portionId?: number | null | undefined; sequenceOfChanges: PriceChange[] },
): Promise<Buffer> {
  const snapshot = await requireSnapshot(db, snapshotId);
  const key = JSON.stringify([
    itemPathKey,
    body.quantity,
    body.portionId === undefined ? 'default' : body.portionId,
    body.sequenceOfChanges,
  ]);
  const cached = snapshot.pricings.get(key);
  if (cached) return cached;
  const value = await priceMenuItem(db, snapshotId, itemPathKey, body);
  return memoPricing(snapshot, key, () =>
    JSON.stringify(z.encode(ItemPricingResponseSchema, { value, succeed: true, errors: [] })),
  );
}
