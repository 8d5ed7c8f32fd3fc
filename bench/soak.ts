/**
 * `npm run bench:soak`: N simulated customers against one API process on PostgreSQL for a while, with one
 * database restart in the middle (issue 22). Each customer loops: search stores, read a store's menu, price an
 * item, create an order, add an item or two, sometimes edit the cart, pay by card through the sandbox processor and
 * place the order with an Idempotency-Key, retried with the same key on a network error, a 5xx or a 409 'being
 * processed' (bounded, with backoff), as a real client does; between steps it thinks 0.5-2 s (seeded).
 *
 * It reports requests and errors before the restart, during the outage and after recovery (recovery: the first
 * successful write started once the database is back, plus a grace), the seconds to recover, the placements
 * acknowledged to the customers against the orders the database holds placed (lost, placed or charged twice,
 * keys stuck), throughput and p50/p99 latency per call. Printed, and saved to bench/results/soak-<timestamp>.json.
 * Exits 1 when a placement is lost or duplicated, a key is stuck, errors go on after recovery, the API never
 * recovers or its process exits.
 *
 * Options (after `npm run bench:soak --`): --minutes=10 --customers=200 --restart-at=<minutes, half the run>
 * --outage=5 (seconds the database stays down) --grace=5 (seconds after recovery still counted in the outage)
 * --retries=12 (placement attempts after the first) --seed=1 --server=own|local (see soak-postgres.ts).
 */
import { setMaxListeners } from 'node:events';
import { closeSync, mkdirSync, openSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { randomUUID } from 'node:crypto';
import { setTimeout as delay } from 'node:timers/promises';
import pg from 'pg';
import { dropDatabase, json, option, recreateDatabase, root, startProcess, stopAll, waitForUrl } from './lib';
import {
  addItem,
  addItemBody,
  addableItems,
  BENCH_SECRETS,
  createOrder,
  getMenu,
  guestToken,
  isOpenOnline,
  payByCard,
  pricingBody,
  searchStores,
  type Fetch,
  type MenuNode,
  type OrderAnswer,
} from './guest';
import { localCluster, ownServer, type PostgresServer } from './soak-postgres';
import {
  callOf,
  failures,
  summarise,
  type ApiExit,
  type DatabaseFacts,
  type PlacementOutcome,
  type PlacementRecord,
  type RequestRecord,
  type SoakSummary,
  type Timeline,
} from './soak-stats';

function numberOption(name: string, fallback: number): number {
  const value = Number(option(name) ?? fallback);
  if (!Number.isFinite(value) || value < 0) throw new Error(`--${name} must be a number of at least 0`);
  return value;
}

const minutes = numberOption('minutes', 10);
const settings = {
  minutes,
  customers: Math.max(1, Math.floor(numberOption('customers', 200))),
  restartAtMinutes: numberOption('restart-at', minutes / 2),
  outageSeconds: numberOption('outage', 5),
  graceSeconds: numberOption('grace', 5),
  retries: Math.floor(numberOption('retries', 12)),
  seed: Math.floor(numberOption('seed', 1)),
  server: option('server') === 'local' ? ('local' as const) : ('own' as const),
};
/** A request without an answer after this long counts as a timeout (the API's own request timeout is 30 s). */
const REQUEST_TIMEOUT_MS = 35_000;
/** Points the customers search around (the demo stores are around Washington, DC). */
const SEARCH_POINTS = [
  [39, -77],
  [38.9072, -77.0369],
  [38.98, -77.1],
  [38.88, -77.0],
] as const;

process.on('exit', stopAll);
process.on('SIGINT', () => process.exit(130));
process.on('SIGTERM', () => process.exit(143));

/** mulberry32: a small seeded generator, so that a run's choices and think times can be repeated. */
function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  if (address === null || typeof address === 'string') throw new Error('no free port');
  return address.port;
}

/** Resolves after `ms`, or at once when `signal` aborts. */
function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal.aborted) return resolve();
    const done = () => {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal.addEventListener('abort', done);
  });
}

/** Times and classifies every request made through its `fetch`. */
class Recorder {
  readonly records: RequestRecord[] = [];
  readonly placements: PlacementRecord[] = [];
  private readonly t0 = performance.now();

  constructor(private readonly stopSignal: AbortSignal) {}

  now(): number {
    return performance.now() - this.t0;
  }

