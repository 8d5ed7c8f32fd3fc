import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { WalletButton } from './components/wallet-button';
import type { PaymentFlowApi } from './payment-flow-context';
import { frameWindow, postFrom, renderWithFlow } from './payment-test-fixtures';
import { fakeFlow, TEST_PAYMENT_ORIGIN } from './saved-card.fixtures';
import { readWalletMessage } from './use-wallet-sheet';
import { beginWalletSession } from './wallet.actions';

vi.mock('./wallet.actions', () => ({ beginWalletSession: vi.fn() }));
const sessionMock = vi.mocked(beginWalletSession);

const SESSION_ID = '0b6f1c1e-0c39-4a53-9a51-6f0d2f0e7a11';
const SESSION = {
  sessionId: SESSION_ID,
  sheetUrl: `${TEST_PAYMENT_ORIGIN}/hosted-wallet/${SESSION_ID}`,
  amount: 18.4,
  expiresAt: new Date(Date.now() + 600_000).toISOString(),
};
const APPROVED = {
  type: 'walletApproved',
  sessionId: SESSION_ID,
  one_time_token: 'wallet_tok',
  card_brand: 'visa',
  last_four: '4242',
};

afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

/** A message from the wallet sheet's window. */
function post(data: unknown, origin = TEST_PAYMENT_ORIGIN) {
  postFrom(frameWindow('Wallet payment sheet'), data, origin);
}

function renderWallet(flow: PaymentFlowApi) {
  return renderWithFlow(flow, <WalletButton merchantName="Storefront" />);
}

/** A wallet session is had and the guest opens the sheet: the fake flow's spies. */
async function openSheet() {
  sessionMock.mockResolvedValue({ ok: true, data: SESSION });
  const { flow, spy } = fakeFlow();
  renderWallet(flow);
  fireEvent.click(await screen.findByRole('button', { name: 'Pay with Wallet' }));
  await screen.findByTitle('Wallet payment sheet');
  return spy;
}

describe('readWalletMessage', () => {
  it('ends the presentation only for its own session, origin and window', () => {
    const sheet = {} as MessageEventSource;
    const event = { origin: TEST_PAYMENT_ORIGIN, data: APPROVED, source: sheet };
    expect(readWalletMessage(event, TEST_PAYMENT_ORIGIN, sheet, SESSION_ID)).toEqual({
      status: 'approved',
      token: 'wallet_tok',
      cardBrand: 'visa',
      lastFour: '4242',
    });
    expect(
      readWalletMessage({ ...event, origin: 'http://evil.test' }, TEST_PAYMENT_ORIGIN, sheet, SESSION_ID),
    ).toBeNull();
    expect(
      readWalletMessage(event, TEST_PAYMENT_ORIGIN, sheet, '5d2a4f8e-3c1b-4e8f-9a0b-1c2d3e4f5a6b'),
    ).toBeNull();
    expect(
      readWalletMessage(
        { ...event, data: { type: 'walletReady', sessionId: SESSION_ID } },
        TEST_PAYMENT_ORIGIN,
        sheet,
        SESSION_ID,
      ),
    ).toBeNull();
  });
});

describe('WalletButton', () => {
  it('hides for good and brings the card back when the wallet session cannot be had', async () => {
    sessionMock.mockResolvedValue({ ok: false, error: 'Wallet unavailable' });
    const { flow, spy } = fakeFlow({ instrument: { kind: 'saved-card', savedPaymentId: 3 } });
    renderWallet(flow);
    fireEvent.click(await screen.findByRole('button', { name: 'Pay with Wallet' }));
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Pay with Wallet' })).toBeNull());
    expect(spy.selectInstrument.mock.calls).toEqual([
      [{ kind: 'wallet' }],
      [{ kind: 'saved-card', savedPaymentId: 3 }],
    ]);
    expect(screen.queryByTitle('Wallet payment sheet')).toBeNull();
  });

  it('places the order with the one-time token the approved sheet gives', async () => {
    const spy = await openSheet();
    expect(spy.selectInstrument).toHaveBeenCalledWith({ kind: 'wallet' });
    post(APPROVED, 'http://evil.test');
    expect(spy.place).not.toHaveBeenCalled();
    post(APPROVED);
    await waitFor(() =>
      expect(spy.place).toHaveBeenCalledWith({ paymentToken: 'wallet_tok' }, { source: 'wallet' }),
    );
    expect(screen.queryByTitle('Wallet payment sheet')).toBeNull();
  });

  it('goes back to the card when the payer cancels, placing nothing', async () => {
    const spy = await openSheet();
    post({ type: 'walletCancelled', sessionId: SESSION_ID });
    await waitFor(() => expect(screen.queryByTitle('Wallet payment sheet')).toBeNull());
    await waitFor(() => expect(spy.selectInstrument).toHaveBeenLastCalledWith({ kind: 'new-card' }));
    expect(spy.place).not.toHaveBeenCalled();
    expect(spy.fail).not.toHaveBeenCalled();
  });

  it("shows the processor's text for a non-success answer", async () => {
    const spy = await openSheet();
    post({ type: 'walletError', sessionId: SESSION_ID, response_code: 886, response_text: 'Card refused' });
    await waitFor(() => expect(spy.fail).toHaveBeenCalledWith(886, 'Card refused'));
    expect(spy.place).not.toHaveBeenCalled();
  });

  it('does not show while nothing is due', () => {
    renderWallet(fakeFlow({ dueCents: 0 }).flow);
    expect(screen.queryByRole('button', { name: 'Pay with Wallet' })).toBeNull();
  });
});
