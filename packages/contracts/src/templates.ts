/** The UI template (look and feel of a location's storefront) and the feature flags. */
import { z } from 'zod';
import { IdParamSchema, envelope } from './api';
import { FulfillmentMethodSchema } from './enums';
import { BrandSchema } from './locations';

/** Colour values are hex with 3 to 6 digits, with or without '#' (spec section 5). */
export const HexColorSchema = z.string().regex(/^#?[0-9a-fA-F]{3,6}$/, 'Color must be an hex value');

/** Default theme colour dark red with white text (spec section 9). */
export const DEFAULT_THEME_COLOR = '#8B0000';
export const DEFAULT_FOREGROUND_COLOR = '#FFFFFF';
/** Contrast ratio at or above which white text is used on a colour, else black. */
export const CONTRAST_THRESHOLD = 3;

export const BrandFilterConfigurationSchema = z.object({
  brandsConfiguration: z.array(z.object({ id: z.number().int(), defaultFilter: z.boolean() })),
});

export const UiTemplateSchema = z.object({
  brandName: z.string(),
  brandId: z.number().int(),
  companyName: z.string(),
  text: z.object({
    primaryFont: z.string(),
    secondaryFont: z.string(),
    primaryColor: HexColorSchema,
    secondaryColor: HexColorSchema,
  }),
  header: z.object({ backgroundColor: HexColorSchema }),
  button: z.object({ primaryColor: HexColorSchema, secondaryColor: HexColorSchema }),
  favIcon: z.string().nullable(),
  logo: z.string().nullable(),
  orderingSettings: z.object({ hideDefaultModifiers: z.boolean() }),
  brandFilterTemplate: z.object({
    /** How the mobile brand filter is drawn: 'name' (dropdown 'Select a Menu') or 'logo' (logo panel). */
    name: z.enum(['name', 'logo']),
    brandFilterConfiguration: BrandFilterConfigurationSchema,
  }),
  /** Location search headline (default "Let's start the journey!") and optional secondary title. */
  searchSettings: z.object({
    title: z.string(),
    secondaryTitle: z.string().nullable(),
    /** Company-wide methods a guest can search by (FULFILLMENT_METHOD values); both show the toggle. */
    fulfillmentMethods: z.array(FulfillmentMethodSchema),
  }),
  /** Brands shown by the brand filter (several in a food hall). */
  brands: z.array(BrandSchema),
  /** The reorder strip on the store page for signed-in customers (GET guests/past-ordered-items). */
  lastOrderedItemsSettings: z.object({ enabled: z.boolean(), title: z.string() }),
  /**
   * The tracking page's status display (checkout spec section 3, Timeline): off, the page shows no timeline and
   * stops polling the status (section 4); the stages name the timeline's four steps.
   */
  orderStatusForWebOrdering: z.object({
    enabled: z.boolean(),
    orderStatusStages: z.array(z.object({ stage: z.number().int().min(1).max(4), label: z.string() })),
  }),
});
export type UiTemplate = z.infer<typeof UiTemplateSchema>;

export const DEFAULT_SEARCH_TITLE = "Let's start the journey!";
/** The reorder strip's default title (ordering spec section 2). */
export const DEFAULT_LAST_ORDERED_ITEMS_TITLE = 'Order it again';

export const UiTemplateQuerySchema = z.object({ locationId: IdParamSchema.optional() });
export const UiTemplateResponseSchema = envelope(UiTemplateSchema);

export const FeatureFlagSchema = z.object({ name: z.string(), enabled: z.boolean() });
export type FeatureFlag = z.infer<typeof FeatureFlagSchema>;
export const FeatureFlagsResponseSchema = envelope(z.array(FeatureFlagSchema));
export const FEATURE_FLAG = {
  newOrderTracking: 'enable new order tracking',
  /** Store page item cards open the item's customisation in a modal over the menu instead of its page. */
  compactItemView: 'enable compact item view',
  /**
   * The reorder strip ('Order it again') for signed-in customers: the UI template's lastOrderedItemsSettings.enabled
   * until templates carry it per brand.
   */
  lastOrderedItems: 'enable reorder strip',
  /** Signed-in customers may save cards and pay with them (payment page, My Account's Saved Payments). */
  savedPayments: 'enable saved payments',
  /**
   * The item page's price is the shared pricing function's alone: no POST /api/pricing per change (the API
   * still prices the line authoritatively when it is added).
   */
  disableRealTimePricing: 'disable real-time pricing',
} as const;

function channel(hex: string, index: number): number {
  const value = parseInt(hex.slice(index * 2, index * 2 + 2), 16) / 255;
  return value <= 0.03928 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4;
}

/** Expands '#abc' / 'abc' to 'AABBCC'; null when not a 3- or 6-digit hex colour. */
export function normalizeHex(color: string): string | null {
  const hex = color.replace(/^#/, '');
  if (/^[0-9a-fA-F]{6}$/.test(hex)) return hex.toUpperCase();
  if (/^[0-9a-fA-F]{3}$/.test(hex))
    return [...hex]
      .map((c) => c + c)
      .join('')
      .toUpperCase();
  return null;
}

/** WCAG contrast ratio of white on `color` (1 to 21). Invalid colours are treated as the default theme. */
export function contrastWithWhite(color: string): number {
  const hex = normalizeHex(color) ?? '8B0000';
  const luminance = 0.2126 * channel(hex, 0) + 0.7152 * channel(hex, 1) + 0.0722 * channel(hex, 2);
  return 1.05 / (luminance + 0.05);
}

/** '#FFFFFF' when white text reaches the contrast threshold (3) on `color`, else '#000000'. */
export function foregroundFor(color: string): '#FFFFFF' | '#000000' {
  return contrastWithWhite(color) >= CONTRAST_THRESHOLD ? '#FFFFFF' : '#000000';
}
