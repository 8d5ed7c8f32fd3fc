import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { distanceInMiles } from '@storefront/contracts/geo';
import type { DeliveryEstimate } from '@storefront/contracts/locations';
import type { UiTemplate } from '@storefront/contracts/templates';
import { DEMO_LOCATIONS } from '../../db/seed/locations';
import { createTestContext, dbKinds, type TestContext } from '../../test/harness';
import { pointInPolygon } from './delivery.service';

interface Envelope<T> {
  value: T;
  succeed: boolean;
  errors: { key: string; code: number | string; message: string }[];
}

const DUPONT = { latitude: 38.9096, longitude: -77.0434 };
const address = (extra: Record<string, unknown> = {}) => ({
  line1: '1600 21st St NW',
  line2: '',
  city: 'Washington',
  stateCode: 'DC',
  zipCode: '20009',
  ...extra,
});

describe('pointInPolygon', () => {
  const square: [number, number][] = [
    [0, 0],
    [10, 0],
    [10, 10],
    [0, 10],
    [0, 0],
  ];
  const hole: [number, number][] = [
    [4, 4],
    [6, 4],
    [6, 6],
    [4, 6],
    [4, 4],
  ];
  it('holds points inside the outer ring and outside its holes only', () => {
    expect(pointInPolygon({ latitude: 2, longitude: 2 }, [square])).toBe(true);
    expect(pointInPolygon({ latitude: 12, longitude: 2 }, [square])).toBe(false);
    expect(pointInPolygon({ latitude: 5, longitude: 5 }, [square, hole])).toBe(false);
    expect(pointInPolygon({ latitude: 2, longitude: 5 }, [square, hole])).toBe(true);
  });
});

describe.each(await dbKinds())('delivery zones and estimates on %s', (kind) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext(kind);
  });
  afterAll(() => ctx.close());

  const estimate = async (id: number | string, body: unknown) => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: `/v1/locations/${id}/delivery-estimates`,
      payload: body as Record<string, unknown>,
    });
    return { status: res.statusCode, body: res.json<Envelope<DeliveryEstimate[] | null>>() };
  };

  it('estimates a delivery inside the 3-mile radius of Dupont Circle', async () => {
    const point = { latitude: 38.92, longitude: -77.03 };
    const before = Date.now();
    const { status, body } = await estimate(DEMO_LOCATIONS.open, {
      address: address(point),
    });
    expect(status).toBe(200);
    expect(body.succeed).toBe(true);
    const first = body.value?.[0];
    expect(first?.errors).toEqual([]);
    expect(first?.deliveryTime).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d(:\d\d)?(\.\d+)?[+-]\d\d:\d\d$/);
    const arrives = Date.parse(first?.deliveryTime ?? '');
    expect(arrives).toBeGreaterThanOrEqual(before + (first?.deliveryEtaInMinutes ?? 0) * 60_000 - 60_000);
    expect(first?.deliveryEtaInMinutes).toBeGreaterThan(0);
    expect(first?.distance).toBeCloseTo(distanceInMiles(DUPONT, point), 2);
  });

  it('geocodes an address sent without coordinates', async () => {
    const { status, body } = await estimate(DEMO_LOCATIONS.open, {
      address: { line1: '1350 Connecticut Ave NW', city: 'Washington', stateCode: 'DC', zipCode: '20036' },
    });
    expect(status).toBe(200);
    expect(body.value?.[0]?.distance).toBeLessThan(3);
  });

  it('answers 422 "The address is out of range" outside the radius (Silver Spring, about 6 miles)', async () => {
    const { status, body } = await estimate(DEMO_LOCATIONS.open, {
      address: address({ line1: '8661 Colesville Rd', latitude: 38.9961, longitude: -77.0275 }),
    });
    expect(status).toBe(422);
    expect(body).toMatchObject({ value: null, succeed: false });
    expect(body.errors[0]).toMatchObject({
      key: 'AddressOutOfRange',
      message: 'The address is out of range',
    });
  });

  it('uses a polygon zone: inside Capitol Hill yes, just north of it no', async () => {
    const inside = await estimate(DEMO_LOCATIONS.foodHall, {
      address: address({ latitude: 38.9, longitude: -76.99 }),
    });
    const outside = await estimate(DEMO_LOCATIONS.foodHall, {
      address: address({ latitude: 38.93, longitude: -76.99 }),
    });
    // The food hall keeps split shifts: it delivers only while open.
    if (inside.status === 422) expect(inside.body.errors[0]?.key).toBe('StoreClosed');
    else expect(inside.status).toBe(200);
    expect(outside.status).toBe(422);
    expect(outside.body.errors[0]?.key).toBe('AddressOutOfRange');
  });

  it('refuses stores that do not deliver, and a delivering store while it is closed', async () => {
    const closed = await estimate(DEMO_LOCATIONS.closed, {
      address: address({ latitude: 39.09, longitude: -77.15 }),
    });
    expect(closed.status).toBe(422);
    expect(closed.body.errors[0]?.key).toBe('StoreClosed');
    const { status, body } = await estimate(DEMO_LOCATIONS.closesSoon, {
      address: address({ latitude: 39.08, longitude: -77.15 }),
    });
    expect(status).toBe(422);
    expect(body.errors[0]?.key).toBe('DeliveryNotAvailable');
  });

  it('answers 404 for an unknown location and 400 for bad input', async () => {
    expect((await estimate(9999, { address: address({ latitude: 38.92, longitude: -77.03 }) })).status).toBe(
      404,
    );
    for (const bad of [
      {},
      { address: { city: 'Washington' } },
      { address: address({ latitude: 120, longitude: -77 }) },
      { address: address({ line1: '' }) },
    ]) {
      const { status, body } = await estimate(DEMO_LOCATIONS.open, bad);
      expect(status, JSON.stringify(bad)).toBe(400);
      expect(body.succeed).toBe(false);
    }
    expect((await estimate('abc', { address: address() })).status).toBe(400);
    const unknownPlace = await estimate(DEMO_LOCATIONS.open, {
      address: { line1: 'Nowhere at all', city: 'Qqqqq', stateCode: 'ZZ', zipCode: '00000' },
    });
    expect(unknownPlace.status).toBe(400);
    expect(unknownPlace.body.errors[0]?.key).toBe('UnsupportedAddress');
  });

  it('tells the storefront which methods a guest can search by', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/v1/technology/ui-templates' });
    expect(res.statusCode).toBe(200);
    const template = res.json<Envelope<UiTemplate>>().value;
    expect([...template.searchSettings.fulfillmentMethods].sort()).toEqual([0, 1]);
  });
});
