import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { CrossSellOffer } from '@storefront/contracts/marketing';
import type { Menu } from '@storefront/contracts/menu';
import type { Order } from '@storefront/contracts/orders';
import { FULFILLMENT_METHOD } from '@storefront/contracts/enums';
import { crossSellOffers } from '../../db/schema/marketing';
import { orderItems } from '../../db/schema/orders';
import { DEMO_LOCATIONS } from '../../db/seed/locations';
import { PORTION } from '../../db/seed/menus';
import { createTestContext, dbKinds, type TestContext } from '../../test/harness';

type Body<T> = {
  value: T;
  succeed: boolean;
  errors: { key: string; code: number | string; message: string }[];
};

describe.each(await dbKinds())('cross-sell offers on %s', (kind) => {
  let ctx: TestContext;
  let token: string;
  let snapshotId: number;
  let menuId: number;
  const auth = (t = token) => ({ authorization: `Bearer ${t}` });
  // menu-category-item[-group-modifier]
  const key = (...segments: number[]) => [menuId, ...segments].join('-');
  const chicken = () => ({
    itemPathKey: key(10, 103),
    quantity: 1,
    modifiers: [{ itemPathKey: key(10, 103, 940, 9401), quantity: 1 }],
  });
  const fries = () => ({ itemPathKey: key(30, 301), quantity: 1, portionId: PORTION.Regular, modifiers: [] });
  const titles = (offer: CrossSellOffer | undefined) => offer?.offeredMenuItems.map((i) => i.title);

  beforeAll(async () => {
    ctx = await createTestContext(kind);
    token = await ctx.token();
    const res = await ctx.app.inject({
      method: 'GET',
      url: `/v1/sales/menus?locationId=${DEMO_LOCATIONS.open}`,
      headers: auth(),
    });
    const menu = res.json<Body<Menu>>().value;
    snapshotId = menu.snapshotId;
    menuId = Number(menu.categories[0]?.itemPathKey.split('-')[0]);
  });
  afterAll(() => ctx.close());

  async function orderWith(lines: object[], t = token): Promise<Order> {
    const created = await ctx.app.inject({
      method: 'POST',
      url: '/v1/sales/orders',
      headers: auth(t),
      payload: { menuSnapshotId: snapshotId },
    });
    expect(created.statusCode).toBe(201);
    let order = created.json<Body<Order>>().value;
    for (const line of lines) {
      const added = await ctx.app.inject({
        method: 'POST',
        url: `/v1/sales/orders/${order.id}/items`,
        headers: auth(t),
        payload: line,
      });
      expect(added.statusCode, added.body).toBe(201);
      order = added.json<Body<Order>>().value;
    }
    return order;
  }

  const offers = async (orderId: number, itemPathKey?: string, t = token) => {
    const query = itemPathKey ? `?itemPathKey=${itemPathKey}` : '';
    const res = await ctx.app.inject({
      method: 'GET',
      url: `/v1/sales/orders/${orderId}/cross-sell-offers${query}`,
      headers: auth(t),
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<Body<CrossSellOffer[]>>().value;
  };

  it('offers what an added AddItem trigger proposes, in order, and says which items need the item page', async () => {
    const order = await orderWith([chicken()]);
    const [offer, ...rest] = await offers(order.id, key(10, 103));
    expect(rest).toEqual([]);
    expect(offer).toMatchObject({ offerId: 'xs-sandwich-sides', title: null, description: null });
    expect(titles(offer)).toEqual([
      'Onion Rings',
      'Fries',
      'Chocolate Chip Cookie',
      'Fountain Soda',
      'Iced Tea',
    ]);
    const byTitle = new Map(offer?.offeredMenuItems.map((i) => [i.title, i]));
    // Fries has portions and a group, the soda a required flavour; rings, cookie and tea are added directly.
    expect(byTitle.get('Onion Rings')).toMatchObject({
      customizable: false,
      price: 4.99,
      itemPathKey: key(30, 303),
    });
    expect(byTitle.get('Fries')?.customizable).toBe(true);
    expect(byTitle.get('Fountain Soda')?.customizable).toBe(true);
    expect(byTitle.get('Iced Tea')?.customizable).toBe(false);
    expect(byTitle.get('Onion Rings')?.displayAttribute.imageFileId).toEqual(expect.any(String));
  });

  it('offers nothing at checkout for an AddItem-only trigger, nor after adding a Checkout-only one', async () => {
    const order = await orderWith([chicken(), fries()]);
    // Checkout: only the fries trigger there (the chicken sandwich is AddItem only).
    const atCheckout = await offers(order.id);
    expect(atCheckout.map((o) => o.offerId)).toEqual(['xs-fries-drinks']);
    expect(atCheckout[0]).toMatchObject({
      title: 'Something to drink?',
      description: 'A cold drink goes with every order of fries.',
    });
    expect(titles(atCheckout[0])).toEqual(['Iced Tea', 'Fresh Lemonade', 'Cold Brew']);
    // Fries are a Checkout trigger: adding them offers nothing.
    expect(await offers(order.id, key(30, 301))).toEqual([]);
    // An item that triggers nothing, and a key the menu lacks.
    expect(await offers(order.id, key(30, 303))).toEqual([]);
    expect(await offers(order.id, key(99, 999))).toEqual([]);
  });

  it('leaves out what the order already has, and a Both trigger fires at both moments without repeating items', async () => {
    const bacon = {
      itemPathKey: key(10, 102),
      quantity: 1,
      modifiers: [{ itemPathKey: key(10, 102, 910, 9103), quantity: 1 }],
    };
    const rings = { itemPathKey: key(30, 303), quantity: 1, modifiers: [] };
    const order = await orderWith([bacon, rings]);
    const added = await offers(order.id, key(10, 102));
    expect(added.map((o) => o.offerId)).toEqual(['xs-sandwich-sides', 'xs-fries-drinks']);
    expect(titles(added[0])).toEqual(['Fries', 'Chocolate Chip Cookie', 'Fountain Soda', 'Iced Tea']);
    // Iced Tea was offered by the first offer already; the disabled offer (Key Lime Pie) never shows.
    expect(titles(added[1])).toEqual(['Fresh Lemonade', 'Cold Brew']);
    expect((await offers(order.id)).map((o) => o.offerId)).toEqual(['xs-sandwich-sides', 'xs-fries-drinks']);
  });

  it("leaves out items the order's method cannot serve and drops an offer left empty", async () => {
    const order = await orderWith([chicken()]);
    await ctx.app.db
      .update(crossSellOffers)
      .set({ offeredItemMasterIds: [503] })
      .where(eq(crossSellOffers.id, 'xs-sandwich-sides'));
    try {
      // Brownie Sundae is pickup and dine-in only.
      expect(titles((await offers(order.id, key(10, 103)))[0])).toEqual(['Brownie Sundae']);
      const moved = await ctx.app.inject({
        method: 'PATCH',
        url: `/v1/sales/orders/${order.id}`,
        headers: auth(),
        payload: { snapshotId, fulfillmentMethod: FULFILLMENT_METHOD.Delivery },
      });
      expect(moved.statusCode, moved.body).toBe(200);
      expect(await offers(order.id, key(10, 103))).toEqual([]);
    } finally {
      await ctx.app.db
        .update(crossSellOffers)
        .set({ offeredItemMasterIds: [303, 301, 501, 401, 403] })
        .where(eq(crossSellOffers.id, 'xs-sandwich-sides'));
    }
  });

  it('keeps the offer id on the line added from it', async () => {
    const order = await orderWith([chicken()]);
    const added = await ctx.app.inject({
      method: 'POST',
      url: `/v1/sales/orders/${order.id}/items`,
      headers: auth(),
      payload: {
        itemPathKey: key(30, 303),
        quantity: 1,
        modifiers: [],
        crossSellOfferId: 'xs-sandwich-sides',
      },
    });
    expect(added.statusCode).toBe(201);
    const line = added.json<Body<Order>>().value.items.find((i) => i.itemPathKey === key(30, 303));
    const [stored] = await ctx.app.db
      .select({ crossSellOfferId: orderItems.crossSellOfferId })
      .from(orderItems)
      .where(eq(orderItems.id, line?.id ?? 0));
    expect(stored).toEqual({ crossSellOfferId: 'xs-sandwich-sides' });
  });

  it("answers another session's order as missing, 400s a bad key and 401s without a token", async () => {
    const order = await orderWith([chicken()]);
    const other = await ctx.token();
    const foreign = await ctx.app.inject({
      method: 'GET',
      url: `/v1/sales/orders/${order.id}/cross-sell-offers`,
      headers: auth(other),
    });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json<Body<null>>().errors[0]).toMatchObject({ key: 'InvalidOrderId', code: 21042 });
    const bad = await ctx.app.inject({
      method: 'GET',
      url: `/v1/sales/orders/${order.id}/cross-sell-offers?itemPathKey=drop%20table`,
      headers: auth(),
    });
    expect(bad.statusCode).toBe(400);
    const anonymous = await ctx.app.inject({
      method: 'GET',
      url: `/v1/sales/orders/${order.id}/cross-sell-offers`,
    });
    expect(anonymous.statusCode).toBe(401);
  });
});
