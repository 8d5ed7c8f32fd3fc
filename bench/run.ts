/**
 * `npm run bench`: one run of the performance figures on this machine (DESIGN.md "Performance").
 * - API throughput and p99 under autocannon for a plain node:http hello route (the ceiling), GET /v1/sales/menus
 *   (the demo menu, and a bench-only 300-item menu: plain, gzip, and revalidated with If-None-Match -> 304; beside
 *   it, a bare node:http server sending the same bytes, plain and gzip, for what the client and loopback allow), a
 *   new guest's token, the menu-item pricing POST, pricing an order again without discounts, with a coupon and with a coupon and a loyalty reward (a line's
 *   quantity changed), location search (by coordinates, city and ZIP code; `--search-only`: these and the item pricing alone) and placing an order (close-request: card only,
 *   and a gift card for part of the bill with the card for the rest), on
 *   PostgreSQL, each also as a ratio to the ceiling measured in the same run. The 300-item menu is published for a
 *   bench-only location (apps/api/src/db/seed/bench-menu.ts) on the bench's own database; the demo data never shows
 *   it.
 * - Lighthouse (mobile defaults, median of 3) on the search, menu, item, checkout and payment pages, beside a minimal
 *   reference Next.js page of the same versions measured before and after the pages in the same run (issue 3's
 *   budgets are judged against both measures, see budgets.ts); and the menu page of two bench-only
 *   stores, one with a 30-item and one with a 300-item menu, whose first paints should not differ (the page draws
 *   above the fold first and loads pictures lazily).
 * Results are printed and written to bench/results/<timestamp>.json.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { openDatabase } from '../apps/api/src/db/client';
import { BENCH_LARGE_MENU_ITEMS, seedBenchLargeMenu } from '../apps/api/src/db/seed/bench-menu';
import {
  bin,
  json,
  median,
  load,
  option,
  recreateDatabase,
  root,
  runsOption,
  startProcess,
  startSandboxProcessor,
  stopAll,
  waitForUrl,
  type BenchProcessor,
  type LoadFigure,
  refusalCounter,
  serverCommand,
} from './lib';
import { describeCpuPerOrder, startCpuMeter, type CpuFigure } from './process-cpu';
import { solveCaptchaAt } from '../apps/api/src/test/captcha';
import {
  checkoutCookie,
  measurePage,
  paymentCookie,
  type PageFigure,
  type ThrottlingMethod,
} from './lighthouse';
import {
  addItem,
  addableItems,
  addItemBody,
  BENCH_SECRETS,
  createOrder,
  getMenu,
  guestToken,
  isOpenOnline,
  payAtTheStore,
  payByCard,
  pricingBody,
  searchStores,
  type AddItemBody,
} from './guest';
import { describeJudgement, judgePages, MENU_JS_BUDGET, PAGE_BUDGETS, type PageJudgement } from './budgets';
import { measureAccounts, type AccountsFigures } from './accounts';
import { measureNotificationLag, printNotifications, type NotificationFigures } from './notifications';
import { measureVerification, printVerification, type VerificationFigures } from './verification';
import { seedBenchStores } from './stores';

// BENCH_PORT_OFFSET lets two benches run side by side (e.g. in separate worktrees); BENCH_DB names the database.
const offset = Number(process.env.BENCH_PORT_OFFSET ?? 0);
/** Shared by the bench's API and storefront, as `npm start` shares one (apps/web/server.mjs). */
const CLIENT_ADDRESS_SECRET = `bench-${randomUUID()}-${randomUUID()}`;
const PORTS = {
  ceiling: 4901 + offset,
  api: 4902 + offset,
  sameBytes: 4903 + offset,
  processor: 4904 + offset,
  web: 3902 + offset,
  reference: 3903 + offset,
};
const api = `http://localhost:${PORTS.api}`;
const web = `http://localhost:${PORTS.web}`;
const serverUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const dbName = process.env.BENCH_DB ?? 'storefront_bench';
/** `--pricing-only`: the API's ceiling and the order-pricing figures alone (none, a coupon, a coupon and a reward). */
const pricingOnly = process.argv.includes('--pricing-only');
/** Only the hello ceiling and placement at 50 connections with and without the processor's latency. */
const placementOnly = process.argv.includes('--placement-only');
/**
 * `--cpu-prof=<dir>`: the API and the processor each write a V8 CPU profile there when they stop; each placement
 * figure prints its window (read with `bench/cpu-profile.ts <file> --from=.. --to=.. --per=<orders>`).
 */
const cpuProfileDir = option('cpu-prof');
/** `--search-only`: the ceiling, the menu-item pricing POST and the three location searches alone. */
const searchOnly = process.argv.includes('--search-only');
const onlyApi = process.argv.includes('--api-only') || pricingOnly || placementOnly || searchOnly;
/** `--serve`: start the API, the storefront and the reference page as the page bench does, print the pages' URLs
 * and keep serving (until Ctrl-C) instead of measuring, for Lighthouse or DevTools by hand. */
const serveOnly = process.argv.includes('--serve');
const onlyPages = process.argv.includes('--pages-only') || serveOnly;
/** `--runs=N`: Lighthouse runs per page (each figure the median of them; 3 by default, as the budgets are stated). */
const runs = runsOption(3);
/** `--pages=search,menu`: measure only these pages (and the reference), for a quicker A/B of one change. */
const pageFilter = option('pages')?.split(',');
/** `--throttling=devtools`: Lighthouse loads the pages through Chromium's own throttling instead of simulating it. */
const throttling: ThrottlingMethod = option('throttling') === 'devtools' ? 'devtools' : 'simulate';
/** `--save-lhr`: also write the full Lighthouse report of each page's middle run (by performance) to
 * bench/results/lhr-<timestamp>/. */
const saveLhr = process.argv.includes('--save-lhr');

process.on('exit', stopAll);
process.on('SIGINT', () => process.exit(130));
process.on('SIGTERM', () => process.exit(143));

/** The bench's database once created (the pages seed their 30/300-item stores in it). */
let benchDatabaseUrl: string | null = null;

/** The sandbox processor of this run, once started (the API places with it; the payment page frames it). */
let benchProcessor: BenchProcessor | null = null;

