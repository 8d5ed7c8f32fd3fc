import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CheckoutForm } from './components/checkout-form';
import { clearPendingCardPayments, confirmOrder, payAtStore } from './checkout.actions';
import { solveInvisibleChallenge } from '@/lib/captcha/invisible-captcha';
import { formatTipInput, sanitizeTipInput, tipCentsFor } from './tip';
import { requestVerificationCode, submitVerificationCode } from './verification-client';

vi.mock('./checkout.actions', () => ({
  confirmOrder: vi.fn(),
  payAtStore: vi.fn(),
  clearPendingCardPayments: vi.fn(() => Promise.resolve(true)),
}));
vi.mock('@/lib/captcha/invisible-captcha', () => ({ solveInvisibleChallenge: vi.fn() }));
vi.mock('./verification-client', () => ({
  requestVerificationCode: vi.fn(),
  submitVerificationCode: vi.fn(),
}));
const push = vi.fn();
vi.mock('next/navigation', () => ({ useRouter: () => ({ push }) }));
const confirmMock = vi.mocked(confirmOrder);
const payMock = vi.mocked(payAtStore);
const clearMock = vi.mocked(clearPendingCardPayments);
const solveMock = vi.mocked(solveInvisibleChallenge);
let solved = 0;
const codeMock = vi.mocked(requestVerificationCode);
const verifyMock = vi.mocked(submitVerificationCode);
const scrollIntoView = vi.fn();

const totals = { subtotal: 20, discount: 0, serviceCharge: 0, salesTax: 1.2, tip: 0, total: 21.2 };
const empty = { firstName: '', lastName: '', phone: '', email: '', notes: '' };

function renderForm(props: Partial<Parameters<typeof CheckoutForm>[0]> = {}) {
  return render(
    <CheckoutForm
      defaults={empty}
      allowNotes
      hideTipping={false}
      initialTipCents={0}
      totals={totals}
      fulfilment={<p>Pickup</p>}
      lines={<ul />}
      orderId={41}
      {...props}
    />,
  );
}

function field(label: string) {
  return screen.getByLabelText(label);
}

async function submit() {
  await act(async () => {
    fireEvent.click(screen.getByRole('button', { name: 'Confirm Order' }));
  });
}

beforeEach(() => {
  confirmMock.mockResolvedValue({ ok: true, data: { kind: 'payment' } });
  solveMock.mockImplementation(() => Promise.resolve(`captcha-${(solved += 1)}`));
  // jsdom lays nothing out and has no scrollIntoView: record the calls.
  HTMLElement.prototype.scrollIntoView = scrollIntoView;
});

afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

describe('checkout on load', () => {
  it("deletes the order's uncharged card payments once (checkout spec section 4)", async () => {
    clearMock.mockClear();
    renderForm();
    await waitFor(() => expect(clearMock).toHaveBeenCalledTimes(1));
    expect(confirmMock).not.toHaveBeenCalled();
  });
});

