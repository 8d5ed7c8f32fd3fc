/**
 * The menu: immutable snapshots of a tree of menu nodes (categories, items, modifier groups, modifiers),
 * addressed by item path keys. Money crosses HTTP as dollars (`price`); the pricing rules in `pricing.ts`
 * turn every price into integer cents before doing arithmetic.
 *
 * Item path keys (decided here, consistent with the spec's description): dash-joined numeric segments, one
 * segment per level, starting at the menu:
 *
 * | segments | node                                     | example           |
 * |---------:|------------------------------------------|-------------------|
 * | 1        | menu                                     | `1`               |
 * | 2        | category                                 | `1-2`             |
 * | 3        | top-level item (or top-level group/combo) | `1-2-10`          |
 * | 4        | modifier group of the item               | `1-2-10-40`       |
 * | 5        | modifier                                 | `1-2-10-40-401`   |
 * | 6        | nested group (under a modifier)          | `1-2-10-40-401-50`|
 * | 7        | nested modifier (more than 5 parts)      | `...-50-501`      |
 *
 * So an odd count from 3 on is an orderable node (top-level item, modifier or nested modifier), a key of more than
 * 5 parts is nested, and a modifier's selection rules are examined at its parent key (its group).
 */
import { z } from 'zod';
import { envelope } from './api';
import { DateTimeSchema, IdParamSchema } from './bounds';
import { BrandSchema } from './locations';
import {
  CrossSellTriggerModeSchema,
  FulfillmentMethodSchema,
  ITEM_TYPE,
  ItemTypeSchema,
  MenuLayoutSchema,
  PriceDisplaySchema,
  PricingTypeSchema,
  type FulfillmentMethod,
} from './enums';

export * from './menu-tree';

export const ITEM_PATH_KEY_MAX = 200;
export const ItemPathKeySchema = z
  .string()
  .max(ITEM_PATH_KEY_MAX)
  .regex(/^\d{1,9}(-\d{1,9})*$/, 'Invalid item path key');
export type ItemPathKey = z.infer<typeof ItemPathKeySchema>;

export const DisplayAttributeSchema = z.object({
  itemTitle: z.string(),
  shortDescription: z.string().nullable(),
  description: z.string().nullable(),
  /** Image id for `GET /v1/images/{imageId}?width=&height=`; null when the item has no picture. */
  imageFileId: z.string().nullable(),
  hidden: z.boolean(),
  webOrderingLayout: MenuLayoutSchema,
  baseItemsPriceDisplay: PriceDisplaySchema,
});
export type DisplayAttribute = z.infer<typeof DisplayAttributeSchema>;

/**
 * A group's selection rules. `maxQty` 0 means no upper bound. The first `includedQty` units chosen in the group
 * are free (see pricing.ts for which units).
 */
export const SelectionAttributeSchema = z.object({
  minQty: z.number().int().min(0),
  maxQty: z.number().int().min(0),
  includedQty: z.number().int().min(0),
  /**
   * How many of the group's default choices (defaultQuantity) may be swapped for other choices of the group;
   * absent or null: any. More swaps are refused with 21008 (substitution quantity exceeded, ordering spec
   * section 8). See pricing.ts `substitutionCount`.
   */
  maxSubstitutions: z.number().int().min(0).nullable().optional(),
});
export type SelectionAttribute = z.infer<typeof SelectionAttributeSchema>;

/** Per-node configuration: `maxQuantity` is how many of this modifier one may pick (0 = 1). */
export const ItemConfigurationsSchema = z.object({
  displayOrder: z.number().int(),
  maxQuantity: z.number().int().min(0),
  defaultQuantity: z.number().int().min(0),
});
export type ItemConfigurations = z.infer<typeof ItemConfigurationsSchema>;

export const ItemPriceSchema = z.object({
  portionTypeId: z.number().int().nullable(),
  /** Dollars, 2 decimals. */
  price: z.number(),
  default: z.boolean(),
  isOutOfStock: z.boolean(),
});
export type ItemPrice = z.infer<typeof ItemPriceSchema>;

