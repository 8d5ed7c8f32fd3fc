import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { Menu } from '@storefront/contracts/menu';
import type { ItemPricingValue, Order } from '@storefront/contracts/orders';
import { createTestContext, dbKinds, type TestContext } from '../../test/harness';
import { DEMO_LOCATIONS } from '../../db/seed/locations';
import { orders } from '../../db/schema/orders';
import { insertOrderItem } from './orders.repository';
import { getOrderForCheckout } from './orders.service';

type Body<T> = {
  value: T;
  succeed: boolean;
  errors: { key: string; code: number | string; message: string }[];
};

describe.each(await dbKinds())('orders on %s', (kind) => {
  let ctx: TestContext;
  let token: string;
  let otherToken: string;
  let snapshotId: number;
  let cateringSnapshotId: number;
  let menuId: number;
  const auth = (t = token) => ({ authorization: `Bearer ${t}` });
  // Keys of the demo menu: menu-category-item[-group-modifier[-group-modifier]]
  const key = (...segments: number[]) => [menuId, ...segments].join('-');

  async function newOrder(t = token): Promise<Order> {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/v1/sales/orders',
      headers: auth(t),
      payload: { menuSnapshotId: snapshotId, orderDateTime: new Date().toISOString() },
    });
    expect(res.statusCode).toBe(201);
    return res.json<Body<Order>>().value;
  }

  const classicBurger = () => ({
    itemPathKey: key(10, 101),
    quantity: 2,
    modifiers: [
      { itemPathKey: key(10, 101, 910, 9103), quantity: 1 },
      { itemPathKey: key(10, 101, 911, 9115), quantity: 2 },
      { itemPathKey: key(10, 101, 911, 9111), quantity: 1 },
    ],
    note: 'No sauce please',
  });

  beforeAll(async () => {
    ctx = await createTestContext(kind);
    token = await ctx.token();
    otherToken = await ctx.token();
    const menu = async (catering: boolean) =>
      (
        await ctx.app.inject({
          method: 'GET',
          url: `/v1/sales/menus?locationId=${DEMO_LOCATIONS.open}&catering=${catering}`,
          headers: auth(),
        })
      ).json<Body<Menu>>().value;
    const main = await menu(false);
    snapshotId = main.snapshotId;
    menuId = main.menuId;
    cateringSnapshotId = (await menu(true)).snapshotId;
  });
  afterAll(() => ctx.close());

  it('creates an empty order for the session: location from the snapshot, channel from the token', async () => {
    const order = await newOrder();
    expect(order).toMatchObject({
      context: { locationId: DEMO_LOCATIONS.open, snapshotId, orderChannelId: 107, fulfillmentMethod: 1 },
      items: [],
      isPlaced: false,
      totals: { subtotal: 0, total: 0 },
    });
    const catering = await ctx.token('catering');
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/v1/sales/orders',
      headers: auth(catering),
      payload: { menuSnapshotId: cateringSnapshotId },
    });
    expect(res.json<Body<Order>>().value.context.orderChannelId).toBe(106);
  });

  it('refuses bad create bodies (400), unknown snapshots (404) and missing tokens (401)', async () => {
    for (const payload of [{}, { menuSnapshotId: 'x' }, { menuSnapshotId: 1, orderDateTime: 'yesterday' }]) {
      const res = await ctx.app.inject({ method: 'POST', url: '/v1/sales/orders', headers: auth(), payload });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ succeed: false, value: null });
    }
    const unknown = await ctx.app.inject({
      method: 'POST',
      url: '/v1/sales/orders',
      headers: auth(),
      payload: { menuSnapshotId: 999999 },
    });
    expect(unknown.statusCode).toBe(404);
    const anonymous = await ctx.app.inject({
      method: 'POST',
      url: '/v1/sales/orders',
      payload: { menuSnapshotId: 1 },
    });
    expect(anonymous.statusCode).toBe(401);
  });

  it('adds a priced item and recomputes the totals (included toppings free in the order chosen)', async () => {
    const order = await newOrder();
    const res = await ctx.app.inject({
      method: 'POST',
      url: `/v1/sales/orders/${order.id}/items`,
      headers: auth(),
      payload: classicBurger(),
    });
    expect(res.statusCode).toBe(201);
    const value = res.json<Body<Order>>().value;
    // 9.49 + Swiss 0.50 + toppings (2 included: the two bacons, chosen first, are free; lettuce 0.30 paid)
    expect(value.items).toHaveLength(1);
    expect(value.items[0]).toMatchObject({
      title: 'Classic Burger',
      quantity: 2,
      unitPrice: 10.29,
      total: 20.58,
      note: 'No sauce please',
    });
    // The modifiers keep the order they were chosen in
    expect(value.items[0]?.selectedModifiers.map((m) => m.title)).toEqual(['Swiss', 'Bacon', 'Lettuce']);
    expect(value.totals).toMatchObject({ subtotal: 20.58, salesTax: 2.06, total: 22.64, due: 22.64 });
    const read = await ctx.app.inject({
      method: 'GET',
      url: `/v1/sales/orders/${order.id}`,
      headers: auth(),
    });
    expect(read.json<Body<Order>>().value.totals.total).toBe(22.64);
  });

  it('adds portioned items with nested modifiers and defaults a missing portion only when none is required', async () => {
    const order = await newOrder();
    const combo = {
      itemPathKey: key(10, 106),
      quantity: 1,
      portionId: 3,
      modifiers: [
        { itemPathKey: key(10, 106, 950, 9501), quantity: 1 },
        { itemPathKey: key(10, 106, 950, 9501, 910, 9101), quantity: 1 },
        { itemPathKey: key(10, 106, 951, 9511), quantity: 1 },
        { itemPathKey: key(10, 106, 951, 9511, 952, 9523), quantity: 1 },
        { itemPathKey: key(10, 106, 954, 9542), quantity: 1 },
      ],
    };
    const res = await ctx.app.inject({
      method: 'POST',
      url: `/v1/sales/orders/${order.id}/items`,
      headers: auth(),
      payload: combo,
    });
    expect(res.statusCode).toBe(201);
    // Large combo 16.99 + truffle aioli 0.75 + lemonade at the propagated Large portion 1.50
    expect(res.json<Body<Order>>().value.items[0]).toMatchObject({
      total: 19.24,
      portionId: 3,
      portionTitle: 'Large',
    });
  });

  it("answers the spec's codes for items that cannot be ordered (422)", async () => {
    const order = await newOrder();
    const cases: [Record<string, unknown>, number][] = [
      [{ itemPathKey: key(20, 201), quantity: 1, modifiers: [] }, 21009],
      [{ itemPathKey: key(10, 105), quantity: 1 }, 21001],
      [{ itemPathKey: key(10, 999), quantity: 1 }, 21002],
      [{ itemPathKey: key(10), quantity: 1 }, 21002],
      [{ itemPathKey: key(10, 101), quantity: 1, modifiers: [] }, 21006],
      [
        {
          ...classicBurger(),
          modifiers: [
            { itemPathKey: key(10, 101, 910, 9101), quantity: 1 },
            { itemPathKey: key(10, 101, 910, 9102), quantity: 1 },
          ],
        },
        21007,
      ],
      [
        {
          ...classicBurger(),
          modifiers: [
            { itemPathKey: key(10, 101, 910, 9101), quantity: 1 },
            { itemPathKey: key(10, 101, 911, 9118), quantity: 1 },
          ],
        },
        21001,
      ],
      // The Teriyaki bowl's vegetables allow one swap: both of its own vegetables swapped is two (21008).
      [
        {
          itemPathKey: key(20, 202),
          quantity: 1,
          portionId: 2,
          modifiers: [
            { itemPathKey: key(20, 202, 965, 9653), quantity: 1 },
            { itemPathKey: key(20, 202, 965, 9654), quantity: 1 },
          ],
        },
        21008,
      ],
    ];
    for (const [payload, code] of cases) {
      const res = await ctx.app.inject({
        method: 'POST',
        url: `/v1/sales/orders/${order.id}/items`,
        headers: auth(),
        payload,
      });
      expect(res.statusCode, JSON.stringify(payload)).toBe(422);
      expect(res.json<Body<null>>().errors.map((e) => e.code)).toContain(code);
    }
    const read = await ctx.app.inject({
      method: 'GET',
      url: `/v1/sales/orders/${order.id}`,
      headers: auth(),
    });
    expect(read.json<Body<Order>>().value.items).toEqual([]);
  });

  it("takes one swap of the Teriyaki bowl's vegetables (its limit) and keeps the swap on the line", async () => {
    const order = await newOrder();
    const swapped = [
      { itemPathKey: key(20, 202, 965, 9651), quantity: 1 },
      { itemPathKey: key(20, 202, 965, 9653), quantity: 1 },
    ];
    const res = await ctx.app.inject({
      method: 'POST',
      url: `/v1/sales/orders/${order.id}/items`,
      headers: auth(),
      payload: { itemPathKey: key(20, 202), quantity: 1, portionId: 2, modifiers: swapped },
    });
    expect(res.statusCode).toBe(201);
    expect(
      res
        .json<Body<Order>>()
        .value.items[0]?.selectedModifiers.map((m) => m.itemPathKey)
        .sort(),
    ).toEqual(swapped.map((m) => m.itemPathKey).sort());
  });

  it('refuses malformed item bodies with a 400 envelope', async () => {
    const order = await newOrder();
    for (const payload of [
      {},
      { ...classicBurger(), quantity: 0 },
      { ...classicBurger(), quantity: 21 },
      { ...classicBurger(), note: 'x'.repeat(51) },
      { ...classicBurger(), note: 'two\nlines' },
      { ...classicBurger(), itemPathKey: 'burger' },
    ]) {
      const res = await ctx.app.inject({
        method: 'POST',
        url: `/v1/sales/orders/${order.id}/items`,
        headers: auth(),
        payload,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ succeed: false, value: null });
    }
    const badId = await ctx.app.inject({ method: 'GET', url: '/v1/sales/orders/abc', headers: auth() });
    expect(badId.statusCode).toBe(400);
  });

  it("hides another session's order (404, 21042) on every route", async () => {
    const order = await newOrder();
    const added = await ctx.app.inject({
      method: 'POST',
      url: `/v1/sales/orders/${order.id}/items`,
      headers: auth(),
      payload: classicBurger(),
    });
    const itemId = added.json<Body<Order>>().value.items[0]?.id ?? 0;
    const calls: [string, string, unknown?][] = [
      ['GET', `/v1/sales/orders/${order.id}`],
      ['PATCH', `/v1/sales/orders/${order.id}`, { snapshotId }],
      ['POST', `/v1/sales/orders/${order.id}/items`, classicBurger()],
      ['POST', `/v1/sales/orders/${order.id}/bulk-items`, { items: [classicBurger()] }],
      [
        'PUT',
        `/v1/sales/orders/${order.id}/items/${itemId}`,
        { quantity: 1, modifiers: classicBurger().modifiers },
      ],
      ['DELETE', `/v1/sales/orders/${order.id}/items/${itemId}`],
      ['DELETE', `/v1/sales/orders/${order.id}/items/${itemId}/modifiers/${key(10, 101, 911, 9111)}`],
      ['POST', `/v1/sales/orders/${order.id}/items/pricings`, { itemPathKey: key(10, 101) }],
      ['PUT', `/v1/sales/orders/${order.id}/items/${itemId}/pricings`, {}],
    ];
    for (const [method, url, payload] of calls) {
      const res = await ctx.app.inject({
        method: method as 'GET',
        url,
        headers: auth(otherToken),
        ...(payload ? { payload: payload } : {}),
      });
      expect(res.statusCode, `${method} ${url}`).toBe(404);
      expect(res.json()).toMatchObject({ succeed: false, errors: [{ code: 21042 }] });
      const missing = await ctx.app.inject({
        method: method as 'GET',
        url: url.replace(`/orders/${order.id}`, '/orders/987654'),
        headers: auth(),
        ...(payload ? { payload: payload } : {}),
      });
      expect(missing.statusCode, `missing ${method} ${url}`).toBe(404);
    }
    const mine = await ctx.app.inject({
      method: 'GET',
      url: `/v1/sales/orders/${order.id}`,
      headers: auth(),
    });
    expect(mine.json<Body<Order>>().value.items).toHaveLength(1);
  });

  it('updates, removes a modifier from, and deletes a line', async () => {
    const order = await newOrder();
    const added = await ctx.app.inject({
      method: 'POST',
      url: `/v1/sales/orders/${order.id}/items`,
      headers: auth(),
      payload: classicBurger(),
    });
    const itemId = added.json<Body<Order>>().value.items[0]?.id ?? 0;

    const put = await ctx.app.inject({
      method: 'PUT',
      url: `/v1/sales/orders/${order.id}/items/${itemId}`,
      headers: auth(),
      payload: {
        quantity: 1,
        modifiers: [{ itemPathKey: key(10, 101, 910, 9101), quantity: 1 }],
        note: null,
      },
    });
    expect(put.statusCode).toBe(200);
    expect(put.json<Body<Order>>().value.items[0]).toMatchObject({ quantity: 1, total: 9.49, note: null });
    const badPut = await ctx.app.inject({
      method: 'PUT',
      url: `/v1/sales/orders/${order.id}/items/${itemId}`,
      headers: auth(),
      payload: { quantity: 1, modifiers: [] },
    });
    expect(badPut.statusCode).toBe(422);
    const badBody = await ctx.app.inject({
      method: 'PUT',
      url: `/v1/sales/orders/${order.id}/items/${itemId}`,
      headers: auth(),
      payload: { quantity: 'one' },
    });
    expect(badBody.statusCode).toBe(400);

    const required = await ctx.app.inject({
      method: 'DELETE',
      url: `/v1/sales/orders/${order.id}/items/${itemId}/modifiers/${key(10, 101, 910, 9101)}`,
      headers: auth(),
    });
    expect(required.statusCode).toBe(422);
    expect(required.json<Body<null>>().errors[0]?.code).toBe(21006);

    await ctx.app.inject({
      method: 'PUT',
      url: `/v1/sales/orders/${order.id}/items/${itemId}`,
      headers: auth(),
      payload: classicBurger(),
    });
    const dropped = await ctx.app.inject({
      method: 'DELETE',
      url: `/v1/sales/orders/${order.id}/items/${itemId}/modifiers/${key(10, 101, 910, 9103)}`,
      headers: auth(),
    });
    expect(dropped.statusCode).toBe(422); // the cheese group is required: Swiss is the only cheese
    const topping = await ctx.app.inject({
      method: 'DELETE',
      url: `/v1/sales/orders/${order.id}/items/${itemId}/modifiers/${key(10, 101, 911, 9115)}`,
      headers: auth(),
    });
    expect(topping.statusCode).toBe(200);
    expect(topping.json<Body<Order>>().value.items[0]).toMatchObject({ total: 19.98 });
    const unknownModifier = await ctx.app.inject({
      method: 'DELETE',
      url: `/v1/sales/orders/${order.id}/items/${itemId}/modifiers/${key(10, 101, 911, 9116)}`,
      headers: auth(),
    });
    expect(unknownModifier.statusCode).toBe(404);

    const removed = await ctx.app.inject({
      method: 'DELETE',
      url: `/v1/sales/orders/${order.id}/items/${itemId}`,
      headers: auth(),
    });
    expect(removed.json<Body<Order>>().value).toMatchObject({ items: [], totals: { total: 0 } });
    const again = await ctx.app.inject({
      method: 'DELETE',
      url: `/v1/sales/orders/${order.id}/items/${itemId}`,
      headers: auth(),
    });
    expect(again.statusCode).toBe(404);
  });

  it('adds bulk items, removing invalid ones only when asked', async () => {
    const order = await newOrder();
    const items = [
      classicBurger(),
      { itemPathKey: key(10, 105), quantity: 1 },
      { itemPathKey: key(50, 501), quantity: 3 },
    ];
    const strict = await ctx.app.inject({
      method: 'POST',
      url: `/v1/sales/orders/${order.id}/bulk-items`,
      headers: auth(),
      payload: { items },
    });
    expect(strict.statusCode).toBe(422);
    expect(strict.json<Body<null>>().errors.map((e) => e.code)).toEqual([10018, 21001]);
    const lenient = await ctx.app.inject({
      method: 'POST',
      url: `/v1/sales/orders/${order.id}/bulk-items?removeInvalidItems=true`,
      headers: auth(),
      payload: { items },
    });
    expect(lenient.statusCode).toBe(201);
    const value = lenient.json<Body<{ order: Order; removedItems: { itemPathKey: string }[] }>>().value;
    expect(value.order.items.map((i) => i.title)).toEqual(['Classic Burger', 'Chocolate Chip Cookie']);
    expect(value.removedItems.map((r) => r.itemPathKey)).toEqual([key(10, 105)]);
    const empty = await ctx.app.inject({
      method: 'POST',
      url: `/v1/sales/orders/${order.id}/bulk-items`,
      headers: auth(),
      payload: { items: [] },
    });
    expect(empty.statusCode).toBe(400);
  });

  it('prices a new item and an existing line on the order snapshot', async () => {
    const order = await newOrder();
    const res = await ctx.app.inject({
      method: 'POST',
      url: `/v1/sales/orders/${order.id}/items/pricings`,
      headers: auth(),
      payload: {
        itemPathKey: key(30, 301),
        quantity: 2,
        portionId: 3,
        sequenceOfChanges: [
          { itemPathKey: key(30, 301, 970, 9703), quantity: 1, operationType: 'update' },
          { itemPathKey: key(30, 301, 970, 9701), quantity: 0, operationType: 'remove' },
        ],
      },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json<Body<ItemPricingValue>>().value).toMatchObject({
      unitPrice: 6.49,
      total: 12.98,
      isValid: true,
    });

    const added = await ctx.app.inject({
      method: 'POST',
      url: `/v1/sales/orders/${order.id}/items`,
      headers: auth(),
      payload: classicBurger(),
    });
    const itemId = added.json<Body<Order>>().value.items[0]?.id ?? 0;
    const line = await ctx.app.inject({
      method: 'PUT',
      url: `/v1/sales/orders/${order.id}/items/${itemId}/pricings`,
      headers: auth(),
      payload: {
        sequenceOfChanges: [{ itemPathKey: key(10, 101, 911, 9116), quantity: 1, operationType: 'add' }],
      },
    });
    // Avocado (1.50) comes after the two bacons that took the included units: it is paid, like the lettuce
    expect(line.json<Body<ItemPricingValue>>().value).toMatchObject({
      unitPrice: 11.79,
      quantity: 2,
      total: 23.58,
    });
    const bad = await ctx.app.inject({
      method: 'PUT',
      url: `/v1/sales/orders/${order.id}/items/${itemId}/pricings`,
      headers: auth(),
      payload: { quantity: 50 },
    });
    expect(bad.statusCode).toBe(400);
    const missingLine = await ctx.app.inject({
      method: 'PUT',
      url: `/v1/sales/orders/${order.id}/items/999999/pricings`,
      headers: auth(),
      payload: {},
    });
    expect(missingLine.statusCode).toBe(404);
  });

  it('gives the included toppings to the ones chosen first, and a line re-priced from what it stored agrees', async () => {
    const order = await newOrder();
    const topping = (id: number) => ({ itemPathKey: key(10, 101, 911, id), quantity: 1 });
    // Lettuce (0.30) and Bacon (1.99) ticked first take the 2 included units; Tomato (0.30) ticked after is paid
    const added = await ctx.app.inject({
      method: 'POST',
      url: `/v1/sales/orders/${order.id}/items`,
      headers: auth(),
      payload: {
        itemPathKey: key(10, 101),
        quantity: 1,
        modifiers: [
          { itemPathKey: key(10, 101, 910, 9103), quantity: 1 },
          topping(9111),
          topping(9115),
          topping(9112),
        ],
      },
    });
    expect(added.statusCode).toBe(201);
    const line = added.json<Body<Order>>().value.items[0];
    expect(line).toMatchObject({ unitPrice: 10.29 }); // 9.49 + Swiss 0.50 + Tomato 0.30
    expect(line?.selectedModifiers.map((m) => m.title)).toEqual(['Swiss', 'Lettuce', 'Bacon', 'Tomato']);
    // Re-priced from its stored modifiers (nothing changed): the same units are free, not Lettuce and Tomato
    const repriced = await ctx.app.inject({
      method: 'PUT',
      url: `/v1/sales/orders/${order.id}/items/${line?.id ?? 0}/pricings`,
      headers: auth(),
      payload: { sequenceOfChanges: [] },
    });
    expect(repriced.json<Body<ItemPricingValue>>().value).toMatchObject({ unitPrice: 10.29, total: 10.29 });
    // The live price of a new one: Bacon then Lettuce added to the defaults, Tomato after them costs its 0.30
    const live = await ctx.app.inject({
      method: 'POST',
      url: `/v1/sales/orders/${order.id}/items/pricings`,
      headers: auth(),
      payload: {
        itemPathKey: key(10, 101),
        quantity: 1,
        sequenceOfChanges: [
          { ...topping(9115), operationType: 'add' },
          { ...topping(9111), operationType: 'add' },
        ],
      },
    });
    const withTomato = await ctx.app.inject({
      method: 'POST',
      url: `/v1/sales/orders/${order.id}/items/pricings`,
      headers: auth(),
      payload: {
        itemPathKey: key(10, 101),
        quantity: 1,
        sequenceOfChanges: [
          { ...topping(9115), operationType: 'add' },
          { ...topping(9111), operationType: 'add' },
          { ...topping(9112), operationType: 'add' },
        ],
      },
    });
    const unit = (res: typeof live) => Math.round(res.json<Body<ItemPricingValue>>().value.unitPrice * 100);
    expect(unit(withTomato) - unit(live)).toBe(30);
  });

  it('prices a line as its transition item (combo) without changing the line', async () => {
    const order = await newOrder();
    const added = await ctx.app.inject({
      method: 'POST',
      url: `/v1/sales/orders/${order.id}/items`,
      headers: auth(),
      payload: classicBurger(),
    });
    const itemId = added.json<Body<Order>>().value.items[0]?.id ?? 0;
    const url = `/v1/sales/orders/${order.id}/items/${itemId}/pricings`;
    const combo = key(10, 106);
    const priced = await ctx.app.inject({
      method: 'PUT',
      url,
      headers: auth(),
      payload: {
        transitionItemPathKey: combo,
        portionId: 3,
        sequenceOfChanges: [
          { itemPathKey: key(10, 106, 950, 9501, 910, 9101), quantity: 0, operationType: 'remove' },
          { itemPathKey: key(10, 106, 950, 9501, 910, 9103), quantity: 1, operationType: 'update' },
          { itemPathKey: key(10, 106, 951, 9511), quantity: 1, operationType: 'update' },
          { itemPathKey: key(10, 106, 951, 9511, 952, 9521), quantity: 1, operationType: 'update' },
          { itemPathKey: key(10, 106, 954, 9542), quantity: 1, operationType: 'update' },
        ],
      },
    });
    expect(priced.statusCode).toBe(200);
    // Large combo 16.99 + Swiss 0.50 + lemonade at the propagated Large portion 1.50, times the line's 2
    expect(priced.json<Body<ItemPricingValue>>().value).toMatchObject({
      itemPathKey: combo,
      portionId: 3,
      quantity: 2,
      unitPrice: 18.99,
      total: 37.98,
      isValid: true,
    });

    // The combo's own defaults are the base: without a side and a drink it is priced but not valid
    const defaults = await ctx.app.inject({
      method: 'PUT',
      url,
      headers: auth(),
      payload: { transitionItemPathKey: combo, portionId: 2, quantity: 1 },
    });
    expect(defaults.json<Body<ItemPricingValue>>().value).toMatchObject({
      total: 14.99,
      isValid: false,
      selectedModifiers: [
        expect.objectContaining({ itemPathKey: key(10, 106, 950, 9501) }),
        expect.objectContaining({ itemPathKey: key(10, 106, 950, 9501, 910, 9101) }),
      ],
    });

    // The line is untouched
    const read = await ctx.app.inject({
      method: 'GET',
      url: `/v1/sales/orders/${order.id}`,
      headers: auth(),
    });
    expect(read.json<Body<Order>>().value.items[0]).toMatchObject({ itemPathKey: key(10, 101), quantity: 2 });

    const unknown = await ctx.app.inject({
      method: 'PUT',
      url,
      headers: auth(),
      payload: { transitionItemPathKey: key(10, 999) },
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json<Body<unknown>>().errors[0]?.code).toBe(21002);
    const malformed = await ctx.app.inject({
      method: 'PUT',
      url,
      headers: auth(),
      payload: { transitionItemPathKey: 'combo' },
    });
    expect(malformed.statusCode).toBe(400);
    const foreign = await ctx.app.inject({
      method: 'PUT',
      url,
      headers: auth(otherToken),
      payload: { transitionItemPathKey: combo },
    });
    expect([403, 404]).toContain(foreign.statusCode);
  });

  it('refuses another snapshot with 21031 unless forced, then reprices and drops what the new menu lacks', async () => {
    const order = await newOrder();
    await ctx.app.inject({
      method: 'POST',
      url: `/v1/sales/orders/${order.id}/items`,
      headers: auth(),
      payload: classicBurger(),
    });
    const same = await ctx.app.inject({
      method: 'PATCH',
      url: `/v1/sales/orders/${order.id}`,
      headers: auth(),
      payload: { snapshotId },
    });
    expect(same.statusCode).toBe(200);
    const mismatch = await ctx.app.inject({
      method: 'PATCH',
      url: `/v1/sales/orders/${order.id}`,
      headers: auth(),
      payload: { snapshotId: cateringSnapshotId },
    });
    expect(mismatch.statusCode).toBe(422);
    expect(mismatch.json()).toMatchObject({ errors: [{ code: 21031 }] });
    const forced = await ctx.app.inject({
      method: 'PATCH',
      url: `/v1/sales/orders/${order.id}`,
      headers: auth(),
      payload: { snapshotId: cateringSnapshotId, forceUpdate: true },
    });
    expect(forced.statusCode).toBe(200);
    expect(forced.json<Body<Order>>().value).toMatchObject({
      context: { snapshotId: cateringSnapshotId },
      items: [],
    });
    const bad = await ctx.app.inject({
      method: 'PATCH',
      url: `/v1/sales/orders/${order.id}`,
      headers: auth(),
      payload: { forceUpdate: 'yes' },
    });
    expect(bad.statusCode).toBe(400);
  });

  it('loads an order for checkout with recomputed totals, and refuses changes once placed', async () => {
    const order = await newOrder();
    await ctx.app.inject({
      method: 'POST',
      url: `/v1/sales/orders/${order.id}/items`,
      headers: auth(),
      payload: classicBurger(),
    });
    const session = await ctx.app.tokens.verifyAccessToken(token);
    const loaded = await ctx.app.db.transaction((tx) =>
      getOrderForCheckout(tx, order.id, session?.sid ?? ''),
    );
    expect(loaded.totals).toMatchObject({ subtotalCents: 2058, salesTaxCents: 206, totalCents: 2264 });
    expect(loaded.items).toHaveLength(1);
    await expect(
      ctx.app.db.transaction((tx) => getOrderForCheckout(tx, order.id, 'someone-else')),
    ).rejects.toThrow();

    await ctx.app.db.update(orders).set({ placedAt: new Date(), status: 1 }).where(eq(orders.id, order.id));
    const add = await ctx.app.inject({
      method: 'POST',
      url: `/v1/sales/orders/${order.id}/items`,
      headers: auth(),
      payload: classicBurger(),
    });
    expect(add.statusCode).toBe(409);
    const read = await ctx.app.inject({
      method: 'GET',
      url: `/v1/sales/orders/${order.id}`,
      headers: auth(),
    });
    expect(read.json<Body<Order>>().value).toMatchObject({ isPlaced: true, status: 1 });
  });

  it('refuses a method the store does not offer (21036) on create and on change, and the catering channel on a main menu (21035)', async () => {
    const dineIn = await ctx.app.inject({
      method: 'POST',
      url: '/v1/sales/orders',
      headers: auth(),
      payload: { menuSnapshotId: snapshotId, fulfillmentMethod: 2 },
    });
    expect(dineIn.statusCode).toBe(422);
    expect(dineIn.json()).toMatchObject({ succeed: false, errors: [{ code: 21036 }] });

    const order = await newOrder();
    const change = await ctx.app.inject({
      method: 'PATCH',
      url: `/v1/sales/orders/${order.id}`,
      headers: auth(),
      payload: { snapshotId, fulfillmentMethod: 2 },
    });
    expect(change.statusCode).toBe(422);
    expect(change.json()).toMatchObject({ errors: [{ code: 21036 }] });
    const delivery = await ctx.app.inject({
      method: 'PATCH',
      url: `/v1/sales/orders/${order.id}`,
      headers: auth(),
      payload: { snapshotId, fulfillmentMethod: 0 },
    });
    expect(delivery.json<Body<Order>>().value.context.fulfillmentMethod).toBe(0);

    const catering = await ctx.token('catering');
    const channel = await ctx.app.inject({
      method: 'POST',
      url: '/v1/sales/orders',
      headers: auth(catering),
      payload: { menuSnapshotId: snapshotId },
    });
    expect(channel.statusCode).toBe(422);
    expect(channel.json()).toMatchObject({ succeed: false, errors: [{ code: 21035 }] });
  });

  it('lists the lines a method change would remove, removes them on the change, and refuses adding them (21002)', async () => {
    // The demo's Brownie Sundae is Pickup and Dine In only.
    const sundae = { itemPathKey: key(50, 503), quantity: 2, modifiers: [] };
    const order = await newOrder();
    for (const payload of [sundae, classicBurger()]) {
      const add = await ctx.app.inject({
        method: 'POST',
        url: `/v1/sales/orders/${order.id}/items`,
        headers: auth(),
        payload,
      });
      expect(add.statusCode, add.body).toBe(201);
    }
    const preview = (method: number | string, t = token) =>
      ctx.app.inject({
        method: 'GET',
        url: `/v1/sales/orders/${order.id}/unavailable-items?fulfillmentMethod=${method}`,
        headers: auth(t),
      });
    const toDelivery = await preview(0);
    expect(toDelivery.statusCode).toBe(200);
    expect(toDelivery.json<Body<Order['items']>>().value).toEqual([
      expect.objectContaining({ title: 'Brownie Sundae', quantity: 2 }),
    ]);
    expect((await preview(1)).json<Body<Order['items']>>().value).toEqual([]);
    expect((await preview(7)).statusCode).toBe(400);
    expect((await preview(0, otherToken)).json()).toMatchObject({ errors: [{ code: 21042 }] });

    const moved = await ctx.app.inject({
      method: 'PATCH',
      url: `/v1/sales/orders/${order.id}`,
      headers: auth(),
      payload: { snapshotId, fulfillmentMethod: 0 },
    });
    const after = moved.json<Body<Order>>().value;
    expect(after.context.fulfillmentMethod).toBe(0);
    expect(after.items.map((i) => i.title)).toEqual(['Classic Burger']);
    expect(after.totals.subtotal).toBe(after.items[0]?.total);

    const again = await ctx.app.inject({
      method: 'POST',
      url: `/v1/sales/orders/${order.id}/items`,
      headers: auth(),
      payload: sundae,
    });
    expect(again.statusCode).toBe(422);
    expect(again.json()).toMatchObject({
      errors: [{ code: 21002, message: 'Brownie Sundae: Not available for Delivery' }],
    });
  });

  it("refuses moving an order onto another store's menu (21034) even when forced", async () => {
    const order = await newOrder();
    const other = (
      await ctx.app.inject({
        method: 'GET',
        url: `/v1/sales/menus?locationId=${DEMO_LOCATIONS.tableOrdering}&catering=false`,
        headers: auth(),
      })
    ).json<Body<Menu>>().value;
    const res = await ctx.app.inject({
      method: 'PATCH',
      url: `/v1/sales/orders/${order.id}`,
      headers: auth(),
      payload: { snapshotId: other.snapshotId, forceUpdate: true },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({ errors: [{ code: 21034 }] });
    const read = await ctx.app.inject({
      method: 'GET',
      url: `/v1/sales/orders/${order.id}`,
      headers: auth(),
    });
    expect(read.json<Body<Order>>().value.context.snapshotId).toBe(snapshotId);
  });

  it('keeps the totals equal to the lines when quantity edits and adds race on one order', async () => {
    const order = await newOrder();
    const plain = { itemPathKey: key(10, 101), quantity: 1, modifiers: classicBurger().modifiers };
    const first = await ctx.app.inject({
      method: 'POST',
      url: `/v1/sales/orders/${order.id}/items`,
      headers: auth(),
      payload: plain,
    });
    expect(first.statusCode).toBe(201);
    const lineId = first.json<Body<Order>>().value.items[0]?.id;
    expect(lineId).toBeDefined();
    // 20 quantity edits and 20 adds at once: each recomputation must see every committed line.
    const requests = Array.from({ length: 40 }, (_, i) =>
      i % 2 === 0
        ? ctx.app.inject({
            method: 'PUT',
            url: `/v1/sales/orders/${order.id}/items/${lineId}`,
            headers: auth(),
            payload: { ...plain, quantity: (i % 5) + 1 },
          })
        : ctx.app.inject({
            method: 'POST',
            url: `/v1/sales/orders/${order.id}/items`,
            headers: auth(),
            payload: plain,
          }),
    );
    const answers = await Promise.all(requests);
    expect(answers.map((a) => a.statusCode)).toEqual(answers.map((_, i) => (i % 2 === 0 ? 200 : 201)));
    const read = (
      await ctx.app.inject({ method: 'GET', url: `/v1/sales/orders/${order.id}`, headers: auth() })
    ).json<Body<Order>>().value;
    expect(read.items).toHaveLength(21);
    const linesTotal = read.items.reduce((sum, line) => sum + Math.round(line.total * 100), 0);
    expect(Math.round(read.totals.subtotal * 100)).toBe(linesTotal);
    const [row] = await ctx.app.db.select().from(orders).where(eq(orders.id, order.id));
    expect(row?.subtotalCents).toBe(linesTotal);
  });

  it("makes a change wait for another writer of the order, so its totals count that writer's line", async () => {
    // Another transaction holds the order (as every change does) and adds a line behind the API's back. An add
    // arriving meanwhile must wait for it: without the row lock it would total the lines it saw before the
    // other line committed, and its stale subtotal would overwrite the order's (PostgreSQL; PGlite serialises
    // everything on its one connection anyway).
    const order = await newOrder();
    const plain = { itemPathKey: key(10, 101), quantity: 1, modifiers: classicBurger().modifiers };
    const postAdd = () =>
      ctx.app.inject({
        method: 'POST',
        url: `/v1/sales/orders/${order.id}/items`,
        headers: auth(),
        payload: plain,
      });
    // The add is another client's request, so it starts outside this transaction's context (inside it, the
    // API's root handle refuses to run: see db/client.ts).
    let holding: () => void = () => undefined;
    const held = new Promise<void>((resolve) => {
      holding = resolve;
    });
    let finish: () => void = () => undefined;
    const finished = new Promise<void>((resolve) => {
      finish = resolve;
    });
    const writer = ctx.app.db.transaction(async (tx) => {
      // The lock an UPDATE of the order takes: it lets line inserts through (their foreign key takes only a key
      // share lock), so only the change's own row lock makes it wait.
      await tx.select().from(orders).where(eq(orders.id, order.id)).for('no key update');
      await insertOrderItem(
        tx,
        order.id,
        {
          itemPathKey: key(10, 101),
          title: 'Classic Burger',
          quantity: 3,
          portionId: null,
          portionTitle: null,
          unitPriceCents: 1000,
          totalCents: 3000,
          note: null,
          crossSellOfferId: null,
        },
        [],
      );
      holding();
      await finished;
    });
    await held;
    const add = postAdd();
    // Give the add every chance to run ahead while the other transaction is open.
    await new Promise((resolve) => setTimeout(resolve, 300));
    finish();
    await writer;
    const answer = await add;
    expect(answer?.statusCode).toBe(201);
    const view = answer?.json<Body<Order>>().value;
    expect(view?.items).toHaveLength(2);
    const [row] = await ctx.app.db.select().from(orders).where(eq(orders.id, order.id));
    const linesTotal = (view?.items ?? []).reduce((sum, line) => sum + Math.round(line.total * 100), 0);
    expect(row?.subtotalCents).toBe(linesTotal);
    expect(linesTotal).toBeGreaterThan(3000);
  });
});