/** Starts the sandbox processor on its own database, the storefront of this run as its parent page. */
async function startProcessor(): Promise<BenchProcessor> {
  benchProcessor = await startSandboxProcessor(
    PORTS.processor,
    await recreateDatabase(serverUrl, `${dbName}_processor`),
    web,
    cpuProfileDir,
  );
  return benchProcessor;
}

async function freshDatabase(): Promise<string> {
  benchDatabaseUrl = await recreateDatabase(serverUrl, dbName);
  return benchDatabaseUrl;
}

interface Fixture {
  token: string;
  locationId: number;
  snapshotId: number;
  itemPathKey: string;
  pricingBody: string;
  addItemBody: AddItemBody;
}

/** A guest token, the open demo store, its menu snapshot and an item that needs no customisation. */
async function fixture(): Promise<Fixture> {
  const token = await guestToken(api);
  const auth = { authorization: `Bearer ${token}` };
  const open = (await searchStores(api, auth)).find(isOpenOnline);
  if (!open) throw new Error('no open demo store');
  const menu = await getMenu(api, auth, open.id);
  const [node] = await addableItems(api, auth, menu, 1);
  if (!node) throw new Error('no demo item can be added without customisation');
  const addBody = addItemBody(node);
  return {
    token,
    locationId: open.id,
    snapshotId: menu.snapshotId,
    itemPathKey: node.itemPathKey,
    pricingBody: JSON.stringify(pricingBody(addItemBody(node, 2))),
    addItemBody: addBody,
  };
}

/** The bench's own sandbox gift card (a large balance: every gift card placement takes from it). */
const BENCH_GIFT_CARD = '6000000000009999';

/** A prepared order: its placing request's path parts, body and the client address it comes from. */
interface PreparedOrder {
  orderId: number;
  body: string;
  token: string;
  forwardedFor: string;
}

/**
 * An order ready to be placed: item, contact, pickup data, a pending card payment and a one-time card token; with
 * `giftCardCents`, that much is first applied from the bench's gift card and the card pays the rest (split tender);
 * with `atStore`, left to pay at the store instead (nothing asked of the processor).
 */
async function orderReadyToPlace(
  f: PlaceAt,
  index: number,
  giftCardCents = 0,
  atStore = false,
): Promise<PreparedOrder> {
  // Each prepared order gets its own session, as real guests do.
  const token = await guestToken(api, fetch, `10.1.${index >> 8}.${index & 255}`);
  const headers = { authorization: `Bearer ${token}` };
  const order = await createOrder(api, headers, f.snapshotId);
  const withItem = await addItem(api, headers, order.id, f.addItemBody);
  // Each order's guest comes from an address of its own (the pay-later caps count client addresses too).
  const forwardedFor = `10.3.${index >> 8}.${index & 255}`;
  if (atStore) {
    await payAtTheStore(api, headers, order.id, withItem.totals.total, index);
    return { orderId: order.id, token, body: '{}', forwardedFor };
  }
  const giftCents = Math.min(giftCardCents, Math.round(withItem.totals.total * 100) - 1);
  if (giftCents > 0) {
    const applied = await fetch(`${api}/v1/sales/orders/${order.id}/payments`, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json' },
      body: JSON.stringify({
        paymentMethod: 6,
        giftCardNumber: BENCH_GIFT_CARD,
        baseAmount: giftCents / 100,
      }),
    });
    if (!applied.ok) throw new Error(`gift card not applied: ${await applied.text()}`);
  }
  const paymentToken = await payByCard(
    api,
    headers,
    order.id,
    (Math.round(withItem.totals.total * 100) - giftCents) / 100,
    fetch,
    `10.2.${index >> 8}.${index & 255}`,
  );
  return { orderId: order.id, token, body: JSON.stringify({ paymentToken }), forwardedFor };
}

/** A store to place bench orders at: its menu snapshot and an item that needs no customisation. */
interface PlaceAt {
  snapshotId: number;
  addItemBody: AddItemBody;
}

/** A bench store's menu snapshot and first addable item. */
async function placeAt(locationId: number, index: number): Promise<PlaceAt> {
  const token = await guestToken(api, fetch, `10.5.0.${index + 1}`);
  const auth = { authorization: `Bearer ${token}` };
  const menu = await getMenu(api, auth, locationId);
  const [node] = await addableItems(api, auth, menu, 1);
  if (!node) throw new Error(`no item of bench store ${locationId} can be added without customisation`);
  return { snapshotId: menu.snapshotId, addItemBody: addItemBody(node) };
}

/** The API's process group, once started (placement figures measure its CPU). */
let apiPid = 0;

/**
 * Starts measuring the CPU of the API, the processor, the PostgreSQL backends of both databases and the bench
 * itself (process-cpu.ts); null before they run.
 */
async function cpuMeter(): Promise<(() => Promise<CpuFigure>) | null> {
  if (!apiPid || !benchProcessor) return null;
  return startCpuMeter({
    serverUrl,
    groups: { api: apiPid, processor: benchProcessor.pid },
    databases: { 'api db': dbName, 'processor db': `${dbName}_processor` },
  });
}

/**
 * `load` with the CPU each part spent per answered request over the measured run (the warm-up left out), and its
 * profile window under `--cpu-prof`: the figure to compare two builds by, where the rate moves with the machine.
 */
async function loadMetered(name: string, options: Parameters<typeof load>[1]): Promise<LoadFigure> {
  let stopMeter: (() => Promise<CpuFigure>) | null = null;
  let from = 0n;
  const figure = await load(name, options, undefined, async () => {
    stopMeter = await cpuMeter();
    from = process.hrtime.bigint() / 1000n;
  });
  const to = process.hrtime.bigint() / 1000n;
  const cpu = await (stopMeter as (() => Promise<CpuFigure>) | null)?.();
  const requests = figure.requests ?? 0;
  if (cpu && requests > 0) console.log(`${name}: ${describeCpuPerOrder(cpu, requests, 'request')}`);
  if (cpuProfileDir) console.log(`${name}: profile window --from=${from} --to=${to} --per=${requests}`);
  return figure;
}

