/**
 * The authorization matrix: every order, payment, tracking and staff route, called on another guest's order with
 * each credential an attacker can have or make, is refused (401, 403 or 404, never 2xx, never a value); so is
 * every route of a customer's past order or past item (another customer's token among the credentials).
 * Routes are read from the app's OpenAPI document (generated from every route with a schema), so a new route under
 * /v1/sales, /v1/payments, /v1/tracking or /v1/staff joins the matrix or fails the coverage test until it is
 * classified here.
 */
import { randomUUID } from 'node:crypto';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { locationMenus, orderItems, orders, savedPayments } from '../../db/schema/index';
import { createCustomer, signInCustomer } from '../../test/customers';
import { createTestContext, dbKinds, type TestContext } from '../../test/harness';
import { CARDS, createOrderFixture } from '../checkout/checkout.fixtures';
import {
  auth,
  closeRequest,
  paymentCaptcha,
  placeTrackedOrder,
  prepareCheckout,
} from '../checkout/checkout.test-helpers';

type RouteClass = 'order' | 'create-order' | 'tracking' | 'staff' | 'customer';

/** Routes under the guarded prefixes that are open to all on purpose, with the reason. */
const PUBLIC_ROUTES: Record<string, string> = {
  'GET /v1/sales/menus': 'published menu snapshots',
  'GET /v1/sales/menus/{snapshotId}/items/{itemPathKey}/descendants': 'published menu',
  'GET /v1/sales/menus/{menuSnapshotId}/items/{itemPathKey}/transitions': 'published menu',
  'POST /v1/sales/menus/{menuSnapshotId}/items/{itemPathKey}/pricings': 'prices of a published menu',
  'GET /v1/sales/applications/context-options': 'the storefront configuration',
  'POST /v1/staff/sessions':
    'the staff sign-in itself (its failed tries are limited: staff-sessions.test.ts)',
  'POST /v1/loyalty/sso-sessions':
    "a sign-in itself: the brand app's signed single-use token is the credential (loyalty.test.ts)",
  'POST /v1/loyalty/sign-ins':
    "starts a sign-in of the caller's own session at the loyalty issuer; touches nobody else's (loyalty-sign-in.test.ts)",
  'POST /v1/loyalty/oidc-sessions':
    "a sign-in itself: the issuer's code with a state the caller's session started is the credential; another " +
    "session's state is refused (loyalty-sign-in.test.ts)",
};

/** Routes that answer the caller's own records only (nothing of another to refuse), with the reason. */
const OWN_ROUTES: Record<string, string> = {
  'GET /v1/guests/past-orders': "the signed-in customer's own orders (past-orders.test.ts)",
  'GET /v1/guests/past-ordered-items': "the signed-in customer's own past items (past-orders.test.ts)",
  'GET /v1/guests/saved-payments': "the signed-in customer's own saved cards (saved-payments.test.ts)",
  'GET /v1/loyalty/account': "the signed-in member's own points (loyalty.test.ts)",
};

const GUARDED_PREFIXES = [
  '/v1/sales',
  '/v1/payments',
  '/v1/tracking',
  '/v1/staff',
  '/v1/guests/past-',
  '/v1/guests/saved-payments',
  '/v1/loyalty',
];

function classify(method: string, path: string): RouteClass | 'public' | null {
  if (PUBLIC_ROUTES[`${method} ${path}`] || OWN_ROUTES[`${method} ${path}`]) return 'public';
  if (
    path.startsWith('/v1/guests/past-orders/{') ||
    path.startsWith('/v1/guests/past-ordered-items/{') ||
    path.startsWith('/v1/guests/saved-payments/{') ||
    // Rewards on an order: a signed-in member's (a guest's token is refused before the order is read).
    path.startsWith('/v1/loyalty/orders/{orderId}')
  )
    return 'customer';
  if (method === 'POST' && path === '/v1/sales/orders') return 'create-order';
  if (path.startsWith('/v1/sales/orders/{orderId}')) return 'order';
  if (path.startsWith('/v1/tracking/orders/{orderId}')) return 'tracking';
  if (path.startsWith('/v1/staff/')) return 'staff';
  return null;
}

