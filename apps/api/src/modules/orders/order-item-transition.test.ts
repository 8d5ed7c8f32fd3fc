import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Menu } from '@storefront/contracts/menu';
import type { ItemPricingValue, Order } from '@storefront/contracts/orders';
import { createTestContext, dbKinds, type TestContext } from '../../test/harness';
import { DEMO_LOCATIONS } from '../../db/seed/locations';

type Body<T> = {
  value: T;
  succeed: boolean;
  errors: { key: string; code: number | string; message: string }[];
};

/** PUT sales/orders/{id}/items/{itemId} with transitionItemPathKey: an order line becomes its combo. */
describe.each(await dbKinds())('order line transitions on %s', (kind) => {
  let ctx: TestContext;
  let token: string;
  let otherToken: string;
  let snapshotId: number;
  let menuId: number;
  const auth = (t = token) => ({ authorization: `Bearer ${t}` });
  // Keys of the demo menu: menu-category-item[-group-modifier[-group-modifier]]
  const key = (...segments: number[]) => [menuId, ...segments].join('-');

  beforeAll(async () => {
    ctx = await createTestContext(kind);
    token = await ctx.token();
    otherToken = await ctx.token();
    const menu = await ctx.app.inject({
      method: 'GET',
      url: `/v1/sales/menus?locationId=${DEMO_LOCATIONS.open}&catering=false`,
      headers: auth(),
    });
    snapshotId = menu.json<Body<Menu>>().value.snapshotId;
    menuId = menu.json<Body<Menu>>().value.menuId;
  });
  afterAll(() => ctx.close());

  /** An order with a Classic Burger (2, Swiss, noted) followed by a Garden Veggie Burger. */
  async function orderWithBurger(): Promise<{ order: Order; burgerId: number }> {
    const created = await ctx.app.inject({
      method: 'POST',
      url: '/v1/sales/orders',
      headers: auth(),
      payload: { menuSnapshotId: snapshotId, orderDateTime: new Date().toISOString() },
    });
    const orderId = created.json<Body<Order>>().value.id;
    const add = (payload: object) =>
      ctx.app.inject({ method: 'POST', url: `/v1/sales/orders/${orderId}/items`, headers: auth(), payload });
    const burger = await add({
      itemPathKey: key(10, 101),
      quantity: 2,
      modifiers: [{ itemPathKey: key(10, 101, 910, 9103), quantity: 1 }],
      note: 'No sauce please',
    });
    expect(burger.statusCode).toBe(201);
    const veggie = await add({
      itemPathKey: key(10, 104),
      quantity: 1,
      modifiers: [{ itemPathKey: key(10, 104, 910, 9101), quantity: 1 }],
    });
    expect(veggie.statusCode).toBe(201);
    const order = veggie.json<Body<Order>>().value;
    const burgerId = order.items.find((i) => i.itemPathKey === key(10, 101))?.id;
    if (burgerId === undefined) throw new Error('burger line missing');
    return { order, burgerId };
  }

  /** The combo with the burger's Swiss, fries with ketchup and a lemonade (Large: 16.99 + 0.50 + 1.50). */
  const comboModifiers = () => [
    { itemPathKey: key(10, 106, 950, 9501), quantity: 1 },
    { itemPathKey: key(10, 106, 950, 9501, 910, 9103), quantity: 1 },
    { itemPathKey: key(10, 106, 951, 9511), quantity: 1 },
    { itemPathKey: key(10, 106, 951, 9511, 952, 9521), quantity: 1 },
    { itemPathKey: key(10, 106, 954, 9542), quantity: 1 },
  ];

  it('turns a line into its combo in place: same id and position, quantity and note kept, totals recomputed', async () => {
    const { order, burgerId } = await orderWithBurger();
    const veggie = order.items.find((i) => i.itemPathKey === key(10, 104));
    const url = `/v1/sales/orders/${order.id}/items/${burgerId}`;

    // The preview the item page shows for the combo is what saving it charges
    const preview = await ctx.app.inject({
      method: 'PUT',
      url: `${url}/pricings`,
      headers: auth(),
      payload: {
        transitionItemPathKey: key(10, 106),
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
    expect(preview.json<Body<ItemPricingValue>>().value).toMatchObject({ total: 37.98, isValid: true });

    const saved = await ctx.app.inject({
      method: 'PUT',
      url,
      headers: auth(),
      payload: {
        transitionItemPathKey: key(10, 106),
        quantity: 2,
        portionId: 3,
        modifiers: comboModifiers(),
        note: 'No sauce please',
      },
    });
    expect(saved.statusCode).toBe(200);
    const value = saved.json<Body<Order>>().value;
    expect(value.items.map((i) => i.id)).toEqual([burgerId, veggie?.id]);
    expect(value.items[0]).toMatchObject({
      id: burgerId,
      itemPathKey: key(10, 106),
      title: 'Burger Combo',
      quantity: 2,
      portionId: 3,
      total: 37.98,
      note: 'No sauce please',
    });
    expect(value.items[0]?.selectedModifiers.map((m) => m.itemPathKey)).toEqual(
      comboModifiers().map((m) => m.itemPathKey),
    );
    // 37.98 + the veggie burger's 10.99
    expect(value.totals.subtotal).toBe(48.97);

    // Once a combo, further edits are of the combo; naming its own key is an ordinary edit
    const again = await ctx.app.inject({
      method: 'PUT',
      url,
      headers: auth(),
      payload: {
        transitionItemPathKey: key(10, 106),
        quantity: 1,
        portionId: 2,
        modifiers: comboModifiers(),
      },
    });
    expect(again.statusCode).toBe(200);
    // Regular 14.99 + Swiss 0.50 + lemonade (Regular) 1.00
    expect(again.json<Body<Order>>().value.items[0]).toMatchObject({
      itemPathKey: key(10, 106),
      total: 16.49,
    });
  });

  it('refuses what the line cannot become (422/404 21002, 400) and leaves it as it was', async () => {
    const { order, burgerId } = await orderWithBurger();
    const url = `/v1/sales/orders/${order.id}/items/${burgerId}`;
    const put = (payload: object, t = token) =>
      ctx.app.inject({ method: 'PUT', url, headers: auth(t), payload });

    // Not one of the Classic Burger's transitions
    const other = await put({ transitionItemPathKey: key(10, 102), quantity: 1, modifiers: [] });
    expect(other.statusCode).toBe(422);
    expect(other.json<Body<unknown>>().errors[0]).toMatchObject({ key: 'InvalidItem', code: 21002 });
    const otherPrice = await ctx.app.inject({
      method: 'PUT',
      url: `${url}/pricings`,
      headers: auth(),
      payload: { transitionItemPathKey: key(10, 102) },
    });
    expect(otherPrice.statusCode).toBe(422);
    expect(otherPrice.json<Body<unknown>>().errors[0]?.code).toBe(21002);

    // Not on the menu; not a key at all
    const unknown = await put({ transitionItemPathKey: key(10, 999), quantity: 1, modifiers: [] });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json<Body<unknown>>().errors[0]?.code).toBe(21002);
    const malformed = await put({ transitionItemPathKey: 'combo', quantity: 1, modifiers: [] });
    expect(malformed.statusCode).toBe(400);

    // The combo without its required side and drink, and without a portion
    const incomplete = await put({
      transitionItemPathKey: key(10, 106),
      quantity: 2,
      portionId: 3,
      modifiers: comboModifiers().slice(0, 2),
    });
    expect(incomplete.statusCode).toBe(422);
    expect(incomplete.json<Body<unknown>>().errors.length).toBeGreaterThan(0);
    // The burger's own modifiers are not the combo's
    const burgerModifiers = await put({
      transitionItemPathKey: key(10, 106),
      quantity: 2,
      portionId: 3,
      modifiers: [{ itemPathKey: key(10, 101, 910, 9103), quantity: 1 }],
    });
    expect(burgerModifiers.statusCode).toBe(422);

    // Another session's order looks missing
    const foreign = await put(
      { transitionItemPathKey: key(10, 106), quantity: 2, portionId: 3, modifiers: comboModifiers() },
      otherToken,
    );
    expect(foreign.statusCode).toBe(404);

    const read = await ctx.app.inject({
      method: 'GET',
      url: `/v1/sales/orders/${order.id}`,
      headers: auth(),
    });
    const after = read.json<Body<Order>>().value;
    expect(after.items[0]).toMatchObject({
      id: burgerId,
      itemPathKey: key(10, 101),
      quantity: 2,
      total: 19.98,
    });
    expect(after.totals.subtotal).toBe(order.totals.subtotal);
  });
});
