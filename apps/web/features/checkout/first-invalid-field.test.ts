import { afterEach, describe, expect, it } from 'vitest';
import { firstInvalidField } from './first-invalid-field';

function form(html: string): HTMLFormElement {
  document.body.innerHTML = `<form>${html}</form>`;
  const el = document.querySelector('form');
  if (!el) throw new Error('no form');
  return el;
}

afterEach(() => {
  document.body.innerHTML = '';
});

describe('firstInvalidField', () => {
  it('takes the first field in document order, not the order of the names', () => {
    const f = form(
      '<input name="firstName"><input name="lastName"><input name="phone"><textarea name="notes">',
    );
    expect(firstInvalidField(f, ['phone', 'lastName'])?.name).toBe('lastName');
    expect(firstInvalidField(f, ['notes'])?.name).toBe('notes');
  });

  it('is null when no field in error is on the page or nothing is in error', () => {
    const f = form('<input name="notes"><button name="phone">x</button>');
    expect(firstInvalidField(f, ['firstName'])).toBeNull();
    // A button of that name is not a field to type in.
    expect(firstInvalidField(f, ['phone'])).toBeNull();
    expect(firstInvalidField(f, [])).toBeNull();
  });

  it('skips a disabled field', () => {
    const f = form('<input name="firstName" disabled><input name="email">');
    expect(firstInvalidField(f, ['firstName', 'email'])?.name).toBe('email');
  });
});
