import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { BillingAddressBlock, BillingAddressPanel } from './components/billing-address-block';
import { saveSavedCardAddress } from './saved-card.actions';
import { fakeFlow, WithFlow } from './saved-card.fixtures';

vi.mock('./saved-card.actions', () => ({ deleteSavedCard: vi.fn(), saveSavedCardAddress: vi.fn() }));

afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

describe('BillingAddressBlock', () => {
  it('asks for all four fields at AddressAndZipCode, with the section-5 messages', async () => {
    const onSave = vi.fn(() => Promise.resolve(null));
    render(<BillingAddressBlock level="AddressAndZipCode" address={null} onSave={onSave} />);
    expect(screen.getByRole('status').textContent).toBe('Please enter your address');
    fireEvent.click(screen.getByRole('button', { name: 'Add billing address' }));
    const dialog = await screen.findByRole('dialog', { name: 'Billing Address' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    for (const message of [
      'Please enter your address',
      'Please enter your city',
      'Please enter your state',
      'Please enter your postal code',
    ]) {
      expect(within(dialog).getByText(message)).toBeTruthy();
    }
    expect(onSave).not.toHaveBeenCalled();
  });

  it('before any address is given the message is a grey hint, and red once a given address falls short', () => {
    const onSave = vi.fn(() => Promise.resolve(null));
    render(<BillingAddressBlock level="ZipCodeOnly" address={null} onSave={onSave} />);
    const hint = screen.getByRole('status');
    expect(hint.textContent).toBe('Please enter your postal code');
    expect(hint.className).not.toMatch(/text-red/);
    cleanup();
    render(
      <BillingAddressBlock
        level="AddressAndZipCode"
        address={{ address1: '1 Main St', city: 'Arlington', state: 'VA', postalCode: '' }}
        onSave={onSave}
      />,
    );
    const error = screen.getByRole('status');
    expect(error.textContent).toBe('Please enter your postal code');
    expect(error.className).toMatch(/text-red-700/);
  });

  it('asks for the postal code only at ZipCodeOnly and refuses a malformed one', async () => {
    const onSave = vi.fn(() => Promise.resolve(null));
    render(<BillingAddressBlock level="ZipCodeOnly" address={null} onSave={onSave} />);
    fireEvent.click(screen.getByRole('button', { name: 'Add billing address' }));
    const dialog = await screen.findByRole('dialog', { name: 'Billing Address' });
    expect(within(dialog).queryByLabelText('Address')).toBeNull();
    fireEvent.change(within(dialog).getByLabelText('Postal Code'), { target: { value: '2220' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(within(dialog).getByText('Invalid postal code')).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText('Postal Code'), { target: { value: ' 22201 ' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(onSave).toHaveBeenCalledWith({ postalCode: '22201' });
  });

  it("keeps the modal open with the server's answer when saving fails", async () => {
    const onSave = vi.fn(() => Promise.resolve({ error: 'The address could not be saved' }));
    render(<BillingAddressBlock level="ZipCodeOnly" address={{ postalCode: '22201' }} onSave={onSave} />);
    expect(screen.getByText('22201')).toBeTruthy();
    expect(screen.queryByRole('status')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Edit billing address' }));
    const dialog = await screen.findByRole('dialog', { name: 'Billing Address' });
    expect(within(dialog).getByLabelText<HTMLInputElement>('Postal Code').value).toBe('22201');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe('The address could not be saved');
  });

  it('shows nothing for a store that verifies no address', () => {
    const { container } = render(<BillingAddressBlock level="None" address={null} onSave={vi.fn()} />);
    expect(container.textContent).toBe('');
  });
});

describe('BillingAddressPanel', () => {
  const card = {
    id: 11,
    maskedCardNumber: '************4242',
    cardLogo: 'visa' as const,
    paymentProcessorCode: 'AURUS_HOSTED' as const,
    billingAddress: { address1: '1 Main St', city: 'Arlington', state: 'VA', postalCode: '22201' },
    avsCoverageLevel: 'AddressAndZipCode' as const,
  };

  it("saves a chosen saved card's address to the card at the store's level", async () => {
    vi.mocked(saveSavedCardAddress).mockResolvedValue({
      ok: true,
      data: { ...card, avsCoverageLevel: 'ZipCodeOnly' },
    });
    const { flow, spy } = fakeFlow({
      savedCards: [card],
      instrument: { kind: 'saved-card', savedPaymentId: 11 },
    });
    render(
      <WithFlow flow={flow}>
        <BillingAddressPanel />
      </WithFlow>,
    );
    // Saved at another level than the store's ZipCodeOnly: it has to be saved again before paying.
    expect(screen.getByRole('status').textContent).toBe('Please confirm your billing address');
    fireEvent.click(screen.getByRole('button', { name: 'Edit billing address' }));
    const dialog = await screen.findByRole('dialog', { name: 'Billing Address' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(saveSavedCardAddress).toHaveBeenCalledWith(11, {
        postalCode: '22201',
        avsCoverageLevel: 'ZipCodeOnly',
      }),
    );
    expect(spy.setBillingAddress).not.toHaveBeenCalled();
  });

  it("gives a new card's address to the flow, with the API's field messages on failure", async () => {
    const setBillingAddress = vi.fn((address: unknown) => {
      void address;
      return Promise.resolve({
        ok: false as const,
        error: 'Invalid postal code',
        fieldErrors: { postalCode: 'Invalid postal code' },
      });
    });
    const { flow } = fakeFlow({ setBillingAddress });
    render(
      <WithFlow flow={flow}>
        <BillingAddressPanel />
      </WithFlow>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Add billing address' }));
    const dialog = await screen.findByRole('dialog', { name: 'Billing Address' });
    fireEvent.change(within(dialog).getByLabelText('Postal Code'), { target: { value: '99999' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(setBillingAddress).toHaveBeenCalledWith({ postalCode: '99999' }));
    // The messages render once the refused answer resolves, a tick after the call: wait for them.
    expect((await within(dialog).findAllByText('Invalid postal code')).length).toBeGreaterThan(0);
    expect(saveSavedCardAddress).not.toHaveBeenCalled();
  });
});
