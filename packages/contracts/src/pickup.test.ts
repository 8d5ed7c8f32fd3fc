import { describe, expect, it } from 'vitest';
import type { PickupMethod } from './locations';
import { TableNumberSchema } from './checkout';
import { describeHandover, pickupChoiceError, sortPickupOptions } from './pickup';

const curbside: PickupMethod = {
  pickupOption: 1,
  notes: 'Park in a numbered space',
  carDetailsRequired: true,
  parkingSpaceRequired: true,
  parkingSpaceRange: [1, 12],
};
const driveThru: PickupMethod = {
  pickupOption: 2,
  notes: null,
  carDetailsRequired: true,
  parkingSpaceRequired: false,
  parkingSpaceRange: null,
};
const walkIn: PickupMethod = { ...driveThru, pickupOption: 0, carDetailsRequired: false };

describe('pickup choices', () => {
  it('gives the spec messages for drive-thru and curbside', () => {
    const methods = [walkIn, curbside, driveThru];
    expect(pickupChoiceError(methods, { pickupOption: 2 })?.message).toBe(
      'Car details are required for Drive Thru',
    );
    expect(pickupChoiceError(methods, { pickupOption: 1, carColor: 1, carType: 2 })?.message).toBe(
      'Parking spot is required for Curbside',
    );
    expect(pickupChoiceError(methods, { pickupOption: 1, fulfillmentPlace: '5' })?.message).toBe(
      'Car details are required for Curbside',
    );
    expect(
      pickupChoiceError(methods, { pickupOption: 1, carColor: 1, carType: 2, fulfillmentPlace: '13' })
        ?.message,
    ).toBe('Parking spot must be between 1 and 12');
    expect(
      pickupChoiceError(methods, { pickupOption: 1, carColor: 1, carType: 2, fulfillmentPlace: '12' }),
    ).toBeNull();
    expect(pickupChoiceError(methods, { pickupOption: 0 })).toBeNull();
    expect(pickupChoiceError([walkIn], { pickupOption: 1 })?.field).toBe('pickupOption');
  });

  it('checks the parking range only when a space is required', () => {
    const optionalSpot: PickupMethod = { ...curbside, parkingSpaceRequired: false };
    const car = { pickupOption: 1 as const, carColor: 1, carType: 2 };
    expect(pickupChoiceError([optionalSpot], { ...car, fulfillmentPlace: 'Lot B' })).toBeNull();
    expect(pickupChoiceError([optionalSpot], car)).toBeNull();
    expect(pickupChoiceError([curbside], { ...car, fulfillmentPlace: 'Lot B' })?.message).toBe(
      'Parking spot must be between 1 and 12',
    );
  });

  it('sorts walk-in, drive-thru, curbside', () => {
    expect(sortPickupOptions([curbside, driveThru, walkIn]).map((m) => m.pickupOption)).toEqual([0, 2, 1]);
  });

  it('reads table numbers 0 to 999 only', () => {
    expect(TableNumberSchema.parse('0')).toBe(0);
    expect(TableNumberSchema.parse(' 999 ')).toBe(999);
    for (const bad of ['1000', '-1', '4.5', 'A1', ''])
      expect(TableNumberSchema.safeParse(bad).success).toBe(false);
  });
});

describe('describeHandover', () => {
  it('names the table, the curbside space and car, or the drive-thru car', () => {
    expect(describeHandover({ pickupOption: 0, carColor: null, carType: null, fulfillmentPlace: '12' })).toBe(
      'Table 12',
    );
    expect(describeHandover({ pickupOption: 1, carColor: 1, carType: 2, fulfillmentPlace: '5' })).toBe(
      'Curbside · space 5 · Blue Sedan',
    );
    expect(describeHandover({ pickupOption: 2, carColor: 0, carType: 6, fulfillmentPlace: null })).toBe(
      'Drive Thru · Red SUV',
    );
    expect(
      describeHandover({ pickupOption: 0, carColor: null, carType: null, fulfillmentPlace: null }),
    ).toBeNull();
  });
});
