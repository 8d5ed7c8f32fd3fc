import { cleanup, configure, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FULFILLMENT_METHOD } from '@storefront/contracts/enums';
import { checkDeliveryAddress, saveOrderSettings } from '../order-settings.actions';
import type { StoreOrderSettings } from '../order-settings.queries';
import { OrderSettingsDialog } from './order-settings-dialog';
import { OrderSettingsSummary } from './order-settings-summary';
import { ScheduleDialog } from './schedule-dialog';

vi.mock('../order-settings.actions', () => ({
  saveOrderSettings: vi.fn(),
  checkDeliveryAddress: vi.fn(),
}));
const checkMock = vi.mocked(checkDeliveryAddress);
const replace = vi.fn();
vi.mock('next/navigation', () => ({ useRouter: () => ({ replace }) }));
const saveMock = vi.mocked(saveOrderSettings);
// The machine is shared: give the order-times loads room before a wait counts as a failure.
configure({ asyncUtilTimeout: 5000 });

const TODAY = '2026-11-24';
const TOMORROW = '2026-11-25';
const SLOT = '2026-11-25T16:00:00.000Z';

const PLACE = {
  latitude: 38.98,
  longitude: -77.09,
  line1: '7700 Old Georgetown Rd',
  line2: '',
  city: 'Bethesda',
  stateCode: 'MD',
  zipCode: '20814',
};