  readonly fetch: Fetch = async (url, init) => {
    const call = callOf(init?.method ?? 'GET', url);
    const start = this.now();
    try {
      const res = await fetch(url, {
        ...init,
        signal: AbortSignal.any([AbortSignal.timeout(REQUEST_TIMEOUT_MS), this.stopSignal]),
      });
      const error = res.ok ? {} : await firstError(res.clone());
      this.records.push({
        call,
        start,
        end: this.now(),
        status: res.status,
        detail: error.key,
        code: error.code,
      });
      return res;
    } catch (error) {
      this.records.push({ call, start, end: this.now(), status: 0, detail: networkCode(error) });
      throw error;
    }
  };
}

/** The envelope's first error (the API's name for what went wrong, and the spec's code), when there is one. */
async function firstError(res: Response): Promise<{ key?: string; code?: number }> {
  try {
    const body = (await res.json()) as { errors?: { key?: string; code?: number }[] };
    return body.errors?.[0] ?? {};
  } catch {
    return {};
  }
}

function networkCode(error: unknown): string {
  // The client's own limits: no answer within REQUEST_TIMEOUT_MS, or the run stopped (the API process exited).
  if (error instanceof Error && error.name === 'TimeoutError') return 'timeout';
  if (error instanceof Error && error.name === 'AbortError') return 'aborted';
  const cause = error instanceof Error ? (error.cause as { code?: unknown } | undefined) : undefined;
  return typeof cause?.code === 'string' ? cause.code : 'network';
}

interface Store {
  locationId: number;
  items: MenuNode[];
}

/** The open online stores around the search point, each with up to three items a guest can add as they come. */
async function discoverStores(api: string): Promise<Store[]> {
  const auth = { authorization: `Bearer ${await guestToken(api)}` };
  const stores: Store[] = [];
  for (const store of (await searchStores(api, auth)).filter(isOpenOnline)) {
    const items = await addableItems(api, auth, await getMenu(api, auth, store.id), 3);
    if (items.length > 0) stores.push({ locationId: store.id, items });
  }
  if (stores.length === 0) throw new Error('no open demo store with an item to add');
  return stores;
}

interface Run {
  api: string;
  recorder: Recorder;
  /** Milliseconds since the start after which no customer begins another order. */
  until: number;
  stores: Store[];
  signal: AbortSignal;
}

/**
 * Places the order with one Idempotency-Key, retrying with the same key on no answer, a 5xx or a 409 'being
 * processed', backing off 0.5 s, 1 s, 2 s ... up to 8 s with jitter.
 */
async function place(
  run: Run,
  headers: Record<string, string>,
  orderId: number,
  paymentToken: string,
  random: () => number,
): Promise<PlacementRecord> {
  const { api, recorder, signal } = run;
  const key = `soak-${randomUUID()}`;
  const start = recorder.now();
  let lastStatus = 0;
  let lastDetail: string | undefined;
  let attempts = 0;
  const finish = (outcome: PlacementOutcome): PlacementRecord => {
    const record = { key, orderId, start, end: recorder.now(), attempts, outcome, lastStatus, lastDetail };
    recorder.placements.push(record);
    return record;
  };
  for (;;) {
    attempts += 1;
    try {
      const res = await recorder.fetch(`${api}/v1/sales/orders/${orderId}/close-requests`, {
        method: 'POST',
        headers: { ...headers, 'content-type': 'application/json', 'idempotency-key': key },
        body: JSON.stringify({ paymentToken }),
      });
      lastStatus = res.status;
      lastDetail = res.ok ? undefined : (await firstError(res)).key;
      if (res.ok) {
        await res.arrayBuffer();
        return finish('acknowledged');
      }
      if (res.status === 422) return finish('refused');
      if (res.status === 409 && lastDetail === 'OrderAlreadyPlaced') return finish('already placed');
      if (res.status < 500 && res.status !== 409) return finish('rejected');
    } catch (error) {
      lastStatus = 0;
      lastDetail = networkCode(error);
    }
    if (attempts > settings.retries || signal.aborted) return finish('gave up');
    await sleep(Math.min(8000, 500 * 2 ** (attempts - 1)) * (0.75 + random() / 2), signal);
  }
}

