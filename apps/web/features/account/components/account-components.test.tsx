import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AccountDetails, PastOrderSummary } from '@storefront/contracts/accounts';
import type { MorePastOrdersResult, ProfileResult, RepeatOrderResult } from '../account.actions';
import { AccountMenu } from './account-menu';
import { OrderHistoryList, NO_PAST_ORDERS } from './order-history-list';
import { PROFILE_SAVED, ProfileFormView } from './profile-form';
import { MISSING_ITEMS_LEAD } from './repeat-order-button';

const push = vi.fn();
vi.mock('next/navigation', () => ({ useRouter: () => ({ push, refresh: vi.fn(), back: vi.fn() }) }));
const toast = vi.fn();
vi.mock('@/components/ui/toast', () => ({ useToast: () => toast }));

afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

function pastOrder(id: number): PastOrderSummary {
  return {
    id,
    referenceNumber: `R${id}`,
    locationId: 1,
    locationName: `Store ${id}`,
    orderChannel: 107,
    fulfillmentMethod: 1,
    readyDateTime: '2026-03-02T12:30:00-05:00',
    placedAt: '2026-03-02T17:10:00.000Z',
    total: 12.5 + id,
    itemCount: id === 1 ? 1 : 3,
  };
}

const noMore = vi.fn<(input: { before: number }) => Promise<MorePastOrdersResult>>();
const repeat =
  vi.fn<(input: { pastOrderId: number; removeInvalidItems: boolean }) => Promise<RepeatOrderResult>>();