export const PriceAttributeSchema = z.object({
  priceType: PricingTypeSchema,
  prices: z.array(ItemPriceSchema),
  /** The item's portion choice applies to its modifiers (priced at the same portion when they have it). */
  propagatePortionSelection: z.boolean(),
});
export type PriceAttribute = z.infer<typeof PriceAttributeSchema>;

export const OperationalAttributeSchema = z.object({ promptForModifiers: z.boolean() });

export const ItemTransitionRelationSchema = z.object({
  childItemId: z.number().int(),
  titleOverride: z.string().nullable(),
});
export const ItemTransitionsSchema = z.object({
  hasTransitions: z.boolean(),
  title: z.string().nullable(),
  relations: z.array(ItemTransitionRelationSchema),
});
export type ItemTransitions = z.infer<typeof ItemTransitionsSchema>;

export const NutritionInfoSchema = z.object({
  defaultCalories: z.number().int().nullable(),
  calories: z.string().nullable(),
});

/** A menu node: category, item, modifier group or modifier. `displayAttribute` null = no display data. */
export interface MenuNode {
  itemPathKey: string;
  itemMasterId: number;
  title: string;
  displayAttribute: DisplayAttribute | null;
  isOutOfStock: boolean;
  /** True when the node has no descendants at all (compact menus omit children of nodes that have some). */
  lastNode: boolean;
  children: MenuNode[];
  itemType: number;
  selectionAttribute: SelectionAttribute | null;
  itemConfigurations: ItemConfigurations;
  priceAttribute: PriceAttribute | null;
  operationalAttribute: { promptForModifiers: boolean };
  itemTransitions: ItemTransitions | null;
  brandIds: number[];
  isCrossSellTrigger: boolean;
  crossSellTriggerMode: 'AddItem' | 'Checkout' | 'Both' | null;
  nutritionInfo: { defaultCalories: number | null; calories: string | null } | null;
  /**
   * Compact menus only, on items shown with a rolled-up 'from' price (RollupChildItemPricing): that price in
   * dollars, computed by the API from the item's whole tree (see menu-display.ts), so the compact menu need not
   * carry the tree; null when the item shows its base price instead. Absent everywhere else.
   */
  rollupPrice?: number | null;
  /**
   * Top-level items only: the fulfilment methods the item can be ordered for (a sundae that would melt on the
   * way is Pickup and Dine In only). Absent = every method the store offers.
   */
  fulfillmentMethods?: FulfillmentMethod[];
}

/** A node's own fields (everything but its children). */
const menuNodeFields = {
  itemPathKey: z.string(),
  itemMasterId: z.number().int(),
  title: z.string(),
  displayAttribute: DisplayAttributeSchema.nullable(),
  isOutOfStock: z.boolean(),
  lastNode: z.boolean(),
  itemType: ItemTypeSchema,
  selectionAttribute: SelectionAttributeSchema.nullable(),
  itemConfigurations: ItemConfigurationsSchema,
  priceAttribute: PriceAttributeSchema.nullable(),
  operationalAttribute: OperationalAttributeSchema,
  itemTransitions: ItemTransitionsSchema.nullable(),
  brandIds: z.array(z.number().int()),
  isCrossSellTrigger: z.boolean(),
  crossSellTriggerMode: CrossSellTriggerModeSchema.nullable(),
  nutritionInfo: NutritionInfoSchema.nullable(),
  rollupPrice: z.number().nullable().optional(),
  fulfillmentMethods: z.array(FulfillmentMethodSchema).optional(),
};

// Registered by name: a recursive schema is emitted once as a component of the API document and referenced
// (unnamed, its recursion pointed at a `schema0` component that was never defined).
export const MenuNodeSchema: z.ZodType<MenuNode> = z
  .object({
    ...menuNodeFields,
    get children(): z.ZodArray<z.ZodType<MenuNode>> {
      return z.array(MenuNodeSchema);
    },
  })
  .meta({ id: 'MenuNode' });

