import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { menuNode } from '@storefront/contracts/menu.fixtures';
import { loadCompactItem } from '@/features/item/compact-item.actions';
import { addOrderItem } from '@/features/order/order.actions';
import { ItemCardLinks } from './item-card-links';

vi.mock('@/features/item/compact-item.actions', () => ({ loadCompactItem: vi.fn() }));
vi.mock('@/features/item/item.actions', () => ({ clearItemDetailsCache: vi.fn() }));
vi.mock('@/features/order/order.actions', () => ({ addOrderItem: vi.fn() }));
const loadMock = vi.mocked(loadCompactItem);
const addMock = vi.mocked(addOrderItem);
const push = vi.fn();
const router = { push, replace: vi.fn(), refresh: vi.fn() };
vi.mock('next/navigation', () => ({ useRouter: () => router }));

const tea = menuNode({
  itemPathKey: '1-40-403',
  title: 'Iced Tea',
  displayAttribute: {
    itemTitle: 'Iced Tea',
    shortDescription: null,
    description: 'Unsweetened black tea.',
    imageFileId: null,
    hidden: false,
    webOrderingLayout: 1,
    baseItemsPriceDisplay: 'ShowBasePrice',
  },
  itemConfigurations: { displayOrder: 0, maxQuantity: 20, defaultQuantity: 1 },
  priceAttribute: {
    priceType: 'BasePrice',
    prices: [{ portionTypeId: null, price: 2.79, default: true, isOutOfStock: false }],
    propagatePortionSelection: false,
  },
});

function renderMenu(compact = true) {
  return render(
    <ItemCardLinks locationId={1} menuType="menu" compact={compact}>
      <a href="/1/menu/1-40-403" data-item-key="1-40-403">
        Iced Tea card
      </a>
      <a href="#c-10">Burgers</a>
    </ItemCardLinks>,
  );
}

describe('ItemCardLinks', () => {
  beforeEach(() => {
    loadMock.mockReset();
    addMock.mockReset();
    push.mockClear();
    // The live price request never answers: the shared pricing shows the price.
    vi.stubGlobal(
      'fetch',
      vi.fn(() => new Promise<Response>(() => undefined)),
    );
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('opens the clicked item in a modal over the menu, adds it and closes', async () => {
    loadMock.mockResolvedValue({
      ok: true,
      data: {
        item: tea,
        snapshotId: 9,
        portionTitles: {},
        allowNotes: false,
        hideDefaultModifiers: false,
        realTimePricing: true,
      },
    });
    addMock.mockResolvedValue({ ok: true, data: { items: [] } as never });
    renderMenu();
    const link = screen.getByRole('link', { name: 'Iced Tea card' });
    expect(fireEvent.click(link)).toBe(false); // the page link was not followed
    const dialog = await screen.findByRole('dialog', { name: 'Iced Tea' });
    expect(dialog.textContent).toContain('Unsweetened black tea.');
    expect(loadMock).toHaveBeenCalledWith({ locationId: 1, menuType: 'menu', itemPathKey: '1-40-403' });

    fireEvent.click(await screen.findByRole('button', { name: /Add to Order/ }));
    await waitFor(() => expect(push).toHaveBeenCalledWith('/1/menu'));
    expect(addMock).toHaveBeenCalledWith(
      expect.objectContaining({ itemPathKey: '1-40-403', snapshotId: 9, quantity: 1, locationId: 1 }),
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('follows the link on a modified click (new tab) and says when the item cannot be loaded', async () => {
    renderMenu();
    const link = screen.getByRole('link', { name: 'Iced Tea card' });
    // jsdom does not navigate: an unprevented click is the link followed.
    expect(fireEvent.click(link, { ctrlKey: true })).toBe(true);
    expect(screen.queryByRole('dialog')).toBeNull();

    loadMock.mockResolvedValue({ ok: false, error: 'Item not found' });
    fireEvent.click(link);
    const dialog = await screen.findByRole('dialog');
    await waitFor(() => expect(dialog.textContent).toContain('Item not found'));
  });

  it('without the flag, opens the item page through the router and leaves other links alone', () => {
    renderMenu(false);
    const card = screen.getByRole('link', { name: 'Iced Tea card' });
    expect(fireEvent.click(card)).toBe(false);
    expect(push).toHaveBeenCalledWith('/1/menu/1-40-403');
    // Pressed at once and until the item page arrives (issue 37: a tap on a slow phone showed nothing for 1.2 s).
    expect(card.getAttribute('aria-busy')).toBe('true');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(loadMock).not.toHaveBeenCalled();
    expect(fireEvent.click(screen.getByRole('link', { name: 'Burgers' }))).toBe(true);
    expect(push).toHaveBeenCalledTimes(1);
  });
});