/** Schema-valid bodies, so that a refusal comes from the owner check and not from validation. */
const BODIES: Record<string, unknown> = {
  'POST /v1/sales/orders': { menuSnapshotId: 1 },
  'PATCH /v1/sales/orders/{orderId}': { snapshotId: 1 },
  'POST /v1/sales/orders/{orderId}/items': { itemPathKey: '1', quantity: 1 },
  'POST /v1/sales/orders/{orderId}/bulk-items': { items: [{ itemPathKey: '1', quantity: 1 }] },
  'PUT /v1/sales/orders/{orderId}/items/{itemId}': { quantity: 2 },
  'POST /v1/sales/orders/{orderId}/items/pricings': { itemPathKey: '1', quantity: 1 },
  'PUT /v1/sales/orders/{orderId}/items/{instanceId}/pricings': { quantity: 2 },
  'PATCH /v1/sales/orders/{orderId}/contact-information': {
    firstName: 'Mallory',
    lastName: 'Intruder',
    email: 'mallory@example.com',
    phone: '(202) 555-0199',
  },
  'PATCH /v1/sales/orders/{orderId}/properties': { notes: 'mine now' },
  'PUT /v1/sales/orders/{orderId}/pickup-data': { pickupOption: 0 },
  'PUT /v1/sales/orders/{orderId}/ready-time': { orderReadyTime: null },
  'POST /v1/sales/orders/{orderId}/close-requests': { paymentToken: 'tok_made_up' },
  'POST /v1/sales/orders/{orderId}/validations/{type}': {},
  'PUT /v1/sales/orders/{orderId}/delivery-address': {
    address: { line1: '1 Main St', city: 'Washington', stateCode: 'DC', zipCode: '20001' },
  },
  'PUT /v1/sales/orders/{orderId}/delivery-tip': { tip: 1 },
  'POST /v1/sales/orders/{orderId}/discounts': { discountCode: 'WELCOME10', recaptchaInput: 'not-solved' },
  'POST /v1/sales/orders/{orderId}/payments': { paymentMethod: 5, baseAmount: 1, tipAmount: 0 },
  'PATCH /v1/sales/orders/{orderId}/payments/{paymentId}': { tipAmount: 1 },
  'POST /v1/sales/orders/{orderId}/verification-code-generations': { phone: '(202) 555-0199' },
  'POST /v1/sales/orders/{orderId}/verified-access-token': { digits: ['1', '2', '3', '4', '5', '6'] },
  'POST /v1/loyalty/orders/{orderId}/rewards': { rewardId: 'customPoints', points: 100 },
  'PUT /v1/loyalty/orders/{orderId}/rewards': { rewardId: 'customPoints', points: 100 },
  'PATCH /v1/guests/saved-payments/{id}/address': { postalCode: '20001', avsCoverageLevel: 'ZipCodeOnly' },
  'PUT /v1/tracking/orders/{orderId}/pickup-data': { pickupOption: 1, carColor: 1, carType: 1 },
  'POST /v1/staff/orders/{orderId}/status': {},
  'POST /v1/staff/orders/{orderId}/cancellation': { reason: 'mine now' },
  'PUT /v1/staff/locations/{id}/online': { isOnline: false },
};

const QUERIES: Record<string, string> = {
  'GET /v1/sales/orders/{orderId}/unavailable-items': '?fulfillmentMethod=2',
  'GET /v1/staff/orders': '?locationId=1',
};

interface Target {
  orderId: number;
  itemId: number;
  paymentId: number;
  /** The customer's saved card ({id} of guests/saved-payments routes); other targets have none. */
  savedPaymentId?: number;
}

/** A demo gift card ($100): a refusal of the balance route must come from the owner check, not the number. */
const GIFT_CARD = '6000000000000002';