describe('OrderHistoryList', () => {
  it("shows four cards, then 'More Orders' shows the rest and asks the API for the page after the last", async () => {
    const orders = [1, 2, 3, 4, 5, 6].map(pastOrder);
    const loadMore = vi
      .fn<(input: { before: number }) => Promise<MorePastOrdersResult>>()
      .mockResolvedValue({ ok: true, data: { orders: [pastOrder(7)], hasMore: false } });
    render(
      <OrderHistoryList
        initial={{ orders, hasMore: true }}
        isMobile={false}
        loadMore={loadMore}
        repeat={repeat}
      />,
    );
    expect(screen.getAllByRole('article')).toHaveLength(4);
    const first = screen.getAllByRole('article')[0];
    if (!first) throw new Error('no card');
    expect(within(first).getByRole('heading', { name: 'Mar 02 12:30 PM' })).toBeTruthy();
    expect(within(first).getByText('Store 1')).toBeTruthy();
    expect(within(first).getByText('$13.50')).toBeTruthy();
    expect(within(first).getByText('1 item')).toBeTruthy();
    expect(within(first).getByRole('link', { name: 'Order Details' }).getAttribute('href')).toBe(
      '/my-account/order-history/1',
    );

    fireEvent.click(screen.getByRole('button', { name: 'More Orders' }));
    expect(screen.getAllByRole('article')).toHaveLength(6);
    expect(loadMore).not.toHaveBeenCalled();

    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'More Orders' }));
    });
    expect(loadMore).toHaveBeenCalledWith({ before: 6 });
    await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(7));
    expect(screen.queryByRole('button', { name: 'More Orders' })).toBeNull();
  });

  it("has no 'More Orders' for four orders or fewer, and an empty state without any", () => {
    render(
      <OrderHistoryList
        initial={{ orders: [1, 2, 3, 4].map(pastOrder), hasMore: false }}
        isMobile
        loadMore={noMore}
        repeat={repeat}
      />,
    );
    expect(screen.getAllByRole('article')).toHaveLength(4);
    expect(screen.queryByRole('button', { name: 'More Orders' })).toBeNull();
    cleanup();
    render(
      <OrderHistoryList
        initial={{ orders: [], hasMore: false }}
        isMobile
        loadMore={noMore}
        repeat={repeat}
      />,
    );
    expect(screen.getByText(NO_PAST_ORDERS)).toBeTruthy();
  });

  it("marks an order the store cancelled 'Cancelled by the store', and only that one", () => {
    render(
      <OrderHistoryList
        initial={{
          orders: [{ ...pastOrder(1), cancelledAt: '2026-03-02T12:10:00-05:00' }, pastOrder(2)],
          hasMore: false,
        }}
        isMobile
        loadMore={noMore}
        repeat={repeat}
      />,
    );
    const [cancelled, completed] = screen.getAllByRole('article');
    expect(cancelled?.textContent).toContain('Cancelled by the store');
    expect(completed?.textContent).not.toContain('Cancelled');
  });

  it('repeat order: confirm, Missing items lists them, Continue retries without them and goes to the menu', async () => {
    repeat
      .mockResolvedValueOnce({ ok: false, kind: 'missing', items: ['Veggie Wrap'] })
      .mockResolvedValueOnce({ ok: true, data: { href: '/2/menu' } });
    render(
      <OrderHistoryList
        initial={{ orders: [pastOrder(3)], hasMore: false }}
        isMobile={false}
        loadMore={noMore}
        repeat={repeat}
      />,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Repeat Order' }));
    const confirm = await screen.findByRole('dialog', { name: 'Repeat Order' });
    await act(async () => {
      fireEvent.click(within(confirm).getByRole('button', { name: 'Repeat Order' }));
    });
    expect(repeat).toHaveBeenLastCalledWith({ pastOrderId: 3, removeInvalidItems: false });
    const missing = await screen.findByRole('dialog', { name: 'Missing items' });
    expect(within(missing).getByText(MISSING_ITEMS_LEAD)).toBeTruthy();
    expect(within(missing).getByRole('listitem').textContent).toBe('Veggie Wrap');
    await act(async () => {
      fireEvent.click(within(missing).getByRole('button', { name: 'Continue' }));
    });
    expect(repeat).toHaveBeenLastCalledWith({ pastOrderId: 3, removeInvalidItems: true });
    await waitFor(() => expect(push).toHaveBeenCalledWith('/2/menu'));
  });

  it("repeat order: 'No available item' when nothing is left; Cancel on Missing items adds nothing", async () => {
    repeat.mockResolvedValueOnce({ ok: false, kind: 'none', error: 'No available item' });
    render(
      <OrderHistoryList
        initial={{ orders: [pastOrder(3)], hasMore: false }}
        isMobile={false}
        loadMore={noMore}
        repeat={repeat}
      />,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Repeat Order' }));
    await act(async () => {
      fireEvent.click(
        within(await screen.findByRole('dialog')).getByRole('button', { name: 'Repeat Order' }),
      );
    });
    const none = await screen.findByRole('dialog', { name: 'No available item' });
    expect(push).not.toHaveBeenCalled();

    const [close] = within(none).getAllByRole('button', { name: 'Close' });
    if (!close) throw new Error('no Close button');
    fireEvent.click(close);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    repeat.mockResolvedValueOnce({ ok: false, kind: 'missing', items: ['A', 'B'] });
    fireEvent.click(screen.getByRole('button', { name: 'Repeat Order' }));
    await act(async () => {
      fireEvent.click(
        within(await screen.findByRole('dialog')).getByRole('button', { name: 'Repeat Order' }),
      );
    });
    const missing = await screen.findByRole('dialog', { name: 'Missing items' });
    expect(
      within(missing)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['A', 'B']);
    fireEvent.click(within(missing).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(repeat).toHaveBeenCalledTimes(2);
  });
});

const account: AccountDetails = {
  id: 9,
  firstName: 'Dana',
  lastName: 'Demo',
  email: 'demo@storefront.test',
  phoneNumber: '2025550143',
};

describe('ProfileFormView', () => {
  it('keeps Save disabled until something changes, then saves and is disabled again', async () => {
    const save = vi
      .fn<(form: unknown) => Promise<ProfileResult>>()
      .mockResolvedValue({ ok: true, data: { ...account, firstName: 'Dina' } });
    render(<ProfileFormView account={account} save={save} />);
    const button = screen.getByRole<HTMLButtonElement>('button', { name: 'Save' });
    expect(button.disabled).toBe(true);
    expect(screen.getByLabelText<HTMLInputElement>('Email').readOnly).toBe(true);
    expect(screen.getByLabelText<HTMLInputElement>('Email').value).toBe('demo@storefront.test');

    fireEvent.input(screen.getByLabelText('First Name'), { target: { value: 'Dina' } });
    await waitFor(() => expect(button.disabled).toBe(false));
    await act(async () => {
      fireEvent.click(button);
    });
    await waitFor(() =>
      expect(save).toHaveBeenCalledWith({ firstName: 'Dina', lastName: 'Demo', phoneNumber: '2025550143' }),
    );
    await waitFor(() => expect(toast).toHaveBeenCalledWith('success', PROFILE_SAVED));
    await waitFor(() => expect(button.disabled).toBe(true));
  });

  it("shows the spec's messages and does not save invalid fields", async () => {
    const save = vi.fn<(form: unknown) => Promise<ProfileResult>>();
    render(<ProfileFormView account={account} save={save} />);
    fireEvent.input(screen.getByLabelText('First Name'), { target: { value: '' } });
    fireEvent.input(screen.getByLabelText('Last Name'), { target: { value: ' ' } });
    fireEvent.input(screen.getByLabelText('Phone Number'), { target: { value: '202-555' } });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    });
    expect(await screen.findByText('Please enter your name')).toBeTruthy();
    expect(screen.getByText('Please enter your last name')).toBeTruthy();
    expect(screen.getByText('Please enter a valid phone number without special characters')).toBeTruthy();
    expect(save).not.toHaveBeenCalled();
  });

  it("shows the API's first error message when saving fails", async () => {
    const save = vi
      .fn<(form: unknown) => Promise<ProfileResult>>()
      .mockResolvedValue({ ok: false, error: 'Phone number already in use' });
    render(<ProfileFormView account={account} save={save} />);
    fireEvent.input(screen.getByLabelText('Last Name'), { target: { value: 'Doe' } });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    });
    expect((await screen.findByRole('alert')).textContent).toBe('Phone number already in use');
  });

  it('is read-only under loyalty login', () => {
    render(<ProfileFormView account={account} readOnly save={vi.fn()} />);
    expect(screen.getByLabelText<HTMLInputElement>('First Name').readOnly).toBe(true);
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Save' }).disabled).toBe(true);
  });
});

