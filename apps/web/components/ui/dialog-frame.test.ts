import { afterEach, describe, expect, it } from 'vitest';
import { focusedOpener, returnFocus } from './dialog-frame';

const page = () => {
  document.body.innerHTML =
    '<header><button id="opener">Store info</button></header><main><h1 id="title">Dupont Circle</h1>' +
    '<button id="other">Other</button></main>';
  const get = (id: string) => {
    const el = document.getElementById(id);
    if (!el) throw new Error(id);
    return el;
  };
  return { opener: get('opener'), title: get('title'), other: get('other') };
};

describe('returnFocus (a dialog closing)', () => {
  afterEach(() => {
    document.body.innerHTML = '';
  });

  it('puts focus back on the element that had it as the dialog opened', () => {
    const { opener } = page();
    opener.focus();
    const remembered = focusedOpener();
    expect(remembered).toBe(opener);
    document.body.focus();
    returnFocus(remembered);
    expect(document.activeElement).toBe(opener);
  });

  it("prefers the dialog's own target while it is on the page", () => {
    const { opener, other } = page();
    returnFocus(opener, other);
    expect(document.activeElement).toBe(other);
    other.remove();
    returnFocus(opener, other);
    expect(document.activeElement).toBe(opener);
  });

  it("falls back to the page's heading when the opener has gone (no focus on the body)", () => {
    const { opener, title } = page();
    opener.remove();
    returnFocus(opener);
    expect(document.activeElement).toBe(title);
    // Focusable from script only: not added to the Tab order.
    expect(title.getAttribute('tabindex')).toBe('-1');
  });

  it('remembers nothing when focus was on the body (a dialog opened with the page)', () => {
    page();
    (document.activeElement as HTMLElement | null)?.blur();
    expect(focusedOpener()).toBeNull();
    returnFocus(null);
    expect(document.activeElement?.id).toBe('title');
  });
});
