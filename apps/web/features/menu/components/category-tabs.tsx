import type { MenuCategoryView } from '../menu-view';

/** The category bar: one anchor per category (`#c-{id}`), sticky under the site header. */
export function CategoryTabs({ categories }: { categories: MenuCategoryView[] }) {
  if (categories.length === 0) return null;
  return (
    <nav
      aria-label="Menu categories"
      className="sticky top-14 z-20 border-b border-gray-200 bg-white/95 backdrop-blur"
    >
      <ul className="flex gap-1 overflow-x-auto px-4 py-2 [scrollbar-width:thin]">
        {categories.map((category) => (
          <li key={category.anchor} className="shrink-0">
            <a
              href={`#${category.anchor}`}
              className="block rounded-full px-4 py-2 text-sm font-semibold whitespace-nowrap text-gray-900 hover:bg-gray-100"
            >
              {category.title}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}
