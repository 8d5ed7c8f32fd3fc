import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { checkoutOfferedKey } from '@/features/order/checkout-cross-sell';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { RecentOrderedItem } from '@storefront/contracts/accounts';
import { REORDER_ADDED, ReorderStrip, type ReorderAddInput, type ReorderAddResult } from './reorder-strip';

const refresh = vi.fn();
vi.mock('next/navigation', () => ({ useRouter: () => ({ refresh }) }));
const toast = vi.fn();
vi.mock('@/components/ui/toast', () => ({ useToast: () => toast }));

afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

const item = (pastItemId: number, title: string, isOutOfStock = false): RecentOrderedItem => ({
  pastItemId,
  itemPathKey: `1-2-${pastItemId}`,
  title,
  orderDate: '2026-02-14T19:10:00-05:00',
  quantity: 2,
  portionId: null,
  total: 18,
  isOutOfStock,
  note: null,
  selectedModifiers: [
    { itemPathKey: `1-2-${pastItemId}-5-6`, title: 'Bacon', quantity: 1, portionId: null, itemType: 2 },
  ],
});
const target = { locationId: 1, menuType: 'menu', snapshotId: 9 } as const;

describe('ReorderStrip', () => {
  it('lists the items with date, quantity x title, Edit and Add to Order with the price; out of stock is struck through', () => {
    render(
      <ReorderStrip
        title="Order it again"
        items={[item(1, 'Classic Burger'), item(2, 'Veggie Wrap', true)]}
        target={target}
        add={vi.fn()}
      />,
    );
    const strip = screen.getByRole('region', { name: 'Order it again' });
    const [burger, wrap] = within(strip).getAllByRole('listitem');
    if (!burger || !wrap) throw new Error('two cards expected');
    expect(within(burger).getByText('Ordered on 02/14/26')).toBeTruthy();
    expect(within(burger).getByText('2 x Classic Burger')).toBeTruthy();
    expect(within(burger).getByRole('link', { name: 'Edit Classic Burger' }).getAttribute('href')).toBe(
      '/1/menu/1-2-1?pastItemId=1',
    );
    const add = within(burger).getByRole('button', { name: 'Add to Order $18.00' });
    expect(add).toHaveProperty('disabled', false);
    expect(add.getAttribute('aria-describedby')).toBe('reorder-line-1');
    expect(wrap.querySelector('s')?.textContent).toBe('2 x Veggie Wrap');
    expect(within(wrap).getByRole('button', { name: /Add to Order/ })).toHaveProperty('disabled', true);
  });

  it('adds the past line as it was ordered, then refreshes the page', async () => {
    const add = vi
      .fn<(input: ReorderAddInput) => Promise<ReorderAddResult>>()
      .mockResolvedValue({ ok: true });
    render(
      <ReorderStrip title="Order it again" items={[item(1, 'Classic Burger')]} target={target} add={add} />,
    );
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: /Add to Order/ }));
    });
    expect(add).toHaveBeenCalledWith({
      locationId: 1,
      menuType: 'menu',
      snapshotId: 9,
      itemPathKey: '1-2-1',
      instanceId: null,
      quantity: 2,
      portionId: null,
      modifiers: [{ itemPathKey: '1-2-1-5-6', quantity: 1, portionId: null }],
      note: null,
    });
    await waitFor(() => expect(toast).toHaveBeenCalledWith('success', REORDER_ADDED));
    expect(refresh).toHaveBeenCalled();
  });

  it("confirms before the page's refresh, then offers the way to checkout without the cross-sell's stop", async () => {
    // The refresh never ends here: the toast and the checkout link must not wait for it.
    refresh.mockImplementation(() => new Promise(() => undefined));
    const add = vi
      .fn<(input: ReorderAddInput) => Promise<ReorderAddResult>>()
      .mockResolvedValue({ ok: true, data: { id: 77 } });
    render(
      <ReorderStrip
        title="Order it again"
        items={[item(1, 'Classic Burger'), item(2, 'Fries')]}
        target={target}
        add={add}
      />,
    );
    expect(screen.queryByRole('link', { name: 'Go to checkout' })).toBeNull();
    await act(async () => {
      fireEvent.click(screen.getAllByRole('button', { name: /Add to Order/ })[0] as HTMLElement);
    });
    expect(toast).toHaveBeenCalledWith('success', REORDER_ADDED);
    const links = screen.getAllByRole('link', { name: 'Go to checkout' });
    expect(links).toHaveLength(1);
    expect(links[0]?.getAttribute('href')).toBe('/checkout');
    expect(window.sessionStorage.getItem(checkoutOfferedKey(77))).toBe('1');
    refresh.mockReset();
  });

  it('tells the failure and renders nothing without items', async () => {
    const add = vi
      .fn<(input: ReorderAddInput) => Promise<ReorderAddResult>>()
      .mockResolvedValue({ ok: false, error: 'Please try again.' });
    render(
      <ReorderStrip title="Order it again" items={[item(1, 'Classic Burger')]} target={target} add={add} />,
    );
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: /Add to Order/ }));
    });
    await waitFor(() => expect(toast).toHaveBeenCalledWith('error', 'Please try again.'));
    cleanup();
    const { container } = render(
      <ReorderStrip title="Order it again" items={[]} target={target} add={add} />,
    );
    expect(container.innerHTML).toBe('');
  });
});
