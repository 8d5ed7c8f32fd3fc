import { describe, expect, it } from 'vitest';
import {
  callOf,
  failures,
  outcomeOf,
  percentile,
  phaseOf,
  reconcile,
  recoveredAt,
  summarise,
  type DatabaseFacts,
  type PlacementRecord,
  type RequestRecord,
  type Timeline,
} from './soak-stats';

const api = 'http://127.0.0.1:4000';
const request = (over: Partial<RequestRecord>): RequestRecord => ({
  call: 'create order',
  start: 0,
  end: 10,
  status: 201,
  ...over,
});
const placement = (over: Partial<PlacementRecord>): PlacementRecord => ({
  key: `k-${over.orderId ?? 1}`,
  orderId: 1,
  start: 0,
  end: 50,
  attempts: 1,
  outcome: 'acknowledged',
  lastStatus: 200,
  ...over,
});
const noFacts: DatabaseFacts = {
  placedOrderIds: [],
  placementsByOrder: {},
  approvedChargesByOrder: {},
  processingKeys: 0,
};
/** Stopped at 30 s, back at 36 s, a 5 s grace, a 60 s run. */
const timeline: Timeline = { restartAt: 30_000, databaseBackAt: 36_000, endAt: 60_000, graceMs: 5_000 };

describe('callOf', () => {
  it.each([
    ['POST', `${api}/v1/oauth/token`, 'token'],
    ['GET', `${api}/v1/locations?latitude=39&longitude=-77`, 'search'],
    ['GET', `${api}/v1/sales/menus?locationId=1&fulfillmentMethod=1`, 'menu'],
    ['POST', `${api}/v1/sales/menus/3/items/10-20/pricings`, 'pricing'],
    ['POST', `${api}/v1/sales/orders`, 'create order'],
    ['POST', `${api}/v1/sales/orders/12/items`, 'add item'],
    ['PUT', `${api}/v1/sales/orders/12/items/5`, 'cart edit'],
    ['DELETE', `${api}/v1/sales/orders/12/items/5`, 'cart edit'],
    ['PATCH', `${api}/v1/sales/orders/12/contact-information`, 'contact'],
    ['POST', `${api}/v1/sales/orders/12/payments`, 'payment'],
    ['POST', `${api}/hosted-payments/6f1c/tokens`, 'card token'],
    ['POST', `${api}/v1/sales/orders/12/close-requests`, 'place'],
    ['GET', `${api}/v1/sales/orders/12`, 'other'],
  ])('%s %s is %s', (method, url, call) => {
    expect(callOf(method, url)).toBe(call);
  });
});

describe('outcomeOf', () => {
  it('counts domain refusals apart from errors', () => {
    expect(outcomeOf({ status: 201 })).toBe('ok');
    expect(outcomeOf({ status: 422, detail: 'PreCheckout' })).toBe('refused');
    expect(outcomeOf({ status: 409, detail: 'OrderAlreadyPlaced' })).toBe('refused');
    expect(outcomeOf({ status: 409, detail: 'IdempotencyKeyInUse' })).toBe('error');
    expect(outcomeOf({ status: 503, detail: 'ServiceUnavailable' })).toBe('error');
    expect(outcomeOf({ status: 0, detail: 'ECONNREFUSED' })).toBe('error');
  });
});

describe('recoveredAt', () => {
  it('is the end of the first successful write started once the database is back', () => {
    const records = [
      request({ start: 35_000, end: 37_000 }), // started before the database was back
      request({ call: 'menu', start: 36_100, end: 36_200, status: 200 }), // a read
      request({ start: 36_300, end: 36_400, status: 503 }), // failed
      request({ start: 37_500, end: 38_000 }),
      request({ start: 37_000, end: 38_500 }),
    ];
    expect(recoveredAt(records, timeline)).toBe(38_000);
  });

  it('is null when the database never came back or no write succeeded after it', () => {
    expect(
      recoveredAt([request({ start: 40_000, end: 41_000 })], { ...timeline, databaseBackAt: null }),
    ).toBeNull();
    expect(recoveredAt([request({ start: 40_000, end: 41_000, status: 503 })], timeline)).toBeNull();
  });
});

describe('phaseOf', () => {
  it('puts a request cut by the restart in the outage, and only those started after the grace after', () => {
    expect(phaseOf({ start: 0, end: 29_999 }, 30_000, 43_000)).toBe('before');
    expect(phaseOf({ start: 29_000, end: 31_000 }, 30_000, 43_000)).toBe('outage');
    expect(phaseOf({ start: 42_999, end: 44_000 }, 30_000, 43_000)).toBe('outage');
    expect(phaseOf({ start: 43_000, end: 44_000 }, 30_000, 43_000)).toBe('after');
    expect(phaseOf({ start: 50_000, end: 51_000 }, 30_000, null)).toBe('outage');
    expect(phaseOf({ start: 50_000, end: 51_000 }, null, null)).toBe('before');
  });
});

