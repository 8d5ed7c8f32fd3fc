import { MENU_LAYOUT, type FulfillmentMethod, type MenuLayout } from '@storefront/contracts/enums';
import { buildMenuView, deferredOffsets, firstPaintCounts } from '../menu-view';
import type { MenuResult } from '../menu.queries';
import { CategoryTabs } from './category-tabs';
import { DeferredCards, DeferredCardsProvider, type DeferredCardsQuery } from './deferred-cards';
import { MenuItemCard } from './menu-item-card';

/** Cards of the first row get their pictures eagerly (the widest row holds 3 standard or 4 grid cards). */
const EAGER_IMAGES = 3;

const GRID_CLASS: Record<MenuLayout, string> = {
  [MENU_LAYOUT.Standard]: 'grid gap-3 sm:grid-cols-2 lg:grid-cols-3',
  [MENU_LAYOUT.ImageGrid]: 'grid grid-cols-2 gap-3 lg:grid-cols-4',
  [MENU_LAYOUT.Condensed]: 'grid gap-2 lg:grid-cols-2',
};

/**
 * The store's menu: category bar and a section per category with its item cards. The HTML carries the first
 * FIRST_PAINT_ITEMS cards; the others (large menus) load once the page is up, in their sections' places.
 */
export function StoreMenu({
  result,
  basePath,
  fulfillmentMethod = null,
  deferred,
}: {
  result: MenuResult;
  basePath: string;
  /** The guest's method: items it cannot serve read 'Not available for …' and do not open. */
  fulfillmentMethod?: FulfillmentMethod | null;
  /** Where the cards beyond the first paint are asked for (the same menu: store, type, brands, method). */
  deferred: Omit<DeferredCardsQuery, 'fulfillmentMethod'>;
}) {
  if (!result.ok) {
    return (
      <div role="alert" className="mx-auto max-w-7xl px-4 py-6">
        <div className="rounded-2xl border border-red-200 bg-red-50 p-4 text-red-900">
          <p className="font-semibold">The menu could not be loaded.</p>
          <p className="mt-1 text-sm">{result.message}</p>
        </div>
      </div>
    );
  }
  const categories = buildMenuView(result.menu, fulfillmentMethod);
  const counts = firstPaintCounts(categories);
  const firstDeferred = categories.findIndex((c, i) => c.items.length > (counts[i] ?? 0));
  const offsets = deferredOffsets(categories, counts);
  const pictured = categories.filter((c) => c.layout !== MENU_LAYOUT.Condensed);
  const eager = new Set(
    pictured
      .slice(0, 1)
      .flatMap((c) => c.items.map((i) => i.itemPathKey))
      .slice(0, EAGER_IMAGES),
  );
  const sections = (
    <div className="flex flex-col gap-8 px-4 pt-4 pb-6 md:pt-6">
      {categories.length === 0 ? (
        <p className="text-gray-700">There are no items on this menu right now.</p>
      ) : null}
      {categories.map((category, index) => {
        const drawn = counts[index] ?? 0;
        return (
          <section
            key={category.anchor}
            id={category.anchor}
            aria-labelledby={`${category.anchor}-title`}
            className="scroll-mt-[105px] md:scroll-mt-[120px] 2xl:scroll-mt-[150px]"
          >
            <h2 id={`${category.anchor}-title`} className="mb-3 font-display text-xl font-bold text-gray-900">
              {category.title}
            </h2>
            <ul className={GRID_CLASS[category.layout]}>
              {category.items.slice(0, drawn).map((item) => (
                <li key={item.itemPathKey}>
                  <MenuItemCard
                    item={item}
                    href={`${basePath}/${item.itemPathKey}`}
                    layout={category.layout}
                    eagerImage={eager.has(item.itemPathKey)}
                  />
                </li>
              ))}
              {category.items.length > drawn ? (
                <DeferredCards
                  anchor={category.anchor}
                  offset={offsets[index] ?? 0}
                  layout={category.layout}
                  basePath={basePath}
                  first={index === firstDeferred}
                />
              ) : null}
            </ul>
          </section>
        );
      })}
    </div>
  );
  const query: DeferredCardsQuery = { ...deferred, fulfillmentMethod };
  return (
    <>
      <CategoryTabs
        categories={categories.map(({ anchor, title, items }) => ({
          anchor,
          title,
          itemCount: items.length,
        }))}
      />
      {firstDeferred === -1 ? (
        sections
      ) : (
        <DeferredCardsProvider key={JSON.stringify(query)} query={query}>
          {sections}
        </DeferredCardsProvider>
      )}
    </>
  );
}
