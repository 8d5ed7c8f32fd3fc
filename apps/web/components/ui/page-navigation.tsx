'use client';

import { useEffect, useRef } from 'react';
import { usePathname, useSearchParams } from 'next/navigation';
import { MAIN_CONTENT_ID } from './main-content';
import { driveNavigationProgress, stopNavigationProgress } from './navigation-progress';
import { focusNewPageHeading } from './route-focus';

/**
 * The skip link's click (components/ui/skip-link.tsx, server-rendered): focus moves to the page's main landmark
 * and it is scrolled to, without the `#main-content` entry the plain link would add to the history.
 */
function skipToMain(event: MouseEvent): void {
  const link = event.target instanceof Element ? event.target.closest('a[href]') : null;
  if (link?.getAttribute('href') !== `#${MAIN_CONTENT_ID}`) return;
  const target = document.getElementById(MAIN_CONTENT_ID) ?? document.querySelector('main');
  if (!(target instanceof HTMLElement)) return;
  event.preventDefault();
  if (!target.hasAttribute('tabindex')) target.setAttribute('tabindex', '-1');
  target.focus({ preventScroll: true });
  target.scrollIntoView({ block: 'start' });
}

/**
 * The root layout's one client piece for moving between pages (one module and one set of document listeners
 * instead of three, as every page loads it first): the top progress bar while a navigation is on its way
 * (navigation-progress.ts), focus on the new page's heading after a client-side navigation (route-focus.ts) and
 * the skip link's move to the main landmark.
 */
export function PageNavigation() {
  const pathname = usePathname();
  const search = useSearchParams().toString();
  const bar = useRef<HTMLDivElement>(null);
  // The link or button last clicked: the opener of a navigation, which may keep focus when it stays on screen.
  const opener = useRef<Element | null>(null);
  const firstPath = useRef(true);

  useEffect(() => {
    const onClick = (event: MouseEvent) => {
      opener.current = event.target instanceof Element ? event.target.closest('a, button') : null;
      skipToMain(event);
    };
    document.addEventListener('click', onClick, true);
    const stopProgress = bar.current ? driveNavigationProgress(bar.current) : undefined;
    return () => {
      document.removeEventListener('click', onClick, true);
      stopProgress?.();
    };
  }, []);

  // A new page (not the first load): its heading takes focus.
  useEffect(() => {
    if (firstPath.current) {
      firstPath.current = false;
      return;
    }
    return focusNewPageHeading(opener.current);
  }, [pathname]);

  // The new page is committed: the bar completes.
  useEffect(() => {
    stopNavigationProgress();
  }, [pathname, search]);

  return (
    <div
      ref={bar}
      hidden
      role="progressbar"
      aria-label="Loading page"
      data-state="done"
      // It runs along the top of the header: in the header's text colour (the brand's button colour is often the
      // header's own, which hid it), with a dark edge for the pages whose top is white.
      className="navigation-progress pointer-events-none fixed inset-x-0 top-0 z-[60] h-1 origin-left bg-header-fg shadow-[0_1px_0_rgb(0_0_0/0.35)]"
    />
  );
}
