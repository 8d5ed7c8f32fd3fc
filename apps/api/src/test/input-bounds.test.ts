/**
 * Issue 22, "nothing unbounded": ids beyond their int4 column, NUL bytes in text and dates far from today are
 * refused with 400 in the envelope by the routes' schemas, on every route that takes one, instead of reaching
 * PostgreSQL (which answered them with a 500).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INT4_MAX } from '@storefront/contracts/bounds';
import { createTestContext, dbKinds, type TestContext } from './harness';
import { createOrderFixture, CONTACT, type OrderFixture } from '../modules/checkout/checkout.fixtures';
import { auth } from '../modules/checkout/checkout.test-helpers';

const BEYOND_INT4 = INT4_MAX + 1;
const NUL = 'Ada\u0000';
const staff = { 'x-staff-key': 'test-staff-key' };
const address = { line1: '1600 Pennsylvania Ave NW', city: 'Washington', stateCode: 'DC', zipCode: '20500' };

interface OpenApiParameter {
  in: string;
  name: string;
  required?: boolean;
  schema: { type?: string };
}
type OpenApiDocument = {
  paths: Record<string, Record<string, { parameters?: OpenApiParameter[]; requestBody?: unknown }>>;
};

/** A valid body per operation, so that only the id under test is wrong. */
const VALID_BODIES: Record<string, unknown> = {
  'POST /v1/locations/{id}/delivery-estimates': { address },
  'POST /v1/sales/menus/{menuSnapshotId}/items/{itemPathKey}/pricings': {},
  'PATCH /v1/sales/orders/{orderId}': { snapshotId: 1 },
  'POST /v1/sales/orders/{orderId}/items': { itemPathKey: '1', quantity: 1 },
  'POST /v1/sales/orders/{orderId}/bulk-items': { items: [{ itemPathKey: '1', quantity: 1 }] },
  'PUT /v1/sales/orders/{orderId}/items/{itemId}': { quantity: 1 },
  'POST /v1/sales/orders/{orderId}/items/pricings': { itemPathKey: '1' },
  'PUT /v1/sales/orders/{orderId}/items/{instanceId}/pricings': {},
  'POST /v1/sales/orders/{orderId}/payments': { paymentMethod: 2, baseAmount: 1 },
  'PATCH /v1/sales/orders/{orderId}/payments/{paymentId}': { baseAmount: 1 },
  'PATCH /v1/sales/orders/{orderId}/contact-information': CONTACT,
  'PATCH /v1/sales/orders/{orderId}/properties': { notes: 'No onions' },
  'PUT /v1/sales/orders/{orderId}/pickup-data': { pickupOption: 0 },
  'PUT /v1/sales/orders/{orderId}/ready-time': { orderReadyTime: null },
  'POST /v1/sales/orders/{orderId}/close-requests': {},
  'PUT /v1/sales/orders/{orderId}/delivery-address': { address },
  'PUT /v1/sales/orders/{orderId}/delivery-tip': { tip: 1 },
  'PUT /v1/tracking/orders/{orderId}/pickup-data': { pickupOption: 0 },
  'POST /v1/staff/orders/{orderId}/status': {},
  'POST /v1/staff/orders/{orderId}/cancellation': {},
  'PUT /v1/staff/locations/{id}/online': { isOnline: true },
};

/** A valid value for a parameter that is not under test. */
function validParameter(p: OpenApiParameter): string {
  if (p.schema.type === 'integer' || p.name === 'fulfillmentMethod') return '1';
  const known: Record<string, string> = {
    itemPathKey: '1',
    modifierKey: '1-2',
    type: 'CloseOrder',
    placeId: 'zip:20500',
    imageId: 'demo',
    sessionId: '00000000-0000-4000-8000-000000000000',
    input: 'Washington',
  };
  return known[p.name] ?? 'x';
}

