/**
 * Issue 36: placing an order costs few round trips to the database. The statements one POST close-requests
 * sends (BEGIN and COMMIT included, each a round trip) are counted on the database handle itself and the count
 * must stay within the limit, for a card payment (recorded before the remote charge) and for a split of a gift
 * card and a card. The processor is reached over HTTP with its own storage and is not counted.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomInt } from 'node:crypto';
import { createTestContext, dbKinds, testMerchant, type TestContext } from '../../test/harness';
import { invalidateLocationsCache, loadCatalog } from '../locations/locations.service';
import { CARDS, createOrderFixture, type OrderFixture } from './checkout.fixtures';
import { auth, closeRequest, prepareCheckout } from './checkout.test-helpers';

/** Round trips of one card placement on the happy path (statements, BEGIN and COMMIT included): START (the key claimed and the attempt recorded), then BEGIN, LOCK, WRITE, the slot upsert, COMMIT. */
const CARD_PLACEMENT_ROUND_TRIPS = 6;
/** Commits of one card placement (each BEGIN ... COMMIT, and each statement run outside a transaction): START, which the processor call must follow, and the placing transaction. */
const CARD_PLACEMENT_COMMITS = 2;

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
  });
  afterAll(async () => {
    await ctx?.close();
  });

  async function placeCounted(order: OrderFixture, paymentToken: string) {
    // The store catalogue (cached per process for 10 s, then refreshed in the background) is read afresh now:
    // the count is the placement's own.
    invalidateLocationsCache(ctx.database.db);
    await loadCatalog(ctx.database.db);
    let status = 0;
    const counted = await countStatements(ctx, async () => {
      status = (await closeRequest(ctx, order, { paymentToken })).statusCode;
    });
    expect(status).toBe(200);
    return counted;
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
});
