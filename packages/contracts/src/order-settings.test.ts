import { describe, expect, it } from 'vitest';
import { FULFILLMENT_METHOD } from './enums';
import { OrderSettingsSchema, chooseFulfillmentMethod, defaultOrderSettings } from './order-settings';

const { Delivery, Pickup, DineIn } = FULFILLMENT_METHOD;

describe('chooseFulfillmentMethod', () => {
  it('keeps the previous method when the store offers it', () => {
    expect(chooseFulfillmentMethod(Delivery, [Pickup, Delivery])).toBe(Delivery);
    expect(chooseFulfillmentMethod(DineIn, [Pickup, DineIn])).toBe(DineIn);
  });
  it('falls back to Pickup, then Delivery, then none', () => {
    expect(chooseFulfillmentMethod(Delivery, [Pickup, DineIn])).toBe(Pickup);
    expect(chooseFulfillmentMethod(Pickup, [Delivery])).toBe(Delivery);
    expect(chooseFulfillmentMethod(null, [DineIn])).toBeNull();
    expect(chooseFulfillmentMethod(null, [])).toBeNull();
  });
});

describe('OrderSettingsSchema', () => {
  it('accepts the defaults and a scheduled time with an offset', () => {
    const settings = defaultOrderSettings(1, false, Pickup);
    expect(OrderSettingsSchema.parse(settings)).toEqual(settings);
    const scheduled = { ...settings, time: { kind: 'SCHEDULED', at: '2026-11-23T12:15:00-05:00' } };
    expect(OrderSettingsSchema.parse(scheduled).time).toEqual(scheduled.time);
  });
  it('refuses a scheduled time without a zone or a place that is too long', () => {
    const settings = defaultOrderSettings(1, false, Pickup);
    expect(
      OrderSettingsSchema.safeParse({ ...settings, time: { kind: 'SCHEDULED', at: '2026-11-23T12:15:00' } })
        .success,
    ).toBe(false);
    expect(OrderSettingsSchema.safeParse({ ...settings, fulfillmentPlace: 'x'.repeat(21) }).success).toBe(
      false,
    );
  });
});
