import { cleanup, configure, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FULFILLMENT_METHOD } from '@storefront/contracts/enums';
import { saveOrderSettings } from '@/features/order-settings/order-settings.actions';
import type { ScheduleContext } from '@/lib/schedule-context';
import { PaymentTimeChange } from './payment-time-change';

vi.mock('@/features/order-settings/order-settings.actions', () => ({ saveOrderSettings: vi.fn() }));
const saveMock = vi.mocked(saveOrderSettings);
const refresh = vi.fn();
vi.mock('next/navigation', () => ({ useRouter: () => ({ refresh }) }));
// The machine is shared: give the order-times loads room before a wait counts as a failure.
configure({ asyncUtilTimeout: 5000 });

const DAY = '2026-11-25';
/** The store's slots carry its offset; the order's time reaches the modal in the same form. */
const FIRST = `${DAY}T11:00:00-05:00`;
const LATER = `${DAY}T11:45:00-05:00`;

const SCHEDULED: ScheduleContext = {
  locationId: 1,
  catering: false,
  fulfillmentMethod: FULFILLMENT_METHOD.Pickup,
  timeZone: 'America/New_York',
  schedulingRequired: false,
  asapMinutes: 5,
  time: { kind: 'SCHEDULED', at: FIRST },
};

beforeEach(() => {
  saveMock.mockReset().mockResolvedValue({ ok: true });
  refresh.mockReset();
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response(JSON.stringify({ days: [{ date: DAY, times: [FIRST, LATER] }] }))),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the payment page time change', () => {
  it("opens 'Pickup Time' at the order's time, saves a later one on the order and returns focus", async () => {
    render(<PaymentTimeChange schedule={SCHEDULED} />);
    const opener = screen.getByRole('button', { name: 'Change pickup time' });
    // A keyboard user reaches 'Change' and presses it: it has focus as the modal opens.
    opener.focus();
    fireEvent.click(opener);
    const dialog = await screen.findByRole('dialog', { name: 'Pickup Time' });
    const time = within(dialog).getByLabelText<HTMLSelectElement>('Time');
    await waitFor(() => expect(time.value).toBe(FIRST));

    fireEvent.change(time, { target: { value: LATER } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save changes' }));

    await waitFor(() => expect(refresh).toHaveBeenCalledTimes(1));
    expect(saveMock).toHaveBeenCalledWith(
      expect.objectContaining({
        locationId: 1,
        catering: false,
        fulfillmentMethod: FULFILLMENT_METHOD.Pickup,
        time: { kind: 'SCHEDULED', at: LATER },
      }),
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(opener));
  });

  it('keeps Save disabled without a time, and a dismissed edit is gone when it opens again', async () => {
    render(<PaymentTimeChange schedule={{ ...SCHEDULED, time: { kind: 'ASAP' } }} />);
    const opener = screen.getByRole('button', { name: 'Change pickup time' });
    // A keyboard user reaches 'Change' and presses it: it has focus as the modal opens.
    opener.focus();
    fireEvent.click(opener);
    let dialog = await screen.findByRole('dialog', { name: 'Pickup Time' });
    expect(within(dialog).getByRole('radio', { name: /ASAP \(about 5 mins\)/ })).toHaveProperty(
      'checked',
      true,
    );
    fireEvent.click(within(dialog).getByRole('radio', { name: 'Schedule for later' }));
    expect(within(dialog).getByRole('button', { name: 'Save changes' })).toHaveProperty('disabled', true);

    fireEvent.keyDown(dialog, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(saveMock).not.toHaveBeenCalled();
    await waitFor(() => expect(document.activeElement).toBe(opener));

    // A keyboard user reaches 'Change' and presses it: it has focus as the modal opens.
    opener.focus();
    fireEvent.click(opener);
    dialog = await screen.findByRole('dialog', { name: 'Pickup Time' });
    expect(within(dialog).getByRole('radio', { name: /ASAP/ })).toHaveProperty('checked', true);
  });

  it("names the delivery time and opens 'Delivery Time' for a delivery order", async () => {
    render(<PaymentTimeChange schedule={{ ...SCHEDULED, fulfillmentMethod: FULFILLMENT_METHOD.Delivery }} />);
    fireEvent.click(screen.getByRole('button', { name: 'Change delivery time' }));
    expect(await screen.findByRole('dialog', { name: 'Delivery Time' })).toBeTruthy();
  });
});
