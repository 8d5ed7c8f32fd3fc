import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PickupMethod } from '@storefront/contracts/locations';
import { savePaymentPickup } from '../pickup-option.actions';
import { PaymentPickupOption } from './payment-pickup-option';
import { REQUIRED_LANE } from '@/components/ui/pickup-choice-fields.fixtures';

vi.mock('../pickup-option.actions', () => ({ savePaymentPickup: vi.fn() }));
vi.mock('@/components/ui/toast', () => ({ useToast: () => vi.fn() }));
const saveMock = vi.mocked(savePaymentPickup);

const walkIn: PickupMethod = {
  pickupOption: 0,
  notes: null,
  carDetailsRequired: false,
  parkingSpaceRequired: false,
  parkingSpaceRange: null,
};
const driveThru: PickupMethod = {
  pickupOption: 2,
  notes: null,
  carDetailsRequired: false,
  parkingSpaceRequired: false,
  parkingSpaceRange: null,
  additionalFields: [
    REQUIRED_LANE,
    {
      id: 'people',
      label: 'Number of passengers',
      options: null,
      required: true,
      min: 1,
      max: 8,
      readonly: false,
    },
    {
      id: 'code',
      label: 'Pickup code',
      options: null,
      required: false,
      min: null,
      max: null,
      readonly: true,
    },
  ],
};

/** The text of the element(s) the field's aria-describedby names. */
const description = (el: HTMLElement) =>
  (el.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .filter(Boolean)
    .map((id) => document.getElementById(id)?.textContent ?? '')
    .join(' ');

const save = () =>
  act(async () => {
    fireEvent.click(screen.getByRole('button', { name: 'Save pickup option' }));
  });

beforeEach(() => {
  saveMock.mockReset();
  saveMock.mockResolvedValue({ ok: true });
});
afterEach(cleanup);

describe("the payment page's pickup additional fields (checkout spec sections 3 and 5)", () => {
  it('shows a select for a field with options and a number otherwise, each labelled, once the option is chosen', () => {
    render(<PaymentPickupOption methods={[walkIn, driveThru]} current={{ pickupOption: 0 }} />);
    expect(screen.queryByLabelText(/Drive-thru lane/)).toBeNull();
    fireEvent.click(screen.getByRole('radio', { name: 'Drive Thru' }));
    const lane = screen.getByRole('combobox', { name: /Drive-thru lane/ });
    expect(lane.hasAttribute('required')).toBe(true);
    expect([...lane.querySelectorAll('option')].map((o) => o.textContent)).toEqual([
      'Choose…',
      'Lane 1 (left)',
      'Lane 2 (right)',
    ]);
    const people = screen.getByRole('spinbutton', { name: /^Number of passengers\s+\(1 to 8\)$/ });
    expect(people).toMatchObject({ min: '1' });
    expect(people).toMatchObject({ max: '8' });
    expect(screen.getByRole<HTMLInputElement>('spinbutton', { name: 'Pickup code' }).readOnly).toBe(true);
  });

  it('says what is missing or out of range on each field, sends nothing, then sends the answers', async () => {
    render(<PaymentPickupOption methods={[walkIn, driveThru]} current={{ pickupOption: 2 }} />);
    await save();
    const lane = screen.getByRole('combobox', { name: /Drive-thru lane/ });
    expect(description(lane)).toBe('Please choose Drive-thru lane');
    expect(lane.getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(lane);
    const people = screen.getByRole('spinbutton', { name: /Number of passengers/ });
    expect(description(people)).toBe('Please enter Number of passengers');
    fireEvent.change(people, { target: { value: '9' } });
    fireEvent.change(lane, { target: { value: '2' } });
    await save();
    expect(description(people)).toBe('Number of passengers must be between 1 and 8');
    expect(saveMock).not.toHaveBeenCalled();
    fireEvent.change(people, { target: { value: '3' } });
    await save();
    expect(saveMock).toHaveBeenCalledWith(
      expect.objectContaining({
        pickupOption: 2,
        additionalFields: [
          { id: 'lane', value: '2' },
          { id: 'people', value: '3' },
        ],
      }),
    );
  });

  it("shows the server's field message on its field", async () => {
    saveMock.mockResolvedValue({
      ok: false,
      error: 'Number of passengers must be between 1 and 8',
      fieldErrors: { people: 'Number of passengers must be between 1 and 8' },
    });
    render(
      <PaymentPickupOption
        methods={[walkIn, driveThru]}
        current={{
          pickupOption: 2,
          additionalFields: [
            { id: 'lane', value: '1' },
            { id: 'people', value: '4' },
          ],
        }}
      />,
    );
    expect(screen.getByRole<HTMLInputElement>('spinbutton', { name: /Number of passengers/ }).value).toBe(
      '4',
    );
    await save();
    expect(description(screen.getByRole('spinbutton', { name: /Number of passengers/ }))).toBe(
      'Number of passengers must be between 1 and 8',
    );
  });
});
