import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { TokenBodySchema } from './auth';
import {
  DateTimeSchema,
  INT4_MAX,
  IdParamSchema,
  IdSchema,
  MALFORMED_TEXT_MESSAGE,
  NearDateSchema,
  findMalformedText,
  hasMalformedText,
  isWellFormedText,
  textSchema,
  wellFormedInput,
} from './bounds';
import { SlotLoadsQuerySchema } from './capacity';
import {
  CheckoutOrderParamsSchema,
  ContactInformationSchema,
  OrderPropertiesBodySchema,
  PickupDataBodySchema,
  ReadyTimeBodySchema,
  ValidationTypeParamsSchema,
} from './checkout';
import {
  DeliveryEstimateBodySchema,
  LocationIdParamsSchema,
  LocationSearchQuerySchema,
  OrderTimesQuerySchema,
  PlaceAutocompleteQuerySchema,
  PlaceParamsSchema,
} from './locations';
import { MenuQuerySchema, MenuSnapshotItemParamsSchema, SnapshotItemParamsSchema } from './menu';
import {
  AddOrderItemBodySchema,
  CreateOrderBodySchema,
  MenuItemPricingBodySchema,
  OrderIdParamsSchema,
  OrderItemInstanceParamsSchema,
  OrderItemParamsSchema,
  PutDeliveryAddressBodySchema,
  UpdateOrderBodySchema,
} from './orders';
import { OrderSettingsSchema } from './order-settings';
import {
  CardTokenizeBodySchema,
  CloseRequestBodySchema,
  CreatePaymentBodySchema,
  PatchPaymentBodySchema,
  PaymentParamsSchema,
} from './payments';
import { StaffOrdersQuerySchema, StaffSessionBodySchema } from './staff';
import { TrackingUrlQuerySchema } from './tracking';

const BEYOND_INT4 = INT4_MAX + 1;
const DAY = 86_400_000;
const dateIn = (days: number) => new Date(Date.now() + days * DAY).toISOString().slice(0, 10);

/** A valid request, and the same request with one field changed: the first parses, the second does not. */
function expectRefused(schema: z.ZodType, valid: Record<string, unknown>, field: string, bad: unknown) {
  expect(schema.safeParse(valid).success, `${field} valid`).toBe(true);
  expect(schema.safeParse({ ...valid, [field]: bad }).success, `${field} = ${JSON.stringify(bad)}`).toBe(
    false,
  );
}

describe('ids are bounded by their int4 column', () => {
  it('accepts 1 to 2^31-1 and refuses 0, 2^31, fractions and text', () => {
    for (const schema of [IdSchema, IdParamSchema]) {
      expect(schema.safeParse(1).success).toBe(true);
      expect(schema.safeParse(INT4_MAX).success).toBe(true);
      for (const bad of [0, -1, BEYOND_INT4, Number.MAX_SAFE_INTEGER, 1.5]) {
        expect(schema.safeParse(bad).success, String(bad)).toBe(false);
      }
    }
    expect(IdParamSchema.safeParse('2147483647').success).toBe(true);
    expect(IdParamSchema.safeParse('2147483648').success).toBe(false);
    expect(IdParamSchema.safeParse('').success).toBe(false);
  });

  it('refuses an id beyond 2^31-1 in every path, query and body that carries one', () => {
    const big = String(BEYOND_INT4);
    expectRefused(OrderIdParamsSchema, { orderId: '1' }, 'orderId', big);
    expectRefused(OrderItemParamsSchema, { orderId: '1', itemId: '1' }, 'itemId', big);
    expectRefused(OrderItemParamsSchema, { orderId: '1', itemId: '1' }, 'orderId', big);
    expectRefused(OrderItemInstanceParamsSchema, { orderId: '1', instanceId: '1' }, 'instanceId', big);
    expectRefused(CheckoutOrderParamsSchema, { orderId: '1' }, 'orderId', big);
    expectRefused(ValidationTypeParamsSchema, { orderId: '1', type: 'CloseOrder' }, 'orderId', big);
    expectRefused(PaymentParamsSchema, { orderId: '1', paymentId: '1' }, 'orderId', big);
    expectRefused(PaymentParamsSchema, { orderId: '1', paymentId: '1' }, 'paymentId', big);
    expectRefused(LocationIdParamsSchema, { id: '1' }, 'id', big);
    expectRefused(StaffOrdersQuerySchema, { locationId: '1' }, 'locationId', big);
    expectRefused(TrackingUrlQuerySchema, { locationId: '1' }, 'locationId', big);
    expectRefused(MenuQuerySchema, { locationId: '1' }, 'locationId', big);
    expectRefused(SnapshotItemParamsSchema, { snapshotId: '1', itemPathKey: '1' }, 'snapshotId', big);
    expectRefused(
      MenuSnapshotItemParamsSchema,
      { menuSnapshotId: '1', itemPathKey: '1' },
      'menuSnapshotId',
      big,
    );
    expectRefused(CreateOrderBodySchema, { menuSnapshotId: 1 }, 'menuSnapshotId', BEYOND_INT4);
    expectRefused(UpdateOrderBodySchema, { snapshotId: 1 }, 'snapshotId', BEYOND_INT4);
    expectRefused(AddOrderItemBodySchema, { itemPathKey: '1', quantity: 1 }, 'portionId', BEYOND_INT4);
    expectRefused(MenuItemPricingBodySchema, {}, 'portionId', BEYOND_INT4);
    expectRefused(
      CreatePaymentBodySchema,
      { paymentMethod: 2, baseAmount: 1 },
      'savedPaymentId',
      BEYOND_INT4,
    );
    expectRefused(CloseRequestBodySchema, {}, 'paymentIdToSave', BEYOND_INT4);
    const modifier = (portionId: number) => ({
      itemPathKey: '1',
      quantity: 1,
      modifiers: [{ itemPathKey: '1-2', quantity: 1, portionId }],
    });
    expect(AddOrderItemBodySchema.safeParse(modifier(INT4_MAX)).success).toBe(true);
    expect(AddOrderItemBodySchema.safeParse(modifier(BEYOND_INT4)).success).toBe(false);
  });
});

