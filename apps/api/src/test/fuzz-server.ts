/**
 * The fuzz suite's server (fuzz.test.ts): a test app on a seeded database of the kind given as the first
 * argument, listening on a free port, in a process of its own so that a request that pins the CPU (an endless
 * loop) is seen as a hang by the test and the server can be killed and started again.
 * It prints one line, `FUZZ-READY <json>` (or `FUZZ-FAILED <reason>` and exits), with its port and the fixtures the fuzzer uses for path parameters
 * and bodies (a guest's token and order with one line and its card payment; a hosted card page of an order of
 * its own; a staff session; orders at the wallet store with their wallet payments and sessions: the fuzzer's,
 * one for the sessions route and the sheet, one to approve and one to cancel; a demo gift card; a signed-in
 * customer's token and saved card; a second customer whose saved cards the delete route takes; a second token
 * of the first customer to sign out with), and closes on SIGTERM. Values some operations must not share with
 * the others (a session another route would use up, a card another would delete, a token signing out ends)
 * are given for those operations only (knownByOperation, customerTokenByOperation). Errors the API logs (a 5xx's stack) go to stderr, which the test passes through.
 *
 * It trusts X-Forwarded-For from the test (loopback), so the fuzzer gives each request a client address of its
 * own: the per-address limits (failed staff credentials, token and card attempts) would otherwise answer most
 * requests with 429 and the routes behind them would go unexercised.
 */
import type { Menu } from '@storefront/contracts/menu';
import { DEMO_LOCATIONS } from '../db/seed/locations';
import { imageIdOf } from '../db/seed/menus';
import { buildApp } from '../app';
import { savedPayments } from '../db/schema/payments';
import { loyaltyRewards } from '../db/schema/loyalty';
import { DEMO_LOYALTY } from '../db/seed/loyalty';
import { openLoyaltyProvider } from '../providers/loyalty/open-provider';
import { solveCaptcha } from './captcha';
import { createCustomer, signInCustomer } from './customers';
import { createTestContext, type DbKind } from './harness';

export interface FuzzFixtures {
  port: number;
  /** The OpenAPI document the app builds (app.swagger()), whether or not /docs is served. */
  document: unknown;
  guestToken: string;
  trackingToken: string | null;
  staffKey: string;
  staffToken: string | null;
  /** A signed-in customer's token (the guests/saved-payments routes), with a saved card among known.id. */
  customerToken: string | null;
  /**
   * The customer token of some operations instead of customerToken: signing out (DELETE
   * guests/sessions/current) with a second session of the customer, since signing out with customerToken would
   * leave the saved-card routes after it nothing but 401; deleting saved cards as a second customer, since a
   * drawn id would otherwise take the card the address edit works on.
   */
  customerTokenByOperation: Record<string, string>;
  /** Known good values by parameter or property name (orderId, itemId, itemPathKey, sessionId...). */
  known: Record<string, (string | number)[]>;
  /** Per operation ('DELETE /v1/guests/saved-payments/{id}'), values used instead of known's of the same name. */
  knownByOperation: Record<string, Record<string, (string | number)[]>>;
}

const kind: DbKind = process.argv[2] === 'postgres' ? 'postgres' : 'pglite';
// Loyalty login (2): the loyalty sign-in routes reach their code (start, code exchange) instead of a 404.
const ctx = await createTestContext(kind, { TRUST_PROXY: ['127.0.0.1'], LOGIN_CONFIGURATION: 2 });
// The harness's app logs nothing; this one, on the same database, logs errors.
const app = await buildApp({ env: { ...ctx.env, LOG_LEVEL: 'error' }, database: ctx.database });
await app.ready();
const token = await app.inject({
  method: 'POST',
  url: '/v1/oauth/token',
  payload: { clientId: ctx.env.WEB_CLIENT_ID, clientSecret: ctx.env.WEB_CLIENT_SECRET },
});
const guestToken = token.json<{ value: { accessToken: string } }>().value.accessToken;
const auth = { authorization: `Bearer ${guestToken}` };

/**
 * A setup request; one that does not answer within 30 s (a wedged database) ends the server with the reason.
 * Not less: the first address search loads the gazetteer, 2.5 s alone and over 10 s on a loaded runner.
 */
