import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { ComponentProps } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SavedPayment } from '@storefront/contracts/saved-payments';
import { SavedCardList } from './components/saved-card-list';
import { deleteSavedCard } from './saved-card.actions';

vi.mock('./saved-card.actions', () => ({ deleteSavedCard: vi.fn(), saveSavedCardAddress: vi.fn() }));
const deleteMock = vi.mocked(deleteSavedCard);

const CARDS: SavedPayment[] = [
  {
    id: 11,
    maskedCardNumber: '************4242',
    cardLogo: 'visa',
    paymentProcessorCode: 'AURUS_HOSTED',
    billingAddress: { postalCode: '22201' },
    avsCoverageLevel: 'ZipCodeOnly',
  },
  {
    id: 12,
    maskedCardNumber: '************1117',
    cardLogo: 'generic',
    paymentProcessorCode: 'AURUS_HOSTED',
    billingAddress: null,
    avsCoverageLevel: null,
  },
];

afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

/** The list with the first card chosen, unless `props` say otherwise. */
function renderList(props: Partial<ComponentProps<typeof SavedCardList>> = {}) {
  return render(
    <SavedCardList
      cards={CARDS}
      instrument={{ kind: 'saved-card', savedPaymentId: 11 }}
      disabled={false}
      onSelect={vi.fn()}
      onDeleted={vi.fn()}
      {...props}
    />,
  );
}

describe('SavedCardList', () => {
  it('lists each card by logo and the last 8 characters, with the chosen one checked', () => {
    renderList();
    const visa = screen.getByRole<HTMLInputElement>('radio', { name: 'Visa ****4242' });
    expect(visa.checked).toBe(true);
    expect(screen.getByRole<HTMLInputElement>('radio', { name: 'Card ****1117' }).checked).toBe(false);
    expect(screen.getByRole<HTMLInputElement>('radio', { name: 'Use a new payment method' }).checked).toBe(
      false,
    );
  });

  it('checks the new card when it is chosen, and no choice while the wallet pays', () => {
    const checked = () =>
      screen
        .getAllByRole<HTMLInputElement>('radio')
        .filter((radio) => radio.checked)
        .map((r) => r.value);
    renderList({ instrument: { kind: 'new-card' } });
    expect(checked()).toEqual(['new']);
    cleanup();
    renderList({ instrument: { kind: 'wallet' } });
    expect(checked()).toEqual([]);
  });

  it("switches the flow's instrument to a saved card or a new card", () => {
    const onSelect = vi.fn();
    renderList({ onSelect });
    fireEvent.click(screen.getByRole('radio', { name: 'Use a new payment method' }));
    expect(onSelect).toHaveBeenLastCalledWith({ kind: 'new-card' });
    fireEvent.click(screen.getByRole('radio', { name: 'Card ****1117' }));
    expect(onSelect).toHaveBeenLastCalledWith({ kind: 'saved-card', savedPaymentId: 12 });
  });

  it('deletes a card only after the guest confirms', async () => {
    deleteMock.mockResolvedValue({ ok: true, data: null });
    const onDeleted = vi.fn();
    renderList({ onDeleted });
    fireEvent.click(screen.getByRole('button', { name: 'Delete card ****4242' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete card' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(deleteMock).not.toHaveBeenCalled();

    fireEvent.click(screen.getByRole('button', { name: 'Delete card ****4242' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(onDeleted).toHaveBeenCalledWith(CARDS[0]));
    expect(deleteMock).toHaveBeenCalledWith(11);
  });

  it('shows nothing when the customer has no saved card', () => {
    const { container } = renderList({ cards: [], instrument: { kind: 'new-card' } });
    expect(container.textContent).toBe('');
  });
});