describe('percentile', () => {
  it('is the nearest rank', () => {
    const values = Array.from({ length: 100 }, (_, i) => 100 - i);
    expect(percentile(values, 50)).toBe(50);
    expect(percentile(values, 99)).toBe(99);
    expect(percentile([7], 99)).toBe(7);
    expect(percentile([], 50)).toBeNull();
  });
});

describe('reconcile', () => {
  it('finds acknowledged placements missing, orders placed or charged twice, and keys given up on while held', () => {
    const placements = [
      placement({ orderId: 1 }),
      placement({ orderId: 2 }), // acknowledged, not in the database: lost
      placement({ orderId: 3, outcome: 'gave up', lastStatus: 0, lastDetail: 'ECONNREFUSED' }),
      placement({ orderId: 4, outcome: 'gave up', lastStatus: 409, lastDetail: 'IdempotencyKeyInUse' }),
      placement({ orderId: 5, outcome: 'refused', lastStatus: 422 }),
      placement({ orderId: 6 }),
    ];
    const result = reconcile(placements, {
      placedOrderIds: [1, 3, 6],
      placementsByOrder: { 1: 1, 3: 1, 6: 2 },
      approvedChargesByOrder: { 1: 2, 3: 1, 6: 1 },
      processingKeys: 1,
    });
    expect(result).toMatchObject({
      attempted: 6,
      acknowledged: 3,
      placedInDatabase: 3,
      lost: [2],
      duplicated: [1, 6],
      placedWithoutAcknowledgement: [3],
      stuckKeys: ['k-4'],
      processingKeysLeft: 1,
    });
    expect(result.byOutcome).toEqual({
      acknowledged: 3,
      refused: 1,
      'already placed': 0,
      rejected: 0,
      'gave up': 2,
    });
  });
});

describe('summarise and failures', () => {
  const placedFacts: DatabaseFacts = { ...noFacts, placedOrderIds: [1], placementsByOrder: { 1: 1 } };

  it('passes when errors stay within the outage and its grace, and every acknowledged order is placed once', () => {
    const records = [
      request({ start: 1_000, end: 1_100 }),
      request({ start: 31_000, end: 31_050, status: 503 }),
      request({ start: 37_000, end: 38_000 }), // the recovery: 'after' starts at 43 s
      request({ start: 42_000, end: 42_500, status: 0, detail: 'ECONNRESET' }), // within the grace
      request({ start: 44_000, end: 44_100, status: 422, detail: 'PreCheckout', code: 21037 }),
      request({ start: 45_000, end: 45_200, call: 'place', status: 200 }),
    ];
    const summary = summarise(
      records,
      [placement({ start: 45_000, end: 45_200 })],
      placedFacts,
      timeline,
      null,
    );
    expect(summary.recoveredAt).toBe(38_000);
    expect(summary.secondsToRecover).toBe(2);
    expect(summary.phases.map((p) => [p.phase, p.seconds, p.requests, p.errors, p.refused])).toEqual([
      ['before', 30, 1, 0, 0],
      ['outage', 13, 3, 2, 0],
      ['after', 17, 2, 0, 1],
    ]);
    expect(summary.phases[1]?.errorsBy).toEqual({ '503': 1, ECONNRESET: 1 });
    expect(summary.phases[2]?.refusedBy).toEqual({ '422 PreCheckout 21037': 1 });
    expect(summary.placementP99Ms).toBe(200);
    expect(failures(summary)).toEqual([]);
  });

  it('fails on an error after recovery, a lost placement, and names an exit of the API process', () => {
    const records = [
      request({ start: 37_000, end: 38_000 }),
      request({ start: 50_000, end: 50_100, status: 409, detail: 'IdempotencyKeyInUse' }),
    ];
    const summary = summarise(records, [placement({ orderId: 1 })], noFacts, timeline, {
      at: 52_000,
      code: 1,
      signal: null,
    });
    expect(failures(summary)).toEqual([
      'the API process exited at 52.0 s (code 1, signal -)',
      '1 acknowledged placements lost',
      '1 errors after recovery',
    ]);
  });

  it('fails when the API never serves a write again after the restart', () => {
    const summary = summarise(
      [request({ start: 40_000, end: 40_100, status: 503 })],
      [],
      noFacts,
      timeline,
      null,
    );
    expect(summary.phases.map((p) => p.seconds)).toEqual([30, 30, 0]);
    expect(failures(summary)).toEqual(['the API did not serve a write again after the database restart']);
  });

  it('counts only the planned run in the rates; the orders finished after it still count for errors', () => {
    const records = [
      request({ start: 1_000, end: 1_100 }),
      request({ start: 37_000, end: 38_000 }),
      request({ start: 61_000, end: 61_100, status: 409, detail: 'IdempotencyKeyInUse' }),
    ];
    const summary = summarise(records, [], noFacts, timeline, null);
    expect(summary.requestsPerSecond).toBeCloseTo(2 / 60);
    expect(summary.phases[2]).toMatchObject({ requests: 1, errors: 1, requestsPerSecond: 0 });
  });
});
