import { SignJWT } from 'jose';
import { z } from 'zod';
import { StaffOrdersResponseSchema } from '@storefront/contracts/staff';
import { and, eq } from 'drizzle-orm';
import { locationPickupMethods } from '../../db/schema/locations';
import { orders } from '../../db/schema/orders';
import { DEMO_DRIVE_THRU_LANE } from '../../db/seed/locations';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, dbKinds, type TestContext } from '../../test/harness';
import { createOrderFixture } from '../checkout/checkout.fixtures';
import { auth, placeTrackedOrder } from '../checkout/checkout.test-helpers';

describe.each(await dbKinds())('tracking and staff routes on %s', (kind) => {
  let ctx: TestContext;
  const staff = { 'x-staff-key': 'test-staff-key' };
  beforeAll(async () => {
    ctx = await createTestContext(kind);
  });
  afterAll(() => ctx.close());

  it('answers tracking details, status and settings with the tracking token', async () => {
    const order = await placeTrackedOrder(ctx);
    const details = await ctx.app.inject({
      method: 'GET',
      url: `/v1/tracking/orders/${order.orderId}`,
      headers: auth(order.trackingToken),
    });
    expect(details.statusCode).toBe(200);
    expect(details.json()).toMatchObject({
      value: {
        order: { id: order.orderId, items: [{ title: 'Classic Burger', quantity: 1 }], totals: { tip: 1 } },
        location: { id: 1 },
        paymentDetails: [
          {
            cardLogo: 'visa',
            maskedCardNumber: '************4242',
            approvedAmount: (order.totalCents + 100) / 100,
          },
        ],
        status: { statusId: 1 },
      },
    });
    const status = await ctx.app.inject({
      method: 'GET',
      url: `/v1/tracking/orders/${order.orderId}/status`,
      headers: auth(order.trackingToken),
    });
    expect(status.json()).toMatchObject({
      value: { statusId: 1, orderReadyTime: expect.any(String) as string },
    });
    const settings = await ctx.app.inject({
      method: 'GET',
      url: `/v1/tracking/orders/${order.orderId}/settings`,
      headers: auth(order.trackingToken),
    });
    expect(settings.json()).toMatchObject({
      value: { fulfillmentSettings: { availablePickupMethods: [{ pickupOption: 0 }] } },
    });
  });

  it('leads tracking with the ready time the placement kept, and a delivery with its arrival window', async () => {
    const before = Date.now();
    const order = await placeTrackedOrder(ctx);
    const status = await ctx.app.inject({
      method: 'GET',
      url: `/v1/tracking/orders/${order.orderId}/status`,
      headers: auth(order.trackingToken),
    });
    const { eta, orderReadyTime } = status.json<{
      value: {
        orderReadyTime: string;
        eta: { readyAt: string; arrival: unknown; isScheduled: boolean; timeZone: string };
      };
    }>().value;
    // Dupont Circle: ASAP, 15 minutes' preparation, in the store's own zone and offset.
    expect(eta).toMatchObject({ arrival: null, isScheduled: false, timeZone: 'America/New_York' });
    expect(eta.readyAt).toBe(orderReadyTime);
    expect(eta.readyAt).toMatch(/-0[45]:00$/);
    expect(Date.parse(eta.readyAt)).toBeGreaterThanOrEqual(before - 1000 + 15 * 60_000);

    // A delivery: the kitchen's time plus the store's travel time (45 - 15 minutes), a 15-minute window.
    const delivery = await placeTrackedOrder(ctx);
    await ctx.database.db
      .update(orders)
      .set({ fulfillmentMethod: 0, deliveryLine1: '1350 Connecticut Ave NW' })
      .where(eq(orders.id, delivery.orderId));
    const details = await ctx.app.inject({
      method: 'GET',
      url: `/v1/tracking/orders/${delivery.orderId}`,
      headers: auth(delivery.trackingToken),
    });
    const deliveryEta = details.json<{
      value: { status: { eta: { readyAt: string; arrival: { start: string; end: string } } } };
    }>().value.status.eta;
    const start = Date.parse(deliveryEta.arrival.start);
    expect(start - Date.parse(deliveryEta.readyAt)).toBe(30 * 60_000);
    expect(Date.parse(deliveryEta.arrival.end) - start).toBe(15 * 60_000);
  });

  it('refuses missing, forged, expired and foreign tracking tokens', async () => {
    const order = await placeTrackedOrder(ctx);
    const other = await placeTrackedOrder(ctx);
    const url = `/v1/tracking/orders/${order.orderId}/status`;
    expect((await ctx.app.inject({ method: 'GET', url })).statusCode).toBe(401);
    expect((await ctx.app.inject({ method: 'GET', url, headers: auth('not-a-token') })).statusCode).toBe(401);
    const expired = await new SignJWT({ typ: 'tracking', oid: order.orderId })
      .setProtectedHeader({ alg: 'HS256' })
      .setIssuedAt(Math.floor(Date.now() / 1000) - 3600)
      .setExpirationTime(Math.floor(Date.now() / 1000) - 60)
      .sign(new TextEncoder().encode(ctx.env.JWT_SECRET));
    expect((await ctx.app.inject({ method: 'GET', url, headers: auth(expired) })).statusCode).toBe(401);
    const guestToken = await ctx.token();
    expect((await ctx.app.inject({ method: 'GET', url, headers: auth(guestToken) })).statusCode).toBe(401);
    const foreign = await ctx.app.inject({ method: 'GET', url, headers: auth(other.trackingToken) });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toMatchObject({
      succeed: false,
      errors: [{ message: 'This order is no longer available.' }],
    });
    const unknown = await ctx.app.inject({
      method: 'GET',
      url: '/v1/tracking/orders/999999/status',
      headers: auth(await ctx.app.tokens.signTrackingToken(999999)),
    });
    expect(unknown.statusCode).toBe(404);
    const badId = await ctx.app.inject({
      method: 'GET',
      url: '/v1/tracking/orders/x/status',
      headers: auth(order.trackingToken),
    });
    expect(badId.statusCode).toBe(400);
  });

  it('lists placed orders for the kitchen and advances them 1 -> 4, visible on tracking', async () => {
    const order = await placeTrackedOrder(ctx);
    const unauthorised = await ctx.app.inject({ method: 'GET', url: '/v1/staff/orders?locationId=1' });
    expect(unauthorised.statusCode).toBe(401);
    const wrongKey = await ctx.app.inject({
      method: 'GET',
      url: '/v1/staff/orders?locationId=1',
      headers: { 'x-staff-key': 'wrong-key-123' },
    });
    expect(wrongKey.statusCode).toBe(401);
    const guest = await ctx.app.inject({
      method: 'POST',
      url: `/v1/staff/orders/${order.orderId}/status`,
      headers: auth(order.token),
      payload: {},
    });
    expect(guest.statusCode).toBe(401);

    const list = await ctx.app.inject({
      method: 'GET',
      url: '/v1/staff/orders?locationId=1&status=1',
      headers: staff,
    });
    const orders = list.json<{ value: { id: number; contact: { phone: string }; items: unknown[] }[] }>()
      .value;
    const mine = orders.find((o) => o.id === order.orderId);
    expect(mine).toMatchObject({ contact: { phone: '2025550143' }, items: [{ title: 'Classic Burger' }] });
    const badQuery = await ctx.app.inject({
      method: 'GET',
      url: '/v1/staff/orders?locationId=1&status=9',
      headers: staff,
    });
    expect(badQuery.statusCode).toBe(400);

    for (const next of [2, 3, 4]) {
      const res = await ctx.app.inject({
        method: 'POST',
        url: `/v1/staff/orders/${order.orderId}/status`,
        headers: staff,
        payload: {},
      });
      expect(res.json()).toMatchObject({ value: { statusId: next, previousStatusId: next - 1 } });
      const status = await ctx.app.inject({
        method: 'GET',
        url: `/v1/tracking/orders/${order.orderId}/status`,
        headers: auth(order.trackingToken),
      });
      expect(status.json()).toMatchObject({ value: { statusId: next } });
    }
    const done = await ctx.app.inject({
      method: 'POST',
      url: `/v1/staff/orders/${order.orderId}/status`,
      headers: staff,
      payload: {},
    });
    expect(done.statusCode).toBe(409);
    const unknown = await ctx.app.inject({
      method: 'POST',
      url: '/v1/staff/orders/999999/status',
      headers: staff,
      payload: {},
    });
    expect(unknown.statusCode).toBe(404);
  });

  it('refuses a stale transition and lists locations for the kitchen', async () => {
    const order = await placeTrackedOrder(ctx);
    const stale = await ctx.app.inject({
      method: 'POST',
      url: `/v1/staff/orders/${order.orderId}/status`,
      headers: staff,
      payload: { statusId: 3 },
    });
    expect(stale.statusCode).toBe(409);
    const open = await createOrderFixture(ctx);
    const notPlaced = await ctx.app.inject({
      method: 'POST',
      url: `/v1/staff/orders/${open.orderId}/status`,
      headers: staff,
      payload: {},
    });
    expect(notPlaced.statusCode).toBe(404);
    const locations = await ctx.app.inject({ method: 'GET', url: '/v1/staff/locations', headers: staff });
    const list = locations.json<{ value: { id: number; openOrders: number; status: string | null }[] }>()
      .value;
    expect(list.find((l) => l.id === 1)).toMatchObject({ status: 'Open' });
    expect(list.find((l) => l.id === 1)?.openOrders).toBeGreaterThanOrEqual(1);
  });

  it('changes the pickup option after ordering', async () => {
    const order = await placeTrackedOrder(ctx);
    const res = await ctx.app.inject({
      method: 'PUT',
      url: `/v1/tracking/orders/${order.orderId}/pickup-data`,
      headers: auth(order.trackingToken),
      payload: { pickupOption: 0 },
    });
    expect(res.json()).toMatchObject({ value: { fulfillmentInformation: { pickupOption: 0 } } });
    const notOffered = await ctx.app.inject({
      method: 'PUT',
      url: `/v1/tracking/orders/${order.orderId}/pickup-data`,
      headers: auth(order.trackingToken),
      payload: { pickupOption: 2 },
    });
    expect(notOffered.statusCode).toBe(422);
  });

  it("asks the new option's additional fields, keeps the answers and shows them on tracking and the kitchen ticket", async () => {
    const order = await placeTrackedOrder(ctx);
    const STORE = 1;
    const db = ctx.database.db;
    // A drive-thru at the order's store with a required bay number (1 to 6) and an optional lane (a select).
    await db.insert(locationPickupMethods).values({
      locationId: STORE,
      pickupOption: 2,
      carDetailsRequired: true,
      additionalFields: [
        { id: 'bay', label: 'Bay number', options: null, required: true, min: 1, max: 6, readonly: false },
        DEMO_DRIVE_THRU_LANE,
      ],
    });
    try {
      const put = (payload: object) =>
        ctx.app.inject({
          method: 'PUT',
          url: `/v1/tracking/orders/${order.orderId}/pickup-data`,
          headers: auth(order.trackingToken),
          payload,
        });
      const settings = await ctx.app.inject({
        method: 'GET',
        url: `/v1/tracking/orders/${order.orderId}/settings`,
        headers: auth(order.trackingToken),
      });
      const driveThru = settings
        .json<{ value: { fulfillmentSettings: { availablePickupMethods: { pickupOption: number }[] } } }>()
        .value.fulfillmentSettings.availablePickupMethods.find((m) => m.pickupOption === 2);
      expect(driveThru).toMatchObject({ additionalFields: [{ id: 'bay' }, { id: 'lane' }] });
      const car = { pickupOption: 2, carType: 3, carColor: 1 };
      const missing = await put(car);
      expect(missing.statusCode).toBe(422);
      expect(missing.json()).toMatchObject({ errors: [{ message: 'Please enter Bay number' }] });
      const outOfRange = await put({ ...car, additionalFields: [{ id: 'bay', value: '9' }] });
      expect(outOfRange.json()).toMatchObject({
        errors: [{ message: 'Bay number must be between 1 and 6' }],
      });
      const answers = [
        { id: 'bay', label: 'Bay number', value: '4', displayValue: '4' },
        { id: 'lane', label: 'Drive-thru lane', value: '2', displayValue: 'Lane 2 (right)' },
      ];
      const changed = await put({
        ...car,
        additionalFields: [
          { id: 'lane', value: '2' },
          { id: 'bay', value: '4' },
        ],
      });
      expect(changed.statusCode).toBe(200);
      expect(changed.json()).toMatchObject({
        value: { fulfillmentInformation: { additionalFields: answers } },
      });
      // A change that does not send them keeps the answers the option still asks.
      const again = await put({ ...car, carColor: 2 });
      expect(again.json()).toMatchObject({
        value: { fulfillmentInformation: { additionalFields: answers } },
      });
      const board = await ctx.app.inject({
        method: 'GET',
        url: `/v1/staff/orders?locationId=${STORE}`,
        headers: staff,
      });
      const ticket = board
        .json<{ value: { id: number; pickup: unknown }[] }>()
        .value.find((o) => o.id === order.orderId);
      expect(ticket?.pickup).toMatchObject({ pickupOption: 2, additionalFields: answers });
      // The board's JSON is made by the route itself: the very text the response schema's serializer makes.
      expect(board.body).toBe(JSON.stringify(z.encode(StaffOrdersResponseSchema, board.json())));
      // Walk-in asks nothing: the answers go with the option.
      const walkIn = await put({ pickupOption: 0 });
      expect(
        walkIn.json<{ value: { fulfillmentInformation: object } }>().value.fulfillmentInformation,
      ).not.toHaveProperty('additionalFields');
    } finally {
      await db
        .delete(locationPickupMethods)
        .where(and(eq(locationPickupMethods.locationId, STORE), eq(locationPickupMethods.pickupOption, 2)));
    }
  });
});