describe('request text refuses the NUL character', () => {
  const NUL = 'a\u0000b';

  it('in every text field of the request schemas', () => {
    const token = { clientId: 'web', clientSecret: 'secret' };
    expectRefused(TokenBodySchema, token, 'clientId', NUL);
    expectRefused(TokenBodySchema, token, 'clientSecret', NUL);
    expectRefused(TokenBodySchema, token, 'recaptchaInput', NUL);
    const contact = { firstName: 'Ada', lastName: 'Lovelace', phone: '2025550143', email: 'ada@example.com' };
    for (const field of ['firstName', 'lastName', 'phone', 'email']) {
      expectRefused(ContactInformationSchema, contact, field, NUL);
    }
    expectRefused(OrderPropertiesBodySchema, { notes: 'no onions' }, 'notes', NUL);
    expectRefused(PickupDataBodySchema, { pickupOption: 1, fulfillmentPlace: '12' }, 'fulfillmentPlace', NUL);
    const item = { itemPathKey: '1', quantity: 1 };
    expectRefused(AddOrderItemBodySchema, item, 'note', NUL);
    expectRefused(AddOrderItemBodySchema, item, 'crossSellOfferId', NUL);
    const address = { line1: '1 Main St', line2: '', city: 'Springfield', stateCode: 'IL', zipCode: '62701' };
    for (const field of Object.keys(address)) {
      expect(PutDeliveryAddressBodySchema.safeParse({ address: { ...address, [field]: NUL } }).success).toBe(
        false,
      );
      expect(DeliveryEstimateBodySchema.safeParse({ address: { ...address, [field]: NUL } }).success).toBe(
        false,
      );
    }
    const payment = { paymentMethod: 2, baseAmount: 1 };
    expectRefused(CreatePaymentBodySchema, payment, 'giftCardNumber', NUL);
    expectRefused(CreatePaymentBodySchema, payment, 'recaptchaInput', NUL);
    expectRefused(CreatePaymentBodySchema, payment, 'billingAddress', { address1: NUL });
    expectRefused(PatchPaymentBodySchema, { baseAmount: 1 }, 'billingAddress', { city: NUL });
    expectRefused(CloseRequestBodySchema, { paymentToken: 'tok' }, 'paymentToken', NUL);
    const card = { cardNumber: '4242424242424242', expiry: '12/30', cvv: '123' };
    for (const field of ['cardNumber', 'expiry', 'cvv', 'nameOnCard', 'postalCode']) {
      expectRefused(
        CardTokenizeBodySchema,
        card,
        field,
        field === 'cvv' ? '1\u00003' : `${card.cardNumber}\u0000`,
      );
    }
    expectRefused(LocationSearchQuerySchema, { address: 'Springfield' }, 'address', NUL);
    expectRefused(PlaceAutocompleteQuerySchema, { input: 'Springfield' }, 'input', NUL);
    expectRefused(PlaceParamsSchema, { placeId: 'zip:62701' }, 'placeId', NUL);
    const settings = {
      locationId: 1,
      catering: false,
      fulfillmentMethod: 1,
      time: { kind: 'ASAP' },
      pickupOption: null,
      fulfillmentPlace: '12',
    };
    expectRefused(OrderSettingsSchema, settings, 'fulfillmentPlace', NUL);
    expectRefused(StaffSessionBodySchema, { staffKey: 'key' }, 'staffKey', NUL);
  });
});

