/**
 * Order history, past ordered items and repeat order, through the API on a real database. Orders are built and
 * placed through the real routes with a customer's user token; then the store publishes a new menu snapshot (the
 * Classic Burger dearer, the Garden Veggie Burger out of stock, the Fresh Lemonade gone), so repricing and the
 * missing items are today's menu's, never the old prices.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { and, eq, inArray } from 'drizzle-orm';
import {
  PastOrdersResponseSchema,
  RepeatOrderResponseSchema,
  type PastOrderDetail,
  type PastOrderSummary,
  type RecentOrderedItem,
} from '@storefront/contracts/accounts';
import { ORDER_CHANNEL } from '@storefront/contracts/enums';
import type { AddOrderItemBody, Order } from '@storefront/contracts/orders';
import { locationMenus, menuSnapshotNodes, menuSnapshots } from '../../db/schema/menus';
import { customerSessions, customers } from '../../db/schema/accounts';
import { orders } from '../../db/schema/orders';
import { DEMO_CUSTOMER } from '../../db/seed/customers';
import { DEMO_LOCATIONS } from '../../db/seed/locations';
import { createTestContext, dbKinds, type TestContext } from '../../test/harness';
import { createCustomer, customerHeaders, signInCustomer } from '../../test/customers';
import { verifyPassword } from '../accounts/passwords';
import { CARDS } from '../checkout/checkout.fixtures';
import { closeRequest, prepareCheckout } from '../checkout/checkout.test-helpers';

type Body<T> = {
  value: T;
  succeed: boolean;
  errors: { key: string; code: number | string; message: string }[];
};

const CLASSIC_TODAY_CENTS = 1049;
/**
 * Round trips of repeating a past order: the past order with its lines, its store's current menu pointer and
 * pricing rules under the customer session's check, then the order with its lines and totals in one statement
 * (no BEGIN, no COMMIT). It was 21, then 8.
 */
const REPEAT_ORDER_ROUND_TRIPS = 2;

/** Ends a customer session as logout does (its revoked_at set). */
async function revokeSessionIn(ctx: TestContext, customerSessionId: string) {
  await ctx.app.db
    .update(customerSessions)
    .set({ revokedAt: new Date() })
    .where(eq(customerSessions.id, customerSessionId));
}

