/**
 * Full-page navigations (a new document, not a client route change): a page restored from the back-forward cache
 * must leave it for a fresh document. One module, so that components' tests can observe where the page goes
 * (jsdom's `window.location` cannot be spied on).
 */
export function reloadPage(): void {
  window.location.reload();
}

export function replacePage(url: string): void {
  window.location.replace(url);
}