export const UNIT_TYPES = ['oz', '$', 'lb', 'kg', 'ounce', 'pound', 'kilogram'] as const;
export const PortionSchema = z.object({
  portionTypeId: z.number().int(),
  title: z.string(),
  price: z.number(),
  tare: z.number().nullable(),
  unitType: z.enum(UNIT_TYPES).nullable(),
});
export type Portion = z.infer<typeof PortionSchema>;

/** GET /v1/menus/lookups/portions */
export const PortionLookupSchema = z.object({ id: z.number().int(), title: z.string() });
export type PortionLookup = z.infer<typeof PortionLookupSchema>;
export const PortionLookupsResponseSchema = envelope(z.array(PortionLookupSchema));

/** GET /v1/sales/menus: a snapshot of the location's menu; `categories` are nodes of itemType Category. */
export const MenuSchema = z.object({
  snapshotId: z.number().int(),
  menuId: z.number().int(),
  locationId: z.number().int(),
  title: z.string(),
  catering: z.boolean(),
  /** Whether item children were left out (Prefer: return=compact); fetch them with the descendants call. */
  compact: z.boolean(),
  createdAt: z.string(),
  brands: z.array(BrandSchema),
  categories: z.array(MenuNodeSchema),
});
export type Menu = z.infer<typeof MenuSchema>;
export const MenuResponseSchema = envelope(MenuSchema);

/**
 * An item of a compact menu (`Prefer: return=compact`): its card on the store page and nothing more. The rest of
 * the item (long description, modifier tree, configuration, transitions, brands) is on its descendants answer.
 * Over the wire every field at its default is left out, and this schema fills it back in: `null` for nullable
 * fields, `false` for flags, item type 1 (menu item), 'ShowBasePrice'. `rollupPrice` is there only on items shown
 * with a rolled-up 'from' price, `fulfillmentMethods` only on items limited to some methods, as on full nodes.
 * Items come in display order (the card needs no `displayOrder`).
 */
export const CompactMenuItemSchema = z.object({
  itemPathKey: z.string(),
  itemMasterId: z.number().int(),
  title: z.string(),
  itemType: ItemTypeSchema.default(ITEM_TYPE.MenuItem),
  displayAttribute: z
    .object({
      itemTitle: z.string(),
      shortDescription: z.string().nullable().default(null),
      imageFileId: z.string().nullable().default(null),
      hidden: z.boolean().default(false),
      baseItemsPriceDisplay: PriceDisplaySchema.default('ShowBasePrice'),
    })
    .nullable()
    .default(null),
  isOutOfStock: z.boolean().default(false),
  /** True when the item has no descendants at all. */
  lastNode: z.boolean().default(false),
  priceAttribute: z
    .object({
      prices: z.array(
        z.object({
          portionTypeId: z.number().int().nullable().default(null),
          price: z.number(),
          default: z.boolean().default(false),
          isOutOfStock: z.boolean().default(false),
        }),
      ),
    })
    .nullable()
    .default(null),
  nutritionInfo: z
    .object({
      defaultCalories: z.number().int().nullable().default(null),
      calories: z.string().nullable().default(null),
    })
    .nullable()
    .default(null),
  /** As on full nodes: only with `includeCrossSellTriggers`. */
  isCrossSellTrigger: z.boolean().default(false),
  crossSellTriggerMode: CrossSellTriggerModeSchema.nullable().default(null),
  rollupPrice: z.number().nullable().optional(),
  fulfillmentMethods: z.array(FulfillmentMethodSchema).optional(),
});
export type CompactMenuItem = z.infer<typeof CompactMenuItemSchema>;

/** A category of a compact menu: a full category node whose children are compact items. */
export const CompactMenuCategorySchema = z.object({
  ...menuNodeFields,
  children: z.array(CompactMenuItemSchema),
});
export type CompactMenuCategory = z.infer<typeof CompactMenuCategorySchema>;

/**
 * GET /v1/sales/menus with `Prefer: return=compact`: the menu with item cards instead of item trees (see
 * CompactMenuItemSchema), a few times smaller than the full menu.
 */
