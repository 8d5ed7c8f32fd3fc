import { describe, expect, it } from 'vitest';
import { mayMoveFocus } from './route-focus';

describe('mayMoveFocus', () => {
  const body = document.createElement('body');
  const link = document.createElement('a');
  const input = document.createElement('input');

  it('moves focus from the body or from the link that started the navigation', () => {
    expect(mayMoveFocus(body, null, body)).toBe(true);
    expect(mayMoveFocus(null, null, body)).toBe(true);
    expect(mayMoveFocus(link, link, body)).toBe(true);
  });

  it('leaves focus that the new page or the guest put elsewhere', () => {
    expect(mayMoveFocus(input, link, body)).toBe(false);
    expect(mayMoveFocus(input, null, body)).toBe(false);
  });
});
