/**
 * Issue 36: placing an order costs few round trips to the database. The statements one POST close-requests
 * sends (BEGIN and COMMIT included, each a round trip) are counted on the database handle itself and the count
 * must stay within the limit, for a card payment (recorded before the remote charge), for a split of a gift
 * card and a card, and for an order left to pay at the store, which asks the processor nothing and is placed by
 * one transaction that also claims its Idempotency-Key and stores its answer. The processor is reached over
 * HTTP with its own storage and is not counted.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomInt, randomUUID } from 'node:crypto';
import { locationPaymentMethods } from '../../db/schema/payments';
import { runStatement, statement } from '../../db/statements';
import { DEMO_LOCATIONS } from '../../db/seed/locations';
import { createTestContext, dbKinds, testMerchant, type TestContext } from '../../test/harness';
import { invalidateLocationsCache, loadCatalog } from '../locations/locations.service';
import { CARDS, createOrderFixture, type OrderFixture } from './checkout.fixtures';
import { auth, closeRequest, paymentCaptcha, prepareCheckout } from './checkout.test-helpers';

/** Round trips of one card placement on the happy path (statements, BEGIN and COMMIT included): START (the key claimed and the attempt recorded), then BEGIN, LOCK, WRITE, the slot upsert, COMMIT. */
const CARD_PLACEMENT_ROUND_TRIPS = 6;
/** Commits of one card placement (each BEGIN ... COMMIT, and each statement run outside a transaction): START, which the processor call must follow, and the placing transaction. */
const CARD_PLACEMENT_COMMITS = 2;
/** Round trips of a placement that asks the processor nothing (pay at the store): START (which writes nothing for it), then BEGIN, LOCK (the key claimed in the transaction), WRITE (its answer stored), the slot upsert, COMMIT. */
const PAY_AT_STORE_ROUND_TRIPS = 6;
/** Transactions that write for it: the placing one alone (the key's claim and answer inside it). */
const PAY_AT_STORE_COMMITS = 1;
/** A store open around the clock that takes 'Pay at the Store' in this test. */
const PAY_AT_STORE = DEMO_LOCATIONS.tableOrdering;

/**
 * The rows a placement of order $2 with key $1 wrote, each with the transaction that wrote its last version
 * (xmin) and when that transaction began (the row's default now()): the key's claim is an insert, so its
 * created_at tells the transaction that claimed it, even once its answer was stored by another.
 */
const WRITERS = statement(
  'test_placement_writers',
  `select 'key' as what, xmin::text as xid, created_at::text as began from idempotency_keys where key = $1
   union all select 'order', xmin::text, null::text from orders where id = $2
   union all select 'history', xmin::text, changed_at::text from order_status_history where order_id = $2
   union all select 'close request', xmin::text, created_at::text from close_requests where order_id = $2
   union all select 'pay later', xmin::text, created_at::text from pay_later_orders where order_id = $2
   union all select 'attempt', xmin::text, created_at::text from placement_attempts where order_id = $2`,
);

interface Counted {
  statements: string[];
  /** Transactions committed plus statements sent outside any transaction (each commits on its own). */
  commits: number;
}

/** Runs `work` and answers the statements the database received meanwhile. */
async function countStatements(ctx: TestContext, work: () => Promise<unknown>): Promise<Counted> {
  const statements: string[] = [];
  const stop = ctx.database.onStatement((text) => statements.push(text.trim()));
  try {
    await work();
  } finally {
    stop();
  }
  let commits = 0;
  let open = false;
  for (const text of statements) {
    const verb = text.slice(0, 8).toLowerCase();
    if (verb.startsWith('begin')) open = true;
    else if (verb.startsWith('commit')) {
      open = false;
      commits += 1;
    } else if (verb.startsWith('rollback')) open = false;
    else if (!open) commits += 1;
  }
  return { statements, commits };
}

const list = (counted: Counted) =>
  counted.statements.map((s, i) => `${i + 1}. ${s.slice(0, 160)}`).join('\n');

