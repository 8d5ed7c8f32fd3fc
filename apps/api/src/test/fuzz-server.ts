/**
 * The fuzz suite's server (fuzz.test.ts): a test app on a seeded database of the kind given as the first
 * argument, listening on a free port, in a process of its own so that a request that pins the CPU (an endless
 * loop) is seen as a hang by the test and the server can be killed and started again.
 * It prints one line, `FUZZ-READY <json>` (or `FUZZ-FAILED <reason>` and exits), with its port and the fixtures the fuzzer uses for path parameters
 * and bodies (a guest's token and order with one line, a payment and its hosted page, a staff session; an order
 * at the wallet store with its wallet payment and session; a demo gift card; a signed-in customer's token and
 * saved card), and closes on SIGTERM. Errors the API logs (a 5xx's stack) go to stderr, which the test passes through.
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
  /** Known good values by parameter or property name (orderId, itemId, itemPathKey, sessionId...). */
  known: Record<string, (string | number)[]>;
}

const kind: DbKind = process.argv[2] === 'postgres' ? 'postgres' : 'pglite';
const ctx = await createTestContext(kind, { TRUST_PROXY: ['127.0.0.1'] });
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
await call('PATCH', `/v1/sales/orders/${order.id}/contact-information`, {
  firstName: 'Ada',
  lastName: 'Lovelace',
  phone: '(202) 555-0143',
  email: 'ada@example.com',
});
const payment = await call<{ id: number; paymentUrl: string }>(
  'POST',
  `/v1/sales/orders/${order.id}/payments`,
  {
    paymentMethod: 5,
    baseAmount: 10,
    tipAmount: 0,
    recaptchaInput: await solveCaptcha(app),
  },
);
const hostedSession = payment ? (new URL(payment.paymentUrl).pathname.split('/').pop() ?? null) : null;
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

// The wallet store (Express card frame, wallet, offline credit, gift cards): an order with a line, its pending
// wallet payment for the total and the wallet session, so the wallet routes and sheet get past their lookups.
const walletMenu = await call<Menu>('GET', `/v1/sales/menus?locationId=${DEMO_LOCATIONS.foodHall}`);
const walletOrder = walletMenu
  ? await call<{ id: number }>('POST', '/v1/sales/orders', {
      menuSnapshotId: walletMenu.snapshotId,
      orderDateTime: new Date().toISOString(),
    })
  : null;
const walletPriced =
  walletMenu && walletOrder
    ? await call<{ totals: { total: number } }>('POST', `/v1/sales/orders/${walletOrder.id}/items`, {
        itemPathKey: [walletMenu.menuId, 10, 101].join('-'),
        quantity: 1,
        modifiers: [{ itemPathKey: [walletMenu.menuId, 10, 101, 910, 9103].join('-'), quantity: 1 }],
      })
    : null;
const walletPayment =
  walletOrder && walletPriced
    ? await call<{ id: number }>('POST', `/v1/sales/orders/${walletOrder.id}/payments`, {
        paymentMethod: 15,
        baseAmount: walletPriced.totals.total,
        tipAmount: 0,
      })
    : null;
const walletSession =
  walletOrder && walletPayment
    ? await call<{ sessionId: string }>(
        'GET',
        `/v1/sales/orders/${walletOrder.id}/payment-methods/15/sessions`,
      )
    : null;

// A signed-in customer with a saved card (a row as the processor's vault leaves it: token, brand, last four).
const customerId = await createCustomer(ctx);
const customer = await signInCustomer(ctx, customerId);
const [savedCard] = await ctx.database.db
  .insert(savedPayments)
  .values({
    customerId,
    processorCode: 'AURUS_HOSTED',
    vaultToken: 'vault_fuzz_not_a_card',
    cardBrand: 'visa',
    lastFour: '1111',
    billingAddress: { postalCode: '20036' },
    avsCoverageLevel: 'ZipCodeOnly',
  })
  .returning({ id: savedPayments.id });

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
  known: {
    // Store ids and the customer's saved card (guests/saved-payments/{id}); a fresh database numbers it 1.
    id: [...new Set([...Object.values(DEMO_LOCATIONS), ...(savedCard ? [savedCard.id] : [])])],
    locationId: Object.values(DEMO_LOCATIONS),
    orderId: walletOrder ? [order.id, walletOrder.id] : [order.id],
    itemId: itemIds,
    instanceId: itemIds,
    paymentId: [...(payment ? [payment.id] : []), ...(walletPayment ? [walletPayment.id] : [])],
    paymentIdToSave: payment ? [payment.id] : [],
    savedPaymentId: savedCard ? [savedCard.id] : [],
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
    sessionId: [
      ...(hostedSession ? [hostedSession] : []),
      ...(walletSession ? [walletSession.sessionId] : []),
    ],
    imageId: [imageIdOf('tomato'), imageIdOf('bacon')],
    // One of the sizes the image route serves (it refuses others).
    width: ['226'],
    height: ['170'],
  },
};
console.log(`FUZZ-READY ${JSON.stringify(fixtures)}`);

process.on('SIGTERM', () => {
  Promise.all([app.close(), ctx.close()]).then(
    () => process.exit(0),
    () => process.exit(1),
  );
});
