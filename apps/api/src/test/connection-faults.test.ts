/**
 * Fault test on PostgreSQL: the server ends every connection of the test's database (pg_terminate_backend, as a
 * restart or a failover does) several times during a bounded load of cart edits and placements. Then: the process
 * is still up (an unhandled error on a connection checked out for a transaction used to end it; vitest fails the
 * run on any uncaught error), the service answers again within seconds, every acknowledged placement is in the
 * database exactly once (one order placed, one charge), and no Idempotency-Key stays 'processing': the retries
 * of the placements that failed recover their keys. Every fourth placement is split tender (a gift card for part,
 * the card for the rest): its gift card is taken exactly once, only with the placed order, and the card's balance
 * equals its ledger. Runs when the PostgreSQL server is reachable (see harness).
 */
import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { locations } from '../db/schema/locations';
import { orders } from '../db/schema/orders';
import { closeRequests, idempotencyKeys } from '../db/schema/payments';
import { CARDS, createOrderFixture, type OrderFixture } from '../modules/checkout/checkout.fixtures';
import {
  auth,
  closeRequest,
  prepareCheckout,
  processorCharges,
} from '../modules/checkout/checkout.test-helpers';
import { createTestContext, dbKinds, testMerchant, type TestContext } from './harness';

const postgres = (await dbKinds()).includes('postgres');
const serverUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const LEASE_SECONDS = 2;
const PLACEMENTS = 16;
const EDIT_ORDERS = 4;
const KILLS = 3;
const KILL_EVERY_MS = 700;
/** The demo gift card with $500 (README); every fourth placement takes GIFT_CENTS of it. */
const GIFT_CARD = '6000000000000005';
const GIFT_CENTS = 300;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe.runIf(postgres)('connections terminated under load (postgres)', () => {
  let ctx: TestContext;
  let admin: pg.Client;
  let databaseName: string;

  beforeAll(async () => {
    ctx = await createTestContext(
      'postgres',
      { IDEMPOTENCY_LEASE_SECONDS: LEASE_SECONDS },
      { pool: { acquireTimeoutMs: 2_000, statementTimeoutMs: 5_000, idleInTransactionTimeoutMs: 5_000 } },
    );
    const [row] = await ctx.database.db
      .select({ name: sql<string>`current_database()` })
      .from(locations)
      .limit(1);
    databaseName = row?.name ?? '';
    admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
  }, 120_000);
  afterAll(async () => {
    await admin.end();
    await ctx.close();
  });

  /** Ends every connection to the test's own database but the asker's. */
  async function terminateConnections() {
    const result = await admin.query(
      'select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
      [databaseName],
    );
    return result.rowCount ?? 0;
  }

  it('keeps the process up, serves again within seconds, and places every acknowledged order exactly once', async () => {
    const placements: (OrderFixture & { paymentToken: string; key: string; giftCents: number })[] = [];
    for (let i = 0; i < PLACEMENTS; i += 1) {
      const order = await createOrderFixture(ctx, { subtotalCents: 1000 + i });
      const { paymentToken } = await prepareCheckout(ctx, order, CARDS.approve);
      const giftCents = i % 4 === 1 ? GIFT_CENTS : 0;
      if (giftCents > 0) {
        // Applied after the card payment: the API lowers the card's amount to what is left due.
        const gift = await ctx.app.inject({
          method: 'POST',
          url: `/v1/sales/orders/${order.orderId}/payments`,
          headers: auth(order.token),
          payload: { paymentMethod: 6, giftCardNumber: GIFT_CARD, baseAmount: giftCents / 100 },
        });
        if (gift.statusCode !== 200) throw new Error(`gift card: ${gift.body}`);
      }
      placements.push({ ...order, paymentToken, key: randomUUID(), giftCents });
    }
    const editOrders = await Promise.all(
      Array.from({ length: EDIT_ORDERS }, () => createOrderFixture(ctx, { subtotalCents: 900 })),
    );
    const [{ snapshotId } = { snapshotId: 0 }] = await ctx.database.db
      .select({ snapshotId: orders.snapshotId })
      .from(orders)
      .where(eq(orders.id, editOrders[0]?.orderId ?? 0));

    const statuses = new Map<number, number>();
    const count = (status: number) => statuses.set(status, (statuses.get(status) ?? 0) + 1);
    const acknowledged = new Map<number, unknown>();
    let loading = true;

    // Cart edits: each a transaction holding the order row (a forced move to the order's own snapshot).
    const editing = editOrders.map(async (order) => {
      while (loading) {
        const res = await ctx.app.inject({
          method: 'PATCH',
          url: `/v1/sales/orders/${order.orderId}`,
          headers: auth(order.token),
          payload: { snapshotId, forceUpdate: true },
        });
        count(res.statusCode);
        await sleep(10);
      }
    });
    // Placements: one client per order sends its key until it gets an answer or the load is over.
    const placing = placements.map(async (p, i) => {
      await sleep(i * 60);
      while (loading && !acknowledged.has(p.orderId)) {
        const res = await closeRequest(ctx, p, { paymentToken: p.paymentToken }, p.key);
        count(res.statusCode);
        if (res.statusCode === 200) acknowledged.set(p.orderId, res.json());
        else await sleep(50);
      }
    });

    let terminated = 0;
    for (let kill = 0; kill < KILLS; kill += 1) {
      await sleep(KILL_EVERY_MS);
      terminated += await terminateConnections();
    }
    const lastKill = Date.now();
    // Back as soon as a request that needs the database (a transaction) succeeds again.
    let recoveredAt: number | null = null;
    while (recoveredAt === null && Date.now() - lastKill < 10_000) {
      const order = editOrders[0];
      if (!order) break;
      const res = await ctx.app.inject({
        method: 'PATCH',
        url: `/v1/sales/orders/${order.orderId}`,
        headers: auth(order.token),
        payload: { snapshotId, forceUpdate: true },
      });
      if (res.statusCode === 200) recoveredAt = Date.now();
      else await sleep(25);
    }
    loading = false;
    await Promise.all([...editing, ...placing]);
    const acknowledgedUnderLoad = acknowledged.size;

    expect(recoveredAt).not.toBeNull();
    const secondsToRecover = ((recoveredAt ?? Date.now()) - lastKill) / 1000;
    expect(secondsToRecover).toBeLessThan(5);
    // Failures during the faults were clean: 503 (database unavailable) or 409 (key still held), never a 500.
    expect([...statuses.keys()].filter((s) => s >= 500 && s !== 503 && s !== 502)).toEqual([]);

    // Every client retries its key (after the lease of a request that died with its connection) until answered.
    const deadline = Date.now() + (LEASE_SECONDS + 10) * 1000;
    for (const p of placements) {
      while (!acknowledged.has(p.orderId) && Date.now() < deadline) {
        const res = await closeRequest(ctx, p, { paymentToken: p.paymentToken }, p.key);
        if (res.statusCode === 200) acknowledged.set(p.orderId, res.json());
        else await sleep(200);
      }
    }

    const { db } = ctx.database;
    let duplicated = 0;
    let lost = 0;
    /** Split-tender orders whose gift card was not taken exactly once with the placement. */
    let giftMismatches = 0;
    const entries = await ctx.processor.ledger.giftCardEntries(testMerchant);
    for (const p of placements) {
      const [order] = await db.select().from(orders).where(eq(orders.id, p.orderId));
      const placed = await db
        .select()
        .from(closeRequests)
        .where(and(eq(closeRequests.orderId, p.orderId), eq(closeRequests.outcome, 'placed')));
      const charges = (await processorCharges(ctx.processor, p.orderId)).filter(
        (c) => c.status === 'approved',
      );
      if (placed.length > 1 || charges.length > 1) duplicated += 1;
      const giftTaken = entries
        .filter((e) => e.idempotencyKey.includes(`:order-${p.orderId}:`))
        .reduce((sum, e) => sum + e.amountCents, 0);
      if (giftTaken !== (order?.placedAt ? -p.giftCents : 0)) giftMismatches += 1;
      if (charges[0] && charges[0].amountCents !== p.totalCents - p.giftCents) giftMismatches += 1;
      if (acknowledged.has(p.orderId) && (!order?.placedAt || placed.length === 0 || charges.length === 0))
        lost += 1;
    }
    const stuck = await db.select().from(idempotencyKeys).where(eq(idempotencyKeys.status, 'processing'));
    const card = await ctx.processor.ledger.giftCardByNumber(testMerchant, GIFT_CARD);
    const gift = card ? await ctx.processor.ledger.giftCardLedger(testMerchant, card.cardId) : null;
    const ledger = entries
      .filter((e) => e.giftCardId === card?.cardId)
      .reduce((sum, e) => sum + e.amountCents, 0);
    const taken = placements.reduce((sum, p) => sum + p.giftCents, 0);

    console.info(
      `connection faults: ${KILLS} terminations (${terminated} connections), ${PLACEMENTS} placements, ` +
        `${acknowledgedUnderLoad} acknowledged under load, ${acknowledged.size} after retries, lost ${lost}, ` +
        `duplicated ${duplicated}, gift card mismatches ${giftMismatches}, stuck keys ${stuck.length}, back ${secondsToRecover.toFixed(2)} s after the ` +
        `last termination; answers ${JSON.stringify(Object.fromEntries(statuses))}`,
    );
    expect(acknowledged.size).toBe(PLACEMENTS);
    expect(lost).toBe(0);
    expect(duplicated).toBe(0);
    expect(giftMismatches).toBe(0);
    expect(stuck).toEqual([]);
    expect(ledger).toBe(-taken);
    expect(gift?.balanceCents).toBe((gift?.initialBalanceCents ?? 0) - taken);
  }, 120_000);
});
