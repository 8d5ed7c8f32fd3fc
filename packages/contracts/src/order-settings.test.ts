import { describe, expect, it } from 'vitest';
import { FULFILLMENT_METHOD } from './enums';
import {
  OrderSettingsSchema,
  chooseFulfillmentMethod,
  defaultOrderSettings,
  isScheduleValid,
  isSchedulingRequired,
  storePrompt,
} from './order-settings';

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

describe('store ordering state', () => {
  const base = {
    isOnline: true,
    locationStatus: 'Open' as const,
    acceptOrdersWhenClosed: false,
    requestedMethod: FULFILLMENT_METHOD.Pickup,
    enabledMethods: [FULFILLMENT_METHOD.Pickup, FULFILLMENT_METHOD.Delivery],
    time: { kind: 'ASAP' as const },
  };
  const tomorrow = { kind: 'SCHEDULED' as const, at: '2026-11-24T12:00:00-05:00' };

  it('lets an open, online store take ASAP orders', () => {
    expect(storePrompt(base)).toBeNull();
    expect(storePrompt({ ...base, locationStatus: 'Closes Soon' })).toBeNull();
  });

  it('reports an offline store before anything else', () => {
    expect(storePrompt({ ...base, isOnline: false, locationStatus: 'Closed' })).toEqual({ kind: 'offline' });
  });

  it('offers the other method when the store lacks the one asked for', () => {
    expect(
      storePrompt({
        ...base,
        requestedMethod: FULFILLMENT_METHOD.Delivery,
        enabledMethods: [FULFILLMENT_METHOD.Pickup],
      }),
    ).toEqual({ kind: 'method-unavailable', requested: 0, switchTo: 1 });
    expect(storePrompt({ ...base, requestedMethod: FULFILLMENT_METHOD.Pickup, enabledMethods: [0] })).toEqual(
      { kind: 'method-unavailable', requested: 1, switchTo: 0 },
    );
  });

  it('asks a closed store that accepts orders for a schedule, and is satisfied once one is set', () => {
    const closed = { ...base, locationStatus: 'Closed' as const, acceptOrdersWhenClosed: true };
    expect(storePrompt(closed)).toEqual({ kind: 'closed-schedule' });
    expect(storePrompt({ ...closed, time: tomorrow })).toBeNull();
    expect(storePrompt({ ...closed, acceptOrdersWhenClosed: false, time: tomorrow })).toEqual({
      kind: 'closed-search',
    });
  });

  it('requires scheduling in catering and for closed stores accepting orders, and validates the choice', () => {
    expect(
      isSchedulingRequired({ catering: true, locationStatus: 'Open', acceptOrdersWhenClosed: false }),
    ).toBe(true);
    expect(
      isSchedulingRequired({ catering: false, locationStatus: 'Closed', acceptOrdersWhenClosed: true }),
    ).toBe(true);
    expect(
      isSchedulingRequired({ catering: false, locationStatus: 'Closed', acceptOrdersWhenClosed: false }),
    ).toBe(false);
    expect(isScheduleValid(true, { kind: 'ASAP' })).toBe(false);
    expect(isScheduleValid(true, tomorrow)).toBe(true);
    expect(isScheduleValid(false, { kind: 'ASAP' })).toBe(true);
  });
});
