const START = 'sf:navigation-start';
const STOP = 'sf:navigation-stop';
/** A navigation that never lands (a server error, an offline tap) stops showing progress after this long. */
const GIVE_UP_MS = 20_000;
/** The full bar stays this long before it fades, so that even a quick navigation reads as done. */
const DONE_MS = 250;

/** Shows the top progress bar for a navigation started in code (`router.push` after an action or a dialog). */
export function startNavigationProgress() {
  window.dispatchEvent(new Event(START));
}

/** A navigation the bar was shown for did not happen (the click opened a dialog instead). */
export function stopNavigationProgress() {
  window.dispatchEvent(new Event(STOP));
}

/**
 * The same-origin page a primary click on this event's link goes to, or null when the click leaves the app, opens
 * a new tab, downloads, only moves within the page, or was already cancelled.
 */
export function inAppDestination(event: MouseEvent, here: URL): URL | null {
  if (event.defaultPrevented || event.button !== 0) return null;
  if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return null;
  const anchor = event.target instanceof Element ? event.target.closest('a[href]') : null;
  if (!(anchor instanceof HTMLAnchorElement)) return null;
  if ((anchor.target && anchor.target !== '_self') || anchor.hasAttribute('download')) return null;
  const url = new URL(anchor.href, here);
  if (url.origin !== here.origin) return null;
  if (url.pathname === here.pathname && url.search === here.search) return null;
  return url;
}

/**
 * Drives the top progress bar `bar` (PageNavigation renders it) from the moment a guest taps a link to another
 * page of the app (or code starts a navigation) until the new page is shown: on a slow network the tap otherwise
 * shows nothing until the next page arrives. One document listener in the capture phase sees every link,
 * server-rendered ones included; a link whose click opens a dialog instead (focus moves into it) stops the bar.
 * Returns the clean-up.
 */
export function driveNavigationProgress(bar: HTMLElement): () => void {
  let giveUp: number | undefined;
  let fade: number | undefined;
  const start = () => {
    window.clearTimeout(fade);
    window.clearTimeout(giveUp);
    bar.hidden = false;
    bar.dataset.state = 'loading';
    giveUp = window.setTimeout(stop, GIVE_UP_MS);
  };
  const stop = () => {
    window.clearTimeout(giveUp);
    if (bar.hidden) return;
    bar.dataset.state = 'done';
    fade = window.setTimeout(() => {
      bar.hidden = true;
    }, DONE_MS);
  };
  const onClick = (event: MouseEvent) => {
    if (inAppDestination(event, new URL(window.location.href))) start();
  };
  const onFocusIn = (event: FocusEvent) => {
    if (bar.dataset.state !== 'loading') return;
    if (event.target instanceof Element && event.target.closest('[role="dialog"], [role="alertdialog"]'))
      stop();
  };
  document.addEventListener('click', onClick, true);
  document.addEventListener('focusin', onFocusIn);
  window.addEventListener(START, start);
  window.addEventListener(STOP, stop);
  return () => {
    window.clearTimeout(giveUp);
    window.clearTimeout(fade);
    document.removeEventListener('click', onClick, true);
    document.removeEventListener('focusin', onFocusIn);
    window.removeEventListener(START, start);
    window.removeEventListener(STOP, stop);
  };
}
