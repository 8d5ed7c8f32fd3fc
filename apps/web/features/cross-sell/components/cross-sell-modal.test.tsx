import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CrossSellOffer, CrossSellOfferedItem } from '@storefront/contracts/cross-sell';
import { addOrderItem } from '@/features/order/order.actions';
import { CrossSellModal, crossSellItemHref } from './cross-sell-modal';

vi.mock('@/features/order/order.actions', () => ({ addOrderItem: vi.fn() }));
const addMock = vi.mocked(addOrderItem);
const push = vi.fn();
const refresh = vi.fn();
const router = { push, refresh };
vi.mock('next/navigation', () => ({ useRouter: () => router }));

/** A controllable matchMedia: `flip()` crosses the desktop breakpoint. */
function stubMatchMedia() {
  const listeners = new Set<() => void>();
  const list = {
    matches: true,
    addEventListener: (_: string, fn: () => void) => listeners.add(fn),
    removeEventListener: (_: string, fn: () => void) => listeners.delete(fn),
  };
  vi.stubGlobal('matchMedia', () => list);
  return {
    flip: () => {
      list.matches = !list.matches;
      for (const fn of listeners) fn();
    },
  };
}

const item = (n: number, customizable = false): CrossSellOfferedItem => ({
  itemPathKey: `1-30-30${n}`,
  title: `Side ${n}`,
  displayAttribute: { imageFileId: null, itemTitle: `Side ${n}` },
  price: 2.5,
  customizable,
});
const offer = (count: number, named = false): CrossSellOffer => ({
  offerId: 'xs-test',
  title: named ? 'Thirsty?' : null,
  description: named ? 'Drinks for you.' : null,
  offeredMenuItems: Array.from({ length: count }, (_, i) => item(i + 1, i === 0)),
});
const target = { locationId: 1, menuType: 'menu' as const, snapshotId: 7 };

describe('CrossSellModal', () => {
  let media: ReturnType<typeof stubMatchMedia>;
  beforeEach(() => {
    media = stubMatchMedia();
    push.mockClear();
    refresh.mockClear();
    addMock.mockReset();
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it("shows the defaults 'Complete Your Meal!' without a carousel up to four items, narrow up to three", () => {
    render(<CrossSellModal offer={offer(3)} moment="AddItem" target={target} onClose={() => {}} />);
    const dialog = screen.getByRole('dialog', { name: 'Complete Your Meal!' });
    expect(
      within(dialog).getByText('Explore sides, drinks, and more to perfectly complement your dish'),
    ).toBeTruthy();
    expect(within(dialog).queryByRole('button', { name: 'Next items' })).toBeNull();
    expect(dialog.className).toContain('max-w-xl');
  });

  it('widens past three items and scrolls as a carousel past four', () => {
    const { unmount } = render(
      <CrossSellModal offer={offer(4, true)} moment="AddItem" target={target} onClose={() => {}} />,
    );
    let dialog = screen.getByRole('dialog', { name: 'Thirsty?' });
    expect(dialog.className).toContain('max-w-3xl');
    expect(within(dialog).queryByRole('button', { name: 'Next items' })).toBeNull();
    unmount();
    render(<CrossSellModal offer={offer(5, true)} moment="AddItem" target={target} onClose={() => {}} />);
    dialog = screen.getByRole('dialog', { name: 'Thirsty?' });
    expect(within(dialog).getByRole('button', { name: 'Next items' })).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Previous items' })).toBeTruthy();
  });

  it('adds an item without choices with the offer id and, opened at checkout, goes on to /checkout', async () => {
    addMock.mockResolvedValue({ ok: true, data: {} as never });
    const onClose = vi.fn();
    render(<CrossSellModal offer={offer(2)} moment="Checkout" target={target} onClose={onClose} />);
    fireEvent.click(screen.getByRole('button', { name: 'Add Side 2' }));
    await waitFor(() => expect(push).toHaveBeenCalledWith('/checkout'));
    expect(addMock).toHaveBeenCalledWith(
      expect.objectContaining({
        itemPathKey: '1-30-302',
        quantity: 1,
        modifiers: [],
        crossSellOfferId: 'xs-test',
        snapshotId: 7,
      }),
    );
    expect(onClose).toHaveBeenCalled();
  });

  it('after an add on the menu, marks the item added and stays open; a failed add says so', async () => {
    addMock.mockResolvedValueOnce({ ok: true, data: {} as never });
    render(<CrossSellModal offer={offer(3)} moment="AddItem" target={target} onClose={() => {}} />);
    fireEvent.click(screen.getByRole('button', { name: 'Add Side 2' }));
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('Added'));
    expect(refresh).toHaveBeenCalled();
    expect(push).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Done' })).toBeTruthy();

    addMock.mockResolvedValueOnce({ ok: false, error: 'x', reason: 'unexpected' });
    fireEvent.click(screen.getByRole('button', { name: 'Add Side 3' }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toContain('Please try again.'));
    expect(screen.getByRole('alert').textContent).toContain('An unexpected error occurred');

    // A side the API refuses as a customization (out of stock, 21001) gets the spec's add-failure text.
    addMock.mockResolvedValueOnce({ ok: false, error: 'x', reason: 'customization' });
    fireEvent.click(screen.getByRole('button', { name: 'Add Side 3' }));
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toBe(
        "Oops! An error occurred The item can't be added to the Order. A required customization is unavailable. Please review the item.",
      ),
    );
  });

  it('links items with choices to their item page with crossSellId and next=checkout', () => {
    render(<CrossSellModal offer={offer(2)} moment="AddItem" target={target} onClose={() => {}} />);
    const link = screen.getByRole('link', { name: 'Customize Side 1' });
    expect(link.getAttribute('href')).toBe('/1/menu/1-30-301?crossSellId=xs-test&next=checkout');
    expect(crossSellItemHref({ ...target, menuType: 'catering' }, item(9), 'o 1')).toBe(
      '/1/catering/1-30-309?crossSellId=o+1&next=checkout',
    );
  });

  it('closes when the layout switches between desktop and mobile, without going to checkout', () => {
    const onClose = vi.fn();
    render(<CrossSellModal offer={offer(2)} moment="Checkout" target={target} onClose={onClose} />);
    act(() => media.flip());
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(push).not.toHaveBeenCalled();
  });

  it("closing the checkout offer ('Continue to Checkout') goes to /checkout", () => {
    const onClose = vi.fn();
    render(<CrossSellModal offer={offer(2)} moment="Checkout" target={target} onClose={onClose} />);
    fireEvent.click(screen.getByRole('button', { name: 'Continue to Checkout' }));
    expect(onClose).toHaveBeenCalled();
    expect(push).toHaveBeenCalledWith('/checkout');
  });
});
