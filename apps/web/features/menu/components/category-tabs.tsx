'use client';

import { useEffect, useRef, useState } from 'react';
import { List } from 'lucide-react';
import { pluralLabel } from '@storefront/contracts/text';
import { Dialog } from '@/components/ui/dialog';
import { cn } from '@/lib/cn';
import { activeCategoryIndex, categoryScrollOffset } from '@/lib/store-scroll';

/** What the tab bar needs of a category (the cards stay server-rendered: their data is not sent to the browser). */
export interface CategoryTab {
  anchor: string;
  title: string;
  itemCount: number;
}

/** The brand filter (multibrand stores) marks itself with this attribute; its height joins the offset. */
const BRAND_FILTER_SELECTOR = '[data-brand-filter]';

function currentOffset(): number {
  const filter = document.querySelector(BRAND_FILTER_SELECTOR);
  return categoryScrollOffset(window.innerWidth, filter?.getBoundingClientRect().height ?? 0);
}

/** Scrolls the page so the category's section starts at the sticky header's offset line. */
function scrollToCategory(anchor: string) {
  const section = document.getElementById(anchor);
  if (!section) return;
  const reduce = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
  window.scrollTo({
    top: section.getBoundingClientRect().top + window.scrollY - currentOffset(),
    behavior: reduce ? 'auto' : 'smooth',
  });
  window.history.replaceState(null, '', `#${anchor}`);
}

/**
 * The category bar: one anchor per category (`#c-{id}`), sticky under the site header, following the scroll
 * (the category being read is highlighted), and the categories list modal with item counts.
 */
export function CategoryTabs({ categories }: { categories: CategoryTab[] }) {
  const [active, setActive] = useState(0);
  const [listOpen, setListOpen] = useState(false);
  const barRef = useRef<HTMLUListElement>(null);
  const anchors = categories.map((c) => c.anchor).join(' ');

  useEffect(() => {
    const ids = anchors.split(' ').filter(Boolean);
    let frame = 0;
    const update = () => {
      frame = 0;
      const tops = ids.map((id) => document.getElementById(id)?.getBoundingClientRect().top ?? Infinity);
      setActive(activeCategoryIndex(tops, currentOffset()));
    };
    const onScroll = () => {
      if (frame === 0) frame = window.requestAnimationFrame(update);
    };
    update();
    window.addEventListener('scroll', onScroll, { passive: true });
    window.addEventListener('resize', onScroll);
    return () => {
      window.removeEventListener('scroll', onScroll);
      window.removeEventListener('resize', onScroll);
      if (frame !== 0) window.cancelAnimationFrame(frame);
    };
  }, [anchors]);

  // Keep the highlighted tab visible inside the horizontally scrolling bar.
  useEffect(() => {
    const bar = barRef.current;
    const tab = bar?.children[active];
    if (!bar || !(tab instanceof HTMLElement)) return;
    const left = tab.offsetLeft - bar.clientWidth / 2 + tab.clientWidth / 2;
    bar.scrollTo({ left: Math.max(0, left) });
  }, [active]);

  if (categories.length === 0) return null;
  return (
    <nav
      aria-label="Menu categories"
      className="sticky top-14 z-20 flex items-center border-b border-gray-200 bg-white/95 backdrop-blur"
    >
      <button
        type="button"
        aria-haspopup="dialog"
        onClick={() => setListOpen(true)}
        className="ml-2 grid size-10 shrink-0 place-items-center rounded-full text-gray-900 hover:bg-gray-100"
        aria-label="All categories"
      >
        <List aria-hidden className="size-5" />
      </button>
      <ul ref={barRef} className="flex min-w-0 gap-1 overflow-x-auto px-2 py-2 [scrollbar-width:thin]">
        {categories.map((category, index) => (
          <li key={category.anchor} className="shrink-0">
            <a
              href={`#${category.anchor}`}
              aria-current={index === active ? 'true' : undefined}
              onClick={(event) => {
                event.preventDefault();
                setActive(index);
                scrollToCategory(category.anchor);
              }}
              className={cn(
                'block rounded-full px-4 py-2 text-sm font-semibold whitespace-nowrap',
                index === active ? 'bg-button text-button-fg' : 'text-gray-900 hover:bg-gray-100',
              )}
            >
              {category.title}
            </a>
          </li>
        ))}
      </ul>
      <Dialog open={listOpen} onOpenChange={setListOpen} title="Categories">
        <ul className="divide-y divide-gray-200">
          {categories.map((category) => (
            <li key={category.anchor}>
              <a
                href={`#${category.anchor}`}
                onClick={(event) => {
                  event.preventDefault();
                  setListOpen(false);
                  // After the dialog has closed and given the page its scroll back.
                  window.setTimeout(() => scrollToCategory(category.anchor), 0);
                }}
                className="flex items-center justify-between gap-4 py-3 font-semibold text-gray-900 hover:underline"
              >
                <span>{category.title}</span>
                <span className="text-sm font-normal text-gray-700">
                  {pluralLabel(category.itemCount, 'item')}
                </span>
              </a>
            </li>
          ))}
        </ul>
      </Dialog>
    </nav>
  );
}