describe.each(await dbKinds())('placement round trips (%s)', (kind) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext(kind);
    await ctx.database.db
      .insert(locationPaymentMethods)
      .values({ locationId: PAY_AT_STORE, paymentMethod: 2, displayOrder: 1 });
  });
  afterAll(async () => {
    await ctx?.close();
  });

  async function placeCounted(
    order: OrderFixture,
    paymentToken?: string,
    key: string = randomUUID(),
    remoteAddress?: string,
  ) {
    // The store catalogue (cached per process for 10 s, then refreshed in the background) is read afresh now:
    // the count is the placement's own.
    invalidateLocationsCache(ctx.database.db);
    await loadCatalog(ctx.database.db);
    let status = 0;
    let body = '';
    const counted = await countStatements(ctx, async () => {
      const res = await ctx.app.inject({
        method: 'POST',
        url: `/v1/sales/orders/${order.orderId}/close-requests`,
        headers: { ...auth(order.token), 'idempotency-key': key },
        payload: paymentToken ? { paymentToken } : {},
        ...(remoteAddress ? { remoteAddress } : {}),
      });
      status = res.statusCode;
      body = res.body;
    });
    expect(status, body).toBe(200);
    return counted;
  }

  /**
   * An order at the pay-at-store store with a guest of its own (phone, e-mail, client address: the pay-later caps
   * count each) and its offline payment; answers the order and the guest's address.
   */
  async function payAtStoreOrder(): Promise<OrderFixture & { address: string }> {
    const order = await createOrderFixture(ctx, { locationId: PAY_AT_STORE });
    const address = `198.51.${randomInt(256)}.${randomInt(1, 255)}`;
    const contact = await ctx.app.inject({
      method: 'PATCH',
      url: `/v1/sales/orders/${order.orderId}/contact-information`,
      headers: auth(order.token),
      payload: {
        firstName: 'Pat',
        lastName: 'Store',
        phone: `(202) 555-${String(randomInt(10_000)).padStart(4, '0')}`,
        email: `pat-${randomUUID()}@example.com`,
      },
      remoteAddress: address,
    });
    expect(contact.statusCode, contact.body).toBe(200);
    const payment = await ctx.app.inject({
      method: 'POST',
      url: `/v1/sales/orders/${order.orderId}/payments`,
      headers: auth(order.token),
      payload: {
        paymentMethod: 2,
        baseAmount: order.totalCents / 100,
        recaptchaInput: await paymentCaptcha(ctx),
      },
      remoteAddress: address,
    });
    expect(payment.statusCode, payment.body).toBe(200);
    return { ...order, address };
  }

  /**
   * The transactions whose writes a placement left: the distinct transactions (xmin) of the rows it wrote (its
   * key, the order, its history, close request, pay-later record and attempts) and the distinct instants those
   * rows were created at (one transaction's now()), and which rows they are.
   */
  async function writersOf(orderId: number, key: string) {
    const rows = await runStatement<{ what: string; xid: string; began: string | null }>(
      ctx.database.db,
      WRITERS,
      [key, orderId],
    );
    return {
      what: rows.map((r) => r.what).sort(),
      transactions: new Set(rows.map((r) => r.xid)).size,
      began: new Set(rows.flatMap((r) => (r.began === null ? [] : [r.began]))).size,
    };
  }

  it('places a card order within the round-trip and commit limits', async () => {
    // A first placement warms the per-process caches (the store catalogue): the figure is a placement's own.
    const warm = await createOrderFixture(ctx);
    await placeCounted(warm, (await prepareCheckout(ctx, warm, CARDS.approve)).paymentToken);

    const order = await createOrderFixture(ctx);
    const { paymentToken } = await prepareCheckout(ctx, order, CARDS.approve);
    const counted = await placeCounted(order, paymentToken);
    expect(counted.statements.length, list(counted)).toBeLessThanOrEqual(CARD_PLACEMENT_ROUND_TRIPS);
    expect(counted.commits, list(counted)).toBeLessThanOrEqual(CARD_PLACEMENT_COMMITS);
  });

  it('places a gift card + card order within the same limits', async () => {
    const order = await createOrderFixture(ctx);
    const number = `7${String(randomInt(10 ** 9)).padStart(9, '0')}${String(randomInt(10 ** 6)).padStart(6, '0')}`;
    await ctx.processor.ledger.putGiftCard(testMerchant, number, 10_000);
    const gift = await ctx.app.inject({
      method: 'POST',
      url: `/v1/sales/orders/${order.orderId}/payments`,
      headers: auth(order.token),
      payload: { paymentMethod: 6, giftCardNumber: number, baseAmount: 3 },
    });
    expect(gift.statusCode, gift.body).toBe(200);
    // The card pays what the gift card leaves.
    const rest = { ...order, totalCents: order.totalCents - 300 };
    const { paymentToken } = await prepareCheckout(ctx, rest, CARDS.approve);
    const counted = await placeCounted(order, paymentToken);
    expect(counted.statements.length, list(counted)).toBeLessThanOrEqual(CARD_PLACEMENT_ROUND_TRIPS);
    expect(counted.commits, list(counted)).toBeLessThanOrEqual(CARD_PLACEMENT_COMMITS);
  });

  it('places a pay-at-store order in one transaction that claims and answers its key', async () => {
    const warm = await payAtStoreOrder();
    await placeCounted(warm, undefined, randomUUID(), warm.address);

    const order = await payAtStoreOrder();
    const key = randomUUID();
    const counted = await placeCounted(order, undefined, key, order.address);
    expect(counted.statements.length, list(counted)).toBeLessThanOrEqual(PAY_AT_STORE_ROUND_TRIPS);
    // One BEGIN ... COMMIT; the one statement outside it (START) wrote nothing: every row the placement left
    // (the key's claim and answer among them) was written by that one transaction, and no attempt was recorded.
    expect(
      counted.statements.filter((t) => /^commit/i.test(t)),
      list(counted),
    ).toHaveLength(1);
    const writers = await writersOf(order.orderId, key);
    expect(writers.what).toEqual(['close request', 'history', 'key', 'order', 'pay later']);
    expect(writers.transactions).toBe(PAY_AT_STORE_COMMITS);
    // The key was claimed by that same transaction, not by a commit of its own before it.
    expect(writers.began).toBe(PAY_AT_STORE_COMMITS);

    // The key's answer is stored: the same request replays it, in one round trip (START reads the key).
    const replay = await countStatements(ctx, async () => {
      const res = await closeRequest(ctx, order, {}, key);
      expect(res.statusCode).toBe(200);
      expect(res.headers['idempotent-replayed']).toBe('true');
    });
    expect(replay.statements, list(replay)).toHaveLength(1);
  });

  it('places a pay-at-store order once when its close request arrives 10 times at once with one key', async () => {
    const order = await payAtStoreOrder();
    const key = randomUUID();
    const answers = await Promise.all(
      Array.from({ length: 10 }, () =>
        ctx.app.inject({
          method: 'POST',
          url: `/v1/sales/orders/${order.orderId}/close-requests`,
          headers: { ...auth(order.token), 'idempotency-key': key },
          payload: {},
          remoteAddress: order.address,
        }),
      ),
    );
    // Each answer is the placement (first or replayed) or 409 while it runs; never anything else.
    expect(answers.filter((a) => a.statusCode !== 200 && a.statusCode !== 409).map((a) => a.body)).toEqual(
      [],
    );
    const placed = answers.filter((a) => a.statusCode === 200);
    expect(placed.length).toBeGreaterThanOrEqual(1);
    expect(
      new Set(placed.map((a) => a.json<{ value: { referenceNumber: string } }>().value.referenceNumber)).size,
    ).toBe(1);
    const writers = await writersOf(order.orderId, key);
    expect(writers.what).toEqual(['close request', 'history', 'key', 'order', 'pay later']);
    const replay = await closeRequest(ctx, order, {}, key);
    expect(replay.statusCode).toBe(200);
    expect(replay.json()).toEqual(placed[0]?.json());
  });
});
