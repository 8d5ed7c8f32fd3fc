import { describe, expect, it } from 'vitest';
import { loginResultNotice, safeReturnPath, withLoginResult, withoutLoginResult } from './loyalty-sign-in';

describe('the loyalty sign-in return path', () => {
  it('keeps a page of this storefront with its search', () => {
    expect(safeReturnPath('/1/menu?category=2')).toBe('/1/menu?category=2');
    expect(safeReturnPath('/search-locations?q=20001&loginResult=failure')).toBe('/search-locations?q=20001');
  });

  it('goes to the search page instead of another site, the return page itself or anything else', () => {
    for (const path of [
      'https://attacker.example/',
      '//attacker.example/x',
      '/\\attacker.example',
      '/.//attacker.example',
      '/..//attacker.example',
      '/a/..//attacker.example/x?y=1',
      '/\tattacker',
      'search-locations',
      '/loyalty-sso?code=x',
      `/${'a'.repeat(2001)}`,
      '/a\nb',
      42,
      undefined,
    ]) {
      expect(safeReturnPath(path)).toBe('/search-locations');
    }
  });

  it('adds loginResult to the return path, and a page takes it away again after its toast', () => {
    expect(withLoginResult('/1/menu?category=2', 'success')).toBe('/1/menu?category=2&loginResult=success');
    expect(withLoginResult('//attacker.example', 'failure')).toBe('/search-locations?loginResult=failure');
    expect(withoutLoginResult('/1/menu', '?category=2&loginResult=success')).toBe('/1/menu?category=2');
    expect(withoutLoginResult('/search-locations', '?loginResult=failure')).toBe('/search-locations');
  });

  it("shows the spec's words for loginResult", () => {
    expect(loginResultNotice('failure')).toEqual({ type: 'error', message: 'Login attempt failed' });
    expect(loginResultNotice('success')).toEqual({
      type: 'success',
      message: "You've signed in successfully",
    });
    expect(loginResultNotice('maybe')).toBeNull();
    expect(loginResultNotice(null)).toBeNull();
  });
});
