/**
 * Where a browser may be sent back to, from an untrusted parameter (`/api/session-reset?next=`): a path on this
 * origin, or the fallback. A prefix check is not enough: the URL parser drops TAB, LF and CR anywhere and reads
 * a backslash as a slash, so `/\t/evil.test` passed `startsWith('/') && !startsWith('//')` and then resolved to
 * `http://evil.test/`. Here the parameter is resolved by the same WHATWG URL parser the redirect uses, against a
 * base origin, and kept only when it stays on that origin and its normalised path cannot name a host either.
 */
const PARSE_BASE = 'http://return-path.invalid';
/** C0 and C1 control characters, DEL and backslashes: no path of ours has them, the URL parser rewrites them. */
function hasUnsafeCharacter(value: string): boolean {
  for (let i = 0; i < value.length; i += 1) {
    const code = value.charCodeAt(i);
    if (code <= 0x1f || (code >= 0x7f && code <= 0x9f) || code === 0x5c) return true;
  }
  return false;
}
/** Longer than any path of ours (a return path is a page path and its query). */
const MAX_LENGTH = 2048;

/**
 * A same-origin path (`/path?query#hash`, normalised) to send the browser back to; `fallback` when `raw` is
 * missing, not a rooted path, has a control character or backslash, leaves the origin once parsed, or
 * normalises to a path starting with `//` (a network-path reference if used as a relative URL).
 */
export function safeReturnPath(raw: string | null | undefined, fallback = '/'): string {
  if (!raw || raw.length > MAX_LENGTH || !raw.startsWith('/') || hasUnsafeCharacter(raw)) return fallback;
  let url: URL;
  try {
    url = new URL(raw, PARSE_BASE);
  } catch {
    return fallback;
  }
  if (url.origin !== PARSE_BASE) return fallback;
  const path = `${url.pathname}${url.search}${url.hash}`;
  return path.startsWith('//') ? fallback : path;
}