async function call<T>(method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object): Promise<T | null> {
  const timer = setTimeout(() => {
    console.log(`FUZZ-FAILED setup request ${method} ${url} got no answer within 30 s`);
    process.exit(1);
  }, 30_000);
  const res = await app.inject({ method, url, headers: auth, ...(payload ? { payload } : {}) });
  clearTimeout(timer);
  if (res.statusCode >= 300 || !String(res.headers['content-type']).startsWith('application/json'))
    return null;
  return res.json<{ value: T }>().value;
}

// The open store's menu, an order priced on it with one line (a burger with modifiers), a card payment.
const menu = await call<Menu>('GET', `/v1/sales/menus?locationId=${DEMO_LOCATIONS.open}`);
if (!menu) throw new Error('fuzz server: no menu');
const key = (...segments: number[]) => [menu.menuId, ...segments].join('-');
const order = await call<{ id: number }>('POST', '/v1/sales/orders', {
  menuSnapshotId: menu.snapshotId,
  orderDateTime: new Date().toISOString(),
});
if (!order) throw new Error('fuzz server: no order');
const withItem = await call<{ items: { id: number }[] }>('POST', `/v1/sales/orders/${order.id}/items`, {
  itemPathKey: key(10, 101),
  quantity: 1,
  modifiers: [{ itemPathKey: key(10, 101, 910, 9103), quantity: 1 }],
});
const itemIds = withItem?.items.map((item) => item.id) ?? [];
const CONTACT = { firstName: 'Ada', lastName: 'Lovelace', phone: '(202) 555-0143', email: 'ada@example.com' };

/** A new order at the store of `storeMenu` with the burger line; its total (dollars) is what a payment must be. */
async function pricedOrder(storeMenu: Menu) {
  const created = await call<{ id: number }>('POST', '/v1/sales/orders', {
    menuSnapshotId: storeMenu.snapshotId,
    orderDateTime: new Date().toISOString(),
  });
  if (!created) return null;
  const priced = await call<{ totals: { total: number } }>('POST', `/v1/sales/orders/${created.id}/items`, {
    itemPathKey: [storeMenu.menuId, 10, 101].join('-'),
    quantity: 1,
    modifiers: [{ itemPathKey: [storeMenu.menuId, 10, 101, 910, 9103].join('-'), quantity: 1 }],
  });
  await call('PATCH', `/v1/sales/orders/${created.id}/contact-information`, CONTACT);
  return priced ? { id: created.id, total: priced.totals.total } : null;
}

/** A card payment for the whole of `orderId` (the store's frame), with the captcha a new card needs. */
async function cardPayment(orderId: number, total: number) {
  const created = await call<{ id: number; paymentUrl: string }>(
    'POST',
    `/v1/sales/orders/${orderId}/payments`,
    {
      paymentMethod: 5,
      baseAmount: total,
      tipAmount: 0,
      billingAddress: { postalCode: '20036' },
      recaptchaInput: await solveCaptcha(app),
    },
  );
  return created
    ? { id: created.id, sessionId: new URL(created.paymentUrl).pathname.split('/').pop() ?? '' }
    : null;
}

await call('PATCH', `/v1/sales/orders/${order.id}/contact-information`, CONTACT);
const orderTotal = (await call<{ totals: { total: number } }>('GET', `/v1/sales/orders/${order.id}`))?.totals
  .total;
const payment = orderTotal === undefined ? null : await cardPayment(order.id, orderTotal);
const tracking = await call<{ trackingToken: string }>(
  'GET',
  `/v1/sales/orders/${order.id}/tracking-url?locationId=${DEMO_LOCATIONS.open}`,
);
const staff = await app.inject({
  method: 'POST',
  url: '/v1/staff/sessions',
  payload: { staffKey: ctx.env.STAFF_KEY },
});
const staffValue = staff.statusCode === 200 ? staff.json<{ value: Record<string, unknown> }>().value : {};
const staffToken = Object.values(staffValue).find((v): v is string => typeof v === 'string' && v.length > 20);

// The wallet store (Express card frame, wallet, offline credit, gift cards): orders with a line, each with its
// pending wallet payment for the total and its wallet session, so the wallet routes get past their lookups. One
// order is the fuzzer's (its payments routes); the wallet's sessions route has an order of its own, so that a
// drawn payment change on the fuzzer's order (a new payment, a deleted one) does not end it first. (The hosted
// card page and the wallet sheet are the processor's: apps/sandbox-processor tests them.)
const walletMenu = await call<Menu>('GET', `/v1/sales/menus?locationId=${DEMO_LOCATIONS.foodHall}`);