describe('contact information', () => {
  it('shows the spec messages for every missing field and does not submit', async () => {
    renderForm();
    await submit();
    expect(await screen.findByText('Please enter your First Name')).toBeTruthy();
    expect(screen.getByText('Please enter your Last Name')).toBeTruthy();
    expect(screen.getByText('Please enter your phone number')).toBeTruthy();
    expect(screen.getByText('Please enter your email address')).toBeTruthy();
    expect(field('First Name').getAttribute('aria-invalid')).toBe('true');
    expect(confirmMock).not.toHaveBeenCalled();
    expect(push).not.toHaveBeenCalled();
  });

  it('focuses the first field in error in reading order and scrolls it into view', async () => {
    renderForm();
    await submit();
    await waitFor(() => expect(document.activeElement).toBe(field('First Name')));
    expect(scrollIntoView).toHaveBeenCalledWith({ block: 'nearest' });

    fireEvent.change(field('First Name'), { target: { value: 'Ada' } });
    fireEvent.change(field('Last Name'), { target: { value: 'Lovelace' } });
    await submit();
    await waitFor(() => expect(document.activeElement).toBe(field('Phone Number')));
  });

  it('marks the contact fields required for assistive technology, keeping the spec labels', () => {
    renderForm();
    for (const label of ['First Name', 'Last Name', 'Phone Number', 'Email']) {
      expect(screen.getByRole('textbox', { name: label }).getAttribute('aria-required')).toBe('true');
    }
    expect(screen.getByLabelText(/Special instructions/).getAttribute('aria-required')).toBeNull();
  });

  it('submits once for a double click', async () => {
    let answer: (value: { ok: true; data: { kind: 'payment' } }) => void = () => undefined;
    confirmMock.mockReturnValueOnce(
      new Promise((resolve) => {
        answer = resolve;
      }),
    );
    renderForm({
      defaults: { firstName: 'Ada', lastName: 'L', phone: '2025550143', email: 'a@b.co', notes: '' },
    });
    const button = screen.getByRole('button', { name: 'Confirm Order' });
    await act(async () => {
      fireEvent.click(button);
      fireEvent.click(button);
    });
    await waitFor(() => expect(confirmMock).toHaveBeenCalledTimes(1));
    fireEvent.click(button);
    await act(async () => answer({ ok: true, data: { kind: 'payment' } }));
    await waitFor(() => expect(push).toHaveBeenCalledWith('/payment'));
    expect(confirmMock).toHaveBeenCalledTimes(1);
  });

  it('shows the total with the chosen tip at the top of the form (for phones)', () => {
    renderForm();
    const top = screen.getByRole('region', { name: 'Order total' });
    expect(within(top).getByText('$21.20')).toBeTruthy();
    fireEvent.click(screen.getByRole('radio', { name: /15%/ }));
    expect(within(top).getByText('$24.20')).toBeTruthy();
  });

  it('rejects a short phone number and a malformed e-mail address', async () => {
    renderForm({ defaults: { ...empty, firstName: 'Ada', lastName: 'Lovelace' } });
    fireEvent.change(field('Phone Number'), { target: { value: '202555' } });
    fireEvent.change(field('Email'), { target: { value: 'ada@example' } });
    await submit();
    expect(await screen.findByText('Please enter a valid phone number')).toBeTruthy();
    expect(screen.getByText('Please enter a valid email address')).toBeTruthy();
    expect(confirmMock).not.toHaveBeenCalled();
  });

  it('keeps digits only (the last 10) in the phone field and limits names to 40', () => {
    renderForm();
    const phone = screen.getByLabelText<HTMLInputElement>('Phone Number');
    fireEvent.change(phone, { target: { value: '+1 (202) 555-0143' } });
    expect(phone.value).toBe('2025550143');
    fireEvent.change(phone, { target: { value: 'abc12' } });
    expect(phone.value).toBe('12');
    expect(field('First Name').getAttribute('maxlength')).toBe('40');
    expect(field('Last Name').getAttribute('maxlength')).toBe('40');
  });

  it('sends the cleaned contact, notes without line breaks and the tip', async () => {
    renderForm();
    fireEvent.change(field('First Name'), { target: { value: ' Ada ' } });
    fireEvent.change(field('Last Name'), { target: { value: 'Lovelace' } });
    fireEvent.change(field('Phone Number'), { target: { value: '2025550143' } });
    fireEvent.change(field('Email'), { target: { value: 'ada@example.com' } });
    fireEvent.change(screen.getByLabelText(/Special instructions/), { target: { value: 'no\nonions' } });
    fireEvent.click(screen.getByRole('radio', { name: /15%/ }));
    await submit();
    await waitFor(() => expect(confirmMock).toHaveBeenCalledTimes(1));
    expect(confirmMock).toHaveBeenCalledWith({
      contact: { firstName: 'Ada', lastName: 'Lovelace', phone: '2025550143', email: 'ada@example.com' },
      notes: 'no onions',
      tipCents: 300,
    });
    await waitFor(() => expect(push).toHaveBeenCalledWith('/payment'));
  });

  it('lists PreCheckout failures with their codes, titled Order Total issue! for order limits', async () => {
    confirmMock.mockResolvedValueOnce({
      ok: false,
      error: 'Validation failed',
      validationErrors: [{ code: 21040, message: 'The order is below the minimum' }],
    });
    renderForm({
      defaults: { firstName: 'Ada', lastName: 'L', phone: '2025550143', email: 'a@b.co', notes: '' },
    });
    await submit();
    const dialog = await screen.findByRole('dialog', { name: 'Order Total issue!' });
    expect(within(dialog).getByText('The order is below the minimum (21040)')).toBeTruthy();

    fireEvent.click(within(dialog).getByRole('button', { name: 'OK' }));
    confirmMock.mockResolvedValueOnce({
      ok: false,
      error: 'Validation failed',
      validationErrors: [{ code: 21001, message: 'Item out of stock' }],
    });
    await submit();
    const second = await screen.findByRole('dialog', { name: 'Validation failed' });
    expect(within(second).getByText('Item out of stock (21001)')).toBeTruthy();
  });
});

