import Link from 'next/link';
import { ChevronDown, Store } from '@/components/ui/static-icons';
import type { Brand } from '@storefront/contracts/locations';
import { SizedImage } from '@/components/ui/sized-image';
import { cn } from '@/lib/cn';
import { brandsHref, isAllSelected, toggleBrand, type BrandSelection } from '../brand-selection';
import { menuImageSrc } from '../menu-view';
import { BrandSelect, SELECT_A_MENU, type BrandOption } from './brand-select';

type Search = Record<string, string | string[] | undefined>;

export const ALL_MENUS_LABEL = 'All menus';
/** Logos are stored square; 192 px serves the 40-56 px marks on dense screens. */
const LOGO_SOURCE = { width: 192, height: 192 };

function BrandLogo({ brand, size }: { brand: Brand; size: number }) {
  return brand.logo ? (
    <SizedImage
      src={menuImageSrc(brand.logo, LOGO_SOURCE)}
      width={size}
      height={size}
      eager
      className="shrink-0 rounded-full object-cover"
      style={{ width: size, height: size }}
    />
  ) : (
    <span
      aria-hidden
      className="grid shrink-0 place-items-center rounded-full bg-gray-100"
      style={{ width: size, height: size }}
    >
      <Store className="size-1/2 text-gray-700" />
    </span>
  );
}

const chip =
  'flex items-center gap-2 rounded-full border px-3 py-1.5 text-sm font-semibold whitespace-nowrap transition focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-gray-900';
const chipOn = 'border-button bg-button text-button-fg';
const chipOff = 'border-gray-300 bg-white text-gray-900 hover:border-gray-500';

/**
 * The brand filter of a multibrand store (nothing for a single brand). Desktop: a strip of name-logo links;
 * mobile: the 'Select a Menu' dropdown or a collapsible logo panel, as the UI template says. Every choice is a
 * link to the same page with `?brands=` (server-rendered, shareable). Carries `data-brand-filter`: the category
 * scroll offset adds its height.
 */
export function BrandFilter({
  selection,
  basePath,
  search,
}: {
  selection: BrandSelection;
  basePath: string;
  search: Search;
}) {
  if (selection.brands.length === 0) return null;
  const all = isAllSelected(selection);
  const isOn = (id: number) => !all && selection.selected.includes(id);
  const hrefOf = (id: number) => brandsHref(basePath, search, toggleBrand(selection, id));
  const allHref = brandsHref(basePath, search, null);
  const current = all
    ? ALL_MENUS_LABEL
    : selection.brands
        .filter((b) => selection.selected.includes(b.id))
        .map((b) => b.name)
        .join(', ');
  const options: BrandOption[] = [
    { value: 'all', label: ALL_MENUS_LABEL, href: allHref },
    ...selection.brands.map((b) => ({
      value: String(b.id),
      label: b.name,
      href: brandsHref(basePath, search, [b.id]),
    })),
  ];
  if (!all && selection.selected.length > 1) {
    options.push({ value: 'some', label: current, href: brandsHref(basePath, search, selection.selected) });
  }
  const selectValue = all ? 'all' : selection.selected.length === 1 ? String(selection.selected[0]) : 'some';

  return (
    <div data-brand-filter className="border-b border-gray-200 bg-white px-4 py-3">
      <nav aria-label="Brands" className="hidden md:block">
        <ul className="flex flex-wrap gap-2">
          <li>
            <Link
              href={allHref}
              scroll={false}
              aria-current={all ? 'true' : undefined}
              className={cn(chip, 'h-full', all ? chipOn : chipOff)}
            >
              {ALL_MENUS_LABEL}
            </Link>
          </li>
          {selection.brands.map((brand) => (
            <li key={brand.id}>
              <Link
                href={hrefOf(brand.id)}
                scroll={false}
                aria-current={isOn(brand.id) ? 'true' : undefined}
                className={cn(chip, 'pl-1.5', isOn(brand.id) ? chipOn : chipOff)}
              >
                <BrandLogo brand={brand} size={32} />
                {brand.name}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <div className="md:hidden">
        {selection.mobileTemplate === 'name' ? (
          <BrandSelect options={options} value={selectValue} />
        ) : (
          <details className="group">
            <summary className="flex min-h-11 cursor-pointer list-none items-center justify-between gap-2 rounded-xl border border-gray-300 px-3 py-2 text-gray-900 [&::-webkit-details-marker]:hidden">
              <span className="flex flex-col">
                <span className="text-sm font-semibold">{SELECT_A_MENU}</span>
                <span className="text-sm text-gray-700">{current}</span>
              </span>
              <ChevronDown aria-hidden className="size-5 transition group-open:rotate-180" />
            </summary>
            <nav aria-label="Brands" className="mt-3">
              <ul className="grid grid-cols-3 gap-2">
                {selection.brands.map((brand) => (
                  <li key={brand.id}>
                    <Link
                      href={hrefOf(brand.id)}
                      scroll={false}
                      aria-current={isOn(brand.id) ? 'true' : undefined}
                      className={cn(
                        'flex h-full flex-col items-center gap-1 rounded-xl border p-2 text-center text-xs font-semibold',
                        isOn(brand.id) ? 'border-button ring-2 ring-button' : 'border-gray-300',
                        'text-gray-900',
                      )}
                    >
                      <BrandLogo brand={brand} size={56} />
                      {brand.name}
                    </Link>
                  </li>
                ))}
              </ul>
              <Link
                href={allHref}
                scroll={false}
                aria-current={all ? 'true' : undefined}
                className="mt-2 inline-block text-sm font-semibold text-gray-900 underline"
              >
                {ALL_MENUS_LABEL}
              </Link>
            </nav>
          </details>
        )}
      </div>
    </div>
  );
}
