import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PageVisitReport } from '@storefront/contracts/analytics';
import { DEMO_LOCATIONS } from '../../db/seed/locations';
import { createTestContext, dbKinds, type TestContext } from '../../test/harness';
import { PAGE_VISITS_PER_ADDRESS_MINUTE, PAGE_VISITS_PER_TOKEN_MINUTE } from './marketing.routes';

type Body<T> = {
  value: T;
  succeed: boolean;
  errors: { key: string; code: number | string; message: string }[];
};

describe.each(await dbKinds())('page-visit analytics (ordering spec section 7) on %s', (kind) => {
  let ctx: TestContext;
  let token: string;
  beforeAll(async () => {
    ctx = await createTestContext(kind);
    token = await ctx.token();
  });
  afterAll(() => ctx.close());

  const visit = (payload: Record<string, unknown>, headers: Record<string, string> = {}) =>
    ctx.app.inject({
      method: 'POST',
      url: '/v1/marketing/page-visits',
      headers: { authorization: `Bearer ${token}`, ...headers },
      payload,
    });
  const report = async (days = 7) => {
    const res = await ctx.app.inject({
      method: 'GET',
      url: `/v1/staff/page-visits?days=${days}`,
      headers: { 'x-staff-key': ctx.env.STAFF_KEY },
    });
    expect(res.statusCode).toBe(200);
    return res.json<Body<PageVisitReport>>().value;
  };

  it("keeps the spec's page data and reports visits by page type and by store to the kitchen", async () => {
    const store = {
      pageType: 'store',
      title: 'Menu | Capital Kitchen',
      fulfillmentMethod: 1,
      locationId: DEMO_LOCATIONS.open,
      menu: 'menu',
    };
    const item = {
      ...store,
      pageType: 'item',
      title: 'Item Customization | Capital Kitchen',
      itemPathKey: '1-10-101',
      category: 'Burgers',
      orderId: 12,
    };
    for (const payload of [store, store, item, { pageType: 'search', title: 'Find a store' }]) {
      const res = await visit(payload);
      expect(res.statusCode).toBe(200);
      expect(res.json<Body<{ recorded: boolean }>>().value).toEqual({ recorded: true });
    }
    const value = await report();
    expect(value.total).toBe(4);
    expect(value.byPageType).toEqual([
      { pageType: 'store', visits: 2 },
      { pageType: 'item', visits: 1 },
      { pageType: 'search', visits: 1 },
    ]);
    expect(value.byLocation).toEqual([
      { locationId: DEMO_LOCATIONS.open, name: expect.any(String) as string, visits: 3 },
    ]);
  });

  it('keeps nothing when the request carries Do Not Track or Global Privacy Control', async () => {
    const before = (await report()).total;
    const optOuts: Record<string, string>[] = [{ dnt: '1' }, { 'sec-gpc': '1' }];
    for (const headers of optOuts) {
      const res = await visit({ pageType: 'checkout', title: 'Checkout' }, headers);
      expect(res.statusCode).toBe(200);
      expect(res.json<Body<{ recorded: boolean }>>().value).toEqual({ recorded: false });
    }
    expect((await report()).total).toBe(before);
  });

  // A token could fill page_visits as fast as it can post (issue 37's review): a browser's token from one address
  // records 60 visits a minute, an address 600 whatever tokens it holds; past that 429 and nothing is stored.
  const visitFrom = (remoteAddress: string, bearer: string) =>
    ctx.app.inject({
      method: 'POST',
      url: '/v1/marketing/page-visits',
      headers: { authorization: `Bearer ${bearer}` },
      remoteAddress,
      payload: { pageType: 'store', title: 'Menu', locationId: DEMO_LOCATIONS.open },
    });
  const expectTooMany = (res: Awaited<ReturnType<typeof visitFrom>>) => {
    expect(res.statusCode).toBe(429);
    const seconds = Number(res.headers['retry-after']);
    expect(seconds).toBeGreaterThanOrEqual(1);
    expect(seconds).toBeLessThanOrEqual(60);
    expect(res.json<Body<null>>()).toEqual({
      value: null,
      succeed: false,
      errors: [
        {
          key: 'TooManyPageVisits',
          code: 429,
          message: `Too many page visits; try again in ${seconds} seconds`,
        },
      ],
    });
  };

  it('takes 60 visits a minute from one token and address, then answers 429 and keeps nothing', async () => {
    const guest = await ctx.token();
    const before = (await report()).total;
    for (let i = 0; i < PAGE_VISITS_PER_TOKEN_MINUTE; i += 1) {
      expect((await visitFrom('203.0.113.81', guest)).statusCode).toBe(200);
    }
    expectTooMany(await visitFrom('203.0.113.81', guest));
    expect((await report()).total).toBe(before + PAGE_VISITS_PER_TOKEN_MINUTE);
    // Another guest at that address, and the same token from another address, are not held back.
    expect((await visitFrom('203.0.113.81', await ctx.token())).statusCode).toBe(200);
    expect((await visitFrom('203.0.113.82', guest)).statusCode).toBe(200);
  });

  it('takes 600 visits a minute from one address over any number of tokens, then answers 429', async () => {
    const address = '203.0.113.83';
    let sent = 0;
    while (sent < PAGE_VISITS_PER_ADDRESS_MINUTE) {
      const guest = await ctx.token();
      const batch = Math.min(PAGE_VISITS_PER_TOKEN_MINUTE, PAGE_VISITS_PER_ADDRESS_MINUTE - sent);
      for (let i = 0; i < batch; i += 1) {
        expect((await visitFrom(address, guest)).statusCode).toBe(200);
      }
      sent += batch;
    }
    expectTooMany(await visitFrom(address, await ctx.token()));
    expect((await visitFrom('203.0.113.84', await ctx.token())).statusCode).toBe(200);
  });

  it('refuses a visit without a token or with a bad body, and the report without staff credentials', async () => {
    const anonymous = await ctx.app.inject({
      method: 'POST',
      url: '/v1/marketing/page-visits',
      payload: { pageType: 'store', title: 'x' },
    });
    expect(anonymous.statusCode).toBe(401);
    for (const payload of [
      { pageType: 'admin', title: 'x' },
      { pageType: 'store', title: 'x'.repeat(201) },
      { pageType: 'store', title: 'x', locationId: 0 },
    ]) {
      expect((await visit(payload)).statusCode, JSON.stringify(payload)).toBe(400);
    }
    const guest = await ctx.app.inject({
      method: 'GET',
      url: '/v1/staff/page-visits',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(guest.statusCode).toBe(401);
    const tooLong = await ctx.app.inject({
      method: 'GET',
      url: '/v1/staff/page-visits?days=91',
      headers: { 'x-staff-key': ctx.env.STAFF_KEY },
    });
    expect(tooLong.statusCode).toBe(400);
  });
});
