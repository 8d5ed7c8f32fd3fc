import { MAIN_CONTENT_ID } from './main-content';

/**
 * 'Skip to main content': the first stop of the Tab key on every page, shown when focused (WCAG 2.4.1). Plain
 * HTML with no client code of its own: PageNavigation's one document listener moves focus to the page's main
 * landmark past the header (skipToMain), so the pages need no id of their own; `#main-content` is the target
 * without script.
 */
export function SkipLink() {
  // In a landmark of its own: all content sits in landmarks (axe's region rule), the skip link included.
  return (
    <nav aria-label="Skip link">
      <a
        href={`#${MAIN_CONTENT_ID}`}
        className="sr-only left-2 top-2 z-[70] rounded-lg bg-white px-4 py-3 font-semibold text-gray-900 shadow-lg focus:not-sr-only focus:fixed"
      >
        Skip to main content
      </a>
    </nav>
  );
}