export const CompactMenuSchema = MenuSchema.extend({
  compact: z.literal(true),
  categories: z.array(CompactMenuCategorySchema),
});
export type CompactMenu = z.infer<typeof CompactMenuSchema>;
export const CompactMenuResponseSchema = envelope(CompactMenuSchema);

/** Comma-separated numbers in a query string (`brandIds=1,2`). */
export const IdListQuerySchema = z
  .string()
  .max(200)
  .regex(/^\d{1,9}(,\d{1,9})*$/, 'Expected comma-separated ids')
  .transform((s) => s.split(',').map(Number));

const BoolQuery = z
  .union([z.boolean(), z.enum(['true', 'false'])])
  .transform((v) => v === true || v === 'true');

export const MenuQuerySchema = z.object({
  locationId: IdParamSchema,
  fulfillmentMethod: z.coerce
    .number()
    .pipe(z.union([z.literal(0), z.literal(1), z.literal(2)]))
    .optional(),
  includeOutOfStock: BoolQuery.optional(),
  includeCrossSellTriggers: BoolQuery.optional(),
  catering: BoolQuery.optional(),
  brandIds: IdListQuerySchema.optional(),
  contextTime: DateTimeSchema.optional(),
});
export type MenuQuery = z.infer<typeof MenuQuerySchema>;

export const SnapshotItemParamsSchema = z.object({
  snapshotId: IdParamSchema,
  itemPathKey: ItemPathKeySchema,
});
export const MenuSnapshotItemParamsSchema = z.object({
  menuSnapshotId: IdParamSchema,
  itemPathKey: ItemPathKeySchema,
});

export const DescendantsQuerySchema = z.object({
  includeOutOfStock: BoolQuery.optional(),
  contextTime: DateTimeSchema.optional(),
});
/** GET .../items/{itemPathKey}/descendants: the node with its whole subtree. */
export const DescendantsResponseSchema = envelope(MenuNodeSchema);

export const TransitionsQuerySchema = z.object({ contextTime: DateTimeSchema.optional() });
export const TransitionItemSchema = z.object({
  itemPathKey: z.string(),
  item: MenuNodeSchema,
  title: z.string(),
});
export type TransitionItem = z.infer<typeof TransitionItemSchema>;
/** GET .../items/{itemPathKey}/transitions: empty list when the item has none. */
export const TransitionsResponseSchema = envelope(z.array(TransitionItemSchema));

/** The spec's image sizes: menu card, item page, modifier. */
import { IMAGE_SIZES } from './image-sizes';

export { IMAGE_SIZES };

/** `/v1/images/{id}?width=&height=` (relative to the API base). */
export function imagePath(imageId: string, size: { width: number; height: number }): string {
  return `/v1/images/${encodeURIComponent(imageId)}?width=${size.width}&height=${size.height}`;
}

/** Sizes the image route serves: the spec's three, their 2x versions for dense screens, and favicon squares. */
export const ALLOWED_IMAGE_SIZES: readonly { width: number; height: number }[] = [
  ...Object.values(IMAGE_SIZES),
  ...Object.values(IMAGE_SIZES).map((s) => ({ width: s.width * 2, height: s.height * 2 })),
  { width: 32, height: 32 },
  { width: 180, height: 180 },
  { width: 192, height: 192 },
  // Promo popup pictures (marketing.ts PROMO_IMAGE_SIZES): desktop landscape, mobile portrait.
  { width: 720, height: 405 },
  { width: 360, height: 480 },
];

const dimension = (name: 'width' | 'height') =>
  z
    .string({ error: `${name} is required` })
    .min(1, `${name} is required`)
    .regex(/^\d{1,4}$/, `${name} must be a positive integer`)
    .transform(Number);

export const ImageParamsSchema = z.object({
  imageId: z
    .string({ error: 'imageId is required' })
    .min(1, 'imageId is required')
    .max(100)
    .regex(/^[a-z0-9-]+$/, 'Invalid imageId'),
});
export const ImageQuerySchema = z.object({ width: dimension('width'), height: dimension('height') });