describe.each(await dbKinds())('input bounds on %s', (kind) => {
  let ctx: TestContext;
  let token: string;
  /** Tracking routes refuse any other token before reading parameters or body: they get a tracking token. */
  let trackingToken: string;
  let order: OrderFixture;
  beforeAll(async () => {
    ctx = await createTestContext(kind);
    token = await ctx.token();
    order = await createOrderFixture(ctx, { token });
    trackingToken = await ctx.app.tokens.signTrackingToken(order.orderId);
  });
  const tokenFor = (url: string) => (url.startsWith('/v1/tracking/') ? trackingToken : token);
  afterAll(() => ctx.close());

  /** 400 in the envelope (the schema's errors name the field, code 400). */
  const expect400 = (res: { statusCode: number; json: <T>() => T }, what: string) => {
    expect(res.statusCode, what).toBe(400);
    const body = res.json<{ value: unknown; succeed: boolean; errors: { key: string; code: unknown }[] }>();
    expect(body, what).toMatchObject({ value: null, succeed: false });
    expect(
      body.errors.map((e) => e.code),
      what,
    ).toContain(400);
  };

  it('answers 400 for an id beyond 2^31-1 in any path or query parameter of any route', async () => {
    const doc = ctx.app.swagger() as unknown as OpenApiDocument;
    const tried: string[] = [];
    for (const [path, operations] of Object.entries(doc.paths)) {
      for (const [method, operation] of Object.entries(operations)) {
        const parameters = (operation.parameters ?? []).filter((p) => p.in === 'path' || p.in === 'query');
        for (const target of parameters.filter((p) => p.schema.type === 'integer')) {
          const operationName = `${method.toUpperCase()} ${path}`;
          let url = path;
          const query = new URLSearchParams();
          for (const p of parameters) {
            const value = p === target ? String(BEYOND_INT4) : validParameter(p);
            if (p.in === 'path') url = url.replace(`{${p.name}}`, value);
            else if (p === target || p.required) query.set(p.name, value);
          }
          const res = await ctx.app.inject({
            method: method.toUpperCase() as 'GET',
            url: `${url}${query.size > 0 ? `?${query.toString()}` : ''}`,
            headers: {
              // A staff route reads a bearer token as a staff session: it gets the staff key alone.
              ...(path.startsWith('/v1/staff/') ? staff : auth(tokenFor(path))),
              'idempotency-key': `bounds-${tried.length}-key`,
            },
            ...(operation.requestBody ? { payload: VALID_BODIES[operationName] ?? {} } : {}),
          });
          expect400(res, `${operationName} ${target.in}.${target.name}`);
          tried.push(`${operationName} ${target.name}`);
        }
      }
    }
    // Every order, payment, item, location, snapshot route: today 50 parameters on 45 operations.
    expect(tried.length).toBeGreaterThanOrEqual(45);
  });

  it('answers 400 for an id beyond 2^31-1 in a body', async () => {
    const orderUrl = `/v1/sales/orders/${order.orderId}`;
    const cases: [string, string, unknown][] = [
      ['POST', '/v1/sales/orders', { menuSnapshotId: BEYOND_INT4 }],
      ['PATCH', orderUrl, { snapshotId: BEYOND_INT4 }],
      ['POST', `${orderUrl}/items`, { itemPathKey: '1', quantity: 1, portionId: BEYOND_INT4 }],
      ['POST', `${orderUrl}/payments`, { paymentMethod: 2, baseAmount: 1, savedPaymentId: BEYOND_INT4 }],
      ['POST', `${orderUrl}/close-requests`, { paymentIdToSave: BEYOND_INT4 }],
    ];
    for (const [method, url, payload] of cases) {
      const res = await ctx.app.inject({
        method: method as 'POST',
        url,
        payload: payload as Record<string, unknown>,
        headers: { ...auth(token), 'idempotency-key': 'bounds-body-id-key' },
      });
      expect400(res, `${method} ${url} ${JSON.stringify(payload)}`);
    }
  });

  it('answers 400 for a NUL byte in any text field, the unauthenticated token route included', async () => {
    const orderUrl = `/v1/sales/orders/${order.orderId}`;
    const cases: [string, string, Record<string, unknown> | undefined][] = [
      ['POST', '/v1/oauth/token', { clientId: NUL, clientSecret: 'x' }],
      ['POST', '/v1/oauth/token', { clientId: ctx.env.WEB_CLIENT_ID, clientSecret: NUL }],
      ['PATCH', `${orderUrl}/contact-information`, { ...CONTACT, firstName: NUL }],
      ['PATCH', `${orderUrl}/contact-information`, { ...CONTACT, lastName: NUL }],
      ['PATCH', `${orderUrl}/contact-information`, { ...CONTACT, email: `a${NUL}@example.com` }],
      ['PATCH', `${orderUrl}/properties`, { notes: NUL }],
      ['POST', '/v1/marketing/page-visits', { pageType: 'store', title: `Menu${NUL}` }],
      ['POST', '/v1/marketing/page-visits', { pageType: 'item', title: 'Item', itemPathKey: NUL }],
      ['PUT', `${orderUrl}/pickup-data`, { pickupOption: 1, fulfillmentPlace: NUL }],
      ['PUT', `/v1/tracking/orders/${order.orderId}/pickup-data`, { pickupOption: 1, fulfillmentPlace: NUL }],
      ['PUT', `${orderUrl}/pickup-data`, { pickupOption: 2, additionalFields: [{ id: 'lane', value: NUL }] }],
      ['PUT', `${orderUrl}/pickup-data`, { pickupOption: 2, additionalFields: [{ id: NUL, value: '1' }] }],
      [
        'PUT',
        `${orderUrl}/pickup-data`,
        {
          pickupOption: 2,
          additionalFields: Array.from({ length: 21 }, (_, i) => ({ id: `f${i}`, value: '1' })),
        },
      ],
      [
        'PUT',
        `${orderUrl}/pickup-data`,
        { pickupOption: 2, additionalFields: [{ id: 'lane', value: 'x'.repeat(81) }] },
      ],
      ['POST', `${orderUrl}/items`, { itemPathKey: '1', quantity: 1, note: NUL }],
      ['POST', `${orderUrl}/items`, { itemPathKey: '1', quantity: 1, crossSellOfferId: NUL }],
      ['PUT', `${orderUrl}/delivery-address`, { address: { ...address, line1: NUL } }],
      ['PUT', `${orderUrl}/delivery-address`, { address: { ...address, city: NUL } }],
      ['POST', '/v1/locations/1/delivery-estimates', { address: { ...address, line2: NUL } }],
      ['POST', `${orderUrl}/payments`, { paymentMethod: 2, baseAmount: 1, giftCardNumber: NUL }],
      [
        'POST',
        `${orderUrl}/payments`,
        { paymentMethod: 2, baseAmount: 1, billingAddress: { address1: NUL } },
      ],
      ['GET', `/v1/places/autocomplete?input=${encodeURIComponent(NUL + ' Street')}`, undefined],
      ['GET', `/v1/places/${encodeURIComponent(`zip:20500${NUL}`)}`, undefined],
      ['GET', `/v1/locations?address=${encodeURIComponent(NUL + ' Street')}`, undefined],
    ];
    for (const [method, url, payload] of cases) {
      const res = await ctx.app.inject({
        method: method as 'POST',
        url,
        headers: auth(tokenFor(url)),
        ...(payload ? { payload } : {}),
      });
      expect400(res, `${method} ${url} ${JSON.stringify(payload)}`);
    }
  });

  it('answers 400 for a kitchen-load date that is not a real date within a year of today', async () => {
    const load = (date: string) =>
      ctx.app.inject({
        method: 'GET',
        url: `/v1/staff/locations/1/kitchen-load?date=${date}`,
        headers: staff,
      });
    for (const date of ['9999-12-31', '0000-01-01', '2025-02-30', '2026-13-01', '1970-01-01']) {
      expect400(await load(date), date);
    }
    const today = new Date().toISOString().slice(0, 10);
    expect((await load(today)).statusCode).toBe(200);
  });

  it('answers 400 for a date-time outside the years 2000 to 2099', async () => {
    for (const at of ['9999-12-31T23:00:00-05:00', '0000-01-01T00:00:00Z']) {
      const readyTime = await ctx.app.inject({
        method: 'PUT',
        url: `/v1/sales/orders/${order.orderId}/ready-time`,
        headers: auth(token),
        payload: { orderReadyTime: at },
      });
      expect400(readyTime, `ready-time ${at}`);
      const created = await ctx.app.inject({
        method: 'POST',
        url: '/v1/sales/orders',
        headers: auth(token),
        payload: { menuSnapshotId: 1, orderDateTime: at },
      });
      expect400(created, `orderDateTime ${at}`);
    }
  });
});