async function walletOrderWithSession() {
  const priced = walletMenu ? await pricedOrder(walletMenu) : null;
  if (!priced) return null;
  const created = await call<{ id: number }>('POST', `/v1/sales/orders/${priced.id}/payments`, {
    paymentMethod: 15,
    baseAmount: priced.total,
    tipAmount: 0,
  });
  const session = created
    ? await call<{ sessionId: string }>('GET', `/v1/sales/orders/${priced.id}/payment-methods/15/sessions`)
    : null;
  return { ...priced, paymentId: created?.id ?? null, sessionId: session?.sessionId ?? null };
}
const walletOrder = await walletOrderWithSession();
const walletToShow = await walletOrderWithSession();

// A signed-in customer with saved cards (rows as the processor's vault leaves them: token, brand, last four):
// one the list and the address edit keep using, two for the delete route to take.
const customerId = await createCustomer(ctx);
const customer = await signInCustomer(ctx, customerId);
const signOut = await signInCustomer(ctx, customerId);
const deletingCustomerId = await createCustomer(ctx);
const deletingCustomer = await signInCustomer(ctx, deletingCustomerId);
const [savedCard, ...deletableCards] = await ctx.database.db
  .insert(savedPayments)
  .values(
    [customerId, deletingCustomerId, deletingCustomerId].map((owner, i) => ({
      customerId: owner,
      processorCode: 'AURUS_HOSTED',
      vaultToken: `vault_fuzz_not_a_card_${i}`,
      cardBrand: 'visa',
      lastFour: `111${i}`,
      billingAddress: { postalCode: '20036' },
      avsCoverageLevel: 'ZipCodeOnly',
    })),
  )
  .returning({ id: savedPayments.id });

// The customer's own order with points to redeem on it (loyalty/orders/{orderId}/rewards), the brand's rewards.
await openLoyaltyProvider.grant(
  ctx.database.db,
  { brandId: DEMO_LOYALTY.brandId, customerId },
  5000,
  'Fuzz points',
);
const memberAuth = { authorization: `Bearer ${customer.token}` };
const memberOrder = await app.inject({
  method: 'POST',
  url: '/v1/sales/orders',
  headers: memberAuth,
  payload: { menuSnapshotId: menu.snapshotId },
});
const memberOrderId = memberOrder.json<{ value: { id: number } | null }>().value?.id ?? null;
if (memberOrderId !== null) {
  await app.inject({
    method: 'POST',
    url: `/v1/sales/orders/${memberOrderId}/items`,
    headers: memberAuth,
    payload: { itemPathKey: key(10, 101), quantity: 2 },
  });
}
const rewardIds = (await ctx.database.db.select({ id: loyaltyRewards.id }).from(loyaltyRewards)).map(
  (r) => r.id,
);
const memberOrderKnown = {
  orderId: memberOrderId === null ? [] : [memberOrderId],
  rewardId: [...rewardIds, 'customPoints'],
  points: [100, 250],
};

// Work done once per process on first use, so that the fuzzer's time bound measures requests, not warm-up: the
// offline gazetteer behind address search loads on the first search (2.5 s here), sharp on the first resize.
await call('GET', '/v1/locations?address=Washington%2C%20DC&radiusMiles=25');
await call('GET', '/v1/places/autocomplete?input=Washington');
await call('GET', `/v1/images/${imageIdOf('tomato')}?width=226&height=170`);

