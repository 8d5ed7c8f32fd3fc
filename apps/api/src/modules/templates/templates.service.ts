/**
 * UI templates (a location's look and feel, falling back to its brand's default) and feature flags.
 * Both change rarely and are read on every page: they are cached per database for a few seconds.
 */
import { FULFILLMENT_METHOD, type FulfillmentMethod } from '@storefront/contracts/enums';
import {
  DEFAULT_LAST_ORDERED_ITEMS_TITLE,
  DEFAULT_SEARCH_TITLE,
  FEATURE_FLAG,
  type FeatureFlag,
  type UiTemplate,
} from '@storefront/contracts/templates';
import { ORDER_STATUS_STAGES } from '@storefront/contracts/tracking-stages';
import type { Db } from '../../db/client';
import { notFound } from '../../lib/errors';
import {
  findBrand,
  findFeatureFlags,
  findFirstBrand,
  findLocationBrand,
  findLocationBrands,
  findTemplate,
  type TemplateRow,
} from './templates.repository';

export const TEMPLATE_TTL_MS = 10_000;
const cache = new WeakMap<Db, Map<string, { at: number; value: Promise<unknown> }>>();

function cached<T>(db: Db, key: string, load: () => Promise<T>): Promise<T> {
  let entries = cache.get(db);
  if (!entries) {
    entries = new Map();
    cache.set(db, entries);
  }
  const now = Date.now();
  const hit = entries.get(key);
  if (hit && now - hit.at < TEMPLATE_TTL_MS) return hit.value as Promise<T>;
  const value = load();
  entries.set(key, { at: now, value });
  value.catch(() => entries.delete(key));
  return value;
}

/** Drops the cached templates and flags (after a write, and in tests). */
export function invalidateTemplatesCache(db: Db): void {
  cache.delete(db);
}

/**
 * The timeline's four stages: a template's own label for a stage where it gives a usable one (the column is
 * JSON an operator writes), else the default label.
 */
function orderStatusStagesOf(custom: unknown): { stage: number; label: string }[] {
  const own = new Map<number, string>();
  if (Array.isArray(custom)) {
    for (const entry of custom.slice(0, ORDER_STATUS_STAGES.length * 2)) {
      const { stage, label } = (entry ?? {}) as { stage?: unknown; label?: unknown };
      if (typeof stage === 'number' && typeof label === 'string' && label.trim()) {
        own.set(stage, label.trim().slice(0, 40));
      }
    }
  }
  return ORDER_STATUS_STAGES.map(({ stage, label }) => ({ stage, label: own.get(stage) ?? label }));
}

function toTemplate(
  row: TemplateRow | null,
  brand: { id: number; name: string; logo: string | null },
  brands: { id: number; name: string; logo: string | null; defaultFilter: boolean }[],
  lastOrderedItems: boolean,
): UiTemplate {
  return {
    brandName: row?.brandName ?? brand.name,
    brandId: brand.id,
    companyName: row?.companyName ?? brand.name,
    text: {
      primaryFont: row?.primaryFont ?? 'Inter',
      secondaryFont: row?.secondaryFont ?? 'Inter',
      primaryColor: row?.textPrimaryColor ?? '#8B0000',
      secondaryColor: row?.textSecondaryColor ?? '#FFFFFF',
    },
    header: { backgroundColor: row?.headerBackgroundColor ?? '#8B0000' },
    button: {
      primaryColor: row?.buttonPrimaryColor ?? '#8B0000',
      secondaryColor: row?.buttonSecondaryColor ?? '#FFFFFF',
    },
    favIcon: row?.favIcon ?? null,
    logo: row?.logo ?? brand.logo,
    orderingSettings: { hideDefaultModifiers: row?.hideDefaultModifiers ?? false },
    brandFilterTemplate: {
      name: row?.brandFilterTemplateName === 'logo' ? 'logo' : 'name',
      brandFilterConfiguration: {
        brandsConfiguration: brands.map((b) => ({ id: b.id, defaultFilter: b.defaultFilter })),
      },
    },
    searchSettings: {
      title: row?.searchTitle ?? DEFAULT_SEARCH_TITLE,
      secondaryTitle: row?.searchSecondaryTitle ?? null,
      fulfillmentMethods: (row?.searchFulfillmentMethods ?? [FULFILLMENT_METHOD.Pickup]).filter(
        (m): m is FulfillmentMethod => m === FULFILLMENT_METHOD.Pickup || m === FULFILLMENT_METHOD.Delivery,
      ),
    },
    brands: brands.map((b) => ({ id: b.id, name: b.name, logo: b.logo })),
    lastOrderedItemsSettings: { enabled: lastOrderedItems, title: DEFAULT_LAST_ORDERED_ITEMS_TITLE },
    orderStatusForWebOrdering: {
      enabled: row?.orderStatusEnabled ?? true,
      orderStatusStages: orderStatusStagesOf(row?.orderStatusStages ?? null),
    },
  };
}

/**
 * Whether the reorder strip is on. The templates table has no column for it yet, so the feature flag decides for
 * every brand (off when the flag is missing).
 */
async function isLastOrderedItemsEnabled(db: Db): Promise<boolean> {
  return (await listFeatureFlags(db)).some((f) => f.name === FEATURE_FLAG.lastOrderedItems && f.enabled);
}

/**
 * The UI template of a location (its own, else its brand's default); without a location, the first brand's
 * default. 404 LocationNotFound for an unknown location; 404 TemplateNotFound when no brand exists at all.
 */
export function getUiTemplate(db: Db, locationId?: number): Promise<UiTemplate> {
  return cached(db, `template:${locationId ?? ''}`, async () => {
    if (locationId === undefined) {
      const brand = await findFirstBrand(db);
      if (!brand) throw notFound('TemplateNotFound', 'No UI template is configured');
      return toTemplate(
        await findTemplate(db, brand.id, null),
        brand,
        [{ ...brand, defaultFilter: false }],
        await isLastOrderedItemsEnabled(db),
      );
    }
    const location = await findLocationBrand(db, locationId);
    if (!location) throw notFound('LocationNotFound', `Location ${locationId} was not found`, 21034);
    const [row, brand, brands, lastOrderedItems] = await Promise.all([
      findTemplate(db, location.brandId, locationId),
      findBrand(db, location.brandId),
      findLocationBrands(db, locationId),
      isLastOrderedItemsEnabled(db),
    ]);
    if (!brand) throw notFound('TemplateNotFound', 'No UI template is configured');
    return toTemplate(
      row,
      brand,
      brands.length > 0 ? brands : [{ ...brand, defaultFilter: false }],
      lastOrderedItems,
    );
  });
}

/** Every feature flag with its state. */
export function listFeatureFlags(db: Db): Promise<FeatureFlag[]> {
  return cached(db, 'flags', async () =>
    (await findFeatureFlags(db)).map((f) => ({ name: f.name, enabled: f.enabled })),
  );
}
