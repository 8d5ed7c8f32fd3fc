/**
 * Idempotency keys left 'processing' by a request that never finished (a crash, a lost database) used to answer
 * 409 'retry' for ever. A claim is now a lease: once it is over, the key is recovered (the committed answer
 * replayed, or the placement run again), while a live lease still answers 409 as Stripe does.
 */
import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeRequests, idempotencyKeys } from '../../db/schema/payments';
import { createTestContext, dbKinds, type TestContext } from '../../test/harness';
import { CARDS, createOrderFixture, type OrderFixture } from './checkout.fixtures';
import { closeRequest, prepareCheckout, processorCharges } from './checkout.test-helpers';
import { requestHash, runIdempotent } from './idempotency';

const LEASE_SECONDS = 1;

describe.each(await dbKinds())('idempotency key leases on %s', (kind) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext(kind, { IDEMPOTENCY_LEASE_SECONDS: LEASE_SECONDS });
  });
  afterAll(() => ctx.close());

  /** The key row a request that died mid-placement leaves behind: 'processing', no answer. */
  async function leaveProcessing(
    order: OrderFixture,
    key: string,
    body: object,
    leaseExpiresAt: Date | null,
  ) {
    const session = await ctx.app.tokens.verifyAccessToken(order.token);
    if (!session) throw new Error('no session');
    await ctx.database.db.insert(idempotencyKeys).values({
      scope: session.sid,
      key,
      requestHash: requestHash({ path: `close-requests/${order.orderId}`, body }),
      orderId: order.orderId,
      leaseExpiresAt,
    });
  }

  const keyRow = async (key: string) =>
    (await ctx.database.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.key, key)))[0];

  const charges = (order: OrderFixture) => processorCharges(ctx.processor, order.orderId);

  it('answers 409 while the lease runs, then places the order when the first request never committed', async () => {
    const order = await createOrderFixture(ctx);
    const { paymentToken } = await prepareCheckout(ctx, order, CARDS.approve);
    const key = randomUUID();
    const body = { paymentToken };
    await leaveProcessing(order, key, body, new Date(Date.now() + LEASE_SECONDS * 1000));

    const early = await closeRequest(ctx, order, body, key);
    expect(early.statusCode).toBe(409);
    expect(early.json()).toMatchObject({ errors: [{ key: 'IdempotencyKeyInUse' }] });

    await new Promise((resolve) => setTimeout(resolve, LEASE_SECONDS * 1000 + 100));
    const recovered = await closeRequest(ctx, order, body, key);
    expect(recovered.statusCode).toBe(200);
    expect(recovered.json()).toMatchObject({ succeed: true, value: { orderId: order.orderId, statusId: 1 } });
    expect(await keyRow(key)).toMatchObject({ status: 'completed', responseStatus: 200 });
    expect(await charges(order)).toHaveLength(1);

    const replay = await closeRequest(ctx, order, body, key);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(replay.json()).toEqual(recovered.json());
  });

  it('replays the committed placement of a key left processing (also a row from before leases)', async () => {
    const order = await createOrderFixture(ctx);
    const { paymentToken } = await prepareCheckout(ctx, order, CARDS.approve);
    const key = randomUUID();
    const body = { paymentToken };
    const placed = await closeRequest(ctx, order, body, key);
    expect(placed.statusCode).toBe(200);
    // As a process that committed the placement and died before it stored the answer would leave it.
    await ctx.database.db
      .update(idempotencyKeys)
      .set({
        status: 'processing',
        responseStatus: null,
        responseBody: null,
        leaseExpiresAt: null,
        createdAt: new Date(Date.now() - 60_000),
      })
      .where(eq(idempotencyKeys.key, key));

    const replay = await closeRequest(ctx, order, body, key);
    expect(replay.statusCode).toBe(200);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(replay.json()).toEqual(placed.json());
    expect(await keyRow(key)).toMatchObject({ status: 'completed', responseStatus: 200 });
    expect(await charges(order)).toHaveLength(1);
    const attempts = await ctx.database.db
      .select()
      .from(closeRequests)
      .where(and(eq(closeRequests.orderId, order.orderId), eq(closeRequests.outcome, 'placed')));
    expect(attempts).toHaveLength(1);
  });

  it('stores the answer with the placement: a committed order never leaves its key processing', async () => {
    const order = await createOrderFixture(ctx);
    const { paymentToken } = await prepareCheckout(ctx, order, CARDS.decline);
    const key = randomUUID();
    const declined = await closeRequest(ctx, order, { paymentToken }, key);
    expect(declined.statusCode).toBe(422);
    expect(await keyRow(key)).toMatchObject({ status: 'completed', responseStatus: 422 });
    const replay = await closeRequest(ctx, order, { paymentToken }, key);
    expect(replay.json()).toEqual(declined.json());
  });

  it('releases a key whose release failed with the database as soon as the database answers again', async () => {
    const key = randomUUID();
    const request = { scope: `scope-${key}`, key, fingerprint: { key } };
    // The database as the failed request saw it: its first write after the work (the release) is refused, as a
    // lost connection would refuse it; every later one goes through.
    let refuse = true;
    const db = new Proxy(ctx.database.db, {
      get(target, property, receiver) {
        if (property === 'delete' && refuse) {
          refuse = false;
          return () => {
            throw new Error('Connection terminated unexpectedly');
          };
        }
        return Reflect.get(target, property, receiver) as unknown;
      },
    });
    const lost = new Error('Connection terminated unexpectedly');
    await expect(runIdempotent(db, request, () => Promise.reject(lost), { leaseMs: 60_000 })).rejects.toBe(
      lost,
    );

    // A long lease (60 s) still runs, yet the key is free within a second or two: the retry places.
    await expect.poll(() => keyRow(key), { timeout: 5_000, interval: 100 }).toBeUndefined();
    const retried = await runIdempotent(ctx.database.db, request, () => Promise.resolve('placed'), {
      leaseMs: 60_000,
    });
    expect(retried).toEqual({ value: 'placed', replayed: false });
  });
});