describe('tip', () => {
  it('keeps money with up to 3 integer digits and 2 decimals while typing', () => {
    expect(sanitizeTipInput('$1,234.567')).toBe('123.56');
    expect(sanitizeTipInput('12.5')).toBe('12.5');
    expect(sanitizeTipInput('abc')).toBe('');
    expect(sanitizeTipInput('1.2.3')).toBe('1.23');
    expect(sanitizeTipInput('.5')).toBe('.5');
  });

  it('formats on blur and treats empty as no tip', () => {
    expect(formatTipInput('12.5')).toBe('12.50');
    expect(formatTipInput('.5')).toBe('0.50');
    expect(formatTipInput('')).toBe('');
    expect(tipCentsFor({ kind: 'custom', value: '' }, 2000)).toBe(0);
    expect(tipCentsFor({ kind: 'custom', value: '999.99' }, 2000)).toBe(99_999);
    expect(tipCentsFor({ kind: 'percent', percent: 10 }, 2050)).toBe(205);
  });

  it('shows the Tip row only when a tip is chosen, and adds it to the total', () => {
    renderForm();
    expect(screen.queryByText('Tip', { selector: 'dt' })).toBeNull();
    // The summary's totals (the total shows at the top of the form too, for phones).
    const summary = screen.getByRole('region', { name: 'Order Summary' });
    expect(within(summary).getByText('$21.20')).toBeTruthy();
    fireEvent.click(screen.getByRole('radio', { name: 'Custom' }));
    const input = screen.getByLabelText<HTMLInputElement>('Custom tip amount');
    fireEvent.change(input, { target: { value: '$4,5.255' } });
    expect(input.value).toBe('45.25');
    fireEvent.blur(input);
    expect(screen.getByText('Tip', { selector: 'dt' })).toBeTruthy();
    expect(within(summary).getByText('$45.25')).toBeTruthy();
    expect(within(summary).getByText('$66.45')).toBeTruthy();
  });

  it('hides the tip selector when tipping is hidden', () => {
    renderForm({ hideTipping: true });
    expect(screen.queryByRole('group', { name: 'Tip' })).toBeNull();
  });
});

