/**
 * The sticky store header's geometry (spec section 9): the header collapses into the sticky island after
 * 105 px of scroll, and a category anchor lands this far below the top of the viewport: 120 px, 150 px at
 * extra large widths (>= 1536), 105 px on small screens (< 768), plus the brand filter's height.
 */
export const HEADER_COLLAPSE_SCROLL_PX = 105;

const SMALL_MAX_WIDTH = 768;
const EXTRA_LARGE_MIN_WIDTH = 1536;

/** Whether the header is collapsed at this vertical scroll position (strictly past 105 px). */
export function isHeaderCollapsed(scrollY: number): boolean {
  return scrollY > HEADER_COLLAPSE_SCROLL_PX;
}

/** Pixels kept above a category's heading when the page scrolls to it. */
export function categoryScrollOffset(viewportWidth: number, brandFilterHeight = 0): number {
  const base = viewportWidth < SMALL_MAX_WIDTH ? 105 : viewportWidth >= EXTRA_LARGE_MIN_WIDTH ? 150 : 120;
  return base + Math.max(0, brandFilterHeight);
}

/**
 * The category the guest is reading: the last one whose section top has reached the offset line (the first
 * when none has yet). `tops` are the sections' top edges relative to the viewport, in page order.
 */
export function activeCategoryIndex(tops: readonly number[], offset: number): number {
  let active = 0;
  tops.forEach((top, index) => {
    if (top - offset <= 1) active = index;
  });
  return active;
}

/**
 * Where the page scrolls to put a guest back where they were: the card they opened at the height on screen it
 * had as they left (what is above it may have changed meanwhile: the bag bar, a reorder strip), else their old
 * scroll position (`y`); kept within the page's scroll range (0 to `maxScroll`).
 */
export function placeScrollTarget(
  place: { y: number; cardTop: number | null },
  /** The card's top edge from the top of the document now; null when it is not (yet) on the page. */
  cardPageTop: number | null,
  maxScroll: number,
): number {
  const wanted = cardPageTop !== null && place.cardTop !== null ? cardPageTop - place.cardTop : place.y;
  return Math.round(Math.min(Math.max(0, wanted), Math.max(0, maxScroll)));
}