describe('AccountMenu', () => {
  it('links Personal info and Order History and holds the Logout entry; no Saved Payments while its flag is off', () => {
    render(<AccountMenu active="profile" logout={<button type="button">Logout</button>} />);
    const nav = screen.getByRole('navigation', { name: 'My account' });
    expect(within(nav).getByRole('link', { name: 'Personal info' }).getAttribute('aria-current')).toBe(
      'page',
    );
    expect(within(nav).getByRole('link', { name: 'Order History' }).getAttribute('href')).toBe(
      '/my-account/order-history',
    );
    expect(within(nav).queryByText('Saved Payments')).toBeNull();
    expect(within(nav).getByRole('button', { name: 'Logout' })).toBeTruthy();
  });

  it("shows Saved Payments greyed, with no target, when the flag is on (spec: 'only if logged in and saved payments enabled; greyed, no target')", () => {
    render(
      <AccountMenu active="saved-payments" logout={<button type="button">Logout</button>} savedPayments />,
    );
    const saved = within(screen.getByRole('navigation', { name: 'My account' })).getByRole('link', {
      name: 'Saved Payments',
    });
    expect(saved.getAttribute('aria-disabled')).toBe('true');
    expect(saved.getAttribute('href')).toBeNull();
    expect(saved.getAttribute('aria-current')).toBe('page');
  });
});