describe('checkout submit step 4: the payment method', () => {
  const filled = { firstName: 'Ada', lastName: 'L', phone: '2025550143', email: 'a@b.co', notes: '' };
  const card = { id: 1, paymentMethod: 5 as const, name: 'Credit Card', requiresVerifiedIdentity: false };
  const offline = {
    id: 2,
    paymentMethod: 2 as const,
    name: 'Pay at the store',
    requiresVerifiedIdentity: false,
  };
  const wallet = { id: 3, paymentMethod: 15 as const, name: 'Apple Pay', requiresVerifiedIdentity: true };

  it('opens Select Payment Method and pays at the store with one idempotency key per attempt', async () => {
    const submitForm = vi
      .spyOn(HTMLFormElement.prototype, 'requestSubmit')
      .mockImplementation(() => undefined);
    confirmMock.mockResolvedValueOnce({
      ok: true,
      data: { kind: 'picker', choices: [card, offline, wallet] },
    });
    payMock.mockResolvedValueOnce({ ok: false, error: 'The store is currently offline.', code: 21045 });
    payMock.mockResolvedValueOnce({ ok: true });
    renderForm({ defaults: filled });
    await submit();
    const dialog = await screen.findByRole('dialog', { name: 'Select Payment Method' });
    // One radio group: the three share a name.
    const radios = within(dialog).getAllByRole<HTMLInputElement>('radio');
    expect(new Set(radios.map((r) => r.name)).size).toBe(1);
    expect(radios).toHaveLength(3);
    expect(within(dialog).getByRole<HTMLInputElement>('radio', { name: /Credit Card/ }).checked).toBe(true);
    expect(push).not.toHaveBeenCalled();

    fireEvent.click(within(dialog).getByRole('radio', { name: /Pay at the store/ }));
    await act(async () => {
      fireEvent.click(within(dialog).getByRole('button', { name: 'Place Order' }));
    });
    expect(await within(dialog).findByRole('alert')).toHaveProperty(
      'textContent',
      'The store is currently offline.',
    );
    await act(async () => {
      fireEvent.click(within(dialog).getByRole('button', { name: 'Place Order' }));
    });
    await waitFor(() => expect(submitForm).toHaveBeenCalledTimes(1));
    const keys = payMock.mock.calls.map(([input]) => input.idempotencyKey);
    expect(keys[0]).not.toBe(keys[1]);
    submitForm.mockRestore();
  });

  const sixBoxes = {
    digits: Array.from({ length: 6 }, () => '' as const),
    maskedPhone: '(•••) •••-0143',
    expiresAt: '',
  };

  /** Picks the method that needs verification and confirms the phone: the enter-code stage. */
  async function openCodeStage() {
    confirmMock.mockResolvedValueOnce({ ok: true, data: { kind: 'picker', choices: [card, wallet] } });
    codeMock.mockResolvedValueOnce({ ok: true, value: sixBoxes });
    renderForm({ defaults: filled });
    await submit();
    const picker = await screen.findByRole('dialog', { name: 'Select Payment Method' });
    fireEvent.click(within(picker).getByRole('radio', { name: /Apple Pay/ }));
    fireEvent.click(within(picker).getByRole('button', { name: 'Continue' }));
    const send = await screen.findByRole('dialog', { name: 'Verify your phone number' });
    expect(within(send).getByLabelText<HTMLInputElement>('Phone').value).toBe('2025550143');
    await act(async () => {
      fireEvent.click(within(send).getByRole('button', { name: 'Confirm' }));
    });
    expect(codeMock).toHaveBeenCalledWith(41, '2025550143');
    return screen.findByRole('dialog', { name: 'Enter your code' });
  }

  it('step 5: verifies the phone by SMS first, then goes on with the method after Correct! and 1 s', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      const dialog = await openCodeStage();
      const boxes = within(dialog).getAllByRole<HTMLInputElement>('textbox');
      expect(boxes).toHaveLength(6);
      expect(boxes[0]?.getAttribute('autocomplete')).toBe('one-time-code');
      expect(within(dialog).getByLabelText('Digit 1 of 6')).toBe(boxes[0]);
      verifyMock.mockResolvedValueOnce({ ok: true, value: true });
      await act(async () => {
        fireEvent.paste(boxes[0] as HTMLInputElement, { clipboardData: { getData: () => '123 456' } });
      });
      expect(verifyMock).toHaveBeenCalledWith(41, ['1', '2', '3', '4', '5', '6']);
      expect(await screen.findByText('Correct!')).toBeTruthy();
      expect(push).not.toHaveBeenCalled();
      await act(async () => {
        vi.advanceTimersByTime(1_000);
      });
      expect(push).toHaveBeenCalledWith('/payment');
    } finally {
      vi.useRealTimers();
    }
  });

  it('shows a wrong code in red on the boxes, moves back on Backspace, and blocks Confirm Order on 1412', async () => {
    const dialog = await openCodeStage();
    const boxes = within(dialog).getAllByRole<HTMLInputElement>('textbox');
    fireEvent.change(boxes[0] as HTMLInputElement, { target: { value: '9' } });
    expect(document.activeElement).toBe(boxes[1]);
    fireEvent.keyDown(boxes[1] as HTMLInputElement, { key: 'Backspace' });
    expect(document.activeElement).toBe(boxes[0]);
    expect(boxes[0]?.value).toBe('');
    verifyMock.mockResolvedValueOnce({ ok: false, code: 1411 });
    await act(async () => {
      fireEvent.paste(boxes[0] as HTMLInputElement, { clipboardData: { getData: () => '111111' } });
    });
    expect((await within(dialog).findByRole('alert')).textContent).toBe('Invalid code');
    expect(boxes.every((b) => b.getAttribute('aria-invalid') === 'true')).toBe(true);
    verifyMock.mockResolvedValueOnce({ ok: false, code: 1412 });
    await act(async () => {
      fireEvent.paste(boxes[0] as HTMLInputElement, { clipboardData: { getData: () => '222222' } });
    });
    const blocked = await screen.findByRole('dialog', { name: 'Too many invalid attempts' });
    expect(blocked.textContent).toContain('Sorry, you cannot proceed with the order');
    fireEvent.click(within(blocked).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Confirm Order' }).disabled).toBe(true);
    expect(push).not.toHaveBeenCalled();
  });

  it('shows 6001 under the phone, 1415 on the boxes and the Oops dialog for 1413', async () => {
    confirmMock.mockResolvedValueOnce({ ok: true, data: { kind: 'verify', choice: wallet } });
    codeMock.mockResolvedValueOnce({ ok: false, code: 6001 });
    renderForm({ defaults: filled });
    await submit();
    const send = await screen.findByRole('dialog', { name: 'Verify your phone number' });
    await act(async () => {
      fireEvent.click(within(send).getByRole('button', { name: 'Confirm' }));
    });
    expect(within(send).getByText('Invalid phone number')).toBeTruthy();
    codeMock.mockResolvedValueOnce({ ok: true, value: sixBoxes });
    await act(async () => {
      fireEvent.click(within(send).getByRole('button', { name: 'Confirm' }));
    });
    const dialog = await screen.findByRole('dialog', { name: 'Enter your code' });
    verifyMock.mockResolvedValueOnce({ ok: false, code: 1415 });
    await act(async () => {
      fireEvent.paste(within(dialog).getByLabelText('Digit 1 of 6'), {
        clipboardData: { getData: () => '123456' },
      });
    });
    expect((await within(dialog).findByRole('alert')).textContent).toBe('Code has expired');
    codeMock.mockResolvedValueOnce({ ok: false, code: 1413 });
    await act(async () => {
      fireEvent.click(within(dialog).getByRole('button', { name: 'Resend code' }));
    });
    const oops = await screen.findByRole('dialog', { name: 'Oops! An error occurred' });
    expect(oops.textContent).toContain('Please, verify the phone number and try again in a few minutes');
  });

  it('places a lone offline credit straight from Confirm Order', async () => {
    const submitForm = vi
      .spyOn(HTMLFormElement.prototype, 'requestSubmit')
      .mockImplementation(() => undefined);
    confirmMock.mockResolvedValueOnce({ ok: true, data: { kind: 'offline', choice: offline } });
    payMock.mockResolvedValueOnce({ ok: true });
    renderForm({ defaults: filled });
    await submit();
    await waitFor(() => expect(submitForm).toHaveBeenCalledTimes(1));
    expect(payMock).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('dialog')).toBeNull();
    submitForm.mockRestore();
  });

  it('pays at the store with a captcha solved in the background, a fresh one when the first is refused', async () => {
    const submitForm = vi
      .spyOn(HTMLFormElement.prototype, 'requestSubmit')
      .mockImplementation(() => undefined);
    confirmMock.mockResolvedValueOnce({ ok: true, data: { kind: 'offline', choice: offline } });
    payMock.mockResolvedValueOnce({
      ok: false,
      error: 'Please complete the following challenge',
      code: 9902,
    });
    payMock.mockResolvedValueOnce({ ok: true });
    renderForm({ defaults: filled });
    await submit();
    await waitFor(() => expect(submitForm).toHaveBeenCalledTimes(1));
    const calls = payMock.mock.calls.map(([input]) => input);
    expect(calls).toHaveLength(2);
    expect(calls[0]?.recaptchaInput).toMatch(/^captcha-\d+$/);
    expect(calls[1]?.recaptchaInput).toMatch(/^captcha-\d+$/);
    expect(calls[1]?.recaptchaInput).not.toBe(calls[0]?.recaptchaInput);
    // The refused answer never reached the close request: the same attempt goes on with its key.
    expect(calls[1]?.idempotencyKey).toBe(calls[0]?.idempotencyKey);
    submitForm.mockRestore();
  });

  it('shows the limit the API answers when the guest has too many orders to pay at the store', async () => {
    confirmMock.mockResolvedValueOnce({ ok: true, data: { kind: 'picker', choices: [card, offline] } });
    const message =
      'You already have 2 orders to pay at the store. Please pay for this one by card, or pay for those at pickup first.';
    payMock.mockResolvedValueOnce({ ok: false, error: message, code: 21043 });
    renderForm({ defaults: filled });
    await submit();
    const dialog = await screen.findByRole('dialog', { name: 'Select Payment Method' });
    fireEvent.click(within(dialog).getByRole('radio', { name: /Pay at the store/ }));
    await act(async () => {
      fireEvent.click(within(dialog).getByRole('button', { name: 'Place Order' }));
    });
    expect((await within(dialog).findByRole('alert')).textContent).toBe(message);
    // The card stays a way out.
    fireEvent.click(within(dialog).getByRole('radio', { name: /Credit Card/ }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Continue' }));
    expect(push).toHaveBeenCalledWith('/payment');
  });
});