describe('dates are real calendar dates within a sane range', () => {
  it('takes a date within a year of today for the kitchen load and order times', () => {
    for (const days of [-300, 0, 300]) {
      expect(NearDateSchema.safeParse(dateIn(days)).success, String(days)).toBe(true);
      expect(SlotLoadsQuerySchema.safeParse({ date: dateIn(days) }).success).toBe(true);
      expect(OrderTimesQuerySchema.safeParse({ customDate: dateIn(days) }).success).toBe(true);
    }
    for (const bad of [
      '9999-12-31',
      '0000-01-01',
      dateIn(400),
      dateIn(-400),
      '2025-02-30',
      '2025-13-01',
      'today',
    ]) {
      expect(SlotLoadsQuerySchema.safeParse({ date: bad }).success, bad).toBe(false);
      expect(OrderTimesQuerySchema.safeParse({ customDate: bad }).success, bad).toBe(false);
    }
  });

  it('takes date-times in the years 2000 to 2099 only', () => {
    expect(DateTimeSchema.safeParse('2025-01-15T12:00:00-05:00').success).toBe(true);
    expect(ReadyTimeBodySchema.safeParse({ orderReadyTime: '2020-01-01T12:00:00Z' }).success).toBe(true);
    for (const bad of ['9999-12-31T23:00:00-05:00', '0000-01-01T00:00:00Z', '1999-12-31T23:59:59Z', 'soon']) {
      expect(DateTimeSchema.safeParse(bad).success, bad).toBe(false);
      expect(ReadyTimeBodySchema.safeParse({ orderReadyTime: bad }).success, bad).toBe(false);
      expect(CreateOrderBodySchema.safeParse({ menuSnapshotId: 1, orderDateTime: bad }).success, bad).toBe(
        false,
      );
      expect(MenuQuerySchema.safeParse({ locationId: '1', contextTime: bad }).success, bad).toBe(false);
    }
  });
});

describe('well-formed Unicode', () => {
  it('refuses lone and reversed surrogates and keeps proper pairs (emoji)', () => {
    expect(isWellFormedText('Ada 🍔 Lovelace')).toBe(true);
    for (const bad of ['\ud800', 'a\udbffb', '\udc00', '\udfffx', '\udc00\ud800', 'ok \ud83c']) {
      expect(isWellFormedText(bad), JSON.stringify(bad)).toBe(false);
    }
    expect(textSchema(10).safeParse('a\ud800').success).toBe(false);
  });

  it('finds the first malformed string or key anywhere in a request, however deep', () => {
    expect(findMalformedText({ a: ['ok', { b: 'x\udc00' }] })).toEqual(['a', 1, 'b']);
    expect(findMalformedText({ ['k\ud800']: 1 })).toEqual(['k\ud800']);
    expect(findMalformedText({ a: '🍔', b: [1, null, true] })).toBeNull();
    let deep: unknown = 'end\ud800';
    for (let i = 0; i < 50_000; i += 1) deep = [deep];
    expect(findMalformedText(deep)).toHaveLength(50_000);
  });

  it('hasMalformedText tells the same as findMalformedText, without the path', () => {
    let deep: unknown = 'end\ud800';
    for (let i = 0; i < 50_000; i += 1) deep = [deep];
    const inherited = Object.create({ ['k\ud800']: 'x\udc00' }) as object;
    for (const value of [
      { a: ['ok', { b: 'x\udc00' }] },
      { ['k\ud800']: 1 },
      { a: '🍔', b: [1, null, true] },
      Object.assign(Object.create(null) as object, { q: 'Washington, DC', r: ['25', '\ud83c'] }),
      inherited,
      deep,
      'plain',
      42,
      null,
    ]) {
      expect(hasMalformedText(value)).toBe(findMalformedText(value) !== null);
    }
    expect(hasMalformedText(inherited)).toBe(false);
  });

  it('wellFormedInput names the field before the schema runs', () => {
    const schema = wellFormedInput(z.object({ city: z.string().max(3) }));
    const result = schema.safeParse({ city: 'Washington\ud800' });
    expect(result.success).toBe(false);
    expect(result.error?.issues).toEqual([
      expect.objectContaining({ path: ['city'], message: MALFORMED_TEXT_MESSAGE }),
    ]);
    expect(schema.safeParse({ city: 'DC' }).success).toBe(true);
  });
});
