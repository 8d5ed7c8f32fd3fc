/**
 * The brand filter of a multibrand store, kept in the URL (`?brands=1,2`, or `?brands=all`) so the filtered
 * menu is server-rendered and shareable. Without the parameter the template's `defaultFilter` brands are
 * selected (all brands when none is marked). Selecting every brand means no filter at all.
 */
import type { Brand } from '@storefront/contracts/locations';
import type { UiTemplate } from '@storefront/contracts/templates';

export const BRANDS_PARAM = 'brands';
export const ALL_BRANDS = 'all';

export interface BrandSelection {
  /** The brands the filter offers, in template order (empty: not a multibrand store, no filter shown). */
  brands: Brand[];
  /** The selected brand ids (every brand when unfiltered). */
  selected: number[];
  /** What the menu request carries as brandIds: null when every brand is selected. */
  brandIds: number[] | null;
  /** 'name': mobile 'Select a Menu' dropdown; 'logo': collapsible logo panel. */
  mobileTemplate: 'name' | 'logo';
}

type Search = Record<string, string | string[] | undefined>;

function first(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

/** Reads the selection from the URL and the template; unknown ids in the URL are ignored. */
export function parseBrandSelection(template: UiTemplate | null, search: Search): BrandSelection {
  const brands = template && template.brands.length > 1 ? template.brands : [];
  const mobileTemplate = template?.brandFilterTemplate.name ?? 'name';
  const all = brands.map((b) => b.id);
  if (brands.length === 0) return { brands, selected: all, brandIds: null, mobileTemplate };
  const raw = first(search[BRANDS_PARAM])?.trim();
  let selected: number[];
  if (raw === ALL_BRANDS) {
    selected = all;
  } else if (raw) {
    const wanted = new Set(raw.split(',').map((s) => Number(s.trim())));
    selected = all.filter((id) => wanted.has(id));
  } else {
    const defaults = new Set(
      (template?.brandFilterTemplate.brandFilterConfiguration.brandsConfiguration ?? [])
        .filter((c) => c.defaultFilter)
        .map((c) => c.id),
    );
    selected = all.filter((id) => defaults.has(id));
  }
  if (selected.length === 0) selected = all;
  return { brands, selected, brandIds: selected.length === all.length ? null : selected, mobileTemplate };
}

/** Whether every brand is shown (the 'All' choice). */
export function isAllSelected(selection: BrandSelection): boolean {
  return selection.brandIds === null;
}

/**
 * The brand ids after clicking a brand: from 'all', only that brand; otherwise it is toggled in or out (the
 * last one out, or every one in, means all). Null means all.
 */
export function toggleBrand(selection: BrandSelection, brandId: number): number[] | null {
  if (isAllSelected(selection)) return [brandId];
  const next = selection.selected.includes(brandId)
    ? selection.selected.filter((id) => id !== brandId)
    : [...selection.selected, brandId];
  if (next.length === 0 || next.length === selection.brands.length) return null;
  return selection.brands.map((b) => b.id).filter((id) => next.includes(id));
}

/** The store page URL with the other query parameters kept and `brands` set (null: all brands). */
export function brandsHref(basePath: string, search: Search, brandIds: readonly number[] | null): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(search)) {
    if (key === BRANDS_PARAM || value === undefined) continue;
    for (const v of Array.isArray(value) ? value : [value]) params.append(key, v);
  }
  params.set(BRANDS_PARAM, brandIds === null ? ALL_BRANDS : brandIds.join(','));
  return `${basePath}?${params.toString()}`;
}
