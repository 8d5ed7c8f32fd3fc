/**
 * The kitchen's live stream (GET /v1/staff/locations/{id}/events) over real HTTP: refused without a staff
 * credential, and an `order` event arrives when an order of the location is placed or moves on, also when the
 * write went through another API process on the same PostgreSQL database (NOTIFY reaches every listener).
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { openDatabase } from '../../db/client';
import { createTestContext, dbKinds, type TestContext } from '../../test/harness';
import { placeTrackedOrder } from '../checkout/checkout.test-helpers';

interface SseEvent {
  event: string;
  data: string;
}

/** An open event stream: its status and content type, and the events as they come. */
interface OpenStream {
  status: number;
  contentType: string;
  body: string;
  next(predicate: (event: SseEvent) => boolean, timeoutMs?: number): Promise<SseEvent>;
  close(): void;
}

function openStream(port: number, path: string, headers: Record<string, string>): Promise<OpenStream> {
  return new Promise((resolve, reject) => {
    const req = http.get({ host: '127.0.0.1', port, path, headers }, (res) => {
      const events: SseEvent[] = [];
      const waiters: { predicate: (e: SseEvent) => boolean; resolve: (e: SseEvent) => void }[] = [];
      let buffer = '';
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        body += chunk;
        buffer += chunk;
        let split = buffer.indexOf('\n\n');
        while (split >= 0) {
          const block = buffer.slice(0, split);
          buffer = buffer.slice(split + 2);
          split = buffer.indexOf('\n\n');
          const event = /^event: (.*)$/m.exec(block)?.[1] ?? 'message';
          const data = /^data: (.*)$/m.exec(block)?.[1] ?? '';
          const parsed = { event, data };
          events.push(parsed);
          for (const waiter of [...waiters]) {
            if (waiter.predicate(parsed)) {
              waiters.splice(waiters.indexOf(waiter), 1);
              waiter.resolve(parsed);
            }
          }
        }
      });
      const stream: OpenStream = {
        status: res.statusCode ?? 0,
        contentType: String(res.headers['content-type'] ?? ''),
        get body() {
          return body;
        },
        next: (predicate, timeoutMs = 5_000) => {
          const seen = events.find(predicate);
          if (seen) return Promise.resolve(seen);
          return new Promise((resolveEvent, rejectEvent) => {
            const timer = setTimeout(() => rejectEvent(new Error(`no matching event in ${body}`)), timeoutMs);
            waiters.push({
              predicate,
              resolve: (event) => {
                clearTimeout(timer);
                resolveEvent(event);
              },
            });
          });
        },
        close: () => req.destroy(),
      };
      // Refusals are whole JSON answers: wait for them to end.
      if (stream.contentType.startsWith('application/json')) res.on('end', () => resolve(stream));
      else resolve(stream);
    });
    req.on('error', reject);
  });
}

const orderEvent = (orderId: number, statusId: number) => (e: SseEvent) =>
  e.event === 'order' && e.data === JSON.stringify({ locationId: 1, orderId, statusId });