function urlFor(path: string, target: Target): string {
  const savedPayment = path.startsWith('/v1/guests/saved-payments/');
  return (
    path
      .replace('{id}', savedPayment ? String(target.savedPaymentId ?? 0) : '{id}')
      .replace('{orderId}', String(target.orderId))
      .replace('{itemId}', String(target.itemId))
      .replace('{instanceId}', String(target.itemId))
      .replace('{paymentId}', String(target.paymentId))
      .replace('{pastOrderId}', String(target.orderId))
      .replace('{pastItemId}', String(target.itemId))
      .replace('{modifierKey}', '1-2')
      .replace('{rewardId}', 'customPoints')
      .replace('{type}', 'PreCheckout')
      // The wallet's method: the only one with sessions, so the route reaches the order before refusing.
      .replace('{method}', '15')
      .replace('{code}', GIFT_CARD)
      .replace('{id}', '1')
  );
}

/** Every request from its own address: failed staff credentials are limited per address (429 is not the rule). */
let addressCounter = 0;
const nextAddress = () => {
  addressCounter += 1;
  return `10.${(addressCounter >> 16) & 255}.${(addressCounter >> 8) & 255}.${addressCounter & 255}`;
};

describe.each(await dbKinds())('authorization matrix on %s', (kind) => {
  let ctx: TestContext;
  let routes: { method: string; path: string; cls: RouteClass | 'public' | null }[];
  let victimPlaced: Target & { token: string; trackingToken: string };
  let victimCart: Target & { token: string };
  let attacker: { token: string; trackingToken: string };
  /** A signed-in customer's placed order (and its line), and another customer's token. */
  let victimCustomer: Target & { token: string };
  let otherCustomerToken: string;

  async function firstItemId(orderId: number): Promise<number> {
    const [item] = await ctx.app.db
      .select({ id: orderItems.id })
      .from(orderItems)
      .where(eq(orderItems.orderId, orderId));
    if (!item) throw new Error('no item');
    return item.id;
  }

  beforeAll(async () => {
    ctx = await createTestContext(kind);
    const doc = ctx.app.swagger() as { paths: Record<string, Record<string, unknown>> };
    routes = Object.entries(doc.paths).flatMap(([path, operations]) =>
      Object.keys(operations)
        .map((m) => m.toUpperCase())
        .filter((m) => ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'].includes(m))
        .map((method) => ({ method, path, cls: classify(method, path) })),
    );
    const placed = await placeTrackedOrder(ctx);
    victimPlaced = { ...placed, itemId: await firstItemId(placed.orderId) };
    const cart = await createOrderFixture(ctx);
    const cartPayment = await ctx.app.inject({
      method: 'POST',
      url: `/v1/sales/orders/${cart.orderId}/payments`,
      headers: auth(cart.token),
      payload: {
        paymentMethod: 5,
        baseAmount: cart.totalCents / 100,
        tipAmount: 0,
        recaptchaInput: await paymentCaptcha(ctx),
      },
    });
    victimCart = {
      token: cart.token,
      orderId: cart.orderId,
      itemId: await firstItemId(cart.orderId),
      paymentId: cartPayment.json<{ value: { id: number } }>().value.id,
    };
    attacker = await placeTrackedOrder(ctx);

    // A customer's order, placed with a real item through the routes (so a refusal is not the menu's).
    const [menu] = await ctx.app.db
      .select({ menuId: locationMenus.menuId, snapshotId: locationMenus.snapshotId })
      .from(locationMenus)
      .where(and(eq(locationMenus.locationId, 1), eq(locationMenus.catering, false)));
    if (!menu) throw new Error('no menu');
    QUERIES['GET /v1/guests/past-ordered-items/{pastItemId}'] = `?snapshotId=${menu.snapshotId}`;
    const victimId = await createCustomer(ctx);
    const victim = await signInCustomer(ctx, victimId);
    const created = await ctx.app.inject({
      method: 'POST',
      url: '/v1/sales/orders',
      headers: auth(victim.token),
      payload: { menuSnapshotId: menu.snapshotId },
    });
    const customerOrderId = created.json<{ value: { id: number } }>().value.id;
    const added = await ctx.app.inject({
      method: 'POST',
      url: `/v1/sales/orders/${customerOrderId}/bulk-items`,
      headers: auth(victim.token),
      payload: { items: [{ itemPathKey: `${menu.menuId}-40-402`, quantity: 4 }] },
    });
    const total = added.json<{ value: { order: { totals: { total: number } } } }>().value.order.totals.total;
    const fixture = { token: victim.token, orderId: customerOrderId, totalCents: Math.round(total * 100) };
    const { paymentToken, paymentId } = await prepareCheckout(ctx, fixture, CARDS.approve);
    // The card is saved at placement, so another customer (or a guest) has a real saved card to aim at.
    const placedCustomer = await closeRequest(ctx, fixture, { paymentToken, paymentIdToSave: paymentId });
    if (placedCustomer.statusCode !== 200) throw new Error(placedCustomer.body);
    const [saved] = await ctx.app.db
      .select({ id: savedPayments.id })
      .from(savedPayments)
      .where(eq(savedPayments.customerId, victimId));
    if (!saved) throw new Error('the victim has no saved card');
    victimCustomer = {
      token: victim.token,
      orderId: customerOrderId,
      itemId: await firstItemId(customerOrderId),
      paymentId,
      savedPaymentId: saved.id,
    };
    const own = await ctx.app.inject({
      method: 'GET',
      url: `/v1/guests/past-orders/${customerOrderId}`,
      headers: auth(victim.token),
    });
    if (own.statusCode !== 200) throw new Error(`the victim cannot read its own order: ${own.body}`);
    otherCustomerToken = (await signInCustomer(ctx, await createCustomer(ctx))).token;
    // Four placements and a customer's saved card: minutes on a loaded runner.
  }, 240_000);
  afterAll(() => ctx.close());

  const wrongKey = new TextEncoder().encode(`not-our-secret-${randomUUID()}`);
  const rightKey = () => new TextEncoder().encode(ctx.env.JWT_SECRET);
  const sessionOf = async (token: string) => {
    const session = await ctx.app.tokens.verifyAccessToken(token);
    if (!session) throw new Error('victim token invalid');
    return session;
  };
  const accessClaims = async (token: string) => {
    const session = await sessionOf(token);
    return {
      typ: 'access',
      sid: session.sid,
      app: session.appType,
      ...(session.userId === null ? {} : { uid: session.userId, csid: session.customerSessionId }),
    };
  };

  /** Credentials an attacker has or can make against the victim's order, by route class. */
  async function credentials(cls: RouteClass, victim: { token: string; orderId: number }) {
    const forgedAccess = await new SignJWT(await accessClaims(victim.token))
      .setProtectedHeader({ alg: 'HS256' })
      .setIssuedAt()
      .setExpirationTime('1h')
      .sign(wrongKey);
    const accessWithoutExp = await new SignJWT(await accessClaims(victim.token))
      .setProtectedHeader({ alg: 'HS256' })
      .setIssuedAt()
      .sign(rightKey());
    const forgedTracking = await new SignJWT({ typ: 'tracking', oid: victim.orderId })
      .setProtectedHeader({ alg: 'HS256' })
      .setIssuedAt()
      .setExpirationTime('1h')
      .sign(wrongKey);
    const trackingWithoutExp = await new SignJWT({ typ: 'tracking', oid: victim.orderId })
      .setProtectedHeader({ alg: 'HS256' })
      .setIssuedAt()
      .sign(rightKey());
    const common = {
      "another guest's token": attacker.token,
      "another order's tracking token": attacker.trackingToken,
    };
    if (cls === 'tracking') {
      return {
        ...common,
        'a forged token': forgedTracking,
        'a token without exp': trackingWithoutExp,
      };
    }
    return {
      ...common,
      'a forged token': forgedAccess,
      'a token without exp': accessWithoutExp,
      ...(cls === 'staff' ? { 'a forged tracking token': forgedTracking } : {}),
      ...(cls === 'customer' ? { "another customer's token": otherCustomerToken } : {}),
    };
  }

  it('covers every order, payment, tracking and staff route (a new one must be classified here)', () => {
    const guarded = routes.filter((r) => GUARDED_PREFIXES.some((p) => r.path.startsWith(p)));
    expect(guarded.filter((r) => r.cls === null).map((r) => `${r.method} ${r.path}`)).toEqual([]);
    const missingBody = guarded
      .filter((r) => r.cls !== 'public' && ['POST', 'PUT', 'PATCH'].includes(r.method))
      .filter((r) => !(`${r.method} ${r.path}` in BODIES))
      .map((r) => `${r.method} ${r.path}`);
    expect(missingBody).toEqual([]);
    // The matrix is not empty by accident (the document lists the routes it should).
    expect(guarded.filter((r) => r.cls === 'order').length).toBeGreaterThan(20);
    expect(guarded.filter((r) => r.cls === 'tracking').length).toBeGreaterThanOrEqual(4);
    expect(guarded.filter((r) => r.cls === 'staff').length).toBeGreaterThanOrEqual(5);
    expect(guarded.filter((r) => r.cls === 'customer').length).toBeGreaterThanOrEqual(2);
  });

  it("refuses another guest's token, forged tokens, tokens without exp and another order's tracking token", async () => {
    const failures: string[] = [];
    let attempts = 0;
    for (const route of routes) {
      if (route.cls === null || route.cls === 'public') continue;
      const cls = route.cls;
      const targets =
        cls === 'order' ? [victimCart, victimPlaced] : cls === 'customer' ? [victimCustomer] : [victimPlaced];
      for (const target of targets) {
        const creds = await credentials(cls, target);
        for (const [name, token] of Object.entries(creds)) {
          // Creating an order for oneself with one's own valid token is allowed: only made-up tokens apply.
          if (cls === 'create-order' && token === attacker.token) continue;
          const key = `${route.method} ${route.path}`;
          const res = await ctx.app.inject({
            method: route.method as 'GET',
            url: urlFor(route.path, target) + (QUERIES[key] ?? ''),
            headers: { ...auth(token), 'idempotency-key': randomUUID() },
            remoteAddress: nextAddress(),
            ...(key in BODIES ? { payload: BODIES[key] as object } : {}),
          });
          attempts += 1;
          const body = res.json<{ succeed?: boolean; value?: unknown }>();
          if (![401, 403, 404].includes(res.statusCode) || body.succeed !== false || body.value !== null) {
            failures.push(`${key} with ${name} on order ${target.orderId}: ${res.statusCode} ${res.body}`);
          }
        }
      }
    }
    expect(failures).toEqual([]);
    expect(attempts).toBeGreaterThan(100);
    // Nothing was changed: the victim's placed order is still received, with its contact; the cart unchanged.
    const [placed] = await ctx.app.db.select().from(orders).where(eq(orders.id, victimPlaced.orderId));
    expect(placed).toMatchObject({
      status: 1,
      contactLastName: expect.not.stringMatching(/Intruder/) as string,
    });
    const [cart] = await ctx.app.db.select().from(orders).where(eq(orders.id, victimCart.orderId));
    expect(cart?.placedAt).toBeNull();
    expect(cart?.contactLastName ?? null).toBeNull();
    // The victim's saved card is neither deleted nor re-addressed.
    const [card] = await ctx.app.db
      .select()
      .from(savedPayments)
      .where(eq(savedPayments.id, victimCustomer.savedPaymentId ?? 0));
    expect(card?.deletedAt).toBeNull();
    expect(card?.billingAddress).toEqual({ postalCode: '20036' });
  });
});