/** One customer until the run's end: think, browse, price, build an order, pay, place; start over on a failure. */
async function customer(run: Run, index: number): Promise<void> {
  const { api, recorder, stores, signal } = run;
  const random = seededRandom(settings.seed * 100_003 + index);
  const pick = <T>(list: readonly T[]): T => {
    const chosen = list[Math.floor(random() * list.length)];
    if (chosen === undefined) throw new Error('nothing to pick from');
    return chosen;
  };
  const think = () => sleep(500 + random() * 1500, signal);
  const http = recorder.fetch;
  // Each customer comes from an address of its own, as real ones do (the API trusts the loopback proxy).
  const address = `10.${(index >> 16) & 255}.${(index >> 8) & 255}.${index & 255}`;
  let token: string | null = null;
  // Customers arrive over the first think time, not all in the same millisecond.
  await think();
  while (recorder.now() < run.until && !signal.aborted) {
    try {
      token ??= await guestToken(api, http, address);
      const headers = { authorization: `Bearer ${token}`, 'x-forwarded-for': address };
      await searchStores(api, headers, pick(SEARCH_POINTS), http);
      const store = pick(stores);
      const menu = await getMenu(api, headers, store.locationId, http);
      await think();
      const first = pick(store.items);
      const firstBody = addItemBody(first, 1 + Math.floor(random() * 2));
      await json(
        await http(`${api}/v1/sales/menus/${menu.snapshotId}/items/${first.itemPathKey}/pricings`, {
          method: 'POST',
          headers: { ...headers, 'content-type': 'application/json' },
          body: JSON.stringify(pricingBody(firstBody)),
        }),
      );
      await think();
      const order = await createOrder(api, headers, menu.snapshotId, http);
      let answer: OrderAnswer = await addItem(api, headers, order.id, firstBody, http);
      if (random() < 0.5)
        answer = await addItem(api, headers, order.id, addItemBody(pick(store.items)), http);
      if (random() < 0.3) answer = await editCart(run, headers, answer, random);
      await think();
      const paymentToken = await payByCard(api, headers, order.id, answer.totals.total, http, address);
      await place(run, headers, order.id, paymentToken, random);
    } catch {
      // The failed call is recorded (Recorder.fetch); the customer starts over after a pause, as a person would.
    }
    await think();
  }
}

/** A cart edit: one more of the first line, or, with two lines, the last one removed. */
async function editCart(
  run: Run,
  headers: Record<string, string>,
  order: OrderAnswer,
  random: () => number,
): Promise<OrderAnswer> {
  const [first] = order.items;
  const last = order.items.at(-1);
  const lines = `${run.api}/v1/sales/orders/${order.id}/items`;
  if (order.items.length > 1 && last && random() < 0.5) {
    return json<OrderAnswer>(await run.recorder.fetch(`${lines}/${last.id}`, { method: 'DELETE', headers }));
  }
  if (!first) return order;
  return json<OrderAnswer>(
    await run.recorder.fetch(`${lines}/${first.id}`, {
      method: 'PUT',
      headers: { ...headers, 'content-type': 'application/json' },
      body: JSON.stringify({ quantity: first.quantity + 1, portionId: first.portionId, modifiers: [] }),
    }),
  );
}

async function databaseFacts(url: string): Promise<DatabaseFacts> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const placed = await client.query<{ id: number }>('select id from orders where placed_at is not null');
    const placements = await client.query<{ order_id: number; n: string }>(
      `select order_id, count(*) as n from close_requests where outcome = 'placed' group by order_id`,
    );
    // The processor's idempotency key of a charge begins with its order: order-<id>-payment-<id>-<token>.
    const charges = await client.query<{ order_id: string; n: string }>(
      `select substring(idempotency_key from '^order-(\\d+)-') as order_id, count(*) as n
         from sandbox_charges where outcome = 'approved' group by 1`,
    );
    const processing = await client.query<{ n: string }>(
      `select count(*) as n from idempotency_keys where status = 'processing'`,
    );
    return {
      placedOrderIds: placed.rows.map((r) => r.id),
      placementsByOrder: Object.fromEntries(placements.rows.map((r) => [r.order_id, Number(r.n)])),
      approvedChargesByOrder: Object.fromEntries(charges.rows.map((r) => [Number(r.order_id), Number(r.n)])),
      processingKeys: Number(processing.rows[0]?.n ?? 0),
    };
  } finally {
    await client.end();
  }
}

