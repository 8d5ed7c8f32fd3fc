import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PromoPopup } from '@storefront/contracts/marketing';
import { DEMO_LOCATIONS } from '../../db/seed/locations';
import { createTestContext, dbKinds, type TestContext } from '../../test/harness';

type Body<T> = {
  value: T;
  succeed: boolean;
  errors: { key: string; code: number | string; message: string }[];
};

describe.each(await dbKinds())('marketing promo popups on %s', (kind) => {
  let ctx: TestContext;
  let token: string;
  beforeAll(async () => {
    ctx = await createTestContext(kind);
    token = await ctx.token();
  });
  afterAll(() => ctx.close());

  const get = (url: string, auth = true) =>
    ctx.app.inject({ method: 'GET', url, headers: auth ? { authorization: `Bearer ${token}` } : {} });

  it("answers the enabled campaigns of the location's brands, with pictures the image route serves", async () => {
    const res = await get(`/v1/marketing/promo-popups?locationId=${DEMO_LOCATIONS.open}`);
    expect(res.statusCode).toBe(200);
    const popups = res.json<Body<PromoPopup[]>>().value;
    expect(popups).toHaveLength(1);
    const [popup] = popups;
    expect(popup).toMatchObject({ enabled: true, closeButtonLabel: 'No thanks' });
    for (const url of [popup?.desktopImageUrl ?? '', popup?.mobileImageUrl ?? '']) {
      const image = await ctx.app.inject({ method: 'GET', url });
      expect(image.statusCode, url).toBe(200);
      expect(String(image.headers['content-type'])).toMatch(/^image\//);
    }
  });

  it('leaves disabled campaigns out: the food hall serves three brands but only one campaign is enabled', async () => {
    const res = await get(`/v1/marketing/promo-popups?locationId=${DEMO_LOCATIONS.foodHall}`);
    expect(res.statusCode).toBe(200);
    const popups = res.json<Body<PromoPopup[]>>().value;
    expect(popups.map((p) => p.enabled)).toEqual([true]);
    expect(popups.map((p) => p.name)).not.toContain('Noodle week (ended)');
  });

  it('404s an unknown location, 400s a bad id and 401s without a token', async () => {
    const unknown = await get('/v1/marketing/promo-popups?locationId=999999');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json<Body<null>>().errors[0]).toMatchObject({ key: 'InvalidLocation', code: 21034 });
    expect((await get('/v1/marketing/promo-popups?locationId=abc')).statusCode).toBe(400);
    expect((await get('/v1/marketing/promo-popups')).statusCode).toBe(400);
    expect(
      (await get(`/v1/marketing/promo-popups?locationId=${DEMO_LOCATIONS.open}`, false)).statusCode,
    ).toBe(401);
  });
});
