import { describe, expect, it } from 'vitest';
import { safeReturnPath } from './return-path';

const ORIGIN = 'http://localhost:3000';
/** Where a browser told to go to `path` on this origin ends up (the redirect resolves it the same way). */
const landing = (path: string) => new URL(path, ORIGIN);

describe('safeReturnPath', () => {
  // Each of these, as the `next` of /api/session-reset, would send a guest to another site (or run script) if it
  // were used as it came: `/` instead.
  it.each([
    ['TAB between the slashes (the reported one)', '/\t/evil.test'],
    ['LF between the slashes', '/\n/evil.test'],
    ['CR between the slashes', '/\r/evil.test'],
    ['CR LF and TAB mixed', '/\r\n\t/evil.test'],
    ['TAB before the slashes', '\t//evil.test'],
    ['a protocol-relative URL', '//evil.test'],
    ['three slashes', '///evil.test/path'],
    ['slash backslash', '/\\evil.test'],
    ['backslash slash', '\\/evil.test'],
    ['slash backslash slash', '/\\/evil.test'],
    ['two backslashes', '\\\\evil.test'],
    ['an absolute URL', 'https://evil.test/'],
    ['a scheme-relative URL without slashes', 'https:evil.test'],
    ['javascript:', 'javascript:alert(document.cookie)'],
    ['javascript: after a slash and TAB', '/\t/javascript:alert(1)'],
    ['a dot segment that normalises to //', '/.//evil.test'],
    ['a parent segment that normalises to //', '/..//evil.test'],
    ['a segment and its parent that normalise to //', '/a/..//evil.test'],
    ['the slashes still encoded (double encoding)', '%2F%2Fevil.test'],
    ['encoded TAB still encoded (double encoding)', '%2F%09%2Fevil.test'],
    ['a NUL', '/\u0000/evil.test'],
    ['DEL', '/\u007F/evil.test'],
    ['a C1 control (NEL)', '/\u0085/evil.test'],
    ['a leading space', ' //evil.test'],
    ['nothing', ''],
    ['a bare host', 'evil.test'],
  ])('refuses %s', (_name, raw) => {
    expect(safeReturnPath(raw)).toBe('/');
    expect(landing(safeReturnPath(raw)).origin).toBe(ORIGIN);
  });

  it('refuses null, undefined and an overlong value, with the fallback given', () => {
    expect(safeReturnPath(null, '/search-locations')).toBe('/search-locations');
    expect(safeReturnPath(undefined, '/search-locations')).toBe('/search-locations');
    expect(safeReturnPath(`/${'a'.repeat(5000)}`, '/search-locations')).toBe('/search-locations');
  });

  // Encoded in the path they stay encoded: a path of this origin that merely looks odd, never another host.
  it.each([
    ['an encoded TAB', '/%09/evil.test', '/%09/evil.test'],
    ['encoded slashes', '/%2F%2Fevil.test', '/%2F%2Fevil.test'],
    ['an encoded backslash', '/%5Cevil.test', '/%5Cevil.test'],
  ])('keeps a path with %s on this origin', (_name, raw, path) => {
    expect(safeReturnPath(raw)).toBe(path);
    expect(landing(safeReturnPath(raw)).href).toBe(`${ORIGIN}${path}`);
  });

  it('keeps a path of this origin with its query and fragment', () => {
    expect(safeReturnPath('/1/menu')).toBe('/1/menu');
    expect(safeReturnPath('/1/menu?fm=delivery&fp=table&fv=12')).toBe('/1/menu?fm=delivery&fp=table&fv=12');
    expect(safeReturnPath('/my-account/order-history#latest')).toBe('/my-account/order-history#latest');
    expect(safeReturnPath('/a/../checkout')).toBe('/checkout');
  });
});