/** Orders prepared this many at a time (each is six calls in a row). */
const PREPARE_CONCURRENCY = 12;

/**
 * Throughput and p99 of placing prepared orders (`giftCardCents` from the bench's gift card each, the card the
 * rest), spread over `stores` in turn (the fixture's store when none is given). autocannon may start a few
 * requests beyond `amount` on its 10 connections: spare orders are prepared so that no order (and idempotency
 * key) is ever sent twice. `indexFrom` keeps each order's client address apart. The rate is the true one:
 * answers / (last answer - first request). `atStore`: orders left to pay at the store instead of a card.
 */
async function measurePlacing(
  f: Fixture,
  label: string,
  giftCardCents: number,
  indexFrom: number,
  connections = 10,
  count = 300,
  stores: PlaceAt[] = [f],
  atStore = false,
) {
  const prepared: PreparedOrder[] = [];
  let preparing = 0;
  await Promise.all(
    Array.from({ length: PREPARE_CONCURRENCY }, async () => {
      for (let i = preparing++; i < count + 30; i = preparing++) {
        const store = stores[i % stores.length] ?? f;
        prepared[i] = await orderReadyToPlace(store, indexFrom + i, giftCardCents, atStore);
      }
    }),
  );
  let next = 0;
  const placing = refusalCounter();
  let firstRequestAt = 0;
  let lastAnswerAt = 0;
  let answers = 0;
  const stopMeter = await cpuMeter();
  const from = process.hrtime.bigint() / 1000n;
  const placed = await load(label, {
    url: api,
    amount: count,
    connections,
    requests: [
      {
        method: 'POST',
        setupRequest: (request) => {
          const o = prepared[next];
          next += 1;
          if (!o) return request;
          if (firstRequestAt === 0) firstRequestAt = performance.now();
          return {
            ...request,
            path: `/v1/sales/orders/${o.orderId}/close-requests`,
            headers: {
              authorization: `Bearer ${o.token}`,
              'content-type': 'application/json',
              'idempotency-key': `bench-order-${o.orderId}`,
              'x-forwarded-for': o.forwardedFor,
            },
            body: o.body,
          };
        },
        onResponse: (status, body) => {
          lastAnswerAt = performance.now();
          answers += 1;
          placing.onResponse(status, body);
        },
      },
    ],
  });
  const to = process.hrtime.bigint() / 1000n;
  const cpu = await stopMeter?.();
  if (cpu) console.log(`${label}: ${describeCpuPerOrder(cpu, answers)}`);
  if (cpuProfileDir) console.log(`${label}: profile window --from=${from} --to=${to} --per=${answers}`);
  // The true rate over the run (autocannon averages whole 1-second samples, which misreports short runs).
  const seconds = (lastAnswerAt - firstRequestAt) / 1000;
  return { ...placed, requestsPerSecond: answers / seconds, refusals: placing.refusals, cpu };
}

/** Orders per placement figure of issue 36 (its rate is judged over at least 2,000). */
const PLACEMENT_ORDERS = Number(option('placement-orders') ?? 2000);

/** Issue 36's targets, as ratios to the hello ceiling of the same run, and its latency bounds. */
const PLACEMENT_TARGETS = { oneStore: 0.008, tenStores: 0.01, oneStoreP99Ms: 100, oneConnectionP50Ms: 3 };

/**
 * Issue 36: placing 2,000 card orders at one bench store, spread over ten bench stores (kitchens that never
 * fill), and one at a time on one connection; each with its true rate, p50, p99 and ratio to the ceiling. Beside
 * the card's one connection, orders left to pay at the store on one connection: no processor call, one commit,
 * what the database part of a placement costs.
 */
async function measurePlacementScale(f: Fixture, stores: PlaceAt[], ceiling: LoadFigure) {
  const [first] = stores;
  if (!first) throw new Error('no bench stores');
  const one = await measurePlacing(f, 'place order, one store', 0, 10_000, 10, PLACEMENT_ORDERS, [first]);
  const ten = await measurePlacing(f, 'place order, ten stores', 0, 20_000, 10, PLACEMENT_ORDERS, stores);
  const single = await measurePlacing(f, 'place order, one connection', 0, 30_000, 1, PLACEMENT_ORDERS, [
    first,
  ]);
  const atStore = await measurePlacing(
    f,
    'pay at store, one connection',
    0,
    40_000,
    1,
    PLACEMENT_ORDERS,
    [first],
    true,
  );
  const ratio = (r: LoadFigure) => r.requestsPerSecond / ceiling.requestsPerSecond;
  const verdict = (ok: boolean) => (ok ? 'met' : 'NOT MET');
  console.log(
    `\nplacement, ${PLACEMENT_ORDERS} orders each (true rate = answers / (last answer - first request))`,
  );
  for (const r of [one, ten, single, atStore]) {
    console.log(
      `${r.name.padEnd(30)} ${r.requestsPerSecond.toFixed(1).padStart(8)} orders/s  p50 ${r.p50Ms} ms  p99 ${
        r.p99Ms
      } ms  ratio ${ratio(r).toFixed(4)}  non-2xx ${r.non2xx}`,
    );
  }
  console.log(
    `targets: one store >= ${PLACEMENT_TARGETS.oneStore} x hello (${verdict(
      ratio(one) >= PLACEMENT_TARGETS.oneStore,
    )}), p99 <= ${PLACEMENT_TARGETS.oneStoreP99Ms} ms (${verdict(
      one.p99Ms <= PLACEMENT_TARGETS.oneStoreP99Ms,
    )}); ten stores >= ${PLACEMENT_TARGETS.tenStores} x hello (${verdict(
      ratio(ten) >= PLACEMENT_TARGETS.tenStores,
    )}); one connection p50 <= ${PLACEMENT_TARGETS.oneConnectionP50Ms} ms (${verdict(
      single.p50Ms <= PLACEMENT_TARGETS.oneConnectionP50Ms,
    )})`,
  );
  const commitMs = await durableCommitMs();
  console.log(
    `one durable commit on this PostgreSQL server now: p50 ${commitMs.toFixed(2)} ms; a card placement waits for three ` +
      `(START, the processor's charge on its own database, the placing COMMIT): at least ${(3 * commitMs).toFixed(1)} ms ` +
      'on one connection before any other work',
  );
  console.log(
    `one connection: card p50 ${single.p50Ms} ms / p99 ${single.p99Ms} ms (START, the processor's charge, the placing ` +
      `transaction); pay at store p50 ${atStore.p50Ms} ms / p99 ${atStore.p99Ms} ms (the placing transaction alone)`,
  );
  return [one, ten, single, atStore];
}