/** Stops the database at `restartAt`, keeps it down for the outage, starts it again; records when. */
async function restartDatabase(
  server: PostgresServer,
  recorder: Recorder,
  timeline: Timeline,
  signal: AbortSignal,
) {
  const restartAtMs = settings.restartAtMinutes * 60_000;
  await sleep(restartAtMs - recorder.now(), signal);
  if (signal.aborted || recorder.now() >= timeline.endAt) return;
  timeline.restartAt = recorder.now();
  console.log(`${(timeline.restartAt / 1000).toFixed(1)} s: stopping the database`);
  await server.stop();
  await delay(settings.outageSeconds * 1000);
  await server.start();
  timeline.databaseBackAt = recorder.now();
  console.log(`${(timeline.databaseBackAt / 1000).toFixed(1)} s: the database is back`);
}

/** A table row: the first cell left-aligned, the figures right-aligned. */
function row(cells: (string | number)[]): string {
  return cells.map((cell, i) => (i ? String(cell).padStart(9) : String(cell).padEnd(14))).join('');
}

function printCounts(counts: Record<string, number>, what: string) {
  for (const [label, n] of Object.entries(counts).sort(([, a], [, b]) => b - a)) {
    console.log(`  ${n} x ${label} (${what})`);
  }
}

function print(summary: SoakSummary, stores: Store[], server: PostgresServer, finishedAt: number) {
  const s = (ms: number | null) => (ms === null ? '-' : (ms / 1000).toFixed(1));
  const ms = (value: number | null) => (value === null ? '-' : value.toFixed(0));
  const { timeline, placements } = summary;
  console.log(
    `\nSoak: ${settings.customers} customers for ${settings.minutes} min (the last orders in hand finished at ` +
      `${s(finishedAt)} s), stores ${stores.map((st) => st.locationId).join(', ')}, on ${server.description}`,
  );
  if (timeline.restartAt === null) console.log('the run ended before the database restart');
  else
    console.log(
      `database stopped at ${s(timeline.restartAt)} s, back at ${s(timeline.databaseBackAt)} s; API recovered at ` +
        `${s(summary.recoveredAt)} s (the first successful write started after the database was back): ` +
        `${summary.secondsToRecover?.toFixed(1) ?? '-'} s to recover; 'after' starts ${settings.graceSeconds} s later`,
    );
  if (summary.apiExit) {
    const { at, code, signal } = summary.apiExit;
    console.log(`THE API PROCESS EXITED at ${s(at)} s, code ${code ?? '-'}, signal ${signal ?? '-'}`);
  }
  console.log(`\n${row(['phase', 'seconds', 'requests', 'req/s', 'placed/s', 'ok', 'refused', 'errors'])}`);
  for (const p of summary.phases) {
    const rates = [p.requestsPerSecond.toFixed(1), p.placementsPerSecond.toFixed(2)];
    console.log(row([p.phase, p.seconds.toFixed(0), p.requests, ...rates, p.ok, p.refused, p.errors]));
    printCounts(p.errorsBy, 'error');
    printCounts(p.refusedBy, 'refused by rule');
  }
  console.log(`\n${row(['call', 'requests', 'ok', 'refused', 'errors', 'p50 ms', 'p99 ms'])}`);
  for (const c of summary.calls) {
    console.log(row([c.call, c.requests, c.ok, c.refused, c.errors, ms(c.p50Ms), ms(c.p99Ms)]));
  }
  console.log(
    `\nthroughput: ${summary.requestsPerSecond.toFixed(1)} requests/s, ${summary.placementsPerSecond.toFixed(2)} ` +
      `placements/s; placement from its first attempt to the 2xx p50 ${ms(summary.placementP50Ms)} ms, ` +
      `p99 ${ms(summary.placementP99Ms)} ms`,
  );
  const outcomes = Object.entries(placements.byOutcome).map(([outcome, n]) => `${outcome} ${n}`);
  console.log(
    `placements: ${placements.attempted} attempted, ${placements.acknowledged} acknowledged, ` +
      `${placements.placedInDatabase} placed in the database; by the customer's last answer: ${outcomes.join(', ')}`,
  );
  console.log(
    `lost ${placements.lost.length}, duplicated ${placements.duplicated.length}, placed without acknowledgement ` +
      `${placements.placedWithoutAcknowledgement.length}, keys stuck ${placements.stuckKeys.length}, ` +
      `keys left 'processing' ${placements.processingKeysLeft}`,
  );
}

