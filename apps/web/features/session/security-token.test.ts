import { describe, expect, it } from 'vitest';
import { addressAfterSecurityToken } from './security-token';

describe('the search page after a security_token exchange', () => {
  it('reloads itself without the token on success, keeping the rest of the query', () => {
    expect(addressAfterSecurityToken('http://x.test/search-locations?security_token=abc&q=20001', true)).toBe(
      '/search-locations?q=20001',
    );
    expect(addressAfterSecurityToken('http://x.test/search-locations?security_token=abc', true)).toBe(
      '/search-locations',
    );
  });

  it('asks for the failure notice on failure', () => {
    expect(addressAfterSecurityToken('http://x.test/search-locations?security_token=abc&q=1', false)).toBe(
      '/search-locations?q=1&loginResult=failure',
    );
  });
});
