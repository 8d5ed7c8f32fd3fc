import { describe, expect, it } from 'vitest';
import { boundingBox, distanceInMiles, parseBracketedCoordinates, roundMiles } from './geo';
import { buildContextOptions, LocationSearchQuerySchema } from './locations';
import { contrastWithWhite, foregroundFor, HexColorSchema, normalizeHex } from './templates';

describe('distanceInMiles', () => {
  it('measures known distances in miles', () => {
    const whiteHouse = { latitude: 38.8977, longitude: -77.0365 };
    const capitol = { latitude: 38.8899, longitude: -77.0091 };
    expect(roundMiles(distanceInMiles(whiteHouse, capitol))).toBeCloseTo(1.57, 1);
    // Washington DC to Baltimore is about 35 miles as the crow flies.
    const baltimore = { latitude: 39.2904, longitude: -76.6122 };
    expect(distanceInMiles(whiteHouse, baltimore)).toBeGreaterThan(34);
    expect(distanceInMiles(whiteHouse, baltimore)).toBeLessThan(36);
    expect(distanceInMiles(whiteHouse, whiteHouse)).toBe(0);
  });

  it('rounds to 2 decimals', () => {
    expect(roundMiles(1.23456)).toBe(1.23);
    expect(roundMiles(1.235001)).toBe(1.24);
  });

  it('builds a box containing every point within the radius', () => {
    const center = { latitude: 39, longitude: -77 };
    const box = boundingBox(center, 25);
    for (const bearing of [0, 45, 90, 135, 180, 225, 270, 315]) {
      const rad = (bearing * Math.PI) / 180;
      // A point about 24.9 miles away in each direction.
      const point = {
        latitude: center.latitude + (24.9 / 69.05) * Math.cos(rad),
        longitude: center.longitude + (24.9 / (69.17 * Math.cos((39 * Math.PI) / 180))) * Math.sin(rad),
      };
      expect(distanceInMiles(center, point)).toBeLessThan(25.2);
      expect(point.latitude).toBeGreaterThanOrEqual(box.minLatitude);
      expect(point.latitude).toBeLessThanOrEqual(box.maxLatitude);
      expect(point.longitude).toBeGreaterThanOrEqual(box.minLongitude);
      expect(point.longitude).toBeLessThanOrEqual(box.maxLongitude);
    }
  });
});

describe('parseBracketedCoordinates', () => {
  it('reads bracketed latitude and longitude under 40 characters', () => {
    expect(parseBracketedCoordinates('(38.99, -77.03)')).toEqual({ latitude: 38.99, longitude: -77.03 });
    expect(parseBracketedCoordinates(' (39,-77) ')).toEqual({ latitude: 39, longitude: -77 });
  });
  it('refuses text, out-of-range values and long input', () => {
    expect(parseBracketedCoordinates('38.99, -77.03')).toBeNull();
    expect(parseBracketedCoordinates('(Silver Spring)')).toBeNull();
    expect(parseBracketedCoordinates('(95, -77)')).toBeNull();
    expect(parseBracketedCoordinates('(38.99999999999999, -77.0333333333333333)')).toBeNull();
  });
});

describe('location contracts', () => {
  it('requires coordinates or an address in a search', () => {
    expect(LocationSearchQuerySchema.safeParse({ latitude: '39', longitude: '-77' }).success).toBe(true);
    expect(LocationSearchQuerySchema.safeParse({ address: '20910' }).success).toBe(true);
    expect(LocationSearchQuerySchema.safeParse({ latitude: '39' }).success).toBe(false);
    expect(LocationSearchQuerySchema.safeParse({ latitude: '91', longitude: '0' }).success).toBe(false);
    const parsed = LocationSearchQuerySchema.parse({
      latitude: '39',
      longitude: '-77',
      includeLocationStatus: 'true',
      fulfillmentMethod: '1',
    });
    expect(parsed).toMatchObject({
      includeLocationStatus: true,
      includeOnlineAvailability: false,
      fulfillmentMethod: 1,
    });
  });

  it('lists all three fulfillment methods in context options, enabling the offered ones', () => {
    const options = buildContextOptions([1]);
    expect(options.fulfillmentMethods).toEqual([
      { id: 1, title: 'Pickup', enabled: true, orderTypeId: 2 },
      { id: 0, title: 'Delivery', enabled: false, orderTypeId: 1 },
      { id: 2, title: 'Dine In', enabled: false, orderTypeId: 3 },
    ]);
    expect(options.orderTypes).toEqual([{ id: 2, title: 'Pickup', fulfillmentMethod: 1 }]);
    expect(options.orderChannels.map((c) => c.id).sort()).toEqual([105, 106, 107]);
  });
});

describe('theme colours', () => {
  it('accepts hex with 3 to 6 digits', () => {
    expect(HexColorSchema.safeParse('#8B0000').success).toBe(true);
    expect(HexColorSchema.safeParse('fff').success).toBe(true);
    expect(HexColorSchema.safeParse('red').error?.issues[0]?.message).toBe('Color must be an hex value');
    expect(normalizeHex('#abc')).toBe('AABBCC');
  });
  it('picks white text on dark red and black on light colours (threshold 3)', () => {
    expect(contrastWithWhite('#8B0000')).toBeGreaterThan(9);
    expect(foregroundFor('#8B0000')).toBe('#FFFFFF');
    expect(foregroundFor('#FFD700')).toBe('#000000');
    expect(foregroundFor('#000')).toBe('#FFFFFF');
  });
});