async function main(): Promise<number> {
  const server =
    settings.server === 'local'
      ? localCluster(process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres')
      : await ownServer(await freePort());
  const startedAt = Date.now();
  const dbName = `storefront_soak_${startedAt}`;
  try {
    const databaseUrl = await recreateDatabase(server.url, dbName);
    const port = await freePort();
    const api = `http://127.0.0.1:${port}`;
    mkdirSync(`${root}bench/results`, { recursive: true });
    const apiLog = `${root}bench/results/soak-${startedAt}-api.log`;
    const logFd = openSync(apiLog, 'a');
    const child = startProcess(
      process.execPath,
      ['--import', 'tsx', 'apps/api/src/server.ts'],
      root,
      {
        DATABASE_URL: databaseUrl,
        API_PORT: String(port),
        API_HOST: '127.0.0.1',
        API_PUBLIC_URL: api,
        NODE_ENV: 'production',
        JWT_SECRET: `soak-${randomUUID()}-${randomUUID()}`,
        ...BENCH_SECRETS,
        SEED_DEMO: 'true',
        LOG_LEVEL: 'warn',
        // The customers' addresses come in X-Forwarded-For, as from a proxy on this machine.
        TRUST_PROXY: 'loopback',
        // The soak measures ordering under load, not proof of work: new card payments skip the payment captcha.
        PAYMENT_CAPTCHA: 'false',
      },
      logFd,
    );
    closeSync(logFd);
    const setupStart = performance.now();
    await waitForUrl(`${api}/health`);
    const stores = await discoverStores(api);
    const setupSeconds = ((performance.now() - setupStart) / 1000).toFixed(1);

    const stop = new AbortController();
    // Every customer's pause and request listens to it: hundreds of listeners at once are expected, not a leak.
    setMaxListeners(0, stop.signal);
    const recorder = new Recorder(stop.signal);
    const timeline: Timeline = {
      restartAt: null,
      databaseBackAt: null,
      endAt: settings.minutes * 60_000,
      graceMs: settings.graceSeconds * 1000,
    };
    let apiExit: ApiExit | null = null;
    child.on('exit', (code, signal) => {
      apiExit = { at: recorder.now(), code, signal };
      console.log(
        `${(apiExit.at / 1000).toFixed(1)} s: the API process exited (code ${code ?? '-'}, signal ${signal ?? '-'})`,
      );
      // Nobody is served after it: the rates are of the time the API ran.
      timeline.endAt = Math.min(timeline.endAt, apiExit.at);
      stop.abort();
    });
    const run: Run = { api, recorder, until: timeline.endAt, stores, signal: stop.signal };
    console.log(
      `API up and stores ${stores.map((st) => st.locationId).join(', ')} found in ${setupSeconds} s; ` +
        `${settings.customers} customers for ${settings.minutes} min against ${api}`,
    );
    const restart = restartDatabase(server, recorder, timeline, stop.signal);
    await Promise.all(Array.from({ length: settings.customers }, (_, i) => customer(run, i)));
    const finishedAt = recorder.now();
    stop.abort();
    await restart;
    child.removeAllListeners('exit');

    const facts = await databaseFacts(databaseUrl);
    const summary = summarise(recorder.records, recorder.placements, facts, timeline, apiExit);
    print(summary, stores, server, finishedAt);
    console.log(`the API's log (warnings and errors): ${apiLog}`);
    if (apiExit) console.log(readFileSync(apiLog, 'utf8').split('\n').slice(-30).join('\n'));
    const reasons = failures(summary);
    console.log(reasons.length ? `\nFAIL: ${reasons.join('; ')}` : '\nPASS');
    const file = `${root}bench/results/soak-${startedAt}.json`;
    writeFileSync(
      file,
      JSON.stringify(
        {
          at: new Date().toISOString(),
          settings,
          database: server.description,
          finishedAt,
          stores: stores.map((st) => st.locationId),
          summary,
          failures: reasons,
        },
        null,
        2,
      ),
    );
    console.log(`saved ${file}`);
    return reasons.length ? 1 : 0;
  } finally {
    stopAll();
    await dropDatabase(server.url, dbName);
    await server.dispose();
  }
}

process.exit(await main());
