import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders } from '../../db/schema/orders';
import { createTestContext, dbKinds, type TestContext } from '../../test/harness';
import { CARDS, CONTACT, createOrderFixture } from '../checkout/checkout.fixtures';
import { auth, closeRequest, prepareCheckout } from '../checkout/checkout.test-helpers';

/** Dupont Circle delivers within 3 miles: $3.99 fee, $15.00 minimum in the demo zone. */
const DUPONT = { line1: '1600 Pennsylvania Ave NW', city: 'Washington', stateCode: 'DC', zipCode: '20500' };
const NEAR = { latitude: 38.9097, longitude: -77.0436 };

describe.each(await dbKinds())('delivery on the order on %s', (kind) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext(kind);
  });
  afterAll(() => ctx.close());

  const put = (order: { orderId: number; token: string }, address: object) =>
    ctx.app.inject({
      method: 'PUT',
      url: `/v1/sales/orders/${order.orderId}/delivery-address`,
      headers: auth(order.token),
      payload: { address },
    });
  const readOrder = async (order: { orderId: number; token: string }) =>
    (
      await ctx.app.inject({
        method: 'GET',
        url: `/v1/sales/orders/${order.orderId}`,
        headers: auth(order.token),
      })
    ).json<{
      value: {
        totals: { subtotal: number; serviceCharge: number; salesTax: number; total: number };
        fulfillmentInformation: {
          fulfillmentMethod: number;
          delivery: { feeAmount: number; tipAmount: number | null };
        };
      };
    }>().value;

  it('puts an address in a zone on the order with the zone fee, refuses one out of range', async () => {
    const order = await createOrderFixture(ctx, { subtotalCents: 2000 });
    const far = await put(order, { ...DUPONT, line1: '1 Main St', latitude: 39.4, longitude: -77.4 });
    expect(far.statusCode).toBe(422);
    expect(far.json()).toMatchObject({ errors: [{ code: 21034, message: 'The address is out of range' }] });
    const missing = await put(order, { ...DUPONT, line1: '' });
    expect(missing.statusCode).toBe(400);

    const saved = await put(order, { ...DUPONT, ...NEAR });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({
      value: { address: { line1: DUPONT.line1, zipCode: '20500' }, feeAmount: 3.99, minimumOrderAmount: 15 },
    });
    const read = await ctx.app.inject({
      method: 'GET',
      url: `/v1/sales/orders/${order.orderId}/delivery-address`,
      headers: auth(order.token),
    });
    expect(read.json()).toMatchObject({ value: { address: { city: 'Washington' }, feeAmount: 3.99 } });
    const view = await readOrder(order);
    expect(view.fulfillmentInformation).toMatchObject({
      fulfillmentMethod: 0,
      delivery: { feeAmount: 3.99 },
    });
    // $20.00 + $3.99 fee, 10% tax on both.
    expect(view.totals).toMatchObject({ subtotal: 20, serviceCharge: 3.99, salesTax: 2.4, total: 26.39 });
  });

  it('adds the driver tip untaxed, only to delivery orders', async () => {
    const order = await createOrderFixture(ctx, { subtotalCents: 2000 });
    const notDelivery = await ctx.app.inject({
      method: 'PUT',
      url: `/v1/sales/orders/${order.orderId}/delivery-tip`,
      headers: auth(order.token),
      payload: { tip: 2 },
    });
    expect(notDelivery.statusCode).toBe(422);
    await put(order, { ...DUPONT, ...NEAR });
    const tipped = await ctx.app.inject({
      method: 'PUT',
      url: `/v1/sales/orders/${order.orderId}/delivery-tip`,
      headers: auth(order.token),
      payload: { tip: 2 },
    });
    expect(tipped.json()).toMatchObject({ value: { tip: 2 } });
    const view = await readOrder(order);
    expect(view.totals).toMatchObject({ serviceCharge: 5.99, salesTax: 2.4, total: 28.39 });
    expect(view.fulfillmentInformation.delivery.tipAmount).toBe(2);
  });

  it('keeps the totals whole when driver tips and address changes race on one order', async () => {
    const order = await createOrderFixture(ctx, { subtotalCents: 2000 });
    await put(order, { ...DUPONT, ...NEAR });
    const tips = [1, 2, 3, 4, 5, 6, 7, 8];
    const answers = await Promise.all([
      ...tips.map((tip) =>
        ctx.app.inject({
          method: 'PUT',
          url: `/v1/sales/orders/${order.orderId}/delivery-tip`,
          headers: auth(order.token),
          payload: { tip },
        }),
      ),
      ...[0, 1, 2, 3].map((i) => put(order, { ...DUPONT, line2: `Apt ${i}`, ...NEAR })),
    ]);
    expect(answers.map((a) => a.statusCode)).toEqual(answers.map(() => 200));
    const view = await readOrder(order);
    const tip = view.fulfillmentInformation.delivery.tipAmount ?? 0;
    expect(tips).toContain(tip);
    // $20.00 + $3.99 fee, both taxed 10%; the tip last written, untaxed: every part accounted for once.
    expect(view.totals).toMatchObject({ subtotal: 20, serviceCharge: 3.99 + tip, salesTax: 2.4 });
    expect(view.totals.total).toBeCloseTo(26.39 + tip, 2);
    const [row] = await ctx.database.db.select().from(orders).where(eq(orders.id, order.orderId));
    expect(row?.driverTipCents).toBe(tip * 100);
    expect(row?.totalCents).toBe(Math.round((26.39 + tip) * 100));
  });

  it("checks the zone's minimum at PreCheckout and books the sandbox driver when placed", async () => {
    const small = await createOrderFixture(ctx, { subtotalCents: 1000 });
    await put(small, { ...DUPONT, ...NEAR });
    await ctx.app.inject({
      method: 'PATCH',
      url: `/v1/sales/orders/${small.orderId}/contact-information`,
      headers: auth(small.token),
      payload: CONTACT,
    });
    const check = await ctx.app.inject({
      method: 'POST',
      url: `/v1/sales/orders/${small.orderId}/validations/PreCheckout`,
      headers: auth(small.token),
    });
    expect(check.json()).toMatchObject({
      value: {
        isValid: false,
        orderValidationErrors: [
          { code: 21040, message: 'The minimum order for delivery to this address is $15.00' },
        ],
      },
    });

    const order = await createOrderFixture(ctx, { subtotalCents: 2000 });
    await put(order, { ...DUPONT, ...NEAR });
    const [row] = await ctx.database.db.select().from(orders).where(eq(orders.id, order.orderId));
    const { paymentToken } = await prepareCheckout(
      ctx,
      { ...order, totalCents: row?.totalCents ?? 0 },
      CARDS.approve,
    );
    const placed = await closeRequest(ctx, order, { paymentToken });
    expect(placed.statusCode, placed.body).toBe(200);
    const [after] = await ctx.database.db.select().from(orders).where(eq(orders.id, order.orderId));
    expect(after?.deliveryProviderRef).toBe(`dd-sandbox-1-${order.orderId}`);
    // The kitchen card's data carries the address and the driver booking.
    const board = await ctx.app.inject({
      method: 'GET',
      url: '/v1/staff/orders?locationId=1',
      headers: { 'x-staff-key': 'test-staff-key' },
    });
    const card = board
      .json<{ value: { id: number; delivery?: { address: string; providerReference: string | null } }[] }>()
      .value.find((o) => o.id === order.orderId);
    expect(card?.delivery?.address).toContain(DUPONT.line1);
    expect(card?.delivery?.providerReference).toBe(`dd-sandbox-1-${order.orderId}`);
  });
});
