/**
 * No wedge: a transaction never waits for a second connection. On PGlite (one connection) a query through the
 * root handle inside a transaction used to wait for the connection its own transaction held, for ever, and every
 * database route behind it waited too; a cold snapshot store (any restart) turned the first cart edit into that.
 * Each request here is raced against a short timer so that a wedge fails the test at once instead of hanging it.
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InjectOptions } from 'fastify';
import { RootHandleInTransactionError } from '../../db/client';
import { orders } from '../../db/schema/orders';
import { createTestContext, dbKinds, type TestContext } from '../../test/harness';
import { createOrderFixture } from '../checkout/checkout.fixtures';
import { auth } from '../checkout/checkout.test-helpers';

const kinds = await dbKinds();
const ANSWER_WITHIN_MS = 3_000;

async function answered(ctx: TestContext, request: InjectOptions & { url: string }) {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () =>
        reject(new Error(`${request.method} ${request.url} did not answer within ${ANSWER_WITHIN_MS} ms`)),
      ANSWER_WITHIN_MS,
    );
  });
  try {
    return await Promise.race([ctx.app.inject(request), timeout]);
  } finally {
    clearTimeout(timer);
  }
}

describe.each(kinds)('no wedge (%s)', (kind) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext(kind);
  });
  afterAll(async () => {
    await ctx.close();
  });

  it('answers a forced move to an unknown snapshot with 404 and keeps serving', async () => {
    // A fixture order, so that the snapshot store has not loaded the order's snapshot yet (as after a restart).
    const order = await createOrderFixture(ctx);
    const url = `/v1/sales/orders/${order.orderId}`;
    const patch = await answered(ctx, {
      method: 'PATCH',
      url,
      headers: auth(order.token),
      payload: { snapshotId: 987_654, forceUpdate: true },
    });
    expect(patch.statusCode).toBe(404);
    expect(patch.json()).toMatchObject({ value: null, succeed: false });

    const read = await answered(ctx, { method: 'GET', url, headers: auth(order.token) });
    expect(read.statusCode).toBe(200);
  });

  it('serves the first cart edit on a snapshot the store has not loaded yet', async () => {
    const order = await createOrderFixture(ctx, { locationId: 2 });
    const url = `/v1/sales/orders/${order.orderId}`;
    const [row] = await ctx.database.db
      .select({ snapshotId: orders.snapshotId })
      .from(orders)
      .where(eq(orders.id, order.orderId));
    const snapshotId = row?.snapshotId;
    const edit = await answered(ctx, {
      method: 'PATCH',
      url,
      headers: auth(order.token),
      payload: { snapshotId, forceUpdate: true },
    });
    expect(edit.statusCode).toBe(200);
  });

  it('refuses the root handle inside a transaction at once, and serves it again after', async () => {
    const { db } = ctx.database;
    const started = Date.now();
    const inside = await db.transaction(async (tx) => {
      await tx.execute(sql`select 1`);
      return db.execute(sql`select 1`).then(
        () => null,
        (error: unknown) => error,
      );
    });
    expect(Date.now() - started).toBeLessThan(ANSWER_WITHIN_MS);
    expect((inside as { cause?: unknown }).cause ?? inside).toBeInstanceOf(RootHandleInTransactionError);
    await expect(db.execute(sql`select 1 as one`)).resolves.toBeDefined();
  });
});
