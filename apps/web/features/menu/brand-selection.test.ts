import { describe, expect, it } from 'vitest';
import type { UiTemplate } from '@storefront/contracts/templates';
import { brandsHref, parseBrandSelection, toggleBrand } from './brand-selection';

function template(defaults: number[] = [], name: 'name' | 'logo' = 'name'): UiTemplate {
  return {
    brandFilterTemplate: {
      name,
      brandFilterConfiguration: {
        brandsConfiguration: [1, 2, 3].map((id) => ({ id, defaultFilter: defaults.includes(id) })),
      },
    },
    brands: [
      { id: 1, name: 'One', logo: null },
      { id: 2, name: 'Two', logo: null },
      { id: 3, name: 'Three', logo: null },
    ],
  } as Partial<UiTemplate> as UiTemplate;
}

describe('parseBrandSelection', () => {
  it('selects every brand (no brandIds) without a parameter or defaults', () => {
    expect(parseBrandSelection(template(), {})).toMatchObject({ selected: [1, 2, 3], brandIds: null });
  });

  it('honours defaultFilter, and the URL over it; unknown ids are ignored', () => {
    expect(parseBrandSelection(template([2]), {})).toMatchObject({ selected: [2], brandIds: [2] });
    expect(parseBrandSelection(template([2]), { brands: '3,1,99' })).toMatchObject({ brandIds: [1, 3] });
    expect(parseBrandSelection(template([2]), { brands: 'all' })).toMatchObject({ brandIds: null });
    expect(parseBrandSelection(template([2]), { brands: '99' })).toMatchObject({ brandIds: null });
  });

  it('offers no filter for a single-brand store and keeps the mobile template', () => {
    const single = { ...template(), brands: [{ id: 1, name: 'One', logo: null }] };
    expect(parseBrandSelection(single, { brands: '1' })).toMatchObject({ brands: [], brandIds: null });
    expect(parseBrandSelection(template([], 'logo'), {}).mobileTemplate).toBe('logo');
  });
});

describe('toggleBrand and brandsHref', () => {
  it('narrows from all to one, toggles within a subset, and returns to all', () => {
    const all = parseBrandSelection(template(), {});
    expect(toggleBrand(all, 2)).toEqual([2]);
    const two = parseBrandSelection(template(), { brands: '2' });
    expect(toggleBrand(two, 1)).toEqual([1, 2]);
    expect(toggleBrand(two, 2)).toBeNull();
    expect(toggleBrand(parseBrandSelection(template(), { brands: '1,2' }), 3)).toBeNull();
  });

  it('keeps the other query parameters', () => {
    expect(brandsHref('/8/menu', { fp: 'table', fv: '12', brands: '1' }, [2, 3])).toBe(
      '/8/menu?fp=table&fv=12&brands=2%2C3',
    );
    expect(brandsHref('/8/menu', {}, null)).toBe('/8/menu?brands=all');
  });
});
