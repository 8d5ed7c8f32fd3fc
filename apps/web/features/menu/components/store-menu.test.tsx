import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FULFILLMENT_METHOD } from '@storefront/contracts/enums';
import type { CompactMenu } from '@storefront/contracts/menu';
import { buildMenuView, deferredCards } from '../menu-view';
import { menuCategory, menuItem } from '../menu.fixtures';
import { DEFERRED_CARDS_ERROR } from './deferred-cards';
import { StoreMenu } from './store-menu';

/** A menu of `sizes[c]` items in category c (ids from 100 up, so keys are unique). */
function largeMenu(sizes: number[]) {
  let id = 100;
  const menu: CompactMenu = {
    snapshotId: 1,
    menuId: 1,
    locationId: 1,
    title: 'Main Menu',
    catering: false,
    createdAt: '2026-11-23T12:00:00.000Z',
    brands: [],
    compact: true,
    categories: sizes.map((n, c) =>
      menuCategory(
        `1-${c + 2}`,
        Array.from({ length: n }, () => {
          id += 1;
          return menuItem(`1-${c + 2}-${id}`);
        }),
      ),
    ),
  };
  return menu;
}

const fetchMock = vi.fn<typeof fetch>();
beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  // jsdom has no element scrolling (the category bar keeps its active tab in view).
  if (!Reflect.has(Element.prototype, 'scrollTo')) Object.assign(Element.prototype, { scrollTo() {} });
});
afterEach(() => {
  cleanup();
  fetchMock.mockReset();
  vi.unstubAllGlobals();
});

/** What /api/menu-cards answers for this menu (its handler's own computation). */
function answer(menu: ReturnType<typeof largeMenu>) {
  return new Response(JSON.stringify({ categories: deferredCards(buildMenuView(menu)) }), {
    headers: { 'content-type': 'application/json' },
  });
}

/** The item cards' links (the category bar has links too). */
const links = () =>
  [...document.querySelectorAll('a[data-item-key]')].map((a) => a.getAttribute('data-item-key'));

function renderMenu(menu: ReturnType<typeof largeMenu>) {
  return render(
    <StoreMenu
      result={{ ok: true, menu }}
      basePath="/1/menu"
      fulfillmentMethod={FULFILLMENT_METHOD.Pickup}
      deferred={{ locationId: 1, menuType: 'menu', brandIds: '2,3' }}
    />,
  );
}

describe('StoreMenu on a large menu', () => {
  it('draws the first 30 cards and every section, then the other cards in menu order, a step at a time', async () => {
    const menu = largeMenu([20, 25, 40]);
    let respond!: (r: Response) => void;
    fetchMock.mockReturnValue(new Promise<Response>((resolve) => (respond = resolve)));
    renderMenu(menu);
    expect(links()).toHaveLength(30);
    // Every category's section is there at once (category bar, anchors), the third one still empty of cards.
    const third = document.getElementById('c-4') as HTMLElement;
    expect(third.querySelectorAll('a[data-item-key]')).toHaveLength(0);
    expect(fetchMock.mock.calls[0]?.[0]).toBe(
      '/api/menu-cards?locationId=1&menuType=menu&brandIds=2%2C3&fulfillmentMethod=1',
    );
    // Drawn a step at a time (short tasks), not all at once, until every card is there: each step's commit is
    // seen by an observer of the page (its callback runs after each task), so a slow machine cannot hide a step
    // the way polling between steps could.
    const counts: number[] = [];
    const observer = new MutationObserver(() => counts.push(links().length));
    observer.observe(document.body, { childList: true, subtree: true });
    await act(async () => respond(answer(menu)));
    expect(links()).toHaveLength(30);
    await waitFor(() => expect(links()).toHaveLength(85));
    observer.disconnect();
    expect(counts.some((n) => n > 30 && n < 85)).toBe(true);
    const all = menu.categories.flatMap((c) => c.children.map((i) => i.itemPathKey));
    expect(links()).toEqual(all);
    const cards = third.querySelectorAll('a[data-item-key]');
    expect(cards).toHaveLength(40);
    expect(cards[0]?.getAttribute('href')).toBe(`/1/menu/${all[45]}`);
    expect(within(cards[0] as HTMLElement).getByRole('heading').textContent).toBe(
      `Title ${all[45]?.split('-').at(-1)}`,
    );
  });

  it('asks for nothing when the menu fits the first paint', () => {
    renderMenu(largeMenu([10, 20]));
    expect(links()).toHaveLength(30);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('tells once when the other cards fail to load, and Try again loads them', async () => {
    const menu = largeMenu([35, 10]);
    fetchMock.mockResolvedValueOnce(new Response('{}', { status: 502 }));
    renderMenu(menu);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(DEFERRED_CARDS_ERROR);
    expect(screen.getAllByRole('alert')).toHaveLength(1);
    expect(links()).toHaveLength(30);
    fetchMock.mockResolvedValueOnce(answer(menu));
    await act(async () => fireEvent.click(within(alert).getByRole('button', { name: 'Try again' })));
    expect(screen.queryByRole('alert')).toBeNull();
    await waitFor(() => expect(links()).toHaveLength(45));
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });
});
