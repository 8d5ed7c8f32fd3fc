import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { TrackingFulfillment, TrackingPickupMethod } from '@storefront/contracts/tracking';
import { REQUIRED_LANE } from '@/components/ui/pickup-choice-fields.fixtures';
import { PickupChange } from './pickup-change';

const toast = vi.fn();
vi.mock('@/components/ui/toast', () => ({ useToast: () => toast }));
vi.mock('next/navigation', () => ({ useRouter: () => ({ refresh: vi.fn() }) }));

const methods: TrackingPickupMethod[] = [
  {
    pickupOption: 0,
    name: 'Walk-in',
    notes: null,
    carDetailsRequired: false,
    parkingSpaceRequired: false,
    parkingSpaceRange: null,
  },
  {
    pickupOption: 2,
    name: 'Drive Thru',
    notes: null,
    carDetailsRequired: true,
    parkingSpaceRequired: false,
    parkingSpaceRange: null,
    additionalFields: [REQUIRED_LANE],
  },
];

const driveThru: TrackingFulfillment = {
  fulfillmentMethod: 1,
  expectedCompletionDateTime: null,
  pickupOption: 2,
  fulfillmentPlace: null,
  carType: 3,
  carColor: 1,
  additionalFields: [{ id: 'lane', label: 'Drive-thru lane', value: '2', displayValue: 'Lane 2 (right)' }],
  delivery: null,
};

function serve() {
  const fetchMock = vi.fn(async (url: string) =>
    url.startsWith('/tracking-settings')
      ? Response.json({ fulfillmentSettings: { availablePickupMethods: methods } })
      : Response.json({ ok: true }),
  );
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  toast.mockReset();
});

describe("the tracking page's pickup change and the option's additional fields", () => {
  it("opens with the guest's answer kept and sends it with the change", async () => {
    const fetchMock = serve();
    render(<PickupChange orderId={7} trackingToken="tk" fulfilment={driveThru} />);
    fireEvent.click(screen.getByRole('button', { name: 'Change pickup option' }));
    const lane = await screen.findByLabelText<HTMLSelectElement>(/Drive-thru lane/);
    expect(lane.value).toBe('2');
    fireEvent.change(lane, { target: { value: '1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(2));
    const [url, init] = fetchMock.mock.calls[1] as unknown as [string, RequestInit];
    expect(url).toBe('/fulfillment-order?orderId=7');
    expect(typeof init.body === 'string' ? JSON.parse(init.body) : null).toEqual({
      pickupOption: 2,
      carType: 3,
      carColor: 1,
      additionalFields: [{ id: 'lane', value: '1' }],
    });
  });

  it('asks a required field before sending, with the spec message under it', async () => {
    const fetchMock = serve();
    render(
      <PickupChange orderId={7} trackingToken="tk" fulfilment={{ ...driveThru, additionalFields: [] }} />,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Change pickup option' }));
    await screen.findByLabelText(/Drive-thru lane/);
    fireEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('Please choose Drive-thru lane')).toBeTruthy();
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
});
