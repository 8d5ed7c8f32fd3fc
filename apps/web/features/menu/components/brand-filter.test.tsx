import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { UiTemplate } from '@storefront/contracts/templates';
import { parseBrandSelection } from '../brand-selection';
import { BrandFilter } from './brand-filter';

const push = vi.fn();
vi.mock('next/navigation', () => ({ useRouter: () => ({ push }) }));

function template(name: 'name' | 'logo', defaults: number[] = []): UiTemplate {
  return {
    brandFilterTemplate: {
      name,
      brandFilterConfiguration: {
        brandsConfiguration: [1, 2, 3].map((id) => ({ id, defaultFilter: defaults.includes(id) })),
      },
    },
    brands: [
      { id: 1, name: 'Capital Kitchen', logo: 'brand-logo-1' },
      { id: 2, name: 'Potomac Noodle Bar', logo: 'brand-logo-2' },
      { id: 3, name: 'Chesapeake Tacos', logo: null },
    ],
  } as Partial<UiTemplate> as UiTemplate;
}

afterEach(() => {
  cleanup();
  push.mockReset();
});

describe('BrandFilter', () => {
  it('draws the desktop strip of name-logo links, each narrowing the menu through ?brands=', () => {
    const search = { fp: 'table' };
    render(
      <BrandFilter
        selection={parseBrandSelection(template('name'), search)}
        basePath="/8/menu"
        search={search}
      />,
    );
    const strip = screen.getAllByRole('navigation', { name: 'Brands' })[0];
    if (!strip) throw new Error('no brand strip');
    const links = within(strip).getAllByRole('link');
    expect(links.map((l) => l.textContent)).toEqual([
      'All menus',
      'Capital Kitchen',
      'Potomac Noodle Bar',
      'Chesapeake Tacos',
    ]);
    expect(within(strip).getByRole('link', { name: 'All menus' }).getAttribute('aria-current')).toBe('true');
    expect(within(strip).getByRole('link', { name: 'Chesapeake Tacos' }).getAttribute('href')).toBe(
      '/8/menu?fp=table&brands=3',
    );
    expect(
      within(strip).getByRole('link', { name: 'Capital Kitchen' }).querySelector('img')?.getAttribute('src'),
    ).toBe('/images/brand-logo-1?width=192&height=192');
  });

  it("marks the template's default brands as selected and lets a click add another", () => {
    render(
      <BrandFilter
        selection={parseBrandSelection(template('name', [2]), {})}
        basePath="/8/menu"
        search={{}}
      />,
    );
    const strip = screen.getAllByRole('navigation', { name: 'Brands' })[0];
    if (!strip) throw new Error('no brand strip');
    expect(within(strip).getByRole('link', { name: 'Potomac Noodle Bar' }).getAttribute('aria-current')).toBe(
      'true',
    );
    expect(within(strip).getByRole('link', { name: 'All menus' }).getAttribute('aria-current')).toBeNull();
    expect(within(strip).getByRole('link', { name: 'Capital Kitchen' }).getAttribute('href')).toBe(
      '/8/menu?brands=1%2C2',
    );
  });

  it("offers the mobile 'Select a Menu' dropdown for the name template and navigates on change", () => {
    render(
      <BrandFilter selection={parseBrandSelection(template('name'), {})} basePath="/8/menu" search={{}} />,
    );
    const select = screen.getByRole('combobox', { name: 'Select a Menu' });
    expect((select as HTMLSelectElement).value).toBe('all');
    expect(
      within(select)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['All menus', 'Capital Kitchen', 'Potomac Noodle Bar', 'Chesapeake Tacos']);
    fireEvent.change(select, { target: { value: '2' } });
    expect(push).toHaveBeenCalledWith('/8/menu?brands=2', { scroll: false });
  });

  it('offers a collapsible logo panel instead for the logo template', () => {
    render(
      <BrandFilter
        selection={parseBrandSelection(template('logo'), { brands: '3' })}
        basePath="/8/menu"
        search={{}}
      />,
    );
    expect(screen.queryByRole('combobox', { name: 'Select a Menu' })).toBeNull();
    expect(screen.getByText('Select a Menu').closest('summary')).not.toBeNull();
    const panels = screen.getAllByRole('navigation', { name: 'Brands', hidden: true });
    expect(panels).toHaveLength(2);
  });

  it('draws nothing for a single-brand store', () => {
    const single = { ...template('name'), brands: [{ id: 1, name: 'Capital Kitchen', logo: null }] };
    const { container } = render(
      <BrandFilter selection={parseBrandSelection(single, {})} basePath="/1/menu" search={{}} />,
    );
    expect(container.innerHTML).toBe('');
  });
});