/**
 * What one durable commit costs on the bench's PostgreSQL server at this moment: p50 of 200 one-row autocommit
 * inserts into a table of the bench database, one at a time (each waits for its WAL flush, as every COMMIT of
 * the API and the processor does). NaN before the bench database exists.
 */
async function durableCommitMs(): Promise<number> {
  if (!benchDatabaseUrl) return Number.NaN;
  const client = new pg.Client({ connectionString: benchDatabaseUrl });
  await client.connect();
  try {
    await client.query(
      'create table if not exists bench_commit_probe (at timestamptz not null default now())',
    );
    const times: number[] = [];
    for (let i = 0; i < 200; i += 1) {
      const started = performance.now();
      await client.query('insert into bench_commit_probe default values');
      times.push(performance.now() - started);
    }
    await client.query('drop table bench_commit_probe');
    return median(times);
  } finally {
    await client.end();
  }
}

/** The sandbox processor's injected latency (PUT /v1/sandbox/faults, outside production); null: none. */
async function setProcessorLatency(
  processor: { url: string; key: string },
  latency: { p50Ms: number; p99Ms: number } | null,
) {
  const res = await fetch(`${processor.url}/v1/sandbox/faults`, {
    method: 'PUT',
    headers: { authorization: `Bearer ${processor.key}`, 'content-type': 'application/json' },
    body: JSON.stringify({ latency }),
  });
  if (!res.ok) throw new Error(`processor faults not set: ${await res.text()}`);
}

/** The processor's latency a real one has (issue 35): p50 300 ms, p99 1,500 ms. */
const PROCESSOR_LATENCY = { p50Ms: 300, p99Ms: 1500 };
/** What placement may add to the processor's p99 at 50 connections. */
const PLACEMENT_P99_OVER_PROCESSOR_MS = 150;

/**
 * Placing at 50 connections with the processor answering at once and with the processor's latency of a real
 * one (500 orders each, card only): no transaction or row lock is held across the call, so the slow processor
 * costs each placement its own wait and no more (p99 at most the processor's p99 + 150 ms).
 */
async function measurePlacingWithProcessorLatency(f: Fixture, processor: { url: string; key: string }) {
  await setProcessorLatency(processor, null);
  const quick = await measurePlacing(
    f,
    'POST close-requests, 50 connections, processor at once',
    0,
    2000,
    50,
    500,
  );
  await setProcessorLatency(processor, PROCESSOR_LATENCY);
  try {
    const slow = await measurePlacing(
      f,
      'POST close-requests, 50 connections, processor p50 300 / p99 1,500 ms',
      0,
      3000,
      50,
      500,
    );
    const budget = PROCESSOR_LATENCY.p99Ms + PLACEMENT_P99_OVER_PROCESSOR_MS;
    console.log(
      `\nplacement with the processor's latency: p99 ${slow.p99Ms} ms (budget ${budget} ms: ${
        slow.p99Ms <= budget ? 'within' : 'OVER'
      }), ${slow.requestsPerSecond.toFixed(1)} orders/s; at once: p99 ${quick.p99Ms} ms, ${quick.requestsPerSecond.toFixed(1)} orders/s`,
    );
    return [quick, slow];
  } finally {
    await setProcessorLatency(processor, null);
  }
}

/**
 * Pricing an order again (a line's quantity changed), without discounts, with a coupon (WELCOME10: 10% off),
 * and with the coupon and a loyalty reward (the demo member's orders, the brand's first reward: $5 off).
 */
async function measurePricing(f: Fixture): Promise<LoadFigure[]> {
  return [
    await measureRepricing(f, 'PUT order line (price the order)', null, 0),
    await measureRepricing(f, 'PUT order line (price the order, coupon)', 'WELCOME10', 10),
    await measureRepricing(f, 'PUT order line (price, coupon and reward)', 'WELCOME10', 20, true),
  ];
}

/** The demo loyalty member (README 'Loyalty program'), signed in on a guest token of its own. */
async function memberSession(): Promise<{ token: string; customerId: number }> {
  const guest = await guestToken(api, fetch, '10.4.0.1');
  const res = await fetch(`${api}/v1/guests/sessions`, {
    method: 'POST',
    headers: { authorization: `Bearer ${guest}`, 'content-type': 'application/json' },
    body: JSON.stringify({
      email: 'member@storefront.test',
      password: 'Member1234!',
      recaptchaInput: await solveCaptchaAt(api),
    }),
  });
  const value = await json<{ accessToken: string; account: { id: number } }>(res);
  return { token: value.accessToken, customerId: value.account.id };
}

/**
 * Throughput and p99 of pricing an order again: PUT of a line's quantity (2 <-> 3), which locks the order, runs
 * the contracts' priceOrder on its lines (automatic discounts, its coupon, service charges, tax) and answers the
 * order. `couponCode` is applied to each prepared order first (captcha solved), so that the same route can be
 * measured with and without a coupon. Ten orders, one per connection's turn, so that requests rarely wait for
 * another's order lock.
 */
