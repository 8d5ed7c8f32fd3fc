/**
 * A full page load: the proxy then sees the request and can change the session (the token type switch gives
 * the new page a token of the other client type and an empty order before anything renders).
 */
export function hardNavigate(href: string): void {
  window.location.assign(href);
}