/** /api/order-times: today has no time left, tomorrow has one slot; /api/places: one suggestion. */
function stubOrderTimes() {
  const fetchMock = vi.fn(async (url: string) => {
    const params = new URL(url, 'http://localhost').searchParams;
    if (url.startsWith('/api/places')) {
      return new Response(
        JSON.stringify(
          params.has('placeId')
            ? { place: PLACE }
            : {
                suggestions: [
                  {
                    placeId: 'p1',
                    mainText: PLACE.line1,
                    secondaryText: 'Bethesda, MD',
                    description: `${PLACE.line1}, Bethesda, MD`,
                  },
                ],
              },
        ),
      );
    }
    const customDate = new URL(url, 'http://localhost').searchParams.get('customDate');
    const days = [
      { date: TODAY, times: [] as string[] },
      { date: TOMORROW, times: [SLOT] },
    ];
    return new Response(
      JSON.stringify({ days: customDate ? days.filter((d) => d.date === customDate) : days }),
    );
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

beforeEach(() => {
  saveMock.mockReset().mockResolvedValue({ ok: true });
  stubOrderTimes();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function settings(
  overrides: Partial<StoreOrderSettings> = {},
): StoreOrderSettings & { fulfillmentMethod: 0 | 1 } {
  return {
    locationId: 1,
    catering: false,
    fulfillmentMethod: FULFILLMENT_METHOD.Pickup,
    enabledMethods: [FULFILLMENT_METHOD.Pickup, FULFILLMENT_METHOD.Delivery],
    time: { kind: 'ASAP' },
    timeZone: 'America/New_York',
    schedulingRequired: false,
    asapMinutes: 5,
    deliveryAddress: null,
    prompt: null,
    pickupOption: null,
    fulfillmentPlace: null,
    carType: null,
    carColor: null,
    ...overrides,
  } as StoreOrderSettings & { fulfillmentMethod: 0 | 1 };
}

function openDialog(overrides: Partial<StoreOrderSettings> = {}) {
  const onOpenChange = vi.fn();
  render(<OrderSettingsDialog open onOpenChange={onOpenChange} settings={settings(overrides)} />);
  const dialog = screen.getByRole('dialog', { name: 'Order Settings' });
  return { dialog, onOpenChange, save: within(dialog).getByRole('button', { name: 'Save Changes' }) };
}

describe('Order settings line of the store header', () => {
  it("shows the ASAP estimate, or the spec's message when no ready time is left today", () => {
    render(<OrderSettingsSummary settings={settings({ asapMinutes: 23, asapProblem: null })} />);
    expect(screen.getByText(/^Pickup/).textContent).toBe('Pickup: ASAP (about 23 mins)');
    cleanup();
    render(<OrderSettingsSummary settings={settings({ asapProblem: 'Could not find an ASAP time.' })} />);
    expect(screen.getByText(/^Pickup/).textContent).toBe('Pickup: Could not find an ASAP time.');
  });

  it('offers no time when the store takes no order now (offline, or closed without scheduling)', () => {
    render(<OrderSettingsSummary settings={settings({ asapMinutes: 15, prompt: { kind: 'offline' } })} />);
    expect(screen.getByText(/^Pickup/).textContent).toBe('Pickup: Not taking orders now (store offline)');
    cleanup();
    render(
      <OrderSettingsSummary settings={settings({ asapMinutes: 15, prompt: { kind: 'closed-search' } })} />,
    );
    expect(screen.getByText(/^Pickup/).textContent).toBe('Pickup: Not taking orders now (store closed)');
    cleanup();
    // 'Store Closed!' with scheduling still lets the guest order for later.
    render(
      <OrderSettingsSummary
        settings={settings({ schedulingRequired: true, prompt: { kind: 'closed-schedule' } })}
      />,
    );
    expect(screen.getByText(/^Pickup/).textContent).toBe('Pickup: Schedule required');
  });
});

describe('Order Settings dialog', () => {
  it('offers only the methods the store has enabled', () => {
    const { dialog } = openDialog({ enabledMethods: [FULFILLMENT_METHOD.Pickup] });
    expect(within(dialog).getByRole('tab', { name: 'Pickup' })).toBeTruthy();
    expect(within(dialog).queryByRole('tab', { name: 'Delivery' })).toBeNull();
  });

  it('shows the ASAP estimate with the default 5 minutes', () => {
    const { dialog } = openDialog();
    expect(within(dialog).getByRole('radio', { name: 'ASAP (about 5 mins)' })).toBeTruthy();
  });

  it('keeps Save Changes disabled for delivery without an address, with a hint and no error before a check', () => {
    const { dialog, save } = openDialog({ fulfillmentMethod: FULFILLMENT_METHOD.Delivery });
    expect(within(dialog).queryByText('Delivery unavailable to this address')).toBeNull();
    expect(
      within(dialog)
        .queryAllByRole('alert')
        .filter((alert) => alert.textContent !== ''),
    ).toEqual([]);
    expect(
      within(dialog).getByText('Enter an address to see whether this store delivers there'),
    ).toBeTruthy();
    expect((save as HTMLButtonElement).disabled).toBe(true);
  });

  it('allows saving delivery to a deliverable address', async () => {
    const { dialog, save } = openDialog({
      fulfillmentMethod: FULFILLMENT_METHOD.Delivery,
      deliveryAddress: {
        line1: '4500 East West Hwy',
        line2: 'Apt 2',
        city: 'Bethesda',
        stateCode: 'MD',
        zipCode: '20814',
      },
    });
    expect(within(dialog).getByText('Delivery is available to this address')).toBeTruthy();
    expect(within(dialog).getByRole('combobox', { name: 'Address *' })).toHaveProperty(
      'value',
      '4500 East West Hwy, Bethesda, MD',
    );
    const apartment = within(dialog).getByRole('textbox', { name: 'Apartment' });
    expect(apartment).toHaveProperty('value', 'Apt 2');
    fireEvent.change(apartment, { target: { value: 'Suite 300' } });
    fireEvent.click(save);
    await waitFor(() =>
      expect(saveMock).toHaveBeenCalledWith({
        locationId: 1,
        catering: false,
        fulfillmentMethod: FULFILLMENT_METHOD.Delivery,
        time: { kind: 'ASAP' },
        confirmed: false,
        apartment: 'Suite 300',
      }),
    );
  });

  it('checks a typed address with the store: refused, it reads unavailable and Save stays disabled', async () => {
    checkMock.mockReset().mockResolvedValue({ ok: false, error: 'Delivery unavailable to this address' });
    const { dialog, save } = openDialog({
      fulfillmentMethod: FULFILLMENT_METHOD.Delivery,
      deliveryAddress: { ...PLACE, line1: '4500 East West Hwy' },
    });
    expect((save as HTMLButtonElement).disabled).toBe(false);
    fireEvent.change(within(dialog).getByRole('combobox', { name: 'Address *' }), {
      target: { value: '7700 Old' },
    });
    fireEvent.click(await within(dialog).findByRole('option', { name: /7700 Old Georgetown Rd/ }));
    await waitFor(() => expect(checkMock).toHaveBeenCalledTimes(1));
    expect(checkMock.mock.calls[0]?.[0]).toMatchObject({
      locationId: 1,
      catering: false,
      address: { line1: '7700 Old Georgetown Rd', zipCode: '20814' },
    });
    expect(await within(dialog).findByText('Delivery unavailable to this address')).toBeTruthy();
    expect((save as HTMLButtonElement).disabled).toBe(true);
  });

  describe("'Your order will change'", () => {
    const DELIVERABLE = {
      line1: '1600 Pennsylvania Ave NW',
      line2: '',
      city: 'Washington',
      stateCode: 'DC',
      zipCode: '20500',
    };
    async function switchToDelivery() {
      saveMock.mockResolvedValueOnce({
        ok: false,
        reason: 'will-change',
        items: [{ id: 7, title: 'Brownie Sundae', quantity: 2 }],
      });
      const opened = openDialog({ deliveryAddress: DELIVERABLE });
      const tab = within(opened.dialog).getByRole('tab', { name: 'Delivery' });
      fireEvent.mouseDown(tab);
      fireEvent.click(tab);
      await waitFor(() => expect(tab.getAttribute('aria-selected')).toBe('true'));
      fireEvent.click(opened.save);
      const confirm = await screen.findByRole('dialog', { name: 'Your order will change' });
      return { ...opened, confirm, tab };
    }

    it('lists the items the new method removes; Continue saves with the confirmation', async () => {
      window.history.replaceState(null, '', '/1/menu?fm=pickup&brands=2');
      const { confirm, onOpenChange } = await switchToDelivery();
      expect(confirm.textContent).toContain('These items are not available for Delivery');
      expect(within(confirm).getByRole('list', { name: 'Items to be removed' }).textContent).toBe(
        '2×Brownie Sundae',
      );
      expect(onOpenChange).not.toHaveBeenCalledWith(false);
      fireEvent.click(await within(confirm).findByRole('button', { name: 'Continue' }));
      await waitFor(() =>
        expect(saveMock).toHaveBeenLastCalledWith(
          expect.objectContaining({ fulfillmentMethod: FULFILLMENT_METHOD.Delivery, confirmed: true }),
        ),
      );
      await waitFor(() => expect(onOpenChange).toHaveBeenCalledWith(false));
      expect(screen.queryByRole('dialog', { name: 'Your order will change' })).toBeNull();
      // The search page's fm= no longer outranks the saved method.
      expect(replace).toHaveBeenCalledWith('/1/menu?brands=2');
    });

    it('Cancel restores the previous method and saves nothing more', async () => {
      const { confirm, dialog } = await switchToDelivery();
      const cancel = await within(confirm).findByRole('button', { name: 'Cancel' });
      // Disabled for the moment the save that opened the confirmation is still settling.
      await waitFor(() => expect((cancel as HTMLButtonElement).disabled).toBe(false));
      fireEvent.click(cancel);
      await waitFor(() =>
        expect(screen.queryByRole('dialog', { name: 'Your order will change' })).toBeNull(),
      );
      expect(within(dialog).getByRole('tab', { name: 'Pickup' }).getAttribute('aria-selected')).toBe('true');
      expect(saveMock).toHaveBeenCalledTimes(1);
    });
  });

  it('requires a time when scheduling is required: no ASAP, Save disabled until a time is picked', async () => {
    const { dialog, save, onOpenChange } = openDialog({ schedulingRequired: true });
    expect(within(dialog).queryByRole('radio', { name: /ASAP/ })).toBeNull();
    expect((save as HTMLButtonElement).disabled).toBe(true);
    // The first date with times is preselected and its times load.
    const time = within(dialog).getByLabelText<HTMLSelectElement>('Time');
    await waitFor(() => expect(time.options.length).toBe(2));
    expect(within(dialog).getByLabelText<HTMLSelectElement>('Date').value).toBe(TOMORROW);
    fireEvent.change(time, { target: { value: SLOT } });
    expect((save as HTMLButtonElement).disabled).toBe(false);
    fireEvent.click(save);
    await waitFor(() =>
      expect(saveMock).toHaveBeenCalledWith(
        expect.objectContaining({ time: { kind: 'SCHEDULED', at: SLOT } }),
      ),
    );
    await waitFor(() => expect(onOpenChange).toHaveBeenCalledWith(false));
  });

  it('a date without times shows the spec message; Reset goes back to ASAP', async () => {
    const { dialog, save } = openDialog();
    fireEvent.click(within(dialog).getByRole('radio', { name: 'Schedule for later' }));
    expect((save as HTMLButtonElement).disabled).toBe(true);
    const date = within(dialog).getByLabelText<HTMLSelectElement>('Date');
    await waitFor(() => expect(date.disabled).toBe(false));
    fireEvent.change(date, { target: { value: TODAY } });
    expect(await within(dialog).findByText('There is no time available for a selected date')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Reset' }));
    expect(within(dialog).getByRole<HTMLInputElement>('radio', { name: /ASAP/ }).checked).toBe(true);
    expect((save as HTMLButtonElement).disabled).toBe(false);
  });

  it('choosing ASAP again clears the picked time', async () => {
    const { dialog } = openDialog({ time: { kind: 'SCHEDULED', at: SLOT } });
    const time = within(dialog).getByLabelText<HTMLSelectElement>('Time');
    await waitFor(() => expect(time.value).toBe(SLOT));
    fireEvent.click(within(dialog).getByRole('radio', { name: /ASAP/ }));
    expect(within(dialog).queryByLabelText('Time')).toBeNull();
    fireEvent.click(within(dialog).getByRole('radio', { name: 'Schedule for later' }));
    await waitFor(() => expect(within(dialog).getByLabelText<HTMLSelectElement>('Time').value).toBe(''));
  });

  it('a time the store refuses opens the Error dialog with the spec texts', async () => {
    saveMock.mockResolvedValue({
      ok: false,
      reason: 'invalid-date',
      error: 'Please use a valid Date for the Location',
    });
    const { save } = openDialog({ time: { kind: 'SCHEDULED', at: SLOT } });
    fireEvent.click(save);
    const error = await screen.findByRole('dialog', { name: 'Error' });
    expect(within(error).getByText('Unable to create an Order for the specified Date')).toBeTruthy();
    expect(within(error).getByText('Please use a valid Date for the Location')).toBeTruthy();
    // The spec's Close action (the corner X shares the name).
    const close = within(error)
      .getAllByRole('button', { name: 'Close' })
      .find((b) => b.textContent === 'Close');
    expect(close).toBeTruthy();
  });
});

describe('Schedule dialog', () => {
  const context = {
    locationId: 3,
    catering: false,
    fulfillmentMethod: FULFILLMENT_METHOD.Pickup,
    timeZone: 'America/New_York',
    schedulingRequired: true,
    asapMinutes: 5,
    time: { kind: 'ASAP' as const },
  };

  it('is titled by the method and saves only once a time is picked', async () => {
    const onSaved = vi.fn();
    render(<ScheduleDialog open onOpenChange={vi.fn()} context={context} onSaved={onSaved} />);
    const dialog = screen.getByRole('dialog', { name: 'Pickup Time' });
    const save = within(dialog).getByRole<HTMLButtonElement>('button', { name: 'Save changes' });
    expect(save.disabled).toBe(true);
    const time = within(dialog).getByLabelText<HTMLSelectElement>('Time');
    await waitFor(() => expect(time.options.length).toBe(2));
    fireEvent.change(time, { target: { value: SLOT } });
    expect(save.disabled).toBe(false);
    fireEvent.click(save);
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(saveMock).toHaveBeenCalledWith(
      expect.objectContaining({ locationId: 3, time: { kind: 'SCHEDULED', at: SLOT } }),
    );
  });

  it('is titled Delivery Time for delivery', () => {
    render(
      <ScheduleDialog
        open
        onOpenChange={vi.fn()}
        context={{ ...context, fulfillmentMethod: FULFILLMENT_METHOD.Delivery }}
      />,
    );
    expect(screen.getByRole('dialog', { name: 'Delivery Time' })).toBeTruthy();
  });
});
