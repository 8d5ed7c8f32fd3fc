import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { KITCHEN_FULL_MESSAGE, nextSlotStart, slotStartOf } from '@storefront/contracts/capacity';
import { localDateOf } from '@storefront/contracts/store-hours';
import { DEMO_TIME_ZONE } from '../../db/seed/locations';
import { kitchenSlotLoads, locationSlotCapacities } from '../../db/schema/capacity';
import { orders } from '../../db/schema/orders';
import { createTestContext, dbKinds, type TestContext } from '../../test/harness';
import { CARDS, createOrderFixture } from '../checkout/checkout.fixtures';
import { auth, closeRequest, prepareCheckout } from '../checkout/checkout.test-helpers';

/** Dupont Circle: open 24/7, so every slot of the coming days is a valid ready time. */
const LOCATION = 1;
const PICKUP = 1;
const staff = { 'x-staff-key': 'test-staff-key' };

describe.each(await dbKinds())('kitchen capacity on %s', (kind) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext(kind);
  });
  afterAll(() => ctx.close());
  beforeEach(async () => {
    await ctx.database.db.delete(kitchenSlotLoads);
    await ctx.database.db.delete(locationSlotCapacities);
  });

  const setCapacity = (maxOrders: number | null, maxItems: number | null) =>
    ctx.database.db
      .insert(locationSlotCapacities)
      .values({ locationId: LOCATION, fulfillmentMethod: PICKUP, maxOrders, maxItems });

  const orderTimes = async (customDate?: string) => {
    const token = await ctx.token();
    const res = await ctx.app.inject({
      method: 'GET',
      url: `/v1/locations/${LOCATION}/order-times?fulfillmentMethod=1${customDate ? `&customDate=${customDate}` : ''}`,
      headers: auth(token),
    });
    expect(res.statusCode).toBe(200);
    return res.json<{ value: { date: string; times: string[] }[] }>().value;
  };

  /** A ready-time slot tomorrow (the store's own list), so that 'now' never crosses it during the test. */
  const tomorrowSlot = async () => {
    const days = await orderTimes();
    const day = days[1];
    const at = day?.times[8];
    if (!at) throw new Error('no time tomorrow');
    return at;
  };

  it('leaves full slots out of order-times and offers them again when there is room', async () => {
    await setCapacity(2, 10);
    const at = await tomorrowSlot();
    const slotStart = new Date(slotStartOf(Date.parse(at)));
    await ctx.database.db
      .insert(kitchenSlotLoads)
      .values({ locationId: LOCATION, fulfillmentMethod: PICKUP, slotStart, orders: 1, items: 9 });
    const date = at.slice(0, 10);
    // One item left: not full (an order of one item still fits).
    expect((await orderTimes(date))[0]?.times).toContain(at);
    await ctx.database.db
      .update(kitchenSlotLoads)
      .set({ items: 10 })
      .where(and(eq(kitchenSlotLoads.locationId, LOCATION), eq(kitchenSlotLoads.slotStart, slotStart)));
    const times = (await orderTimes(date))[0]?.times ?? [];
    expect(times).not.toContain(at);
    // The neighbouring slots stay on offer.
    expect(times.length).toBeGreaterThan(10);
  });

  it('refuses a ready time in a full slot with 21037 and the kitchen message', async () => {
    await setCapacity(1, null);
    const at = await tomorrowSlot();
    await ctx.database.db.insert(kitchenSlotLoads).values({
      locationId: LOCATION,
      fulfillmentMethod: PICKUP,
      slotStart: new Date(slotStartOf(Date.parse(at))),
      orders: 1,
      items: 1,
    });
    const order = await createOrderFixture(ctx);
    const res = await ctx.app.inject({
      method: 'PUT',
      url: `/v1/sales/orders/${order.orderId}/ready-time`,
      headers: auth(order.token),
      payload: { orderReadyTime: at },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({ errors: [{ code: 21037, message: KITCHEN_FULL_MESSAGE }] });
  });

  it('never overbooks a slot when parallel orders are placed for it at once', async () => {
    await setCapacity(3, null);
    const at = await tomorrowSlot();
    const prepared = await Promise.all(
      Array.from({ length: 8 }, async () => {
        const order = await createOrderFixture(ctx);
        await ctx.database.db
          .update(orders)
          .set({ scheduledReadyAt: new Date(at) })
          .where(eq(orders.id, order.orderId));
        const { paymentToken } = await prepareCheckout(ctx, order, CARDS.approve);
        return { order, paymentToken };
      }),
    );
    let release: () => void = () => undefined;
    const barrier = new Promise<void>((resolve) => {
      release = resolve;
    });
    const attempts = prepared.map(async ({ order, paymentToken }) => {
      await barrier;
      return closeRequest(ctx, order, { paymentToken });
    });
    release();
    const responses = await Promise.all(attempts);
    const statuses = responses.map((r) => r.statusCode).sort();
    expect(statuses, JSON.stringify(responses.map((r) => r.body))).toEqual([
      200, 200, 200, 422, 422, 422, 422, 422,
    ]);
    for (const refused of responses.filter((r) => r.statusCode === 422)) {
      expect(refused.json()).toMatchObject({ errors: [{ code: 21037, message: KITCHEN_FULL_MESSAGE }] });
    }
    const [load] = await ctx.database.db
      .select()
      .from(kitchenSlotLoads)
      .where(eq(kitchenSlotLoads.slotStart, new Date(slotStartOf(Date.parse(at)))));
    expect(load).toMatchObject({ orders: 3, items: 3 });
  });

  it('rolls an ASAP order on to the next slot with room, and gives the room back on a declined card', async () => {
    await setCapacity(1, null);
    const first = await createOrderFixture(ctx);
    const firstCheckout = await prepareCheckout(ctx, first, CARDS.approve);
    expect((await closeRequest(ctx, first, { paymentToken: firstCheckout.paymentToken })).statusCode).toBe(
      200,
    );

    // A declined card takes no room.
    const declined = await createOrderFixture(ctx);
    const declinedCheckout = await prepareCheckout(ctx, declined, CARDS.decline);
    expect(
      (await closeRequest(ctx, declined, { paymentToken: declinedCheckout.paymentToken })).statusCode,
    ).toBe(422);

    const second = await createOrderFixture(ctx);
    const secondCheckout = await prepareCheckout(ctx, second, CARDS.approve);
    expect((await closeRequest(ctx, second, { paymentToken: secondCheckout.paymentToken })).statusCode).toBe(
      200,
    );
    const readyAt = async (orderId: number) => {
      const [row] = await ctx.database.db.select().from(orders).where(eq(orders.id, orderId));
      if (!row?.expectedReadyAt) throw new Error('no ready time');
      return row.expectedReadyAt.getTime();
    };
    const firstSlot = slotStartOf(await readyAt(first.orderId));
    // The first order filled its slot: the second lands in a later one.
    expect(slotStartOf(await readyAt(second.orderId))).toBeGreaterThan(firstSlot);
    const loads = await ctx.database.db.select().from(kitchenSlotLoads);
    expect(loads.map((l) => l.orders)).toEqual([1, 1]);
  });

  const estimate = async (query = 'fulfillmentMethod=1') => {
    const res = await ctx.app.inject({
      method: 'GET',
      url: `/v1/locations/${LOCATION}/asap-estimate?${query}`,
      headers: auth(await ctx.token()),
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{
      value: {
        readyAt: string | null;
        arrival: { start: string; end: string } | null;
        minutes: number | null;
        message: string | null;
      };
    }>().value;
  };

  it('estimates ASAP by the rule that places the order: past a full slot, to the time the placement keeps', async () => {
    await setCapacity(1, null);
    // An empty kitchen: the preparation time (15 minutes) from now, to the minute.
    const before = Date.now();
    const free = await estimate();
    expect(free).toMatchObject({ minutes: 15, arrival: null, message: null });
    const freeAt = Date.parse(free.readyAt ?? '');
    // Times are answered to the second.
    expect(freeAt).toBeGreaterThanOrEqual(before - 1000 + 15 * 60_000);
    expect(freeAt).toBeLessThanOrEqual(Date.now() + 15 * 60_000);

    // That slot is full: the estimate is the next slot's start, and placing an order now gets exactly that.
    const full = slotStartOf(freeAt);
    await ctx.database.db.insert(kitchenSlotLoads).values({
      locationId: LOCATION,
      fulfillmentMethod: PICKUP,
      slotStart: new Date(full),
      orders: 1,
      items: 1,
    });
    const rolled = await estimate();
    expect(Date.parse(rolled.readyAt ?? '')).toBe(nextSlotStart(full));
    expect(rolled.minutes).toBe(Math.ceil((nextSlotStart(full) - Date.now()) / 60_000));
    expect(rolled.minutes).toBeGreaterThan(15);

    const order = await createOrderFixture(ctx);
    const checkout = await prepareCheckout(ctx, order, CARDS.approve);
    expect((await closeRequest(ctx, order, { paymentToken: checkout.paymentToken })).statusCode).toBe(200);
    const [placed] = await ctx.database.db.select().from(orders).where(eq(orders.id, order.orderId));
    expect(placed?.expectedReadyAt?.getTime()).toBe(nextSlotStart(full));
  });

  it("counts the order's items against the slot, and answers no ASAP time when the kitchen is full", async () => {
    await setCapacity(null, 5);
    const free = await estimate('fulfillmentMethod=1&items=3');
    const slot = slotStartOf(Date.parse(free.readyAt ?? ''));
    await ctx.database.db.insert(kitchenSlotLoads).values({
      locationId: LOCATION,
      fulfillmentMethod: PICKUP,
      slotStart: new Date(slot),
      orders: 1,
      items: 3,
    });
    // Two items still fit the slot; three do not.
    expect(Date.parse((await estimate('fulfillmentMethod=1&items=2')).readyAt ?? '')).toBeLessThan(
      nextSlotStart(slot),
    );
    expect(Date.parse((await estimate('fulfillmentMethod=1&items=3')).readyAt ?? '')).toBe(
      nextSlotStart(slot),
    );
    // More items than any slot takes: no ASAP time, the spec's message.
    expect(await estimate('fulfillmentMethod=1&items=6')).toEqual({
      locationId: LOCATION,
      fulfillmentMethod: PICKUP,
      readyAt: null,
      arrival: null,
      minutes: null,
      message: 'Could not find an ASAP time.',
    });
  });

  it('estimates a delivery by its arrival: the kitchen, then the travel time, as a 15-minute window', async () => {
    const delivery = await estimate('fulfillmentMethod=0');
    // Dupont Circle: 15 minutes' preparation, 45 minutes' average delivery.
    expect(delivery.minutes).toBe(45);
    const start = Date.parse(delivery.arrival?.start ?? '');
    expect(start - Date.parse(delivery.readyAt ?? '')).toBe(30 * 60_000);
    expect(Date.parse(delivery.arrival?.end ?? '') - start).toBe(15 * 60_000);
  });

  it('refuses an estimate for a method the store does not offer, and an unknown store', async () => {
    const token = await ctx.token();
    const bethesda = await ctx.app.inject({
      method: 'GET',
      url: '/v1/locations/3/asap-estimate?fulfillmentMethod=0',
      headers: auth(token),
    });
    expect(bethesda.statusCode).toBe(422);
    const unknown = await ctx.app.inject({
      method: 'GET',
      url: '/v1/locations/999/asap-estimate?fulfillmentMethod=1',
      headers: auth(token),
    });
    expect(unknown.statusCode).toBe(404);
    const bad = await ctx.app.inject({
      method: 'GET',
      url: '/v1/locations/1/asap-estimate?fulfillmentMethod=1&items=0',
      headers: auth(token),
    });
    expect(bad.statusCode).toBe(400);
  });

  it('shows staff the load per slot and pauses online ordering until resumed', async () => {
    await setCapacity(2, 10);
    const order = await createOrderFixture(ctx);
    const checkout = await prepareCheckout(ctx, order, CARDS.approve);
    expect((await closeRequest(ctx, order, { paymentToken: checkout.paymentToken })).statusCode).toBe(200);
    // The load of the order's local day: late in the evening its slot is already tomorrow's.
    const [placed] = await ctx.database.db.select().from(orders).where(eq(orders.id, order.orderId));
    const readyDay = localDateOf(placed?.expectedReadyAt?.getTime() ?? Date.now(), DEMO_TIME_ZONE);

    const load = await ctx.app.inject({
      method: 'GET',
      url: `/v1/staff/locations/${LOCATION}/kitchen-load?date=${readyDay}`,
      headers: staff,
    });
    expect(load.statusCode).toBe(200);
    expect(load.json()).toMatchObject({
      value: {
        locationId: LOCATION,
        isOnline: true,
        capacities: [{ fulfillmentMethod: PICKUP, maxOrders: 2, maxItems: 10 }],
      },
    });
    const slots = load.json<{ value: { slots: { orders: number; isFull: boolean }[] } }>().value.slots;
    expect(slots.reduce((n, s) => n + s.orders, 0)).toBe(1);
    expect(
      (await ctx.app.inject({ method: 'GET', url: `/v1/staff/locations/${LOCATION}/kitchen-load` }))
        .statusCode,
    ).toBe(401);

    const pause = await ctx.app.inject({
      method: 'PUT',
      url: `/v1/staff/locations/${LOCATION}/online`,
      headers: staff,
      payload: { isOnline: false },
    });
    expect(pause.json()).toMatchObject({ value: { locationId: LOCATION, isOnline: false } });
    const token = await ctx.token();
    const store = await ctx.app.inject({
      method: 'GET',
      url: `/v1/locations/${LOCATION}?includeOnlineStatus=true`,
      headers: auth(token),
    });
    expect(store.json()).toMatchObject({ value: { isOnline: false } });
    const paused = await createOrderFixture(ctx);
    const pausedCheckout = await prepareCheckout(ctx, paused, CARDS.approve);
    const refused = await closeRequest(ctx, paused, { paymentToken: pausedCheckout.paymentToken });
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toMatchObject({ errors: [{ code: 21045 }] });

    await ctx.app.inject({
      method: 'PUT',
      url: `/v1/staff/locations/${LOCATION}/online`,
      headers: staff,
      payload: { isOnline: true },
    });
    expect((await closeRequest(ctx, paused, { paymentToken: pausedCheckout.paymentToken })).statusCode).toBe(
      200,
    );
    const missing = await ctx.app.inject({
      method: 'PUT',
      url: '/v1/staff/locations/999/online',
      headers: staff,
      payload: { isOnline: false },
    });
    expect(missing.statusCode).toBe(404);
  });
});