async function measureRepricing(
  f: Fixture,
  label: string,
  couponCode: string | null,
  indexFrom: number,
  withReward = false,
) {
  const orders: { orderId: number; lineId: number; headers: Record<string, string> }[] = [];
  // A reward needs a signed-in member: the ten orders are the demo member's, in one session.
  const member = withReward ? await memberSession() : null;
  for (let i = 0; i < 10; i += 1) {
    const index = indexFrom + i;
    const headers: Record<string, string> = member
      ? { authorization: `Bearer ${member.token}`, 'x-integration': String(member.customerId) }
      : { authorization: `Bearer ${await guestToken(api, fetch, `10.3.${index >> 8}.${index & 255}`)}` };
    const order = await createOrder(api, headers, f.snapshotId);
    const withItem = await addItem(api, headers, order.id, { ...f.addItemBody, quantity: 2 });
    const line = withItem.items[0];
    if (!line) throw new Error('the bench order has no line');
    if (couponCode) {
      const applied = await fetch(`${api}/v1/sales/orders/${order.id}/discounts`, {
        method: 'POST',
        headers: { ...headers, 'content-type': 'application/json' },
        body: JSON.stringify({ discountCode: couponCode, recaptchaInput: await solveCaptchaAt(api) }),
      });
      const answer = (await applied.json()) as { value?: { totals?: { discount?: number } } };
      if (!applied.ok || !(answer.value?.totals?.discount ?? 0)) {
        throw new Error(`coupon ${couponCode} not applied: ${JSON.stringify(answer)}`);
      }
    }
    if (withReward) {
      const listed = await fetch(`${api}/v1/loyalty/orders/${order.id}/rewards`, { headers });
      const catalogue = await json<{ rewards: { rewardId: number }[] }>(listed);
      const first = catalogue.rewards[0];
      if (!first) throw new Error('the demo brand has no rewards');
      const added = await fetch(`${api}/v1/loyalty/orders/${order.id}/rewards`, {
        method: 'POST',
        headers: { ...headers, 'content-type': 'application/json' },
        body: JSON.stringify({ rewardId: first.rewardId }),
      });
      const answer = (await added.json()) as {
        value?: { discounts?: { source?: string; isApplied: boolean }[] };
      };
      if (!added.ok || !answer.value?.discounts?.some((d) => d.source === 'reward' && d.isApplied)) {
        throw new Error(`reward not applied: ${JSON.stringify(answer)}`);
      }
    }
    orders.push({ orderId: order.id, lineId: line.id, headers });
  }
  let sent = 0;
  return load(label, {
    url: api,
    connections: 10,
    requests: [
      {
        method: 'PUT',
        setupRequest: (request) => {
          const o = orders[sent % orders.length];
          const quantity = 2 + (Math.floor(sent / orders.length) % 2);
          sent += 1;
          if (!o) return request;
          return {
            ...request,
            path: `/v1/sales/orders/${o.orderId}/items/${o.lineId}`,
            headers: { ...o.headers, 'content-type': 'application/json' },
            body: JSON.stringify({
              quantity,
              portionId: f.addItemBody.portionId,
              modifiers: [],
            }),
          };
        },
      },
    ],
  });
}

/**
 * A bare node:http server (no framework, no auth): the hello answer (the ceiling), or, given a file, that file's
 * bytes as JSON (gzip, compressed once at level 9 as the API does, when accepted). Serving the API's own 300-item
 * answer this way shows how far the route is from Node itself sending the same bytes.
 */
const BARE_SERVER = `
const [port, file] = process.argv.slice(1);
const http = require('node:http');
if (!file) {
  http.createServer((q, s) => { s.writeHead(200, { 'content-type': 'application/json' }); s.end('{"hello":"world"}'); }).listen(Number(port));
} else {
  const body = require('node:fs').readFileSync(file);
  const gzip = require('node:zlib').gzipSync(body, { level: 9 });
  const json = { 'content-type': 'application/json; charset=utf-8' };
  const gzipped = { ...json, 'content-encoding': 'gzip' };
  http.createServer((q, s) => {
    const g = /gzip/.test(q.headers['accept-encoding'] ?? '');
    s.writeHead(200, g ? gzipped : json);
    s.end(g ? gzip : body);
  }).listen(Number(port));
}`;

async function startBareServer(port: number, file?: string): Promise<string> {
  startProcess(process.execPath, ['-e', BARE_SERVER, String(port), ...(file ? [file] : [])], root, {});
  const url = `http://localhost:${port}/`;
  await waitForUrl(url);
  return url;
}

/** The menu-item pricing POST (an item's defaults, quantity 2). */
function measureItemPricing(f: Fixture, auth: Record<string, string>): Promise<LoadFigure> {
  return loadMetered('POST menu-item pricings', {
    url: `${api}/v1/sales/menus/${f.snapshotId}/items/${f.itemPathKey}/pricings`,
    method: 'POST',
    headers: { ...auth, 'content-type': 'application/json' },
    body: f.pricingBody,
  });
}

/** Location search by coordinates, by city and by ZIP code (the store finder's three ways in). */
async function measureSearch(auth: Record<string, string>): Promise<LoadFigure[]> {
  const flags = 'fulfillmentMethod=1&includeLocationStatus=true&includeOnlineAvailability=true';
  return [
    await loadMetered('GET /v1/locations (search)', {
      url: `${api}/v1/locations?latitude=38.9&longitude=-77.03&radiusMiles=25&${flags}&includeAcceptOrdersAfterCloseFlag=true`,
      headers: auth,
    }),
    await loadMetered('GET /v1/locations (search by city)', {
      url: `${api}/v1/locations?address=${encodeURIComponent('Washington, DC')}&${flags}`,
      headers: auth,
    }),
    await loadMetered('GET /v1/locations (search by ZIP code)', {
      url: `${api}/v1/locations?address=20910&${flags}`,
      headers: auth,
    }),
  ];
}

/**
 * Node itself sending the bytes of the search by coordinates and of the item pricing (their answers as the API
 * gave them): how far loopback and the client allow for answers of that size, beside the hello ceiling.
 */
async function measureSameBytes(f: Fixture, auth: Record<string, string>): Promise<LoadFigure[]> {
  const dir = mkdtempSync(join(tmpdir(), 'storefront-bench-'));
  process.on('exit', () => rmSync(dir, { recursive: true, force: true }));
  const answers: [string, Promise<Response>][] = [
    [
      'search',
      fetch(
        `${api}/v1/locations?latitude=38.9&longitude=-77.03&radiusMiles=25&fulfillmentMethod=1&includeLocationStatus=true&includeOnlineAvailability=true&includeAcceptOrdersAfterCloseFlag=true`,
        { headers: auth },
      ),
    ],
    [
      'pricing',
      fetch(`${api}/v1/sales/menus/${f.snapshotId}/items/${f.itemPathKey}/pricings`, {
        method: 'POST',
        headers: { ...auth, 'content-type': 'application/json' },
        body: f.pricingBody,
      }),
    ],
  ];
  const figures: LoadFigure[] = [];
  for (const [i, [name, answer]] of answers.entries()) {
    const bytes = Buffer.from(await (await answer).arrayBuffer());
    const file = join(dir, `${name}.json`);
    writeFileSync(file, bytes);
    const url = await startBareServer(PORTS.sameBytes + 100 + i, file);
    figures.push(await load(`node:http, same ${name} bytes (${bytes.byteLength} B)`, { url }));
  }
  return figures;
}

