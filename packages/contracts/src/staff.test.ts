import { describe, expect, it } from 'vitest';
import { kitchenHandoff, kitchenTicketTiming, type StaffOrder } from './staff';

const at = (iso: string) => Date.parse(iso);
const base = {
  placedAt: '2026-11-22T18:00:00-05:00',
  expectedReadyTime: '2026-11-22T18:15:00-05:00',
  scheduledReadyTime: null,
  statusId: 1 as const,
};

describe('kitchenTicketTiming', () => {
  it('gives an ASAP order its ready estimate as due time and its age in whole minutes', () => {
    expect(kitchenTicketTiming(base, at('2026-11-22T18:07:59-05:00'))).toEqual({
      dueTime: '2026-11-22T18:15:00-05:00',
      isScheduled: false,
      ageMinutes: 7,
      isLate: false,
      minutesLate: 0,
    });
  });

  it('is late once the due time has passed while the order is received or preparing', () => {
    const now = at('2026-11-22T18:27:00-05:00');
    expect(kitchenTicketTiming(base, now)).toMatchObject({ isLate: true, minutesLate: 12, ageMinutes: 27 });
    expect(kitchenTicketTiming({ ...base, statusId: 2 }, now).isLate).toBe(true);
    // Exactly at the due time it is not late yet.
    expect(kitchenTicketTiming(base, at('2026-11-22T18:15:00-05:00')).isLate).toBe(false);
  });

  it('never calls a ready, completed or cancelled order late', () => {
    const now = at('2026-11-22T20:00:00-05:00');
    expect(
      kitchenTicketTiming({ ...base, statusId: 2, cancelledAt: '2026-11-22T18:05:00-05:00' }, now).isLate,
    ).toBe(false);
    expect(kitchenTicketTiming({ ...base, statusId: 3 }, now)).toMatchObject({
      isLate: false,
      minutesLate: 0,
    });
    expect(kitchenTicketTiming({ ...base, statusId: 4 }, now).isLate).toBe(false);
  });

  it('takes the scheduled time as due time for a scheduled order', () => {
    const scheduled = { ...base, scheduledReadyTime: '2026-11-22T19:30:00-05:00' };
    expect(kitchenTicketTiming(scheduled, at('2026-11-22T18:30:00-05:00'))).toMatchObject({
      dueTime: '2026-11-22T19:30:00-05:00',
      isScheduled: true,
      isLate: false,
    });
    expect(kitchenTicketTiming(scheduled, at('2026-11-22T19:31:00-05:00'))).toMatchObject({
      isLate: true,
      minutesLate: 1,
    });
  });

  it('counts no due time and age 0 for times it cannot read, and is then never late', () => {
    const timing = kitchenTicketTiming(
      { ...base, placedAt: 'soon', expectedReadyTime: null },
      at('2026-11-23T00:00:00-05:00'),
    );
    expect(timing).toEqual({
      dueTime: null,
      isScheduled: false,
      ageMinutes: 0,
      isLate: false,
      minutesLate: 0,
    });
    // A screen clock behind the server's does not give a negative age.
    expect(kitchenTicketTiming(base, at('2026-11-22T17:58:00-05:00')).ageMinutes).toBe(0);
  });
});

describe('kitchenHandoff', () => {
  const order = (
    fulfillmentMethod: 0 | 1 | 2,
    pickup: Partial<StaffOrder['pickup']> = {},
    delivery: StaffOrder['delivery'] = null,
  ) => ({
    fulfillmentMethod,
    pickup: { pickupOption: null, carColor: null, carType: null, fulfillmentPlace: null, ...pickup },
    delivery,
  });

  it('tells walk-in, curbside with space and car, drive-thru with car, table and delivery apart', () => {
    expect(kitchenHandoff(order(1, { pickupOption: 0 }))).toEqual({
      kind: 'walk-in',
      title: 'Walk-in pickup',
      detail: null,
    });
    expect(kitchenHandoff(order(1))).toMatchObject({ kind: 'walk-in' });
    const curbside = kitchenHandoff(
      order(1, { pickupOption: 1, fulfillmentPlace: '5', carColor: 2, carType: 1 }),
    );
    expect(curbside).toMatchObject({ kind: 'curbside', title: 'Curbside' });
    expect(curbside.detail).toMatch(/^Curbside · space 5 · \w+ \w+$/);
    const driveThru = kitchenHandoff(order(1, { pickupOption: 2, carColor: 1, carType: 1 }));
    expect(driveThru).toMatchObject({ kind: 'drive-thru', title: 'Drive-thru' });
    expect(driveThru.detail).toMatch(/^Drive Thru · \w+ \w+$/);
    expect(kitchenHandoff(order(2, { pickupOption: 0, fulfillmentPlace: '12' }))).toEqual({
      kind: 'table',
      title: 'Table 12',
      detail: null,
    });
    expect(
      kitchenHandoff(order(0, {}, { address: '1 Main St, Washington, DC', providerReference: null })),
    ).toEqual({ kind: 'delivery', title: 'Delivery', detail: '1 Main St, Washington, DC' });
  });
});
