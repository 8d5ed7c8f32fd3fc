import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderStatusHistory, orders } from '../../db/schema/orders';
import { closeRequests } from '../../db/schema/payments';
import { locationPickupMethods, locations } from '../../db/schema/locations';
import { DEMO_DRIVE_THRU_LANE } from '../../db/seed/locations';
import { invalidateLocationsCache } from '../locations/locations.service';
import { createTestContext, dbKinds, type TestContext } from '../../test/harness';
import { CARDS, CONTACT, createOrderFixture } from './checkout.fixtures';
import { auth, closeRequest, prepareCheckout, processorCharges, tokenise } from './checkout.test-helpers';

describe.each(await dbKinds())('checkout routes on %s', (kind) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext(kind);
  });
  afterAll(() => ctx.close());

  const approvedCharges = async (amountCents: number, since: Date) => {
    const rows = await processorCharges(ctx.processor);
    return rows.filter(
      (r) => r.status === 'approved' && r.amountCents === amountCents && new Date(r.createdAt) >= since,
    );
  };

  it('saves and reads contact information with the spec rules', async () => {
    const order = await createOrderFixture(ctx);
    const url = `/v1/sales/orders/${order.orderId}/contact-information`;
    const empty = await ctx.app.inject({ method: 'GET', url, headers: auth(order.token) });
    expect(empty.json()).toMatchObject({ succeed: true, value: { firstName: null, phone: null } });

    const saved = await ctx.app.inject({
      method: 'PATCH',
      url,
      headers: auth(order.token),
      payload: CONTACT,
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({ value: { phone: '2025550143', firstName: 'Ada' } });
    const read = await ctx.app.inject({ method: 'GET', url, headers: auth(order.token) });
    expect(read.json()).toMatchObject({ value: { email: 'ada@example.com', lastName: 'Lovelace' } });

    const bad = await ctx.app.inject({
      method: 'PATCH',
      url,
      headers: auth(order.token),
      payload: { ...CONTACT, phone: '123', email: 'nope' },
    });
    expect(bad.statusCode).toBe(400);
    const messages = bad.json<{ errors: { message: string }[] }>().errors.map((e) => e.message);
    expect(messages).toEqual(
      expect.arrayContaining(['Please enter a valid phone number', 'Please enter a valid email address']),
    );
  });

  it('answers 404 for unknown and foreign orders and 401 without a token', async () => {
    const order = await createOrderFixture(ctx);
    const other = await ctx.token();
    for (const [url, token] of [
      [`/v1/sales/orders/${order.orderId}/contact-information`, other],
      ['/v1/sales/orders/999999/contact-information', order.token],
      [`/v1/sales/orders/${order.orderId}/validations`, other],
    ] as const) {
      const res = await ctx.app.inject({ method: 'GET', url, headers: auth(token) });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ succeed: false, value: null, errors: [{ code: 21042 }] });
    }
    const foreignWrite = await ctx.app.inject({
      method: 'PATCH',
      url: `/v1/sales/orders/${order.orderId}/properties`,
      headers: auth(other),
      payload: { notes: 'x' },
    });
    expect(foreignWrite.statusCode).toBe(404);
    const anonymous = await ctx.app.inject({
      method: 'GET',
      url: `/v1/sales/orders/${order.orderId}/validations`,
    });
    expect(anonymous.statusCode).toBe(401);
    const badId = await ctx.app.inject({
      method: 'GET',
      url: '/v1/sales/orders/abc/validations',
      headers: auth(order.token),
    });
    expect(badId.statusCode).toBe(400);
  });

  it('saves notes with line breaks as spaces and refuses more than 50 characters', async () => {
    const order = await createOrderFixture(ctx);
    const url = `/v1/sales/orders/${order.orderId}/properties`;
    const res = await ctx.app.inject({
      method: 'PATCH',
      url,
      headers: auth(order.token),
      payload: { notes: 'no onions\nplease' },
    });
    expect(res.json()).toMatchObject({ succeed: true, value: { notes: 'no onions please' } });
    const long = await ctx.app.inject({
      method: 'PATCH',
      url,
      headers: auth(order.token),
      payload: { notes: 'x'.repeat(51) },
    });
    expect(long.statusCode).toBe(400);
  });

  it('keeps the utensils choice and the guest notes side by side in the order notes', async () => {
    const order = await createOrderFixture(ctx);
    const url = `/v1/sales/orders/${order.orderId}/properties`;
    const patch = (payload: object) =>
      ctx.app.inject({ method: 'PATCH', url, headers: auth(order.token), payload });
    expect((await patch({ includeUtensils: true })).json()).toMatchObject({
      value: { notes: 'Include utensils', includeUtensils: true },
    });
    // Checkout saves the guest's notes later: the utensils choice stays.
    expect((await patch({ notes: 'Ring the bell' })).json()).toMatchObject({
      value: { notes: 'Include utensils · Ring the bell', includeUtensils: true },
    });
    expect((await patch({ includeUtensils: false })).json()).toMatchObject({
      value: { notes: 'Ring the bell', includeUtensils: false },
    });
    expect((await patch({})).statusCode).toBe(400);
    const read = await ctx.app.inject({
      method: 'GET',
      url: `/v1/sales/orders/${order.orderId}`,
      headers: auth(order.token),
    });
    expect(read.json()).toMatchObject({ value: { notes: 'Ring the bell' } });
  });

  it('takes a table number 0-999 on a dine-in order and places it without contact where the store hides it', async () => {
    // Navy Yard: table ordering, contact hidden for tableside orders.
    const order = await createOrderFixture(ctx, { locationId: 7 });
    await ctx.database.db.update(orders).set({ fulfillmentMethod: 2 }).where(eq(orders.id, order.orderId));
    const put = (fulfillmentPlace: string) =>
      ctx.app.inject({
        method: 'PUT',
        url: `/v1/sales/orders/${order.orderId}/pickup-data`,
        headers: auth(order.token),
        payload: { pickupOption: 0, fulfillmentPlace },
      });
    const bad = await put('1000');
    expect(bad.statusCode).toBe(422);
    expect(bad.json()).toMatchObject({
      errors: [{ message: 'Please enter a table number between 0 and 999' }],
    });
    expect((await put('12')).json()).toMatchObject({ value: { pickupOption: 0, fulfillmentPlace: '12' } });
    const { paymentToken } = await prepareCheckout(ctx, order, CARDS.approve);
    await ctx.database.db
      .update(orders)
      .set({ contactFirstName: null, contactLastName: null, contactPhone: null, contactEmail: null })
      .where(eq(orders.id, order.orderId));
    const placed = await closeRequest(ctx, order, { paymentToken });
    expect(placed.statusCode, placed.body).toBe(200);
    // Its tracking link carries the place type (fp=table; a curbside order's fp=curbside, below).
    const tracking = await ctx.app.inject({
      method: 'GET',
      url: `/v1/sales/orders/${order.orderId}/tracking-url?locationId=7`,
      headers: auth(order.token),
    });
    expect(new URL(tracking.json<{ value: { url: string } }>().value.url).searchParams.get('fp')).toBe(
      'table',
    );

    // A walk-in order at a store that shows the contact still needs it.
    const walkIn = await createOrderFixture(ctx);
    const check = await ctx.app.inject({
      method: 'POST',
      url: `/v1/sales/orders/${walkIn.orderId}/validations/PreCheckout`,
      headers: auth(walkIn.token),
    });
    expect(check.json()).toMatchObject({
      value: {
        isValid: false,
        orderValidationErrors: [{ message: 'Please enter your contact information' }],
      },
    });
  });

  it('saves pickup data and checks the store pickup settings', async () => {
    const walkIn = await createOrderFixture(ctx);
    const ok = await ctx.app.inject({
      method: 'PUT',
      url: `/v1/sales/orders/${walkIn.orderId}/pickup-data`,
      headers: auth(walkIn.token),
      payload: { pickupOption: 0, carColor: 3 },
    });
    expect(ok.json()).toMatchObject({ value: { pickupOption: 0, carColor: null, fulfillmentPlace: null } });
    const notOffered = await ctx.app.inject({
      method: 'PUT',
      url: `/v1/sales/orders/${walkIn.orderId}/pickup-data`,
      headers: auth(walkIn.token),
      payload: { pickupOption: 1 },
    });
    expect(notOffered.statusCode).toBe(422);
    const invalid = await ctx.app.inject({
      method: 'PUT',
      url: `/v1/sales/orders/${walkIn.orderId}/pickup-data`,
      headers: auth(walkIn.token),
      payload: { pickupOption: 7 },
    });
    expect(invalid.statusCode).toBe(400);

    const curbside = await createOrderFixture(ctx, { locationId: 6, subtotalCents: 2000 });
    const url = `/v1/sales/orders/${curbside.orderId}/pickup-data`;
    const outOfRange = await ctx.app.inject({
      method: 'PUT',
      url,
      headers: auth(curbside.token),
      payload: { pickupOption: 1, carColor: 0, carType: 2, fulfillmentPlace: '99' },
    });
    expect(outOfRange.statusCode).toBe(422);
    const saved = await ctx.app.inject({
      method: 'PUT',
      url,
      headers: auth(curbside.token),
      payload: { pickupOption: 1, carColor: 0, carType: 2, fulfillmentPlace: '7' },
    });
    expect(saved.json()).toMatchObject({ value: { pickupOption: 1, carType: 2, fulfillmentPlace: '7' } });
  });

  it("checks and keeps the pickup option's additional fields: required, numeric in [min, max] without options, one of the options otherwise", async () => {
    const order = await createOrderFixture(ctx, { locationId: 6, subtotalCents: 2000 });
    const url = `/v1/sales/orders/${order.orderId}/pickup-data`;
    const settings = await ctx.app.inject({
      method: 'GET',
      url: '/v1/locations/6/fulfillment-settings',
      headers: auth(order.token),
    });
    expect(
      settings.json<{ value: { availablePickupMethods: { additionalFields?: unknown[] }[] } }>().value
        .availablePickupMethods[2]?.additionalFields,
    ).toEqual([DEMO_DRIVE_THRU_LANE]);
    const put = (additionalFields?: { id: string; value: string }[]) =>
      ctx.app.inject({
        method: 'PUT',
        url,
        headers: auth(order.token),
        payload: {
          pickupOption: 2,
          carColor: 0,
          carType: 2,
          ...(additionalFields ? { additionalFields } : {}),
        },
      });
    // The demo's lane is optional: none given is fine, a lane that is not an option is not.
    expect((await put()).statusCode).toBe(200);
    const badLane = await put([{ id: 'lane', value: '3' }]);
    expect(badLane.statusCode).toBe(422);
    expect(badLane.json()).toMatchObject({
      errors: [{ key: 'AdditionalFields.lane', code: 21036, message: 'Please choose Drive-thru lane' }],
    });

    // A store asks for a required number of passengers (1 to 8) and shows a readonly pickup code.
    await ctx.database.db
      .update(locationPickupMethods)
      .set({
        additionalFields: [
          {
            id: 'lane',
            label: 'Drive-thru lane',
            options: [{ id: '1', value: 'Lane 1' }],
            required: false,
            min: null,
            max: null,
            readonly: false,
          },
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
      })
      .where(and(eq(locationPickupMethods.locationId, 6), eq(locationPickupMethods.pickupOption, 2)));
    invalidateLocationsCache(ctx.database.db);
    const refusals: [{ id: string; value: string }[] | undefined, string][] = [
      [undefined, 'Please enter Number of passengers'],
      [[{ id: 'people', value: ' ' }], 'Please enter Number of passengers'],
      [[{ id: 'people', value: '9' }], 'Number of passengers must be between 1 and 8'],
      [[{ id: 'people', value: '0' }], 'Number of passengers must be between 1 and 8'],
      [[{ id: 'people', value: '2.5' }], 'Number of passengers must be a whole number'],
      [
        [
          { id: 'people', value: '2' },
          { id: 'seat', value: '1' },
        ],
        'This pickup option has no such field',
      ],
    ];
    for (const [fields, message] of refusals) {
      const res = await put(fields);
      expect(res.statusCode, JSON.stringify(fields)).toBe(422);
      expect(res.json<{ errors: { message: string }[] }>().errors[0]?.message).toBe(message);
    }
    const saved = await put([
      { id: 'people', value: '3' },
      { id: 'lane', value: '1' },
      { id: 'code', value: 'ignored: readonly' },
    ]);
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({
      value: {
        pickupOption: 2,
        additionalFields: [
          { id: 'lane', value: '1' },
          { id: 'people', value: '3' },
        ],
      },
    });
    const [row] = await ctx.database.db.select().from(orders).where(eq(orders.id, order.orderId));
    expect(row?.pickupFields).toEqual([
      { id: 'lane', value: '1' },
      { id: 'people', value: '3' },
    ]);
    // Walk-in has no fields: the answers go with the option.
    const walkIn = await ctx.app.inject({
      method: 'PUT',
      url,
      headers: auth(order.token),
      payload: { pickupOption: 0 },
    });
    expect(walkIn.json()).toMatchObject({ value: { pickupOption: 0, additionalFields: [] } });
  });

  it('answers pickup data with the spec messages and places a curbside order without contact where hidden', async () => {
    // Gaithersburg: curbside needs a parking spot 1-12 and car details, drive-thru car details; contact hidden
    // for curbside orders.
    const order = await createOrderFixture(ctx, { locationId: 6, subtotalCents: 2000 });
    const put = (payload: Record<string, unknown>) =>
      ctx.app.inject({
        method: 'PUT',
        url: `/v1/sales/orders/${order.orderId}/pickup-data`,
        headers: auth(order.token),
        payload,
      });
    const messageOf = async (payload: Record<string, unknown>) => {
      const res = await put(payload);
      expect(res.statusCode).toBe(422);
      return res.json<{ errors: { message: string }[] }>().errors[0]?.message;
    };
    expect(await messageOf({ pickupOption: 2 })).toBe('Car details are required for Drive Thru');
    expect(await messageOf({ pickupOption: 1, carColor: 1, carType: 2 })).toBe(
      'Parking spot is required for Curbside',
    );
    expect(await messageOf({ pickupOption: 1, fulfillmentPlace: '5' })).toBe(
      'Car details are required for Curbside',
    );
    expect(await messageOf({ pickupOption: 1, carColor: 1, carType: 2, fulfillmentPlace: '13' })).toBe(
      'Parking spot must be between 1 and 12',
    );
    const saved = await put({ pickupOption: 1, carColor: 1, carType: 2, fulfillmentPlace: '5' });
    expect(saved.json()).toMatchObject({
      value: { pickupOption: 1, carColor: 1, carType: 2, fulfillmentPlace: '5' },
    });

    const { paymentToken } = await prepareCheckout(ctx, order, CARDS.approve);
    await ctx.database.db
      .update(orders)
      .set({ contactFirstName: null, contactLastName: null, contactPhone: null, contactEmail: null })
      .where(eq(orders.id, order.orderId));
    const placed = await closeRequest(ctx, order, { paymentToken });
    expect(placed.statusCode, placed.body).toBe(200);
    const tracking = await ctx.app.inject({
      method: 'GET',
      url: `/v1/sales/orders/${order.orderId}/tracking-url?locationId=6`,
      headers: auth(order.token),
    });
    const link = new URL(tracking.json<{ value: { url: string } }>().value.url);
    expect(link.searchParams.get('fp')).toBe('curbside');

    // A walk-in order at the same store still needs the contact.
    const walkIn = await createOrderFixture(ctx, { locationId: 6, subtotalCents: 2000 });
    const check = await ctx.app.inject({
      method: 'POST',
      url: `/v1/sales/orders/${walkIn.orderId}/validations/PreCheckout`,
      headers: auth(walkIn.token),
    });
    expect(check.json()).toMatchObject({
      value: {
        isValid: false,
        orderValidationErrors: [{ message: 'Please enter your contact information' }],
      },
    });
  });

  it('sets the ready time to ASAP or an available slot (2021 for an unusable date, 21037 for a time)', async () => {
    const order = await createOrderFixture(ctx);
    const url = `/v1/sales/orders/${order.orderId}/ready-time`;
    const asap = await ctx.app.inject({
      method: 'PUT',
      url,
      headers: auth(order.token),
      payload: { orderReadyTime: null },
    });
    expect(asap.json()).toMatchObject({ value: { orderReadyTime: null, isScheduled: false } });
    const slot = new Date(Date.now() + 2 * 60 * 60 * 1000);
    slot.setUTCMinutes(0, 0, 0);
    const scheduled = await ctx.app.inject({
      method: 'PUT',
      url,
      headers: auth(order.token),
      payload: { orderReadyTime: slot.toISOString() },
    });
    expect(scheduled.statusCode).toBe(200);
    expect(scheduled.json()).toMatchObject({ value: { isScheduled: true } });
    const past = await ctx.app.inject({
      method: 'PUT',
      url,
      headers: auth(order.token),
      payload: { orderReadyTime: '2020-01-01T12:00:00Z' },
    });
    // A past date cannot take orders at all: 2021 InvalidOrderDateTime (spec section 8).
    expect(past.statusCode).toBe(422);
    expect(past.json()).toMatchObject({ errors: [{ code: 2021 }] });
    const farAhead = await ctx.app.inject({
      method: 'PUT',
      url,
      headers: auth(order.token),
      payload: { orderReadyTime: new Date(Date.now() + 30 * 24 * 3_600_000).toISOString() },
    });
    expect(farAhead.json()).toMatchObject({ errors: [{ code: 2021 }] });
    // Today, but inside the preparation time: the date is fine, the time is not (21037).
    const tooSoon = await ctx.app.inject({
      method: 'PUT',
      url,
      headers: auth(order.token),
      payload: { orderReadyTime: new Date(Date.now() + 60_000).toISOString() },
    });
    expect(tooSoon.statusCode).toBe(422);
    expect(tooSoon.json()).toMatchObject({ errors: [{ code: 21037 }] });
    const garbage = await ctx.app.inject({
      method: 'PUT',
      url,
      headers: auth(order.token),
      payload: { orderReadyTime: 'soon' },
    });
    expect(garbage.statusCode).toBe(400);
  });

  it('runs the PreCheckout validation: contact, offline store, minimum amount', async () => {
    const order = await createOrderFixture(ctx);
    const url = `/v1/sales/orders/${order.orderId}/validations/PreCheckout`;
    const missing = await ctx.app.inject({ method: 'POST', url, headers: auth(order.token) });
    expect(missing.json()).toMatchObject({
      value: { isValid: false, orderValidationErrors: [{ code: 400 }] },
    });
    await ctx.app.inject({
      method: 'PATCH',
      url: `/v1/sales/orders/${order.orderId}/contact-information`,
      headers: auth(order.token),
      payload: CONTACT,
    });
    const valid = await ctx.app.inject({ method: 'POST', url, headers: auth(order.token) });
    expect(valid.json()).toEqual({
      value: { isValid: true, orderValidationErrors: [] },
      succeed: true,
      errors: [],
    });
    const viaGet = await ctx.app.inject({
      method: 'GET',
      url: `/v1/sales/orders/${order.orderId}/validations`,
      headers: auth(order.token),
    });
    expect(viaGet.json()).toMatchObject({ value: { isValid: true } });
    const badType = await ctx.app.inject({
      method: 'POST',
      url: `/v1/sales/orders/${order.orderId}/validations/Nope`,
      headers: auth(order.token),
    });
    expect(badType.statusCode).toBe(400);

    const offline = await createOrderFixture(ctx, { locationId: 5 });
    const offlineRes = await ctx.app.inject({
      method: 'GET',
      url: `/v1/sales/orders/${offline.orderId}/validations`,
      headers: auth(offline.token),
    });
    const offlineCodes = offlineRes
      .json<{ value: { orderValidationErrors: { code: number }[] } }>()
      .value.orderValidationErrors.map((e) => e.code);
    expect(offlineCodes).toContain(21045);

    const small = await createOrderFixture(ctx, { locationId: 6, subtotalCents: 500 });
    const smallRes = await ctx.app.inject({
      method: 'GET',
      url: `/v1/sales/orders/${small.orderId}/validations`,
      headers: auth(small.token),
    });
    const smallCodes = smallRes
      .json<{ value: { orderValidationErrors: { code: number }[] } }>()
      .value.orderValidationErrors.map((e) => e.code);
    expect(smallCodes).toContain(21040);

    const closed = await createOrderFixture(ctx, { locationId: 4 });
    const closedRes = await ctx.app.inject({
      method: 'GET',
      url: `/v1/sales/orders/${closed.orderId}/validations`,
      headers: auth(closed.token),
    });
    const closedCodes = closedRes
      .json<{ value: { orderValidationErrors: { code: number }[] } }>()
      .value.orderValidationErrors.map((e) => e.code);
    expect(closedCodes).toContain(21038);
  });

  it('answers 21039 above the maximum order amount', async () => {
    await ctx.database.db.update(locations).set({ maxOrderAmountCents: 5000 }).where(eq(locations.id, 7));
    invalidateLocationsCache(ctx.database.db);
    const big = await createOrderFixture(ctx, { locationId: 7, subtotalCents: 6000 });
    const res = await ctx.app.inject({
      method: 'GET',
      url: `/v1/sales/orders/${big.orderId}/validations`,
      headers: auth(big.token),
    });
    const codes = res.json<{ value: { orderValidationErrors: { code: number }[] } }>().value
      .orderValidationErrors;
    expect(codes.map((e) => e.code)).toContain(21039);
  });

  it('places an order once: status 1, history row, reference number, one charge; then refuses changes', async () => {
    const since = new Date(Date.now() - 1000);
    const order = await createOrderFixture(ctx, { subtotalCents: 1111 });
    const { paymentToken } = await prepareCheckout(ctx, order, CARDS.approve, 200);
    const key = randomUUID();
    const body = { paymentToken, guestNotificationTypes: [2] };
    const res = await closeRequest(ctx, order, body, key);
    expect(res.statusCode).toBe(200);
    const value = res.json<{ value: { statusId: number; referenceNumber: string; approvedAmount: number } }>()
      .value;
    expect(value.statusId).toBe(1);
    expect(value.referenceNumber).toMatch(new RegExp(`^${order.orderId}-`));
    expect(value.approvedAmount).toBe((order.totalCents + 200) / 100);

    const replay = await closeRequest(ctx, order, body, key);
    expect(replay.statusCode).toBe(200);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(replay.json()).toEqual(res.json());

    const mismatch = await closeRequest(ctx, order, { ...body, guestNotificationTypes: [1] }, key);
    expect(mismatch.statusCode).toBe(422);
    expect(mismatch.json()).toMatchObject({ errors: [{ key: 'IdempotencyKeyMismatch' }] });

    const again = await closeRequest(ctx, order, body);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ errors: [{ code: 21041 }] });

    const [row] = await ctx.database.db.select().from(orders).where(eq(orders.id, order.orderId));
    expect(row).toMatchObject({ status: 1, tipCents: 200, referenceNumber: value.referenceNumber });
    // The placed order's read gives the reference and the expected ready time (the confirmation page shows both).
    const read = await ctx.app.inject({
      method: 'GET',
      url: `/v1/sales/orders/${order.orderId}`,
      headers: auth(order.token),
    });
    expect(read.json()).toMatchObject({
      value: {
        referenceNumber: value.referenceNumber,
        expectedPreparationReadyDateTime: row?.expectedReadyAt?.toISOString(),
      },
    });
    const history = await ctx.database.db
      .select()
      .from(orderStatusHistory)
      .where(eq(orderStatusHistory.orderId, order.orderId));
    expect(history.map((h) => h.status)).toEqual([1]);
    expect(await approvedCharges(order.totalCents + 200, since)).toHaveLength(1);

    const locked = await ctx.app.inject({
      method: 'PATCH',
      url: `/v1/sales/orders/${order.orderId}/contact-information`,
      headers: auth(order.token),
      payload: CONTACT,
    });
    expect(locked.statusCode).toBe(409);

    const tracking = await ctx.app.inject({
      method: 'GET',
      url: `/v1/sales/orders/${order.orderId}/tracking-url?locationId=1`,
      headers: auth(order.token),
    });
    const link = tracking.json<{ value: { url: string; trackingToken: string } }>().value;
    expect(link.url).toBe(
      `${ctx.env.WEB_PUBLIC_URL}/order-tracking?oid=${order.orderId}&tk=${link.trackingToken}`,
    );
    expect(await ctx.app.tokens.verifyTrackingToken(link.trackingToken)).toBe(order.orderId);
  });

  it('requires an Idempotency-Key and a matching payment token', async () => {
    const order = await createOrderFixture(ctx);
    const { paymentToken } = await prepareCheckout(ctx, order, CARDS.approve);
    const noKey = await ctx.app.inject({
      method: 'POST',
      url: `/v1/sales/orders/${order.orderId}/close-requests`,
      headers: auth(order.token),
      payload: { paymentToken },
    });
    expect(noKey.statusCode).toBe(400);
    const wrongToken = await closeRequest(ctx, order, { paymentToken: `${paymentToken}x` });
    expect(wrongToken.statusCode).toBe(422);
    expect(wrongToken.json()).toMatchObject({ errors: [{ code: 21043 }] });
    const foreign = await closeRequest(ctx, { ...order, token: await ctx.token() }, { paymentToken });
    expect(foreign.statusCode).toBe(404);
    const unknown = await closeRequest(ctx, { ...order, orderId: 999999 }, { paymentToken });
    expect(unknown.statusCode).toBe(404);
    const notPlacedLink = await ctx.app.inject({
      method: 'GET',
      url: `/v1/sales/orders/${order.orderId}/tracking-url`,
      headers: auth(order.token),
    });
    expect(notPlacedLink.statusCode).toBe(409);
  });

  it('answers 886 for declined cards and leaves the order open for another card', async () => {
    for (const card of [CARDS.decline, CARDS.insufficientFunds]) {
      const order = await createOrderFixture(ctx);
      const { paymentUrl, paymentToken } = await prepareCheckout(ctx, order, card);
      const declined = await closeRequest(ctx, order, { paymentToken });
      expect(declined.statusCode).toBe(422);
      expect(declined.json()).toMatchObject({
        succeed: false,
        errors: [{ code: 886, message: 'The transaction was not authorized' }],
      });
      const [row] = await ctx.database.db.select().from(orders).where(eq(orders.id, order.orderId));
      expect(row?.placedAt).toBeNull();

      const retryToken = await tokenise(ctx, paymentUrl, CARDS.approve);
      const placed = await closeRequest(ctx, order, { paymentToken: retryToken });
      expect(placed.statusCode).toBe(200);
    }
  });

  it('answers code 500 when the processor fails, charges nothing and lets the guest retry', async () => {
    const order = await createOrderFixture(ctx);
    const { paymentToken } = await prepareCheckout(ctx, order, CARDS.processingError);
    const key = randomUUID();
    const failed = await closeRequest(ctx, order, { paymentToken }, key);
    expect(failed.statusCode).toBe(502);
    expect(failed.json()).toMatchObject({
      errors: [{ code: 500, message: 'The payment service is not available at this moment' }],
    });
    const [row] = await ctx.database.db.select().from(orders).where(eq(orders.id, order.orderId));
    expect(row?.placedAt).toBeNull();
  });

  it('checks out an order built through the order routes, and the order shows it placed', async () => {
    const token = await ctx.token();
    const menuRes = await ctx.app.inject({
      method: 'GET',
      url: '/v1/sales/menus?locationId=1&catering=false',
      headers: auth(token),
    });
    const menu = menuRes.json<{ value: { snapshotId: number; menuId: number } }>().value;
    const created = await ctx.app.inject({
      method: 'POST',
      url: '/v1/sales/orders',
      headers: auth(token),
      payload: { menuSnapshotId: menu.snapshotId, orderDateTime: new Date().toISOString() },
    });
    const orderId = created.json<{ value: { id: number } }>().value.id;
    const key = (...segments: number[]) => [menu.menuId, ...segments].join('-');
    const added = await ctx.app.inject({
      method: 'POST',
      url: `/v1/sales/orders/${orderId}/items`,
      headers: auth(token),
      payload: {
        itemPathKey: key(10, 101),
        quantity: 1,
        modifiers: [{ itemPathKey: key(10, 101, 910, 9103), quantity: 1 }],
      },
    });
    expect(added.statusCode).toBeLessThan(300);
    const before = await ctx.app.inject({
      method: 'GET',
      url: `/v1/sales/orders/${orderId}`,
      headers: auth(token),
    });
    const totals = before.json<{ value: { totals: { total: number } } }>().value.totals;
    expect(totals.total).toBeGreaterThan(0);

    const order = { token, orderId, totalCents: Math.round(totals.total * 100) };
    const valid = await ctx.app.inject({
      method: 'PUT',
      url: `/v1/sales/orders/${orderId}/pickup-data`,
      headers: auth(token),
      payload: { pickupOption: 0 },
    });
    expect(valid.statusCode).toBe(200);
    const { paymentToken } = await prepareCheckout(ctx, order, CARDS.approve, 150);
    const validation = await ctx.app.inject({
      method: 'POST',
      url: `/v1/sales/orders/${orderId}/validations/PreCheckout`,
      headers: auth(token),
    });
    expect(validation.json()).toMatchObject({ value: { isValid: true } });
    const placed = await closeRequest(ctx, order, { paymentToken });
    expect(placed.statusCode).toBe(200);
    expect(placed.json()).toMatchObject({ value: { approvedAmount: (order.totalCents + 150) / 100 } });

    const after = await ctx.app.inject({
      method: 'GET',
      url: `/v1/sales/orders/${orderId}`,
      headers: auth(token),
    });
    expect(after.json()).toMatchObject({ value: { isPlaced: true, status: 1 } });
  });

  it('places exactly once when the same close request arrives 20 times at once', async () => {
    const since = new Date(Date.now() - 1000);
    const order = await createOrderFixture(ctx, { subtotalCents: 1777 });
    const { paymentToken } = await prepareCheckout(ctx, order, CARDS.approve);
    const key = randomUUID();
    let release: () => void = () => undefined;
    const barrier = new Promise<void>((resolve) => {
      release = resolve;
    });
    const attempts = Array.from({ length: 20 }, async () => {
      await barrier;
      return closeRequest(ctx, order, { paymentToken }, key);
    });
    release();
    const responses = await Promise.all(attempts);
    const statuses = responses.map((r) => r.statusCode);
    expect(
      statuses.filter((s) => s !== 200 && s !== 409),
      JSON.stringify(responses.map((r) => r.body)),
    ).toEqual([]);
    const successes = responses.filter((r) => r.statusCode === 200);
    expect(successes.length).toBeGreaterThanOrEqual(1);
    const references = new Set(
      successes.map((r) => r.json<{ value: { referenceNumber: string } }>().value.referenceNumber),
    );
    expect(references.size).toBe(1);

    const history = await ctx.database.db
      .select()
      .from(orderStatusHistory)
      .where(eq(orderStatusHistory.orderId, order.orderId));
    expect(history).toHaveLength(1);
    const placements = await ctx.database.db
      .select()
      .from(closeRequests)
      .where(eq(closeRequests.orderId, order.orderId));
    expect(placements.filter((p) => p.outcome === 'placed')).toHaveLength(1);
    expect(await approvedCharges(order.totalCents, since)).toHaveLength(1);
  });

  it('places exactly once when 20 different keys race for the same order', async () => {
    const since = new Date(Date.now() - 1000);
    const order = await createOrderFixture(ctx, { subtotalCents: 1999 });
    const { paymentToken } = await prepareCheckout(ctx, order, CARDS.approve);
    let release: () => void = () => undefined;
    const barrier = new Promise<void>((resolve) => {
      release = resolve;
    });
    const attempts = Array.from({ length: 20 }, async () => {
      await barrier;
      return closeRequest(ctx, order, { paymentToken });
    });
    release();
    const responses = await Promise.all(attempts);
    expect(responses.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect(responses.filter((r) => r.statusCode !== 200).every((r) => r.statusCode === 409)).toBe(true);
    const history = await ctx.database.db
      .select()
      .from(orderStatusHistory)
      .where(eq(orderStatusHistory.orderId, order.orderId));
    expect(history).toHaveLength(1);
    expect(await approvedCharges(order.totalCents, since)).toHaveLength(1);
  });
});