/** The staff key of the bench's API: the notifications part marks orders ready as the kitchen does. */
const STAFF_KEY = `bench-staff-${randomUUID()}`;

async function measureApi(): Promise<{
  ceiling: LoadFigure;
  routes: LoadFigure[];
  accounts: AccountsFigures | null;
  notifications: NotificationFigures | null;
  verification: VerificationFigures | null;
}> {
  const ceiling = await load('node:http hello (ceiling)', { url: await startBareServer(PORTS.ceiling) });

  const databaseUrl = await freshDatabase();
  const processor = await startProcessor();
  const { url: processorUrl, key: processorKey } = processor;
  // The bench's own gift card, with a large balance (the sandbox's test route, outside production).
  const giftCard = await fetch(`${processorUrl}/v1/sandbox/gift-cards`, {
    method: 'PUT',
    headers: { authorization: `Bearer ${processorKey}`, 'content-type': 'application/json' },
    body: JSON.stringify({ number: BENCH_GIFT_CARD, balanceCents: 100_000_000 }),
  });
  if (!giftCard.ok) throw new Error(`bench gift card not made: ${await giftCard.text()}`);
  const [apiCommand, apiArgs] = serverCommand(cpuProfileDir);
  const apiProcess = startProcess(apiCommand, apiArgs, `${root}apps/api`, {
    DATABASE_URL: databaseUrl,
    API_PORT: String(PORTS.api),
    API_PUBLIC_URL: api,
    WEB_PUBLIC_URL: web,
    PROCESSOR_URL: processorUrl,
    PROCESSOR_PUBLIC_URL: processorUrl,
    PROCESSOR_API_KEY: processorKey,
    LOG_LEVEL: 'warn',
    NODE_ENV: 'production',
    JWT_SECRET: `bench-${randomUUID()}-${randomUUID()}`,
    ...BENCH_SECRETS,
    CLIENT_ADDRESS_SECRET,
    // Sign-in needs a solved captcha per request: easy ones, solved before the run (accounts.ts). The bench's
    // requests say which client address they stand for (X-Forwarded-For from this machine), as the storefront's do.
    CAPTCHA_MAX_NUMBER: '1000',
    CAPTCHA_FREE_CHALLENGES: '1000000',
    TRUST_PROXY: 'loopback',
    // Placing is measured, not the proof of work a new card's payment needs first.
    PAYMENT_CAPTCHA: 'false',
    STAFF_KEY,
  });
  await waitForUrl(`${api}/health`);
  apiPid = apiProcess.pid ?? 0;
  // Ten bench-only stores for the placement figures (issue 36); the API's store catalogue sees them once its
  // cache (10 s) turns over.
  const benchStoreIds = pricingOnly ? [] : await seedBenchStores(databaseUrl, 10);
  if (benchStoreIds.length > 0) await new Promise((resolve) => setTimeout(resolve, 10_500));
  const f = await fixture();
  const benchStores = await Promise.all(benchStoreIds.map((id, i) => placeAt(id, i)));
  if (pricingOnly) {
    return {
      ceiling,
      routes: await measurePricing(f),
      accounts: null,
      notifications: null,
      verification: null,
    };
  }
  if (placementOnly) {
    return {
      ceiling,
      routes: [
        ...(await measurePlacementScale(f, benchStores, ceiling)),
        ...(await measurePlacingWithProcessorLatency(f, processor)),
      ],
      accounts: null,
      notifications: null,
      verification: null,
    };
  }
  const auth = { authorization: `Bearer ${f.token}` };
  if (searchOnly) {
    return {
      ceiling,
      routes: [
        await measureItemPricing(f, auth),
        ...(await measureSearch(auth)),
        ...(await measureSameBytes(f, auth)),
      ],
      accounts: null,
      notifications: null,
      verification: null,
    };
  }
  const bench = openDatabase({ url: databaseUrl, poolSize: 1 });
  const largeMenuLocationId = await seedBenchLargeMenu(bench.db);
  await bench.close();

  const routes: LoadFigure[] = [];
  routes.push(
    await load('GET /v1/sales/menus', {
      url: `${api}/v1/sales/menus?locationId=${f.locationId}&fulfillmentMethod=1`,
      headers: { ...auth, prefer: 'return=compact' },
    }),
  );
  const largeMenuUrl = `${api}/v1/sales/menus?locationId=${largeMenuLocationId}&fulfillmentMethod=1`;
  const large = await fetch(largeMenuUrl, { headers: { ...auth, prefer: 'return=compact' } });
  const largeEtag = large.headers.get('etag') ?? '';
  const largeBytes = Buffer.from(await large.arrayBuffer());
  console.log(
    `\n${BENCH_LARGE_MENU_ITEMS}-item menu (compact): ${largeBytes.byteLength} bytes, ETag ${largeEtag}`,
  );
  const largeFile = join(mkdtempSync(join(tmpdir(), 'storefront-bench-')), 'menu.json');
  writeFileSync(largeFile, largeBytes);
  process.on('exit', () => rmSync(dirname(largeFile), { recursive: true, force: true }));
  const sameBytesUrl = await startBareServer(PORTS.sameBytes, largeFile);
  routes.push(
    await load(`GET menus, ${BENCH_LARGE_MENU_ITEMS} items`, {
      url: largeMenuUrl,
      headers: { ...auth, prefer: 'return=compact' },
    }),
    await load(`GET menus, ${BENCH_LARGE_MENU_ITEMS} items, gzip`, {
      url: largeMenuUrl,
      headers: { ...auth, prefer: 'return=compact', 'accept-encoding': 'gzip' },
    }),
    // A client that keeps the snapshot (the storefront server) revalidates it: 304 is the expected answer here.
    await load(`GET menus, ${BENCH_LARGE_MENU_ITEMS} items, 304 (If-None-Match)`, {
      url: largeMenuUrl,
      headers: { ...auth, prefer: 'return=compact', 'if-none-match': largeEtag },
    }),
    // Node itself sending the same bytes: what the autocannon client and loopback allow for an answer this size.
    await load(`node:http, same ${BENCH_LARGE_MENU_ITEMS}-item bytes`, { url: sameBytesUrl }),
    await load(`node:http, same ${BENCH_LARGE_MENU_ITEMS}-item bytes, gzip`, {
      url: sameBytesUrl,
      headers: { 'accept-encoding': 'gzip' },
    }),
  );
  // Every new guest of the storefront starts with one: the storefront server asks for a token with the web
  // client's credentials.
  routes.push(
    await load('POST oauth/token (a new guest)', {
      url: `${api}/v1/oauth/token`,
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ clientId: 'web', clientSecret: BENCH_SECRETS.WEB_CLIENT_SECRET }),
    }),
  );
  routes.push(await measureItemPricing(f, auth));
  routes.push(...(await measureSearch(auth)));

  routes.push(...(await measurePricing(f)));

  // Placing an order consumes it: prepare one per request, then fire them all. Card only, then split tender
  // (a gift card captured for part of the bill, the card charged the rest), for the same item.
  routes.push(await measurePlacing(f, 'POST close-requests (place order)', 0, 0));
  routes.push(await measurePlacing(f, 'POST close-requests (place order, gift card + card)', 500, 1000));
  routes.push(...(await measurePlacementScale(f, benchStores, ceiling)));
  routes.push(...(await measurePlacingWithProcessorLatency(f, processor)));

  // Accounts: sign-in and a 1,000-order history (after placing, so that figure stays comparable with earlier runs).
  const accounts = await measureAccounts(api, databaseUrl, f);
  routes.push(accounts.signIn, accounts.history);

  // Issue 34: SMS verification codes (generation, verification) and the lag of 100 'ready' texts at once.
  const verification = await measureVerification(api, databaseUrl, f.snapshotId);
  const notifications = await measureNotificationLag(api, databaseUrl, STAFF_KEY);
  return { ceiling, routes, accounts, notifications, verification };
}

