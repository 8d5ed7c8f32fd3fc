/** How long a new page's heading is waited for (a slow page streams it in after the route has changed). */
const WAIT_MS = 10_000;

const OPEN_DIALOG = '[role="dialog"][aria-modal="true"], [role="alertdialog"], dialog[open]';

/**
 * Whether focus may be moved to the new page's heading: only if focus is nowhere in particular, on the body or
 * still on the link or button that started the navigation (not on what the new page or the guest chose since).
 */
export function mayMoveFocus(active: Element | null, opener: Element | null, body: Element): boolean {
  return active === null || active === body || (opener !== null && active === opener);
}

/**
 * After a client-side navigation (not the first load) focus goes to the new page's main heading, as a screen
 * reader user expects of a new page: without it focus falls back to <body> and the next Tab starts over from the
 * header. The heading is focused without scrolling (the page keeps its own scroll position or restores one).
 * `opener`: the link or button last clicked, which may keep focus when it stays on screen. Returns the clean-up.
 */
export function focusNewPageHeading(opener: Element | null): () => void {
  const tryFocus = (): boolean => {
    const heading = document.querySelector<HTMLElement>('main h1') ?? document.querySelector('h1');
    if (!heading) return false;
    // A dialog owns focus while it is open (the sheet a link was tapped in, still closing): wait for it to go;
    // closing it puts focus back somewhere, which then stays.
    if (document.querySelector(OPEN_DIALOG)) return false;
    if (!mayMoveFocus(document.activeElement, opener, document.body)) return true;
    if (!heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1');
    heading.focus({ preventScroll: true });
    return true;
  };
  if (tryFocus()) return () => undefined;
  const observer = new MutationObserver(() => {
    if (tryFocus()) stop();
  });
  const timer = window.setTimeout(() => stop(), WAIT_MS);
  const stop = () => {
    observer.disconnect();
    window.clearTimeout(timer);
  };
  observer.observe(document.body, { childList: true, subtree: true });
  return stop;
}

/**
 * Focuses `element` without scrolling if focus is lost (on <body> or nowhere): after what the guest pressed was
 * replaced (a result in place of a form, a new header entry); focus the guest or the page put elsewhere stays.
 * A heading gets tabindex -1 so that it can hold focus.
 */
export function focusIfLost(element: HTMLElement | null | undefined): boolean {
  if (!element || !mayMoveFocus(document.activeElement, null, document.body)) return false;
  if (!element.hasAttribute('tabindex') && !element.matches('a[href], button, input, select, textarea')) {
    element.setAttribute('tabindex', '-1');
  }
  element.focus({ preventScroll: true });
  return true;
}