describe.each(await dbKinds())('past orders and repeat order on %s', (kind) => {
  let ctx: TestContext;
  let menuId: number;
  let alice: { id: number; token: string; sid: string };
  let bob: { id: number; token: string };
  let guestToken: string;
  /** Alice's orders, oldest first: O1 Classic x2 + Lemonade, O2 Veggie, O3 Lemonade (all at Dupont), O4 Classic x2 (Gaithersburg). */
  const placed: number[] = [];
  let oldSnapshotId: number;
  let newSnapshotId: number;

  const key = (...segments: number[]) => [menuId, ...segments].join('-');
  const classic = (quantity: number): AddOrderItemBody => ({
    itemPathKey: key(10, 101),
    quantity,
    modifiers: [{ itemPathKey: key(10, 101, 910, 9101), quantity: 1 }],
  });
  const veggie = (): AddOrderItemBody => ({
    itemPathKey: key(10, 104),
    quantity: 1,
    modifiers: [{ itemPathKey: key(10, 104, 910, 9101), quantity: 1 }],
  });
  const lemonade = (): AddOrderItemBody => ({ itemPathKey: key(40, 402), quantity: 1, modifiers: [] });

  const aliceHeaders = () => customerHeaders(alice.token, alice.id);
  const bobHeaders = () => customerHeaders(bob.token, bob.id);
  /** POST /v1/sales/orders with `payload` (a repeat's pastOrderId, or a new cart's snapshot) as `headers`' holder. */
  const createOrder = (payload: Record<string, unknown>, headers: Record<string, string> = aliceHeaders()) =>
    ctx.app.inject({ method: 'POST', url: '/v1/sales/orders', headers, payload });

  async function currentSnapshot(locationId: number): Promise<number> {
    const [row] = await ctx.app.db
      .select({ snapshotId: locationMenus.snapshotId })
      .from(locationMenus)
      .where(and(eq(locationMenus.locationId, locationId), eq(locationMenus.catering, false)));
    if (!row) throw new Error(`no menu at ${locationId}`);
    return row.snapshotId;
  }

  /** Builds and places an order through the routes with `token`; returns its id. */
  async function placeOrder(token: string, locationId: number, items: AddOrderItemBody[]) {
    const headers = { authorization: `Bearer ${token}` };
    const created = await createOrder({ menuSnapshotId: await currentSnapshot(locationId) }, headers);
    expect(created.statusCode, created.body).toBe(201);
    const orderId = created.json<Body<Order>>().value.id;
    const added = await ctx.app.inject({
      method: 'POST',
      url: `/v1/sales/orders/${orderId}/bulk-items`,
      headers,
      payload: { items },
    });
    expect(added.statusCode, added.body).toBe(201);
    const total = added.json<Body<{ order: Order }>>().value.order.totals.total;
    const fixture = { token, orderId, totalCents: Math.round(total * 100) };
    const { paymentToken } = await prepareCheckout(ctx, fixture, CARDS.approve);
    const close = await closeRequest(ctx, fixture, { paymentToken });
    expect(close.statusCode, close.body).toBe(200);
    return orderId;
  }

  /** Publishes a copy of the store's menu with today's changes and points the store at it. */
  async function publishChangedMenu(locationId: number): Promise<number> {
    const db = ctx.app.db;
    const current = await currentSnapshot(locationId);
    const [old] = await db.select().from(menuSnapshots).where(eq(menuSnapshots.id, current));
    if (!old) throw new Error('no snapshot');
    const [next] = await db
      .insert(menuSnapshots)
      .values({ menuId: old.menuId, locationId, catering: false })
      .returning({ id: menuSnapshots.id });
    if (!next) throw new Error('no snapshot inserted');
    const gone = key(40, 402);
    const rows = (
      await db.select().from(menuSnapshotNodes).where(eq(menuSnapshotNodes.snapshotId, current))
    ).filter((r) => r.itemPathKey !== gone && !r.itemPathKey.startsWith(`${gone}-`));
    for (const row of rows) {
      if (row.itemPathKey === key(10, 101) && row.node.priceAttribute) {
        row.node.priceAttribute.prices = row.node.priceAttribute.prices.map((p) => ({
          ...p,
          priceCents: CLASSIC_TODAY_CENTS,
        }));
      }
      if (row.itemPathKey === key(10, 104)) row.node.isOutOfStock = true;
    }
    for (let i = 0; i < rows.length; i += 200) {
      await db
        .insert(menuSnapshotNodes)
        .values(rows.slice(i, i + 200).map((r) => ({ ...r, snapshotId: next.id })));
    }
    await db
      .update(locationMenus)
      .set({ snapshotId: next.id })
      .where(and(eq(locationMenus.locationId, locationId), eq(locationMenus.catering, false)));
    return next.id;
  }

  beforeAll(async () => {
    ctx = await createTestContext(kind);
    const [snapshot] = await ctx.app.db
      .select({ menuId: menuSnapshots.menuId })
      .from(menuSnapshots)
      .where(eq(menuSnapshots.id, await currentSnapshot(DEMO_LOCATIONS.open)));
    if (!snapshot) throw new Error('no demo snapshot');
    menuId = snapshot.menuId;
    guestToken = await ctx.token();
    const aliceId = await createCustomer(ctx, { firstName: 'Alice' });
    const bobId = await createCustomer(ctx, { firstName: 'Bob' });
    alice = { id: aliceId, ...(await signInCustomer(ctx, aliceId)) };
    bob = { id: bobId, ...(await signInCustomer(ctx, bobId)) };

    placed.push(await placeOrder(alice.token, DEMO_LOCATIONS.open, [classic(2), lemonade()]));
    placed.push(await placeOrder(alice.token, DEMO_LOCATIONS.open, [veggie()]));
    placed.push(await placeOrder(alice.token, DEMO_LOCATIONS.open, [lemonade()]));
    placed.push(await placeOrder(alice.token, DEMO_LOCATIONS.curbside, [classic(2)]));
    oldSnapshotId = await currentSnapshot(DEMO_LOCATIONS.open);
    newSnapshotId = await publishChangedMenu(DEMO_LOCATIONS.open);
  }, 120_000);
  afterAll(() => ctx.close());

  const get = (url: string, headers: Record<string, string>) =>
    ctx.app.inject({ method: 'GET', url, headers });

  it('gives an order placed with a user token to that customer, also a cart started as a guest', async () => {
    const rows = await ctx.app.db
      .select({ id: orders.id, userId: orders.userId })
      .from(orders)
      .where(inArray(orders.id, placed));
    expect(rows.map((r) => r.userId)).toEqual(placed.map(() => alice.id));

    // A guest builds a cart, signs in (the same order session) and pays: the order is the customer's.
    const guestSid = randomUUID();
    const guest = await ctx.app.tokens.signAccessToken({ appType: ORDER_CHANNEL.web, sid: guestSid });
    const created = await createOrder(
      { menuSnapshotId: await currentSnapshot(DEMO_LOCATIONS.open) },
      { authorization: `Bearer ${guest.token}` },
    );
    const cartId = created.json<Body<Order>>().value.id;
    const carol = await createCustomer(ctx);
    const signedIn = await signInCustomer(ctx, carol, { sid: guestSid });
    const [before] = await ctx.app.db.select().from(orders).where(eq(orders.id, cartId));
    expect(before?.userId).toBeNull();
    const added = await ctx.app.inject({
      method: 'POST',
      url: `/v1/sales/orders/${cartId}/bulk-items`,
      headers: customerHeaders(signedIn.token, carol),
      payload: { items: [classic(2)] },
    });
    const total = added.json<Body<{ order: Order }>>().value.order.totals.total;
    const fixture = { token: signedIn.token, orderId: cartId, totalCents: Math.round(total * 100) };
    const { paymentToken } = await prepareCheckout(ctx, fixture, CARDS.approve);
    expect((await closeRequest(ctx, fixture, { paymentToken })).statusCode).toBe(200);
    const [after] = await ctx.app.db.select().from(orders).where(eq(orders.id, cartId));
    expect(after?.userId).toBe(carol);
    const history = await get('/v1/guests/past-orders', customerHeaders(signedIn.token, carol));
    expect(history.json<Body<{ orders: PastOrderSummary[] }>>().value.orders.map((o) => o.id)).toEqual([
      cartId,
    ]);
  });

  it("lists the customer's placed orders newest first, a page at a time", async () => {
    const first = await get('/v1/guests/past-orders?limit=3', aliceHeaders());
    expect(first.statusCode).toBe(200);
    const page = first.json<Body<{ orders: PastOrderSummary[]; hasMore: boolean }>>().value;
    expect(page.orders.map((o) => o.id)).toEqual([...placed].reverse().slice(0, 3));
    expect(page.hasMore).toBe(true);
    const newest = page.orders[0];
    expect(newest).toMatchObject({
      locationId: DEMO_LOCATIONS.curbside,
      itemCount: 2,
      orderChannel: ORDER_CHANNEL.web,
      fulfillmentMethod: 1,
    });
    expect(newest?.total).toBeCloseTo(20.88, 2); // 2 x 9.49 plus 10% tax
    // The page's JSON is made by the route itself: the very text the response schema's serializer makes.
    expect(first.body).toBe(JSON.stringify(z.encode(PastOrdersResponseSchema, first.json())));
    const [row] = await ctx.app.db
      .select()
      .from(orders)
      .where(eq(orders.id, placed[3] ?? 0));
    // The ready time in the store's zone (America/New_York): an offset, the same instant.
    expect(newest?.readyDateTime).toMatch(/T\d\d:\d\d:\d\d-0[45]:00$/);
    expect(Date.parse(newest?.readyDateTime ?? '')).toBe(row?.expectedReadyAt?.setMilliseconds(0));

    const last = page.orders.at(-1)?.id;
    const rest = await get(`/v1/guests/past-orders?limit=3&before=${last}`, aliceHeaders());
    const second = rest.json<Body<{ orders: PastOrderSummary[]; hasMore: boolean }>>().value;
    expect(second.orders.map((o) => o.id)).toEqual([placed[0]]);
    expect(second.hasMore).toBe(false);

    // Bob has none of Alice's orders.
    const bobs = await get('/v1/guests/past-orders', bobHeaders());
    expect(bobs.json<Body<{ orders: PastOrderSummary[] }>>().value).toEqual({ orders: [], hasMore: false });
  });

  it("keeps the token's order channel with filterByCurrentOrderChannel", async () => {
    await ctx.app.db
      .update(orders)
      .set({ orderChannel: ORDER_CHANNEL.inStore })
      .where(eq(orders.id, placed[1] ?? 0));
    try {
      const all = await get('/v1/guests/past-orders', aliceHeaders());
      expect(all.json<Body<{ orders: PastOrderSummary[] }>>().value.orders).toHaveLength(4);
      const web = await get('/v1/guests/past-orders?filterByCurrentOrderChannel=true', aliceHeaders());
      expect(web.json<Body<{ orders: PastOrderSummary[] }>>().value.orders.map((o) => o.id)).toEqual([
        placed[3],
        placed[2],
        placed[0],
      ]);
    } finally {
      await ctx.app.db
        .update(orders)
        .set({ orderChannel: ORDER_CHANNEL.web })
        .where(eq(orders.id, placed[1] ?? 0));
    }
  });

  it('shows a past order with its lines, totals, store address and add-item payloads', async () => {
    const res = await get(`/v1/guests/past-orders/${placed[0]}`, aliceHeaders());
    expect(res.statusCode).toBe(200);
    const detail = res.json<Body<PastOrderDetail>>().value;
    expect(detail.items.map((i) => [i.title, i.quantity, i.total])).toEqual([
      ['Classic Burger', 2, 18.98],
      ['Fresh Lemonade', 1, 3.49],
    ]);
    expect(detail.items[0]?.modifiers).toEqual([{ title: 'American', quantity: 1 }]);
    expect(detail.totals).toMatchObject({
      subtotal: 22.47,
      salesTax: 2.25,
      total: 24.72,
      deliveryFee: 0,
      driverTip: 0,
    });
    expect(detail.itemCount).toBe(3);
    expect(detail.locationAddress).toMatch(/Washington, DC \d{5}$/);
    expect(detail.reorderItems).toEqual([
      {
        ...classic(2),
        modifiers: [{ itemPathKey: key(10, 101, 910, 9101), quantity: 1, portionId: null }],
        portionId: null,
        note: null,
      },
      { ...lemonade(), portionId: null, note: null },
    ]);
    // They are add-item payloads: bulk-items takes them as they are (the Lemonade is off today's menu).
    const cart = await createOrder({ menuSnapshotId: newSnapshotId });
    const bulk = await ctx.app.inject({
      method: 'POST',
      url: `/v1/sales/orders/${cart.json<Body<Order>>().value.id}/bulk-items?removeInvalidItems=true`,
      headers: aliceHeaders(),
      payload: { items: detail.reorderItems },
    });
    expect(bulk.statusCode, bulk.body).toBe(201);
    expect(bulk.json<Body<{ order: Order }>>().value.order.items.map((i) => i.total)).toEqual([20.98]);
  });

  it("answers 404 for another customer's, a guest's or an unknown order and line", async () => {
    const guestOrder = await placeOrder(guestToken, DEMO_LOCATIONS.open, [classic(2)]);
    for (const id of [placed[0], guestOrder, 2_000_000_000]) {
      const asBob = await get(`/v1/guests/past-orders/${id}`, bobHeaders());
      expect(asBob.statusCode).toBe(404);
      expect(asBob.json<Body<null>>().errors[0]).toMatchObject({ code: 21042 });
    }
    expect((await get(`/v1/guests/past-orders/${guestOrder}`, aliceHeaders())).statusCode).toBe(404);
    const detail = await get(`/v1/guests/past-orders/${placed[0]}`, aliceHeaders());
    const lineId = detail.json<Body<PastOrderDetail>>().value.items[0]?.id;
    const asBob = await get(
      `/v1/guests/past-ordered-items/${lineId}?snapshotId=${newSnapshotId}`,
      bobHeaders(),
    );
    expect(asBob.statusCode).toBe(404);
    const repeat = await createOrder({ pastOrderId: placed[0], removeInvalidItems: true }, bobHeaders());
    expect(repeat.statusCode).toBe(404);
  });

  it('answers 401 to a guest token (no customer): these routes need a signed-in customer', async () => {
    const headers = { authorization: `Bearer ${guestToken}` };
    for (const url of [
      '/v1/guests/past-orders',
      `/v1/guests/past-orders/${placed[0]}`,
      `/v1/guests/past-ordered-items?snapshotId=${newSnapshotId}`,
      `/v1/guests/past-ordered-items/1?snapshotId=${newSnapshotId}`,
    ]) {
      const res = await get(url, headers);
      expect(res.statusCode, url).toBe(401);
      expect(res.json<Body<null>>().succeed).toBe(false);
    }
    const repeat = await createOrder({ pastOrderId: placed[0] }, headers);
    expect(repeat.statusCode).toBe(401);
    expect((await get('/v1/guests/past-orders', {})).statusCode).toBe(401);
  });

  it('answers 401 (10005) once the customer session is revoked, and to a wrong X-Integration', async () => {
    const id = await createCustomer(ctx);
    const signedIn = await signInCustomer(ctx, id);
    const headers = customerHeaders(signedIn.token, id);
    expect((await get('/v1/guests/past-orders', headers)).statusCode).toBe(200);
    const wrong = await get('/v1/guests/past-orders', { ...headers, 'x-integration': String(alice.id) });
    expect(wrong.statusCode).toBe(401);
    await revokeSessionIn(ctx, signedIn.customerSessionId);
    for (const url of [
      '/v1/guests/past-orders',
      `/v1/guests/past-ordered-items?snapshotId=${newSnapshotId}`,
    ]) {
      const res = await get(url, headers);
      expect(res.statusCode, url).toBe(401);
      expect(res.json<Body<null>>().errors[0]).toMatchObject({ code: 10005 });
    }
  });

  it('checks the session in the history page’s one statement: 401 for a closed session with orders', async () => {
    const second = await signInCustomer(ctx, alice.id);
    const headers = customerHeaders(second.token, alice.id);
    const statements: string[] = [];
    const stop = ctx.database.onStatement((text) => statements.push(text.trim()));
    try {
      expect((await get('/v1/guests/past-orders?limit=2', headers)).statusCode).toBe(200);
    } finally {
      stop();
    }
    // The page with the session check, nothing else: the auth hook leaves the check to it.
    expect(statements, statements.join('\n')).toHaveLength(1);
    const page = (await get('/v1/guests/past-orders?limit=2', headers)).json<
      Body<{ orders: PastOrderSummary[] }>
    >().value;
    await revokeSessionIn(ctx, second.customerSessionId);
    for (const url of [
      '/v1/guests/past-orders',
      `/v1/guests/past-orders?before=${page.orders[1]?.id}&filterByCurrentOrderChannel=true`,
    ]) {
      const res = await get(url, headers);
      expect(res.statusCode, url).toBe(401);
      expect(res.json<Body<null>>().errors[0]).toMatchObject({ key: 'SessionInvalid', code: 10005 });
    }
    // Her other session is untouched.
    expect((await get('/v1/guests/past-orders', aliceHeaders())).statusCode).toBe(200);
  });

  it('refuses a repeat and a new cart to a closed session (401 10005), writing nothing', async () => {
    const second = await signInCustomer(ctx, alice.id);
    const headers = customerHeaders(second.token, alice.id);
    await revokeSessionIn(ctx, second.customerSessionId);
    const before = await ordersOfSession(second.sid);
    for (const payload of [
      { pastOrderId: placed[3] },
      { pastOrderId: 2_000_000_000 },
      { menuSnapshotId: await currentSnapshot(DEMO_LOCATIONS.curbside) },
    ]) {
      const res = await createOrder(payload, headers);
      expect(res.statusCode, JSON.stringify(payload)).toBe(401);
      expect(res.json<Body<null>>().errors[0]).toMatchObject({ key: 'SessionInvalid', code: 10005 });
    }
    expect(await ordersOfSession(second.sid)).toEqual(before);
    // An open session of hers still repeats and starts carts.
    expect((await createOrder({ pastOrderId: placed[3] })).statusCode).toBe(201);
  });

  it('answers 400 with the envelope for bad input', async () => {
    for (const url of [
      '/v1/guests/past-orders?limit=0',
      '/v1/guests/past-orders?limit=101',
      '/v1/guests/past-orders?before=abc',
      '/v1/guests/past-orders?filterByCurrentOrderChannel=maybe',
      '/v1/guests/past-orders/abc',
      '/v1/guests/past-orders/99999999999',
      '/v1/guests/past-ordered-items',
      `/v1/guests/past-ordered-items?snapshotId=${newSnapshotId}&limit=6`,
      '/v1/guests/past-ordered-items/1',
    ]) {
      const res = await get(url, aliceHeaders());
      expect(res.statusCode, url).toBe(400);
      expect(res.json<Body<null>>().succeed).toBe(false);
    }
    for (const payload of [{ pastOrderId: 'x' }, { pastOrderId: 1, removeInvalidItems: 'yes' }, {}]) {
      const res = await createOrder(payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
    }
  });

  it('lists the latest distinct past items repriced on the given snapshot, missing ones left out', async () => {
    const res = await get(`/v1/guests/past-ordered-items?snapshotId=${newSnapshotId}`, aliceHeaders());
    expect(res.statusCode).toBe(200);
    const items = res.json<Body<RecentOrderedItem[]>>().value;
    // O4's Classic x2 (the same as O1's, shown once), O2's Veggie (out of stock); the Lemonade is off the menu.
    expect(items.map((i) => [i.title, i.quantity, i.total, i.isOutOfStock])).toEqual([
      ['Classic Burger', 2, 20.98, false],
      ['Garden Veggie Burger', 1, 10.99, true],
    ]);
    expect(items[0]?.selectedModifiers).toEqual([
      { itemPathKey: key(10, 101, 910, 9101), title: 'American', quantity: 1, portionId: null, itemType: 2 },
    ]);

    // On the old snapshot the old price and the Lemonade are back.
    const old = await get(`/v1/guests/past-ordered-items?snapshotId=${oldSnapshotId}`, aliceHeaders());
    expect(
      old.json<Body<RecentOrderedItem[]>>().value.map((i) => [i.title, i.total, i.isOutOfStock]),
    ).toEqual([
      ['Classic Burger', 18.98, false],
      ['Fresh Lemonade', 3.49, false],
      ['Garden Veggie Burger', 10.99, false],
    ]);

    const here = await get(
      `/v1/guests/past-ordered-items?snapshotId=${newSnapshotId}&locationId=${DEMO_LOCATIONS.open}&limit=1`,
      aliceHeaders(),
    );
    const [only] = here.json<Body<RecentOrderedItem[]>>().value;
    expect(only?.title).toBe('Garden Veggie Burger');

    const one = await get(
      `/v1/guests/past-ordered-items/${items[0]?.pastItemId}?snapshotId=${newSnapshotId}`,
      aliceHeaders(),
    );
    expect(one.statusCode).toBe(200);
    expect(one.json<Body<RecentOrderedItem>>().value).toEqual(items[0]);
    const unknownSnapshot = await get(`/v1/guests/past-ordered-items?snapshotId=2000000000`, aliceHeaders());
    expect(unknownSnapshot.statusCode).toBe(404);
  });

  async function ordersOfSession(sid: string) {
    return ctx.app.db.select({ id: orders.id }).from(orders).where(eq(orders.sessionId, sid));
  }

  it('refuses a repeat with missing items (10018 per item) and writes nothing, then repeats without them', async () => {
    const before = await ordersOfSession(alice.sid);
    const refused = await createOrder({ pastOrderId: placed[0] });
    expect(refused.statusCode).toBe(422);
    expect(refused.json<Body<null>>().errors).toEqual([
      { key: 'MissingItem', code: 10018, message: 'Fresh Lemonade' },
    ]);
    expect(await ordersOfSession(alice.sid)).toEqual(before);

    const repeated = await createOrder({ pastOrderId: placed[0], removeInvalidItems: true });
    expect(repeated.statusCode, repeated.body).toBe(201);
    // The answer's JSON is made by the route itself: the very text the response schema's serializer makes.
    expect(repeated.body).toBe(JSON.stringify(z.encode(RepeatOrderResponseSchema, repeated.json())));
    const value = repeated.json<Body<{ order: Order; removedItems: { itemPathKey: string }[] }>>().value;
    expect(value.removedItems.map((r) => r.itemPathKey)).toEqual([key(40, 402)]);
    expect(value.order.context).toMatchObject({
      locationId: DEMO_LOCATIONS.open,
      snapshotId: newSnapshotId,
      orderChannelId: ORDER_CHANNEL.web,
    });
    expect(value.order.isPlaced).toBe(false);
    // Today's price, not the 9.49 it was ordered at.
    expect(value.order.items.map((i) => [i.title, i.quantity, i.total])).toEqual([
      ['Classic Burger', 2, 20.98],
    ]);
    expect(value.order.totals.subtotal).toBe(20.98);
    const [row] = await ctx.app.db.select().from(orders).where(eq(orders.id, value.order.id));
    expect(row).toMatchObject({ sessionId: alice.sid, userId: alice.id, placedAt: null });
  });

  it('answers NoAvailableItem when no past item can be ordered, with or without removeInvalidItems', async () => {
    for (const [pastOrderId, removeInvalidItems] of [
      [placed[2], false],
      [placed[2], true],
      [placed[1], true],
    ] as const) {
      const before = await ordersOfSession(alice.sid);
      const res = await createOrder({ pastOrderId, removeInvalidItems });
      expect(res.statusCode).toBe(422);
      expect(res.json<Body<null>>().errors).toEqual([
        { key: 'NoAvailableItem', code: 10018, message: 'No available item' },
      ]);
      expect(await ordersOfSession(alice.sid)).toEqual(before);
    }
  });

  it('repeats an order at the store it was placed at, on that store’s current menu', async () => {
    const res = await createOrder({ pastOrderId: placed[3] });
    expect(res.statusCode, res.body).toBe(201);
    const value = res.json<Body<{ order: Order; removedItems: unknown[] }>>().value;
    expect(value.removedItems).toEqual([]);
    expect(value.order.context.locationId).toBe(DEMO_LOCATIONS.curbside);
    expect(value.order.context.snapshotId).toBe(await currentSnapshot(DEMO_LOCATIONS.curbside));
    expect(value.order.items.map((i) => i.total)).toEqual([18.98]);
  });

  it('repeats lines with modifiers in their order, answering what the stored order reads back as', async () => {
    const carolId = await createCustomer(ctx, { firstName: 'Carol' });
    const carol = await signInCustomer(ctx, carolId);
    const pastOrderId = await placeOrder(carol.token, DEMO_LOCATIONS.curbside, [
      classic(1),
      lemonade(),
      classic(3),
    ]);
    const headers = customerHeaders(carol.token, carolId);
    const res = await createOrder({ pastOrderId }, headers);
    expect(res.statusCode, res.body).toBe(201);
    const repeated = res.json<Body<{ order: Order }>>().value.order;
    expect(repeated.items.map((i) => [i.title, i.quantity, i.selectedModifiers.length])).toEqual([
      ['Classic Burger', 1, 1],
      ['Fresh Lemonade', 1, 0],
      ['Classic Burger', 3, 1],
    ]);
    const ids = repeated.items.map((i) => i.id);
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
    // The order as the order routes read it from its rows (lines, modifiers, stored totals) is the repeat's answer.
    const read = await get(`/v1/sales/orders/${repeated.id}`, headers);
    expect(read.statusCode, read.body).toBe(200);
    expect(read.json<Body<Order>>().value).toEqual(repeated);
    const [row] = await ctx.app.db.select().from(orders).where(eq(orders.id, repeated.id));
    expect(row).toMatchObject({
      userId: carolId,
      placedAt: null,
      subtotalCents: Math.round(repeated.totals.subtotal * 100),
      salesTaxCents: Math.round(repeated.totals.salesTax * 100),
      totalCents: Math.round(repeated.totals.total * 100),
    });
  });

  it(`repeats a one-line order in at most ${REPEAT_ORDER_ROUND_TRIPS} round trips, the session check included`, async () => {
    const statements: string[] = [];
    const stop = ctx.database.onStatement((text) => statements.push(text.trim()));
    try {
      const res = await createOrder({ pastOrderId: placed[3] });
      expect(res.statusCode, res.body).toBe(201);
    } finally {
      stop();
    }
    const list = statements.map((s, i) => `${i + 1}. ${s.replace(/\s+/g, ' ').slice(0, 160)}`).join('\n');
    expect(statements.length, list).toBeLessThanOrEqual(REPEAT_ORDER_ROUND_TRIPS);
  });

  it('seeds the demo customer with history at two stores and a past item now out of stock', async () => {
    const [demo] = await ctx.app.db.select().from(customers).where(eq(customers.email, DEMO_CUSTOMER.email));
    if (!demo) throw new Error('no demo customer');
    expect(demo.activatedAt).not.toBeNull();
    expect(await verifyPassword(demo.passwordHash, DEMO_CUSTOMER.password)).toBe(true);
    const signedIn = await signInCustomer(ctx, demo.id);
    const headers = customerHeaders(signedIn.token, demo.id);
    const page = (await get('/v1/guests/past-orders?limit=4', headers)).json<
      Body<{ orders: PastOrderSummary[]; hasMore: boolean }>
    >().value;
    expect(page.hasMore).toBe(true);
    const all = (await get('/v1/guests/past-orders', headers)).json<Body<{ orders: PastOrderSummary[] }>>()
      .value.orders;
    expect(all).toHaveLength(7);
    expect(new Set(all.map((o) => o.locationId))).toEqual(
      new Set([DEMO_LOCATIONS.open, DEMO_LOCATIONS.curbside]),
    );
    const placedDays = all.map((o) => Date.parse(o.placedAt));
    expect(placedDays).toEqual([...placedDays].sort((a, b) => b - a));

    const dupont = all.find((o) => o.locationId === DEMO_LOCATIONS.open);
    const refused = await createOrder({ pastOrderId: dupont?.id }, headers);
    expect(refused.statusCode).toBe(422);
    // (This test's own menu change took the Lemonade off Dupont's menu too.)
    expect(refused.json<Body<null>>().errors).toContainEqual({
      key: 'MissingItem',
      code: 10018,
      message: 'Mushroom Swiss Burger',
    });
    const strip = await get(
      `/v1/guests/past-ordered-items?snapshotId=${await currentSnapshot(DEMO_LOCATIONS.curbside)}`,
      headers,
    );
    const items = strip.json<Body<RecentOrderedItem[]>>().value;
    expect(items).toHaveLength(5);
    expect(items.find((i) => i.title === 'Mushroom Swiss Burger')?.isOutOfStock).toBe(true);
  });
});
