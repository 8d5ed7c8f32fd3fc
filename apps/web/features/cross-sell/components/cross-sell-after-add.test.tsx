import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CrossSellOffer } from '@storefront/contracts/cross-sell';
import { fetchCrossSellOffers } from '../cross-sell.actions';
import { CrossSellAfterAdd, type AddedLine } from './cross-sell-after-add';

vi.mock('../cross-sell.actions', () => ({ fetchCrossSellOffers: vi.fn() }));
vi.mock('@/features/order/order.actions', () => ({ addOrderItem: vi.fn() }));
vi.mock('next/navigation', () => ({ useRouter: () => ({ push: vi.fn(), refresh: vi.fn() }) }));
const fetchMock = vi.mocked(fetchCrossSellOffers);

const offer: CrossSellOffer = {
  offerId: 'xs-sides',
  title: null,
  description: null,
  offeredMenuItems: [
    {
      itemPathKey: '1-30-301',
      title: 'Fries',
      displayAttribute: { imageFileId: null, itemTitle: 'Fries' },
      price: 2.5,
      customizable: false,
    },
  ],
};
const line = (id: number): AddedLine => ({
  id,
  itemPathKey: '1-10-101',
  target: { locationId: 1, menuType: 'menu', snapshotId: 7 },
});
const promo = <p>Promo popup</p>;

describe('CrossSellAfterAdd', () => {
  beforeEach(() => {
    fetchMock.mockReset();
    vi.stubGlobal('matchMedia', () => ({ matches: true, addEventListener() {}, removeEventListener() {} }));
    window.history.replaceState({ guard: true, __NA: true }, '', '/1/menu?fp=table&addedItemId=6#mains');
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it("opens the added item's offer, drops addedItemId from the address and keeps the rest", async () => {
    fetchMock.mockResolvedValue([offer]);
    render(<CrossSellAfterAdd added={line(6)}>{promo}</CrossSellAfterAdd>);
    expect(await screen.findByRole('dialog', { name: 'Complete Your Meal!' })).toBeTruthy();
    expect(fetchMock).toHaveBeenCalledWith({ locationId: 1, itemPathKey: '1-10-101' });
    expect(`${window.location.pathname}${window.location.search}${window.location.hash}`).toBe(
      '/1/menu?fp=table#mains',
    );
    // Next's own marker is left out (so Next's router follows the new address); other state is kept.
    expect(window.history.state).toEqual({ guard: true });
    expect(screen.queryByText('Promo popup')).toBeNull();
  });

  it('keeps the offer open when the page renders again without the signal (a refresh after a direct add)', async () => {
    fetchMock.mockResolvedValue([offer]);
    const { rerender } = render(<CrossSellAfterAdd added={line(6)}>{promo}</CrossSellAfterAdd>);
    await screen.findByRole('dialog', { name: 'Complete Your Meal!' });
    rerender(<CrossSellAfterAdd added={null}>{promo}</CrossSellAfterAdd>);
    rerender(<CrossSellAfterAdd added={line(6)}>{promo}</CrossSellAfterAdd>);
    expect(screen.getByRole('dialog', { name: 'Complete Your Meal!' })).toBeTruthy();
    // The same line rendered again asks nothing more; the promo stays away for this visit.
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(screen.queryByText('Promo popup')).toBeNull();
  });

  it('shows nothing when the item offers nothing, and the promo only on a visit without an add', async () => {
    fetchMock.mockResolvedValue([]);
    render(<CrossSellAfterAdd added={line(6)}>{promo}</CrossSellAfterAdd>);
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.queryByText('Promo popup')).toBeNull();
    cleanup();
    render(<CrossSellAfterAdd added={null}>{promo}</CrossSellAfterAdd>);
    expect(screen.getByText('Promo popup')).toBeTruthy();
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it("drops an earlier line's late answer when a later line was added meanwhile", async () => {
    let answerFirst: (offers: CrossSellOffer[]) => void = () => {};
    fetchMock
      .mockReturnValueOnce(new Promise((resolve) => (answerFirst = resolve)))
      .mockResolvedValueOnce([]);
    const { rerender } = render(<CrossSellAfterAdd added={line(6)} />);
    rerender(<CrossSellAfterAdd added={line(7)} />);
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(2));
    answerFirst([offer]);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
