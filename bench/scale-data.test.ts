import { describe, expect, it } from 'vitest';
import zipcodes from 'zipcodes';
import { SCALE, spreadZips, timeZoneOfState, type ZipRecord } from './scale-data';

describe("bench:scale's stores", () => {
  const all = Object.values(zipcodes.codes);

  it('stand on 10,000 distinct real US ZIP centroids spread over every state, the same on every run', () => {
    const zips = spreadZips(all, SCALE.locations);
    expect(zips).toHaveLength(10_000);
    expect(new Set(zips.map((z) => z.zip)).size).toBe(10_000);
    const notReal = zips.filter(
      (z) =>
        z.country !== 'US' ||
        zipcodes.codes[z.zip]?.latitude !== z.latitude ||
        zipcodes.codes[z.zip]?.longitude !== z.longitude,
    );
    expect(notReal).toEqual([]);
    const states = new Set(zips.map((z) => z.state));
    expect(states.size).toBeGreaterThanOrEqual(50);
    // Coast to coast and north to south, not one region.
    const longitudes = zips.map((z) => z.longitude);
    const latitudes = zips.map((z) => z.latitude);
    expect(Math.min(...longitudes)).toBeLessThan(-120);
    expect(Math.max(...longitudes)).toBeGreaterThan(-72);
    expect(Math.min(...latitudes)).toBeLessThan(30);
    expect(Math.max(...latitudes)).toBeGreaterThan(46);
    expect(spreadZips(all, SCALE.locations).map((z) => z.zip)).toEqual(zips.map((z) => z.zip));
  }, 30_000);

  it('leave out military post offices, other countries and places without coordinates', () => {
    const records: ZipRecord[] = [
      { zip: '09001', latitude: 1, longitude: 1, city: 'APO', state: 'AE', country: 'US' },
      { zip: 'K1A0B1', latitude: 45.4, longitude: -75.7, city: 'Ottawa', state: 'ON', country: 'Canada' },
      { zip: '00000', latitude: 0, longitude: 0, city: 'Nowhere', state: 'MD', country: 'US' },
      { zip: '20910', latitude: 38.99, longitude: -77.03, city: 'Silver Spring', state: 'MD', country: 'US' },
    ];
    expect(spreadZips(records, 1).map((z) => z.zip)).toEqual(['20910']);
    expect(() => spreadZips(records, 2)).toThrow('only 1 usable ZIP codes for 2 stores');
  });

  it("take each state's main time zone", () => {
    expect(timeZoneOfState('CA')).toBe('America/Los_Angeles');
    expect(timeZoneOfState('IL')).toBe('America/Chicago');
    expect(timeZoneOfState('CO')).toBe('America/Denver');
    expect(timeZoneOfState('AZ')).toBe('America/Phoenix');
    expect(timeZoneOfState('MD')).toBe('America/New_York');
    expect(timeZoneOfState('HI')).toBe('Pacific/Honolulu');
  });
});

describe("bench:scale's orders", () => {
  it('give the busy store 2% of a million orders and the heavy customer 1%, as issue 36 sizes them', () => {
    expect(SCALE.orders / SCALE.busyStoreEvery).toBe(20_000);
    expect(SCALE.orders / SCALE.heavyCustomerEvery).toBe(10_000);
    expect(SCALE.customers).toBe(100_000);
    expect(SCALE.brands).toBe(20);
  });
});