function printAccounts(accounts: AccountsFigures) {
  console.log(
    `
argon2id verify (m=19456 KiB, t=2, p=1), one at a time: median ${accounts.argon2VerifyMs.median.toFixed(1)} ms of ${accounts.argon2VerifyMs.samples}`,
  );
  for (const r of [accounts.signIn, accounts.history]) {
    console.log(`${r.name}: p50 ${r.p50Ms} ms, p99 ${r.p99Ms} ms, ${r.requestsPerSecond.toFixed(0)} req/s`);
  }
}

/** Production builds of the storefront and the reference page (built when missing). */
function ensureBuilds() {
  for (const [dir, args] of [
    [`${root}apps/web`, ['build']],
    [root, ['build', 'bench/reference-app']],
  ] as const) {
    const buildId = dir === root ? `${root}bench/reference-app/.next/BUILD_ID` : `${dir}/.next/BUILD_ID`;
    if (existsSync(buildId)) continue;
    const result = spawnSync(bin('next'), [...args], {
      cwd: dir,
      stdio: 'inherit',
      env: { ...process.env, NEXT_TELEMETRY_DISABLED: '1' },
    });
    if (result.status !== 0) throw new Error(`next ${args.join(' ')} failed`);
  }
}

async function measurePages(): Promise<{
  reference: PageFigure;
  referenceAgain: PageFigure;
  pages: PageFigure[];
}> {
  ensureBuilds();
  if (onlyPages) {
    const databaseUrl = await freshDatabase();
    // The payment page frames the processor's card page, which the API asks it for.
    const processor = await startProcessor();
    startProcess(bin('tsx'), ['src/server.ts'], `${root}apps/api`, {
      DATABASE_URL: databaseUrl,
      API_PORT: String(PORTS.api),
      API_PUBLIC_URL: api,
      WEB_PUBLIC_URL: web,
      PROCESSOR_URL: processor.url,
      PROCESSOR_PUBLIC_URL: processor.url,
      PROCESSOR_API_KEY: processor.key,
      LOG_LEVEL: 'warn',
      ...BENCH_SECRETS,
      CLIENT_ADDRESS_SECRET,
    });
    await waitForUrl(`${api}/health`);
  }
  const f = await fixture();
  if (!benchDatabaseUrl) throw new Error('no bench database');
  const seeded = openDatabase({ url: benchDatabaseUrl, poolSize: 1 });
  const smallMenuLocationId = await seedBenchLargeMenu(seeded.db, 30);
  const largeMenuLocationId = await seedBenchLargeMenu(seeded.db, BENCH_LARGE_MENU_ITEMS);
  await seeded.close();
  // The storefront's own server, as `npm start` runs it (it signs each guest's address for the API).
  startProcess(process.execPath, ['server.mjs', '-p', String(PORTS.web)], `${root}apps/web`, {
    API_URL: api,
    API_PUBLIC_URL: api,
    WEB_PUBLIC_URL: web,
    // The payment page's policy lets it frame this processor's card page.
    ...(benchProcessor ? { PROCESSOR_PUBLIC_URL: benchProcessor.url } : {}),
    NEXT_TELEMETRY_DISABLED: '1',
    ...BENCH_SECRETS,
    CLIENT_ADDRESS_SECRET,
  });
  startProcess(bin('next'), ['start', 'bench/reference-app', '-p', String(PORTS.reference)], root, {
    NEXT_TELEMETRY_DISABLED: '1',
  });
  await waitForUrl(`${web}/error`);
  await waitForUrl(`http://localhost:${PORTS.reference}/`);

  const itemUrl = `${web}/${f.locationId}/menu/${f.itemPathKey}`;
  const wanted: { name: string; url: string; cookie?: () => Promise<string> }[] = [
    { name: 'search', url: `${web}/search-locations?lat=38.9072&lng=-77.0369&q=Washington%2C%20DC` },
    { name: 'menu', url: `${web}/${f.locationId}/menu` },
    { name: 'item', url: itemUrl },
    { name: 'checkout', url: `${web}/checkout`, cookie: () => checkoutCookie(itemUrl) },
    { name: 'payment', url: `${web}/payment`, cookie: () => paymentCookie(itemUrl) },
    // The same page at 30 and at 300 items: first paint must not grow with the menu.
    { name: 'menu 30 items', url: `${web}/${smallMenuLocationId}/menu` },
    { name: `menu ${BENCH_LARGE_MENU_ITEMS} items`, url: `${web}/${largeMenuLocationId}/menu` },
  ];
  if (serveOnly) {
    console.log(`reference: http://localhost:${PORTS.reference}/`);
    for (const page of wanted) {
      const cookie = await page.cookie?.();
      console.log(`${page.name}: ${page.url}${cookie ? `\n  Cookie: ${cookie}` : ''}`);
    }
    console.log('serving until Ctrl-C');
    await new Promise(() => {});
  }
  const measureReference = (name: string) =>
    measurePage(name, `http://localhost:${PORTS.reference}/`, { runs, throttlingMethod: throttling });
  const reference = await measureReference('reference page');
  const pages: PageFigure[] = [];
  for (const page of wanted) {
    if (pageFilter && !pageFilter.includes(page.name)) continue;
    const cookie = await page.cookie?.();
    pages.push(await measurePage(page.name, page.url, { runs, cookie, throttlingMethod: throttling }));
  }
  // Measured again after the pages: how far two measures of one page lie apart in this run (see budgets.ts).
  const referenceAgain = await measureReference('reference again');
  return { reference, referenceAgain, pages };
}