await app.listen({ host: '127.0.0.1', port: 0 });
const address = app.server.address();
const fixtures: FuzzFixtures = {
  port: typeof address === 'object' && address ? address.port : 0,
  document: app.swagger(),
  guestToken,
  trackingToken: tracking?.trackingToken ?? null,
  staffKey: ctx.env.STAFF_KEY,
  staffToken: staffToken ?? null,
  customerToken: customer.token,
  customerTokenByOperation: {
    'DELETE /v1/guests/sessions/current': signOut.token,
    'DELETE /v1/guests/saved-payments/{id}': deletingCustomer.token,
  },
  known: {
    // The storefront's loyalty return (loyalty/sign-ins starts a sign-in only back to it).
    callbackUrl: [`${new URL(ctx.env.WEB_PUBLIC_URL).origin}/loyalty-sso`],
    // Store ids and the customer's kept saved card (guests/saved-payments/{id}).
    id: [...new Set([...Object.values(DEMO_LOCATIONS), ...(savedCard ? [savedCard.id] : [])])],
    locationId: Object.values(DEMO_LOCATIONS),
    orderId: walletOrder ? [order.id, walletOrder.id] : [order.id],
    itemId: itemIds,
    instanceId: itemIds,
    paymentId: [...(payment ? [payment.id] : []), ...(walletOrder?.paymentId ? [walletOrder.paymentId] : [])],
    paymentIdToSave: payment ? [payment.id] : [],
    savedPaymentId: savedCard ? [savedCard.id] : [],
    // A payment's amounts: the orders' totals (a card, wallet or offline payment must be exactly what is due),
    // and a part of one (a gift card).
    baseAmount: [
      ...(orderTotal === undefined ? [] : [orderTotal]),
      ...(walletOrder ? [walletOrder.total] : []),
      1,
    ],
    tipAmount: [0],
    // A billing address the sandbox verifies (postal code only at every demo store's level, or all four).
    postalCode: ['20036'],
    address1: ['1600 Pennsylvania Ave NW'],
    city: ['Washington'],
    state: ['DC'],
    avsCoverageLevel: ['ZipCodeOnly'],
    // The hosted card page's fields: the sandbox's approving and declining cards, an expiry and a CVV.
    cardNumber: ['4242 4242 4242 4242', '4000000000000002'],
    expiry: ['12/39'],
    cvv: ['123'],
    // The wallet (15) has sessions; the others answer 404.
    method: [15, 5, 6, 2],
    paymentMethod: [5, 6, 15, 2],
    // Demo gift cards (README): $100 and $500, digits only and as printed.
    code: ['6000000000000002', '6000000000000005'],
    giftCardNumber: ['6000000000000002', '6000 0000 0000 0005'],
    snapshotId: [menu.snapshotId],
    menuSnapshotId: [menu.snapshotId],
    itemPathKey: [key(10, 101), key(10, 101, 910, 9103), key(10, 102)],
    modifierKey: [key(10, 101, 910, 9103)],
    sessionId: walletToShow?.sessionId ? [walletToShow.sessionId] : [],
    imageId: [imageIdOf('tomato'), imageIdOf('bacon')],
    // One of the sizes the image route serves (it refuses others).
    width: ['226'],
    height: ['170'],
  },
  knownByOperation: {
    'DELETE /v1/guests/saved-payments/{id}': { id: deletableCards.map((card) => card.id) },
    'PATCH /v1/guests/saved-payments/{id}/address': { id: savedCard ? [savedCard.id] : [] },
    // A new payment on the fuzzer's wallet order, a gift card first (its card payment needs a captcha).
    'POST /v1/sales/orders/{orderId}/payments': {
      orderId: walletOrder ? [walletOrder.id] : [],
      paymentMethod: [6, 15, 2, 5],
      baseAmount: [1, ...(walletOrder ? [walletOrder.total] : [])],
    },
    // Rewards on the customer's own order.
    'GET /v1/loyalty/orders/{orderId}/rewards': memberOrderKnown,
    'POST /v1/loyalty/orders/{orderId}/rewards': memberOrderKnown,
    'PUT /v1/loyalty/orders/{orderId}/rewards': memberOrderKnown,
    'DELETE /v1/loyalty/orders/{orderId}/rewards': memberOrderKnown,
    'DELETE /v1/loyalty/orders/{orderId}/rewards/{rewardId}': memberOrderKnown,
    // The wallet's sessions: the wallet order and the wallet method.
    'GET /v1/sales/orders/{orderId}/payment-methods/{method}/sessions': {
      orderId: walletToShow ? [walletToShow.id] : [],
      method: [15],
    },
  },
};
console.log(`FUZZ-READY ${JSON.stringify(fixtures)}`);

process.on('SIGTERM', () => {
  Promise.all([app.close(), ctx.close()]).then(
    () => process.exit(0),
    () => process.exit(1),
  );
});
