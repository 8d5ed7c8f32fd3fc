import { describe, expect, it } from 'vitest';
import { loginNoticeOf, opensLoginDialog, withoutLoginParams } from './login-notice';

describe('sign-in parameters on the search page', () => {
  it('leaves loginResult to the toast every page has (session feature)', () => {
    expect(loginNoticeOf({ loginResult: 'failure' })).toBeNull();
    expect(loginNoticeOf({ loginResult: 'success' })).toBeNull();
  });

  it('says nothing for login=true under loyalty login: the header offers its Sign in', () => {
    expect(loginNoticeOf({ login: 'true' }, false, true)).toBeNull();
  });

  it('says sign-in is not available for login=true, and nothing for a security token (being exchanged)', () => {
    expect(loginNoticeOf({ login: 'true' })?.message).toMatch(/not available yet/);
    expect(loginNoticeOf({ security_token: 'abc' })).toBeNull();
    expect(loginNoticeOf({ q: '20001', login: 'false' })).toBeNull();
  });

  it('opens the login dialog for login=true instead of a toast when customer-relationship login is active', () => {
    expect(loginNoticeOf({ login: 'true' }, true)).toBeNull();
    expect(opensLoginDialog({ login: 'true' }, true)).toBe(true);
    expect(opensLoginDialog({ login: 'true' }, false)).toBe(false);
    expect(opensLoginDialog({ login: 'false' }, true)).toBe(false);
    expect(loginNoticeOf({ login: 'true' }, false)?.message).toMatch(/not available yet/);
    expect(loginNoticeOf({ security_token: 'abc' }, true)).toBeNull();
  });

  it('removes only the sign-in parameters from the URL', () => {
    expect(withoutLoginParams('?q=20001&loginResult=failure&method=delivery')).toBe(
      '?q=20001&method=delivery',
    );
    expect(withoutLoginParams('?login=true&security_token=x')).toBe('');
  });
});