describe.each(await dbKinds())('kitchen live stream on %s', (kind) => {
  let ctx: TestContext;
  let port: number;
  let session: string;
  beforeAll(async () => {
    ctx = await createTestContext(kind);
    await ctx.app.listen({ host: '127.0.0.1', port: 0 });
    port = (ctx.app.server.address() as AddressInfo).port;
    const signIn = await ctx.app.inject({
      method: 'POST',
      url: '/v1/staff/sessions',
      payload: { staffKey: ctx.env.STAFF_KEY },
    });
    session = signIn.json<{ value: { sessionToken: string } }>().value.sessionToken;
  });
  afterAll(() => ctx.close());

  it('refuses a caller without a staff credential, with a guest token or a made-up session (401)', async () => {
    const guest = await ctx.token();
    for (const headers of [
      {},
      { authorization: `Bearer ${guest}` },
      { authorization: 'Bearer made-up' },
    ] as Record<string, string>[]) {
      const stream = await openStream(port, '/v1/staff/locations/1/events', headers);
      expect(stream.status).toBe(401);
      expect(JSON.parse(stream.body)).toMatchObject({ succeed: false, value: null });
    }
  });

  it('answers 404 for an unknown location and 400 for a malformed one, at once', async () => {
    const auth = { authorization: `Bearer ${session}` };
    expect((await openStream(port, '/v1/staff/locations/999999/events', auth)).status).toBe(404);
    expect((await openStream(port, '/v1/staff/locations/abc/events', auth)).status).toBe(400);
  });

  it('pushes an order event when an order of the location is placed and when it moves on', async () => {
    const stream = await openStream(port, '/v1/staff/locations/1/events', {
      authorization: `Bearer ${session}`,
    });
    try {
      expect(stream.status).toBe(200);
      expect(stream.contentType).toMatch(/^text\/event-stream/);
      await stream.next((e) => e.event === 'ping');
      const placed = await placeTrackedOrder(ctx);
      const started = performance.now();
      await stream.next(orderEvent(placed.orderId, 1));
      const placedMs = performance.now() - started;
      await ctx.app.inject({
        method: 'POST',
        url: `/v1/staff/orders/${placed.orderId}/status`,
        headers: { authorization: `Bearer ${session}` },
        payload: { statusId: 2 },
      });
      await stream.next(orderEvent(placed.orderId, 2));
      // Pushed at commit, not found by a poll: well under a second even on a loaded machine.
      expect(placedMs).toBeLessThan(1_000);
    } finally {
      stream.close();
    }
  });

  it('hears an order of another location not at all', async () => {
    const stream = await openStream(port, '/v1/staff/locations/2/events', {
      'x-staff-key': ctx.env.STAFF_KEY,
    });
    try {
      await stream.next((e) => e.event === 'ping');
      const placed = await placeTrackedOrder(ctx);
      // The order event of location 1 reaches a location-1 stream opened after it; this one stays silent.
      const witness = await openStream(port, '/v1/staff/locations/1/events', {
        'x-staff-key': ctx.env.STAFF_KEY,
      });
      try {
        const moved = await ctx.app.inject({
          method: 'POST',
          url: `/v1/staff/orders/${placed.orderId}/status`,
          headers: { 'x-staff-key': ctx.env.STAFF_KEY },
          payload: { statusId: 2 },
        });
        expect(moved.statusCode, moved.body).toBe(200);
        await witness.next(orderEvent(placed.orderId, 2));
      } finally {
        witness.close();
      }
      expect(stream.body).not.toContain(`"orderId":${placed.orderId}`);
    } finally {
      stream.close();
    }
  });

  // Two API processes share a PostgreSQL server; PGlite lives inside one process, so the case has no PGlite form
  // (registered for PostgreSQL only, rather than reported as skipped on PGlite).
  if (kind === 'postgres')
    it('delivers an order placed through another API process on the same database', async () => {
      const pool: unknown = Reflect.get(ctx.database.db, '$client');
      if (!(pool instanceof pg.Pool)) throw new Error('expected a PostgreSQL pool');
      const otherDatabase = openDatabase({ url: pool.options.connectionString, poolSize: 5 });
      const other = await buildApp({ env: ctx.env, database: otherDatabase, logger: false });
      await other.listen({ host: '127.0.0.1', port: 0 });
      const otherPort = (other.server.address() as AddressInfo).port;
      const stream = await openStream(otherPort, '/v1/staff/locations/1/events', {
        authorization: `Bearer ${session}`,
      });
      try {
        await stream.next((e) => e.event === 'ping');
        const placed = await placeTrackedOrder(ctx);
        await stream.next(orderEvent(placed.orderId, 1));
      } finally {
        stream.close();
        await other.close();
        await otherDatabase.close();
      }
    });

  it('ends open streams with an end event when the server closes', async () => {
    const stream = await openStream(port, '/v1/staff/locations/1/events', {
      'x-staff-key': ctx.env.STAFF_KEY,
    });
    await stream.next((e) => e.event === 'ping');
    const closing = ctx.app.close();
    const end = await stream.next((e) => e.event === 'end');
    expect(JSON.parse(end.data)).toEqual({ reason: 'shutdown' });
    await closing;
  });
});
