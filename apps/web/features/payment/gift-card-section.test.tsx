import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Payment } from '@storefront/contracts/payments';
import { GiftCardSection } from './components/gift-card-section';
import { applyGiftCard, checkGiftCardBalance, removeGiftCard, updateGiftCard } from './gift-card.actions';
import { fakeFlow, WithFlow } from './saved-card.fixtures';

vi.mock('./gift-card.actions', () => ({
  checkGiftCardBalance: vi.fn(),
  applyGiftCard: vi.fn(),
  updateGiftCard: vi.fn(),
  removeGiftCard: vi.fn(),
}));

const balanceMock = vi.mocked(checkGiftCardBalance);
const applyMock = vi.mocked(applyGiftCard);
const updateMock = vi.mocked(updateGiftCard);
const removeMock = vi.mocked(removeGiftCard);

function giftPayment(amount: number, id = 7): Payment {
  return {
    id,
    paymentMethod: 6,
    paymentProcessorCode: null,
    status: 'Pending',
    baseAmount: amount,
    tipAmount: 0,
    amount,
    paymentUrl: null,
    alternatePaymentUrl: null,
    cardBrand: null,
    lastFour: null,
    giftCardNumber: '************0001',
    savedPaymentId: null,
  };
}

/**
 * The page's flow as far as the section sees it: `refresh()` re-reads the order (the next of `reads`, when the
 * test lets it through with `release`) and sets the gift cards and the due amount together, as PaymentFlow does.
 */
function flowWithReads(first: { giftCards: Payment[]; dueCents: number }) {
  const reads: { giftCards: Payment[]; dueCents: number }[] = [];
  let release: () => void = () => undefined;
  const refresh = vi.fn();
  function Harness({ children }: { children: React.ReactNode }) {
    const [state, setState] = useState(first);
    refresh.mockImplementation(
      () =>
        new Promise<void>((resolve) => {
          release = () => {
            const next = reads.shift();
            if (next) setState(next);
            resolve();
          };
        }),
    );
    return <WithFlow flow={{ ...fakeFlow().flow, ...state, refresh }}>{children}</WithFlow>;
  }
  return { Harness, reads, refresh, release: () => act(() => release()) };
}

afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

async function checkBalance(number = '6006 0000 0000 0001') {
  fireEvent.change(screen.getByLabelText('Gift card number'), { target: { value: number } });
  fireEvent.click(screen.getByRole('button', { name: 'Check balance' }));
  return screen.findByLabelText<HTMLInputElement>('Amount');
}

