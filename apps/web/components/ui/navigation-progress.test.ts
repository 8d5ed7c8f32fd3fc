import { afterEach, describe, expect, it } from 'vitest';
import { inAppDestination } from './navigation-progress';

// The document's own address: links resolve against it.
const here = new URL(window.location.href);

function clickOn(html: string, init: MouseEventInit = {}): MouseEvent {
  document.body.innerHTML = html;
  const target = document.querySelector('[data-target]');
  if (!target) throw new Error('no target');
  const event = new MouseEvent('click', { bubbles: true, cancelable: true, button: 0, ...init });
  Object.defineProperty(event, 'target', { value: target });
  return event;
}

afterEach(() => {
  document.body.innerHTML = '';
});

describe('inAppDestination', () => {
  it('is the page a plain click on an in-app link goes to, also from inside the link', () => {
    expect(inAppDestination(clickOn('<a href="/checkout" data-target>Checkout</a>'), here)?.pathname).toBe(
      '/checkout',
    );
    expect(
      inAppDestination(clickOn('<a href="/1/menu/burger"><span data-target>Burger</span></a>'), here)
        ?.pathname,
    ).toBe('/1/menu/burger');
    expect(inAppDestination(clickOn('<a href="?fm=delivery" data-target>x</a>'), here)?.search).toBe(
      '?fm=delivery',
    );
  });

  it('is null for other origins, new tabs, downloads, modified clicks, anchors on the page and non-links', () => {
    expect(inAppDestination(clickOn('<a href="https://other.test/" data-target>x</a>'), here)).toBeNull();
    expect(
      inAppDestination(clickOn('<a href="/checkout" target="_blank" data-target>x</a>'), here),
    ).toBeNull();
    expect(inAppDestination(clickOn('<a href="/receipt.pdf" download data-target>x</a>'), here)).toBeNull();
    expect(
      inAppDestination(clickOn('<a href="/checkout" data-target>x</a>', { metaKey: true }), here),
    ).toBeNull();
    expect(
      inAppDestination(clickOn('<a href="/checkout" data-target>x</a>', { button: 1 }), here),
    ).toBeNull();
    expect(inAppDestination(clickOn('<a href="#c-bowls" data-target>Bowls</a>'), here)).toBeNull();
    expect(inAppDestination(clickOn('<button data-target>Add</button>'), here)).toBeNull();
  });

  it('is null for a click already cancelled', () => {
    const event = clickOn('<a href="/checkout" data-target>x</a>');
    event.preventDefault();
    expect(inAppDestination(event, here)).toBeNull();
  });
});
