import { describe, expect, it } from 'vitest';
import { ERROR_PAGES, GENERIC_ERROR, errorPageContent, errorPagePath } from './error-codes';

describe('errorPageContent', () => {
  it("shows a known code's own status and text", () => {
    expect(errorPageContent('menu-type')).toEqual(ERROR_PAGES['menu-type']);
    expect(errorPagePath('tracking-link')).toBe('/error?code=tracking-link');
  });

  it('shows the generic text for anything else, never text from the URL', () => {
    for (const code of [undefined, '', '404', 'toString', '__proto__', 'Your account is locked']) {
      expect(errorPageContent(code)).toEqual(GENERIC_ERROR);
    }
  });
});