function printApi(ceiling: LoadFigure, routes: LoadFigure[]) {
  console.log(
    '\nAPI on PostgreSQL (autocannon, 10 connections; ratio = route throughput / ceiling throughput)',
  );
  console.log(
    'route'.padEnd(44),
    'req/s'.padStart(9),
    'p50 ms'.padStart(8),
    'p99 ms'.padStart(8),
    'ratio'.padStart(7),
    ' non-2xx/errors',
  );
  for (const r of [ceiling, ...routes]) {
    console.log(
      r.name.padEnd(44),
      r.requestsPerSecond.toFixed(0).padStart(9),
      r.p50Ms.toFixed(0).padStart(8),
      r.p99Ms.toFixed(0).padStart(8),
      (r.requestsPerSecond / ceiling.requestsPerSecond).toFixed(3).padStart(7),
      ` ${r.non2xx}/${r.errors}`,
    );
    for (const [refusal, times] of Object.entries(r.refusals ?? {})) console.log(`  ${times} x ${refusal}`);
  }
}

function printPages(references: PageFigure[], pages: PageFigure[], budgets: PageJudgement[]) {
  console.log(
    `\nLighthouse, mobile defaults${throttling === 'devtools' ? ' with DevTools throttling' : ''}, median of ${runs} ` +
      '(reference = minimal Next.js page, same run)',
  );
  console.log(
    'page'.padEnd(16),
    'perf'.padStart(5),
    'FCP ms'.padStart(7),
    'LCP ms'.padStart(7),
    'TBT ms'.padStart(7),
    'CLS'.padStart(6),
    'a11y'.padStart(5),
    'JS kB gz'.padStart(9),
    'obs FCP'.padStart(8),
    ' LCP element',
    '| LCP of each run',
  );
  for (const p of [...references, ...pages]) {
    console.log(
      p.name.padEnd(16),
      String(p.performance).padStart(5),
      String(p.fcpMs).padStart(7),
      String(p.lcpMs).padStart(7),
      String(p.tbtMs).padStart(7),
      p.cls.toFixed(3).padStart(6),
      String(p.accessibility).padStart(5),
      p.firstLoadJsKbGzip.toFixed(1).padStart(9),
      String(p.observedFcpMs).padStart(8),
      ` ${p.lcpElement}`,
      `| ${p.lcpRunsMs.join(' ')}`,
    );
  }
  if (!budgets.length) return;
  console.log(
    `\nBudgets of issue 3, against the reference measured before | after the pages ` +
      `(${[...PAGE_BUDGETS, MENU_JS_BUDGET].map((b) => `${b.name} ${b.rule}`).join(', ')}; JS: menu page)`,
  );
  for (const { page, judgements } of budgets) {
    console.log(`${page.padEnd(8)} ${judgements.map(describeJudgement).join('; ')}`);
  }
}

const results: Record<string, unknown> = { at: new Date().toISOString() };
try {
  if (!onlyPages) {
    const { ceiling, routes, accounts, notifications, verification } = await measureApi();
    results.api = {
      ceiling,
      routes,
      accounts: accounts && { argon2VerifyMs: accounts.argon2VerifyMs },
      notifications,
      verification,
    };
    printApi(ceiling, routes);
    if (accounts) printAccounts(accounts);
    if (verification) printVerification(verification);
    if (notifications) printNotifications(notifications);
  }
  if (!onlyApi) {
    const { reference, referenceAgain, pages } = await measurePages();
    const withoutReport = ({ lhr: _lhr, ...figure }: PageFigure) => figure;
    const references = [reference, referenceAgain];
    const budgets = judgePages(pages, references);
    results.pages = {
      reference: withoutReport(reference),
      referenceAgain: withoutReport(referenceAgain),
      pages: pages.map(withoutReport),
      budgets,
    };
    printPages(references, pages, budgets);
    if (saveLhr) {
      const dir = `${root}bench/results/lhr-${Date.now()}`;
      mkdirSync(dir, { recursive: true });
      for (const p of [...references, ...pages]) {
        writeFileSync(`${dir}/${p.name.replace(/\W+/g, '-')}.json`, JSON.stringify(p.lhr));
      }
      console.log(`Lighthouse reports: ${dir}`);
    }
  }
  mkdirSync(`${root}bench/results`, { recursive: true });
  writeFileSync(`${root}bench/results/${Date.now()}.json`, JSON.stringify(results, null, 2));
} finally {
  stopAll();
}
process.exit(0);