describe('GiftCardSection', () => {
  it("says 'Invalid card' when the balance lookup fails", async () => {
    balanceMock.mockResolvedValue({ ok: false, error: 'Invalid card' });
    render(
      <WithFlow flow={fakeFlow().flow}>
        <GiftCardSection />
      </WithFlow>,
    );
    fireEvent.change(screen.getByLabelText('Gift card number'), { target: { value: '1234' } });
    fireEvent.click(screen.getByRole('button', { name: 'Check balance' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Invalid card');
    expect(screen.queryByLabelText('Amount')).toBeNull();
  });

  it('shows the balance, prefills the lesser of balance and due, and applies part of the order', async () => {
    balanceMock.mockResolvedValue({ ok: true, data: { balance: 25 } });
    applyMock.mockResolvedValue({ ok: true, data: [giftPayment(10)] });
    const { Harness, reads, refresh, release } = flowWithReads({ giftCards: [], dueCents: 1840 });
    render(
      <Harness>
        <GiftCardSection />
      </Harness>,
    );
    const amount = await checkBalance();
    expect(screen.getByText('$25.00')).toBeTruthy();
    expect(amount.value).toBe('$18.40');
    fireEvent.change(amount, { target: { value: '$1,0' } });
    expect(amount.value).toBe('10');
    fireEvent.blur(amount);
    expect(amount.value).toBe('$10.00');
    fireEvent.click(screen.getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(refresh).toHaveBeenCalled());
    expect(applyMock).toHaveBeenCalledWith(
      expect.objectContaining({ cardNumber: '6006 0000 0000 0001', amount: 10 }),
    );
    reads.push({ giftCards: [giftPayment(10)], dueCents: 840 });
    release();
    const applied = await screen.findByRole('list', { name: 'Applied gift cards' });
    expect(applied.textContent).toContain('****0001');
    expect(applied.textContent).toContain('$10.00');
    expect(screen.getByTestId('left-to-pay').textContent).toBe('Left to pay$8.40');
    // The applied card is now updated, not added again.
    expect(await screen.findByRole('button', { name: 'Update' })).toBeTruthy();
  });

  it("never shows a changed card beside the due of before the change: one amount for 'Left to pay' (issue 37)", async () => {
    balanceMock.mockResolvedValue({ ok: true, data: { balance: 50 } });
    // The action answers at once with the card; the order's re-read (the new due, the re-amounted frame) lags.
    applyMock.mockResolvedValue({ ok: true, data: [giftPayment(4.25)] });
    const { Harness, reads, refresh, release } = flowWithReads({ giftCards: [], dueCents: 1044 });
    render(
      <Harness>
        <GiftCardSection />
      </Harness>,
    );
    const amount = await checkBalance();
    fireEvent.change(amount, { target: { value: '4.25' } });
    fireEvent.click(screen.getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(refresh).toHaveBeenCalled());
    // Answered but not yet re-read: no card line, and no 'Left to pay' with the old $10.44.
    expect(screen.queryByRole('list', { name: 'Applied gift cards' })).toBeNull();
    expect(screen.queryByTestId('left-to-pay')).toBeNull();
    reads.push({ giftCards: [giftPayment(4.25)], dueCents: 619 });
    release();
    expect((await screen.findByRole('list', { name: 'Applied gift cards' })).textContent).toContain('$4.25');
    expect(screen.getByTestId('left-to-pay').textContent).toBe('Left to pay$6.19');
  });

  it('lowers an amount above the due amount with the spec message', async () => {
    balanceMock.mockResolvedValue({ ok: true, data: { balance: 100 } });
    applyMock.mockResolvedValue({ ok: true, data: [giftPayment(18.4)] });
    render(
      <WithFlow flow={fakeFlow({ dueCents: 1840 }).flow}>
        <GiftCardSection />
      </WithFlow>,
    );
    const amount = await checkBalance();
    fireEvent.change(amount, { target: { value: '50' } });
    fireEvent.blur(amount);
    expect(amount.value).toBe('$18.40');
    expect(screen.getByRole('status').textContent).toBe(
      'The amount entered exceeds the Order total. We adjusted the value for you',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(applyMock).toHaveBeenCalledWith(expect.objectContaining({ amount: 18.4 })));
  });

  it('refuses a zero amount with the apply-failure message and calls nothing', async () => {
    balanceMock.mockResolvedValue({ ok: true, data: { balance: 100 } });
    render(
      <WithFlow flow={fakeFlow().flow}>
        <GiftCardSection />
      </WithFlow>,
    );
    const amount = await checkBalance();
    fireEvent.change(amount, { target: { value: '0' } });
    fireEvent.click(screen.getByRole('button', { name: 'Apply' }));
    expect(screen.getByRole('alert').textContent).toBe(
      'Only positive numbers less than the balance amount and due amount are allowed',
    );
    expect(applyMock).not.toHaveBeenCalled();
  });

  it('updates an applied card up to what it covers plus the rest due, and removes it', async () => {
    balanceMock.mockResolvedValue({ ok: true, data: { balance: 50 } });
    updateMock.mockResolvedValue({ ok: true, data: [giftPayment(15)] });
    removeMock.mockResolvedValue({ ok: true, data: [] });
    const { Harness, reads, refresh, release } = flowWithReads({
      giftCards: [giftPayment(10)],
      dueCents: 500,
    });
    render(
      <Harness>
        <GiftCardSection />
      </Harness>,
    );
    const amount = await checkBalance();
    expect(amount.value).toBe('$10.00');
    fireEvent.change(amount, { target: { value: '15' } });
    fireEvent.click(screen.getByRole('button', { name: 'Update' }));
    await waitFor(() => expect(updateMock).toHaveBeenCalledWith({ paymentId: 7, amount: 15 }));
    await waitFor(() => expect(refresh).toHaveBeenCalledTimes(1));
    reads.push({ giftCards: [giftPayment(15)], dueCents: 0 });
    release();
    const remove = screen.getByRole<HTMLButtonElement>('button', { name: 'Remove gift card ****0001' });
    await waitFor(() => expect(remove.disabled).toBe(false));
    expect(screen.getByRole('list', { name: 'Applied gift cards' }).textContent).toContain('$15.00');
    fireEvent.click(remove);
    await waitFor(() => expect(removeMock).toHaveBeenCalledWith(7));
    await waitFor(() => expect(refresh).toHaveBeenCalledTimes(2));
    reads.push({ giftCards: [], dueCents: 1500 });
    release();
    await waitFor(() => expect(screen.queryByRole('list', { name: 'Applied gift cards' })).toBeNull());
  });
});
