'use client';

import { MAIN_CONTENT_ID } from './main-content';

/**
 * 'Skip to main content': the first stop of the Tab key on every page, shown when focused (WCAG 2.4.1). It moves
 * focus to the page's main landmark past the header, so the pages need no id of their own; `#main-content` is
 * the target without script.
 */
export function SkipLink() {
  // In a landmark of its own: all content sits in landmarks (axe's region rule), the skip link included.
  return (
    <nav aria-label="Skip link">
      <a
        href={`#${MAIN_CONTENT_ID}`}
        onClick={(event) => {
          const target = document.getElementById(MAIN_CONTENT_ID) ?? document.querySelector('main');
          if (!(target instanceof HTMLElement)) return;
          event.preventDefault();
          if (!target.hasAttribute('tabindex')) target.setAttribute('tabindex', '-1');
          target.focus({ preventScroll: true });
          target.scrollIntoView({ block: 'start' });
        }}
        className="sr-only left-2 top-2 z-[70] rounded-lg bg-white px-4 py-3 font-semibold text-gray-900 shadow-lg focus:not-sr-only focus:fixed"
      >
        Skip to main content
      </a>
    </nav>
  );
}
