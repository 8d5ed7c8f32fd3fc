import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, isNull } from 'drizzle-orm';
import {
  FEATURE_FLAG,
  foregroundFor,
  type FeatureFlag,
  type UiTemplate,
} from '@storefront/contracts/templates';
import { featureFlags, uiTemplates } from '../../db/schema/locations';
import { invalidateTemplatesCache } from './templates.service';
import { DEMO_BRANDS, DEMO_LOCATIONS } from '../../db/seed/locations';
import { createTestContext, dbKinds, type TestContext } from '../../test/harness';

describe.each(await dbKinds())('templates API on %s', (kind) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext(kind);
  });
  afterAll(() => ctx.close());

  const template = async (query: string) => {
    const res = await ctx.app.inject({ method: 'GET', url: `/v1/technology/ui-templates${query}` });
    return { status: res.statusCode, body: res.json<{ value: UiTemplate; succeed: boolean }>() };
  };

  describe('GET /v1/technology/ui-templates', () => {
    it("answers a store's brand default: Capital Kitchen in dark red with white text", async () => {
      const { status, body } = await template(`?locationId=${DEMO_LOCATIONS.open}`);
      expect(status).toBe(200);
      expect(body.value).toMatchObject({
        brandName: 'Capital Kitchen',
        brandId: DEMO_BRANDS.capitalKitchen,
        companyName: 'Capital Kitchen',
        header: { backgroundColor: '#8B0000' },
        button: { primaryColor: '#8B0000' },
        orderingSettings: { hideDefaultModifiers: false },
      });
      expect(foregroundFor(body.value.header.backgroundColor)).toBe('#FFFFFF');
      expect(body.value.brandFilterTemplate.brandFilterConfiguration.brandsConfiguration).toEqual([
        { id: DEMO_BRANDS.capitalKitchen, defaultFilter: false },
      ]);
      expect(body.value.searchSettings.title).toBe("Let's start the journey!");
    });

    it("answers a location's own template with its brands for the brand filter", async () => {
      const { body } = await template(`?locationId=${DEMO_LOCATIONS.foodHall}`);
      expect(body.value.brandName).toBe('Union Market Food Hall');
      expect(body.value.header.backgroundColor).not.toBe('#8B0000');
      expect(body.value.brandFilterTemplate.name).toBe('logo');
      expect(body.value.brands.map((b) => b.name)).toEqual([
        'Capital Kitchen',
        'Potomac Noodle Bar',
        'Chesapeake Tacos',
      ]);
    });

    it('answers the default template without a location', async () => {
      const { status, body } = await template('');
      expect(status).toBe(200);
      expect(body.value.brandName).toBe('Capital Kitchen');
    });

    it('answers 404 for an unknown location and 400 for a malformed id', async () => {
      const missing = await template('?locationId=99999');
      expect(missing.status).toBe(404);
      expect(missing.body).toMatchObject({ succeed: false, value: null });
      for (const query of ['?locationId=abc', '?locationId=-1']) {
        const bad = await template(query);
        expect(bad.status).toBe(400);
        expect(bad.body).toMatchObject({ succeed: false, value: null });
      }
    });
  });

  describe('lastOrderedItemsSettings (the reorder strip)', () => {
    it("is on in the demo with the default title 'Order it again', and off with its flag", async () => {
      const on = await template(`?locationId=${DEMO_LOCATIONS.open}`);
      expect(on.body.value.lastOrderedItemsSettings).toEqual({ enabled: true, title: 'Order it again' });
      await ctx.app.db
        .update(featureFlags)
        .set({ enabled: false })
        .where(eq(featureFlags.name, FEATURE_FLAG.lastOrderedItems));
      invalidateTemplatesCache(ctx.app.db);
      try {
        for (const query of [`?locationId=${DEMO_LOCATIONS.open}`, '']) {
          const off = await template(query);
          expect(off.body.value.lastOrderedItemsSettings).toEqual({
            enabled: false,
            title: 'Order it again',
          });
        }
      } finally {
        await ctx.app.db
          .update(featureFlags)
          .set({ enabled: true })
          .where(eq(featureFlags.name, FEATURE_FLAG.lastOrderedItems));
        invalidateTemplatesCache(ctx.app.db);
      }
    });
  });

  describe('orderStatusForWebOrdering (the tracking page status display)', () => {
    it('is on with the four default stages, and follows a template that turns it off or renames stages', async () => {
      const query = `?locationId=${DEMO_LOCATIONS.open}`;
      expect((await template(query)).body.value.orderStatusForWebOrdering).toEqual({
        enabled: true,
        orderStatusStages: [
          { stage: 1, label: 'Order Placed' },
          { stage: 2, label: 'Order Received' },
          { stage: 3, label: 'Ready for Pickup' },
          { stage: 4, label: 'Picked Up' },
        ],
      });
      const brandDefault = and(
        eq(uiTemplates.brandId, DEMO_BRANDS.capitalKitchen),
        isNull(uiTemplates.locationId),
      );
      await ctx.app.db
        .update(uiTemplates)
        .set({
          orderStatusEnabled: false,
          // An operator's JSON: a usable label is taken, a blank or malformed entry keeps the default.
          orderStatusStages: [
            { stage: 3, label: ' At the counter ' },
            { stage: 2, label: '' },
          ] as never,
        })
        .where(brandDefault);
      invalidateTemplatesCache(ctx.app.db);
      try {
        const off = (await template(query)).body.value.orderStatusForWebOrdering;
        expect(off.enabled).toBe(false);
        expect(off.orderStatusStages.map((s: { label: string }) => s.label)).toEqual([
          'Order Placed',
          'Order Received',
          'At the counter',
          'Picked Up',
        ]);
      } finally {
        await ctx.app.db
          .update(uiTemplates)
          .set({ orderStatusEnabled: true, orderStatusStages: null })
          .where(brandDefault);
        invalidateTemplatesCache(ctx.app.db);
      }
    });
  });

  describe('GET /v1/feature-flags', () => {
    it('lists the flags with the new order tracking on', async () => {
      const res = await ctx.app.inject({ method: 'GET', url: '/v1/feature-flags' });
      expect(res.statusCode).toBe(200);
      const flags = res.json<{ value: FeatureFlag[] }>().value;
      expect(flags).toContainEqual({ name: 'enable new order tracking', enabled: true });
      for (const flag of flags) expect(typeof flag.enabled).toBe('boolean');
    });
  });
});
