/**
 * `npm run bench:scale`: the API on a brand's real size (issue 36). In PostgreSQL databases of its own, never the
 * demo's or the tests' (BENCH_SCALE_DB, `storefront_bench_scale` by default; give each concurrent run its own):
 * - `<name>_demo`: the API's migrations and the demo data, made again on every run;
 * - `<name>`: the same, then, in SQL (generate_series and one multi-row insert per table, no API calls), 10,000
 *   stores on real ZIP centroids of the gazetteer's data across the US, 20 brands, 100,000 customers and 1,000,000
 *   placed orders over the last year (2% of them at one busy store, 1% by one heavy customer). It is kept between
 *   runs: a run whose generation has the same shape (SCALE and GENERATION_VERSION, recorded in the database's
 *   comment once the generation finished) migrates it and measures it again instead of generating it anew
 *   (`--regenerate` forces a new one);
 * - `<name>_processor`: the sandbox processor's ledger, made again on every run.
 *
 * It measures, at 10 connections, p50/p99 of: location search by coordinates and by ZIP code, a store's menu, a
 * customer's order history (first page), repeating a past order, the busy store's kitchen board and placing an
 * order (card, through the sandbox processor), on the demo database and on the big one (`--big-only`: the big
 * one alone), and prints both in one table. For each measured route it also counts the sequential scans over
 * orders and locations PostgreSQL made meanwhile (pg_stat_user_tables), and prints EXPLAIN (ANALYZE, BUFFERS) of
 * the routes' queries on the big database.
 */
import { randomUUID } from 'node:crypto';
import os from 'node:os';
import { hash } from '@node-rs/argon2';
import zipcodes from 'zipcodes';
import pg from 'pg';
import {
  bin,
  dropDatabase,
  load,
  recreateDatabase,
  root,
  startProcess,
  stopAll,
  waitForUrl,
  option,
  type LoadFigure,
} from './lib';
import {
  addItem,
  addableItems,
  addItemBody,
  BENCH_SECRETS,
  createOrder,
  getMenu,
  guestToken,
  isOpenOnline,
  payByCard,
  searchStores,
} from './guest';
import { startCpuMeter, type CpuFigure } from './process-cpu';
import { GENERATION_VERSION, SCALE, spreadZips, timeZoneOfState } from './scale-data';
import { findLocations } from '../apps/api/src/modules/locations/locations.repository';
import { openDatabase } from '../apps/api/src/db/client';
import { hashStaffSecret } from '../apps/api/src/modules/staff/staff-sessions.service';
import { KITCHEN_ORDERS_OF_STATUSES } from '../apps/api/src/modules/staff/staff.repository';
import {
  PAGE_FIRST,
  PAST_ORDER_TO_REPEAT,
} from '../apps/api/src/modules/customer-orders/past-orders.repository';
import { PAST_ORDERS_PAGE_DEFAULT } from '../apps/api/src/modules/customer-orders/past-orders.service';
import { ORDER_CHANNEL } from '@storefront/contracts/enum-values';
import { solveCaptchaAt } from '../apps/api/src/test/captcha';

const offset = Number(process.env.BENCH_PORT_OFFSET ?? 0);
const PORTS = { api: 4912 + offset, processor: 4914 + offset };
const api = `http://localhost:${PORTS.api}`;
const serverUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const dbName = process.env.BENCH_SCALE_DB ?? 'storefront_bench_scale';
const STAFF_KEY = `bench-staff-${randomUUID()}`;
/** The demo loyalty member (README 'Loyalty program'). */
const DEMO_MEMBER = { email: 'member@storefront.test', password: 'Member1234!' };
/** Orders placed per placement figure (each prepared first: item, contact, card token). */
const PLACEMENTS = Number(process.env.BENCH_SCALE_PLACEMENTS ?? 300);

/**
 * `--cpu-prof=<dir>`: each API process writes a V8 CPU profile there when it stops (read it with
 * bench/cpu-profile.ts and the window printed for each route). `--only=history,repeat`: measure only the routes
 * whose names contain one of these words.
 */
const cpuProfileDir = option('cpu-prof');
const only = option('only')?.split(',');

process.on('exit', stopAll);
process.on('SIGINT', () => process.exit(130));
process.on('SIGTERM', () => process.exit(143));

interface Figure extends LoadFigure {
  /** Sequential scans PostgreSQL made over orders and over locations during the measurement. */
  seqScans: { orders: number; locations: number };
  /** CPU ms per request of the API's process group and of the database's backends (/proc: holds on a shared machine). */
  cpuPerRequest: { api: number; db: number } | null;
}

/** The API process running and the database it serves: whose CPU a measurement reads. */
let measured: { apiPid: number; database: string } | null = null;

async function seqScans(client: pg.Client): Promise<{ orders: number; locations: number }> {
  // The statistics collector reports with a delay: ask for a fresh snapshot.
  await client.query('select pg_stat_clear_snapshot()');
  const { rows } = await client.query<{ relname: string; seq_scan: string }>(
    `select relname, seq_scan from pg_stat_user_tables where relname in ('orders', 'locations')`,
  );
  const of = (name: string) => Number(rows.find((r) => r.relname === name)?.seq_scan ?? 0);
  return { orders: of('orders'), locations: of('locations') };
}

async function startApi(databaseUrl: string, processorUrl: string, processorKey: string) {
  // Node refuses --cpu-prof in NODE_OPTIONS: a profiled API is started by node itself, with tsx as its loader.
  const [command, args] = cpuProfileDir
    ? [
        process.execPath,
        ['--cpu-prof', `--cpu-prof-dir=${cpuProfileDir}`, '--import', 'tsx', 'src/server.ts'],
      ]
    : [bin('tsx'), ['src/server.ts']];
  const child = startProcess(command, args, `${root}apps/api`, {
    DATABASE_URL: databaseUrl,
    API_PORT: String(PORTS.api),
    API_PUBLIC_URL: api,
    WEB_PUBLIC_URL: 'http://localhost:3000',
    PROCESSOR_URL: processorUrl,
    PROCESSOR_PUBLIC_URL: processorUrl,
    PROCESSOR_API_KEY: processorKey,
    LOG_LEVEL: 'warn',
    NODE_ENV: 'production',
    JWT_SECRET: `bench-${randomUUID()}-${randomUUID()}`,
    ...BENCH_SECRETS,
    CLIENT_ADDRESS_SECRET: `bench-${randomUUID()}-${randomUUID()}`,
    CAPTCHA_MAX_NUMBER: '1000',
    CAPTCHA_FREE_CHALLENGES: '1000000',
    TRUST_PROXY: 'loopback',
    PAYMENT_CAPTCHA: 'false',
    STAFF_KEY,
  });
  await waitForUrl(`${api}/health`, 300);
  measured = { apiPid: child.pid ?? 0, database: new URL(databaseUrl).pathname.slice(1) };
  return child;
}

async function stopApi(child: ReturnType<typeof startProcess>) {
  if (child.pid === undefined || child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  process.kill(-child.pid, 'SIGTERM');
  await exited;
}

/** The busy store (the demo's first open store near 39, -77), its snapshot and an item added as it comes. */
interface Store {
  locationId: number;
  snapshotId: number;
  menuId: number;
  itemPathKey: string;
  itemBody: ReturnType<typeof addItemBody>;
}

async function busyStore(client: pg.Client): Promise<Store> {
  const token = await guestToken(api);
  const auth = { authorization: `Bearer ${token}` };
  // A demo store (on a reused big database, generated stores stand near it too: theirs are the higher ids).
  const { rows: demo } = await client.query<{ id: number }>(
    `select coalesce(min(id), 2147483647) as id from locations where name like 'Scale %'`,
  );
  const firstGenerated = demo[0]?.id ?? Number.MAX_SAFE_INTEGER;
  const open = (await searchStores(api, auth)).find((s) => isOpenOnline(s) && s.id < firstGenerated);
  if (!open) throw new Error('no open demo store');
  const menu = await getMenu(api, auth, open.id);
  const [node] = await addableItems(api, auth, menu, 1);
  if (!node) throw new Error('no demo item can be added without customisation');
  const { rows } = await client.query<{ menu_id: number }>(
    'select menu_id from location_menus where location_id = $1 and not catering',
    [open.id],
  );
  return {
    locationId: open.id,
    snapshotId: menu.snapshotId,
    menuId: rows[0]?.menu_id ?? 0,
    itemPathKey: node.itemPathKey,
    itemBody: addItemBody(node),
  };
}

/** 10,000 stores, 20 brands, 100,000 customers, 1,000,000 orders with a line each: SQL only. */
async function generate(client: pg.Client, store: Store): Promise<void> {
  const zips = spreadZips(Object.values(zipcodes.codes), SCALE.locations);
  await client.query('select setseed(0.36)');
  const { rows: brandRows } = await client.query<{ n: number }>('select count(*)::int as n from brands');
  await client.query(
    `insert into brands (name) select 'Scale brand ' || g from generate_series(1, $1::int) g`,
    [Math.max(0, SCALE.brands - (brandRows[0]?.n ?? 0))],
  );
  const { rows: maxLocation } = await client.query<{ id: number }>('select max(id) as id from locations');
  const firstLocation = (maxLocation[0]?.id ?? 0) + 1;
  // One statement: the ZIP centroids as arrays, the brands round robin.
  await client.query(
    `insert into locations (brand_id, name, address1, city, state_code, postal_code, latitude, longitude, phone,
       time_zone, fulfillment_methods)
     select b.ids[1 + (z.i % array_length(b.ids, 1))], 'Scale ' || z.city || ' #' || z.i, (100 + z.i) || ' Main St',
       z.city, z.state, z.zip, z.lat, z.lng, '2025550100', z.tz, '{1}'::smallint[]
     from unnest($1::text[], $2::text[], $3::text[], $4::float8[], $5::float8[], $6::text[])
       with ordinality as z(zip, city, state, lat, lng, tz, i)
     cross join (select array_agg(id order by id) as ids from brands) b
     order by z.i`,
    [
      zips.map((z) => z.zip),
      zips.map((z) => z.city),
      zips.map((z) => z.state),
      zips.map((z) => z.latitude),
      zips.map((z) => z.longitude),
      zips.map((z) => timeZoneOfState(z.state)),
    ],
  );
  const newLocations = `(select id, brand_id from locations where id >= ${firstLocation})`;
  // Open every day, all day: the searches see them open.
  await client.query(
    `insert into location_hours (location_id, weekday, opens_at, closes_at)
     select l.id, d, 0, 1440 from ${newLocations} l cross join generate_series(0, 6) d`,
  );
  await client.query(
    `insert into location_brands (location_id, brand_id) select id, brand_id from ${newLocations} l`,
  );
  await client.query(
    `insert into location_pickup_methods (location_id, pickup_option) select id, 0 from ${newLocations} l`,
  );
  // Every new store serves the busy store's menu.
  await client.query(
    `insert into location_menus (location_id, catering, menu_id, snapshot_id)
     select id, false, $1, $2 from ${newLocations} l`,
    [store.menuId, store.snapshotId],
  );
  const { rows: maxCustomer } = await client.query<{ id: number }>(
    'select coalesce(max(id), 0) as id from customers',
  );
  const firstCustomer = (maxCustomer[0]?.id ?? 0) + 1;
  // The demo member's password hash: each signs in with the demo member's password.
  await client.query(
    `insert into customers (email, password_hash, first_name, last_name, phone_number, activated_at)
     select 'scale-' || g || '@bench.test', (select password_hash from customers where email = $2),
       'Scale', 'Customer ' || g, '2025550100', now()
     from generate_series(1, $1::int) g`,
    [SCALE.customers, DEMO_MEMBER.email],
  );
  // The orders: g = 1..N; the busy store's every 50th, the heavy customer's every 100th (offset 1), the open
  // kitchen tickets the first ones (g minutes ago: see SCALE.openOrdersAtBusyStore); the rest placed at random
  // over the last year and completed.
  await client.query(
    `insert into orders (session_id, user_id, location_id, snapshot_id, order_channel, fulfillment_method, status,
       placed_at, expected_ready_at, subtotal_cents, sales_tax_cents, total_cents, reference_number,
       contact_first_name, contact_last_name, contact_phone, contact_email, created_at, updated_at)
     select 'scale-' || g, o.user_id, o.location_id, $1, 107, 1, o.status, o.placed_at,
       o.placed_at + interval '15 minutes', 949, 95, 1044, 'S' || g, 'Scale', 'Guest', '2025550100',
       'scale@bench.test', o.placed_at, o.placed_at
     from generate_series(1, $2::int) g
     cross join lateral (select
       case when g <= $3 or g % $4 = 0 then $5::int else $6 + floor(random() * $7)::int end as location_id,
       case when g % $8 = 1 then $9::int
            when random() < $10 then $9 + 1 + floor(random() * ($11 - 1))::int end as user_id,
       case when g <= $3 then (case when g <= 15 then 1 when g <= 30 then 2 else 3 end) else 4 end as status,
       case when g <= $3 then now() - make_interval(mins => g::int)
            else now() - interval '1 hour' - random() * interval '365 days' end as placed_at
       offset 0) o`,
    [
      store.snapshotId,
      SCALE.orders,
      SCALE.openOrdersAtBusyStore,
      SCALE.busyStoreEvery,
      store.locationId,
      firstLocation,
      SCALE.locations,
      SCALE.heavyCustomerEvery,
      firstCustomer,
      SCALE.customerShare,
      SCALE.customers,
    ],
  );
  await client.query(
    `insert into order_items (order_id, item_path_key, title, quantity, portion_id, unit_price_cents, total_cents)
     select id, $1, 'Scale item', 1, $2, 949, 949 from orders where session_id like 'scale-%'`,
    [store.itemPathKey, store.itemBody.portionId],
  );
  await client.query('analyze');
}

/** A prepared order: item, contact and a card token, ready to be placed. */
async function preparedOrders(store: Store, count: number, from: number) {
  const prepareOne = async (index: number) => {
    const token = await guestToken(api, fetch, `10.7.${index >> 8}.${index & 255}`);
    const headers = { authorization: `Bearer ${token}` };
    const order = await createOrder(api, headers, store.snapshotId);
    const withItem = await addItem(api, headers, order.id, store.itemBody);
    const paymentToken = await payByCard(
      api,
      headers,
      order.id,
      withItem.totals.total,
      fetch,
      `10.8.${index >> 8}.${index & 255}`,
    );
    return { orderId: order.id, token, body: JSON.stringify({ paymentToken }) };
  };
  // A busy machine's API may answer 503 (its pool's wait ran out): that guest tries again a little later.
  const withRetries = async (index: number) => {
    for (let attempt = 1; ; attempt += 1) {
      try {
        return await prepareOne(index);
      } catch (error) {
        if (attempt >= 5 || !String(error).includes(' 503 ')) throw error;
        await new Promise((resolve) => setTimeout(resolve, 1000 * attempt));
      }
    }
  };
  // Ten guests at a time, as ten connections would.
  const prepared: { orderId: number; token: string; body: string }[] = [];
  for (let i = 0; i < count; i += 10) {
    const batch = Array.from({ length: Math.min(10, count - i) }, (_, k) => withRetries(from + i + k));
    prepared.push(...(await Promise.all(batch)));
  }
  return prepared;
}

interface Session {
  userToken: string;
  customerId: number;
  /** The token's customer session (its `csid` claim), which the history's and repeat's statements check. */
  customerSessionId: string;
  pastOrderId: number;
}

/** The heavy customer signed in by a user token the API issues (the demo's password, one captcha solved). */
async function heavyCustomer(
  client: pg.Client,
  store: Store,
  email: string,
  password: string,
): Promise<Session> {
  const guest = await guestToken(api);
  const res = await fetch(`${api}/v1/guests/sessions`, {
    method: 'POST',
    headers: { authorization: `Bearer ${guest}`, 'content-type': 'application/json' },
    body: JSON.stringify({ email, password, recaptchaInput: await solveCaptchaAt(api) }),
  });
  const body = (await res.json()) as { value?: { accessToken: string; account: { id: number } } };
  if (!body.value) throw new Error(`sign-in of ${email} refused: ${JSON.stringify(body)}`);
  const { rows } = await client.query<{ id: number }>(
    `select id from orders where user_id = $1 and location_id = $2 and placed_at is not null
     order by id desc limit 1`,
    [body.value.account.id, store.locationId],
  );
  const claims = JSON.parse(
    Buffer.from(body.value.accessToken.split('.')[1] ?? '', 'base64url').toString('utf8'),
  ) as { csid?: string };
  return {
    userToken: body.value.accessToken,
    customerId: body.value.account.id,
    customerSessionId: claims.csid ?? '',
    pastOrderId: rows[0]?.id ?? 0,
  };
}

/** The heavy customer of the generated orders (the first generated customer), signed in. */
async function scaleCustomer(client: pg.Client, store: Store): Promise<Session> {
  const { rows } = await client.query<{ email: string }>(
    'select email from customers where id = (select min(id) from customers where email like $1)',
    ['scale-%'],
  );
  return heavyCustomer(client, store, rows[0]?.email ?? '', DEMO_MEMBER.password);
}

/**
 * Moves the ready time of one open order of the store by a second every `everyMs` until stopped (the changes
 * a busy kitchen makes while its screens poll the board). Returns how many it made.
 */
function changeOrdersOf(client: pg.Client, locationId: number, everyMs: number) {
  let stopped = false;
  let made = 0;
  const loop = (async () => {
    const { rows } = await client.query<{ id: number }>(
      `select id from orders where location_id = $1 and placed_at is not null and status in (1, 2, 3)
       order by id limit 1`,
      [locationId],
    );
    const id = rows[0]?.id;
    if (id === undefined) return;
    while (!stopped) {
      await client.query(
        `update orders set expected_ready_at = expected_ready_at + interval '1 second' where id = $1`,
        [id],
      );
      made += 1;
      await new Promise((resolve) => setTimeout(resolve, everyMs));
    }
  })();
  return {
    stop: async () => {
      stopped = true;
      await loop;
      return made;
    },
  };
}

async function measure(client: pg.Client, store: Store, session: Session, label: string): Promise<Figure[]> {
  const figures: Figure[] = [];
  const guest = await guestToken(api);
  const auth = { authorization: `Bearer ${guest}` };
  const user = { authorization: `Bearer ${session.userToken}`, 'x-integration': String(session.customerId) };
  // A new API process reads the store catalogue whole at its first search (seconds for 10,000 stores on a busy
  // machine, longer than a route's warm-up): the figures are of the API running, so one search comes first.
  await searchStores(api, auth);
  const run = async (name: string, options: Parameters<typeof load>[1]) => {
    if (only && !only.some((word) => name.includes(word))) return;
    const before = await seqScans(client);
    // Set by the callback: an object, so TypeScript does not narrow it to its initial value.
    const meter: { stop?: () => Promise<CpuFigure> } = {};
    let from = process.hrtime.bigint() / 1000n;
    const figure = await load(name, options, 5, async () => {
      if (measured) {
        meter.stop = await startCpuMeter({
          serverUrl,
          groups: { api: measured.apiPid },
          databases: { db: measured.database },
        });
      }
      from = process.hrtime.bigint() / 1000n;
    });
    const to = process.hrtime.bigint() / 1000n;
    const cpu = meter.stop ? await meter.stop() : null;
    const requests = figure.requests ?? 0;
    const cpuPerRequest =
      cpu && requests > 0 ? { api: (cpu.api ?? 0) / requests, db: (cpu.db ?? 0) / requests } : null;
    if (cpuProfileDir) console.log(`${label}: ${name}: profile window --from=${from} --to=${to}`);
    const after = await seqScans(client);
    const scans = { orders: after.orders - before.orders, locations: after.locations - before.locations };
    figures.push({ ...figure, seqScans: scans, cpuPerRequest });
    const cpuText = cpuPerRequest
      ? `, CPU ms per request api ${cpuPerRequest.api.toFixed(2)} db ${cpuPerRequest.db.toFixed(2)} (${requests})`
      : '';
    console.log(
      `${label}: ${name}: p50 ${figure.p50Ms} ms, p99 ${figure.p99Ms} ms, ${figure.requestsPerSecond.toFixed(0)} req/s, ` +
        `non-2xx ${figure.non2xx}, seq scans orders/locations ${scans.orders}/${scans.locations}${cpuText}`,
    );
  };
  await run('search by coordinates (New York)', {
    url: `${api}/v1/locations?latitude=40.75&longitude=-73.99&radiusMiles=25&fulfillmentMethod=1&includeLocationStatus=true&includeOnlineAvailability=true`,
    headers: auth,
  });
  await run('search by ZIP code (60601)', {
    url: `${api}/v1/locations?address=60601&fulfillmentMethod=1&includeLocationStatus=true&includeOnlineAvailability=true`,
    headers: auth,
  });
  await run("a store's menu", {
    url: `${api}/v1/sales/menus?locationId=${store.locationId}&fulfillmentMethod=1`,
    headers: { ...auth, prefer: 'return=compact' },
  });
  await run('order history, first page', {
    url: `${api}/v1/guests/past-orders?filterByCurrentOrderChannel=true`,
    headers: user,
  });
  await run('repeat a past order', {
    url: `${api}/v1/sales/orders`,
    method: 'POST',
    headers: { ...user, 'content-type': 'application/json' },
    body: JSON.stringify({ menuSnapshotId: store.snapshotId, pastOrderId: session.pastOrderId }),
  });
  const board = {
    url: `${api}/v1/staff/orders?locationId=${store.locationId}&status=1,2,3`,
    headers: { 'x-staff-key': STAFF_KEY },
  };
  await run("busy store's kitchen board", board);
  // The API keeps a board's answer until its store's orders change, and the run above changes none: the same
  // board again while one of its orders moves its ready time 10 times a second (the orders trigger notifies
  // each), so the reads right after a change are measured too. The DB CPU figure includes those updates.
  const changes = changeOrdersOf(client, store.locationId, 100);
  try {
    await run("busy store's kitchen board, 10 order changes/s", board);
  } finally {
    console.log(`${label}: order changes made during the board's second run: ${await changes.stop()}`);
  }
  const placementName = 'placement (card)';
  if (only && !only.some((word) => placementName.includes(word))) return figures;
  const prepared = await preparedOrders(
    store,
    PLACEMENTS + 30,
    label === 'demo' ? 0 : 1000 + (Date.now() % 50) * 400,
  );
  let next = 0;
  const startedAt = performance.now();
  await run(placementName, {
    url: api,
    amount: PLACEMENTS,
    requests: [
      {
        method: 'POST',
        setupRequest: (request) => {
          const o = prepared[next];
          next += 1;
          if (!o) return request;
          return {
            ...request,
            path: `/v1/sales/orders/${o.orderId}/close-requests`,
            headers: {
              authorization: `Bearer ${o.token}`,
              'content-type': 'application/json',
              'idempotency-key': `scale-${label}-${o.orderId}`,
            },
            body: o.body,
          };
        },
      },
    ],
  });
  const placement = figures.find((f) => f.name === placementName);
  if (placement) placement.requestsPerSecond = PLACEMENTS / ((performance.now() - startedAt) / 1000);
  return figures;
}

/** The history page's statement as the measured request sends it: the web channel, a default page and one more. */
const ORDER_CHANNEL_OF_HISTORY = ORDER_CHANNEL.web;
const HISTORY_PAGE_ROWS = PAST_ORDERS_PAGE_DEFAULT + 1;

/**
 * EXPLAIN (ANALYZE, BUFFERS) of what the measured routes ask PostgreSQL, on the big database: the history's,
 * the repeat's and the board's own named statements (their texts imported from the API), and two reads of
 * every store.
 */
async function explain(client: pg.Client, store: Store, session: Session) {
  const now = new Date().toISOString();
  const queries: [string, string, unknown[]][] = [
    [
      'order history page (orders_user_placed_idx; the customer session a one-time filter)',
      PAGE_FIRST.text,
      [session.customerId, ORDER_CHANNEL_OF_HISTORY, HISTORY_PAGE_ROWS, session.customerSessionId, now],
    ],
    [
      'past order of the repeat (primary key, then its lines, menu pointer and pricing rules)',
      PAST_ORDER_TO_REPEAT.text,
      [session.customerId, session.pastOrderId, session.customerSessionId, now],
    ],
    [
      'kitchen board of the busy store, statuses 1, 2, 3 (read once per change: the API keeps it meanwhile)',
      KITCHEN_ORDERS_OF_STATUSES.text,
      [store.locationId, '{1,2,3}'],
    ],
    [
      "kitchen screen's stores: open orders of every store",
      `select location_id, status from orders where placed_at is not null and status in (1, 2, 3)`,
      [],
    ],
    [
      'stores in a bounding box (25 miles around New York)',
      `select id from locations where latitude between 40.39 and 41.11 and longitude between -74.47 and -73.51`,
      [],
    ],
  ];
  for (const [title, text, values] of queries) {
    const { rows } = await client.query<{ 'QUERY PLAN': string }>(
      `explain (analyze, buffers, costs off) ${text}`,
      values,
    );
    console.log(`\n${title}:`);
    for (const row of rows) console.log(`  ${row['QUERY PLAN']}`);
  }
}

function printTable(small: Figure[], big: Figure[]) {
  console.log(
    '\nAt 10 connections: the demo database, then 10,000 stores and 1,000,000 orders (seq scans: orders/locations during the run)',
  );
  console.log(
    'route'.padEnd(36),
    'demo p50'.padStart(9),
    'p99'.padStart(6),
    'req/s'.padStart(7),
    '| big p50'.padStart(10),
    'p99'.padStart(6),
    'req/s'.padStart(7),
    ' seq scans',
    ' non-2xx',
  );
  for (const [i, s] of small.entries()) {
    const b = big[i];
    if (!b) continue;
    console.log(
      s.name.padEnd(36),
      String(s.p50Ms).padStart(9),
      String(s.p99Ms).padStart(6),
      s.requestsPerSecond.toFixed(0).padStart(7),
      `| ${String(b.p50Ms).padStart(8)}`,
      String(b.p99Ms).padStart(6),
      b.requestsPerSecond.toFixed(0).padStart(7),
      ` ${b.seqScans.orders}/${b.seqScans.locations}`.padEnd(10),
      ` ${s.non2xx + s.errors}/${b.non2xx + b.errors}`,
    );
  }
}

/** `--big-only`: the big database alone, without the demo figures. `--regenerate`: never reuse a kept one. */
const bigOnly = process.argv.includes('--big-only');
const regenerate = process.argv.includes('--regenerate');

function databaseUrlOf(name: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/** What a finished generation records in its database's comment: its shape and the store it made busy. */
interface Generated {
  shape: string;
  busyLocationId: number;
}

const SHAPE = JSON.stringify({ version: GENERATION_VERSION, ...SCALE });

async function adminQuery<T extends pg.QueryResultRow>(text: string, values: unknown[] = []): Promise<T[]> {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    return (await admin.query<T>(text, values)).rows;
  } finally {
    await admin.end();
  }
}

/** The record of the kept big database's generation; null when there is no such database or it never finished. */
async function generatedRecord(name: string): Promise<Generated | null> {
  const [row] = await adminQuery<{ comment: string | null }>(
    `select shobj_description(oid, 'pg_database') as comment from pg_database where datname = $1`,
    [name],
  );
  if (!row?.comment) return null;
  try {
    return JSON.parse(row.comment) as Generated;
  } catch {
    return null;
  }
}

async function migrateDatabase(databaseUrl: string): Promise<void> {
  // The API's own migrations first (the API would run them at start too).
  const migrating = openDatabase({ url: databaseUrl, poolSize: 1 });
  try {
    await migrating.migrate();
  } finally {
    await migrating.close();
  }
}

/**
 * Makes a kept big database look as a fresh generation does to the measurement: the orders earlier runs placed
 * at the busy store are handed over (status 4), so its kitchen board shows the generated open orders only, and
 * those are moved to the last hour again.
 */
async function refreshKept(client: pg.Client, busyLocationId: number): Promise<void> {
  await client.query(
    `update orders set status = 4, updated_at = now()
     where location_id = $1 and placed_at is not null and status in (1, 2, 3) and session_id not like 'scale-%'`,
    [busyLocationId],
  );
  await client.query(
    `update orders o set placed_at = now() - make_interval(mins => g), expected_ready_at =
       now() - make_interval(mins => g) + interval '15 minutes', created_at = now() - make_interval(mins => g),
       updated_at = now() - make_interval(mins => g)
     from generate_series(1, $1::int) g where o.session_id = 'scale-' || g`,
    [SCALE.openOrdersAtBusyStore],
  );
  // It was seeded with another run's staff key and web client secret: this run's work too.
  await client.query(`update clients set secret_hash = $1 where client_id = 'web'`, [
    await hash(BENCH_SECRETS.WEB_CLIENT_SECRET),
  ]);
  await client.query('insert into staff_keys (name, key_hash) values ($1, $2)', [
    'Bench scale',
    hashStaffSecret(STAFF_KEY),
  ]);
}

/** The three numbers a table's reader needs to judge the figures: the load average over 1, 5 and 15 minutes. */
function loadAverage(): string {
  return os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' ');
}

try {
  const processorKey = `bench-processor-${randomUUID()}-${randomUUID()}`;
  const processorUrl = `http://127.0.0.1:${PORTS.processor}`;
  startProcess(bin('tsx'), ['src/server.ts'], `${root}apps/sandbox-processor`, {
    SANDBOX_PROCESSOR_PORT: String(PORTS.processor),
    SANDBOX_PROCESSOR_DATABASE_URL: await recreateDatabase(serverUrl, `${dbName}_processor`),
    SANDBOX_PROCESSOR_MERCHANTS: `storefront:${processorKey}`,
    SANDBOX_PROCESSOR_PARENT_ORIGIN: 'http://localhost:3000',
  });
  await waitForUrl(`${processorUrl}/health`);

  let small: Figure[] | null = null;
  if (!bigOnly) {
    const demoUrl = await recreateDatabase(serverUrl, `${dbName}_demo`);
    await migrateDatabase(demoUrl);
    const demoApi = await startApi(demoUrl, processorUrl, processorKey);
    const client = new pg.Client({ connectionString: demoUrl });
    await client.connect();
    const store = await busyStore(client);
    // The demo member's few orders are the history on the demo database.
    const demoSession = await heavyCustomer(client, store, DEMO_MEMBER.email, DEMO_MEMBER.password);
    if (!demoSession.pastOrderId) {
      // The demo member has no order at the busy store: one placed long ago makes the repeat measurable.
      const { rows } = await client.query<{ id: number }>(
        `insert into orders (session_id, user_id, location_id, snapshot_id, order_channel, fulfillment_method, status,
           placed_at, subtotal_cents, total_cents, reference_number)
         values ('scale-demo', $1, $2, $3, 107, 1, 4, now() - interval '2 days', 949, 1044, 'S-demo') returning id`,
        [demoSession.customerId, store.locationId, store.snapshotId],
      );
      await client.query(
        `insert into order_items (order_id, item_path_key, title, quantity, portion_id, unit_price_cents, total_cents)
         values ($1, $2, 'Scale item', 1, $3, 949, 949)`,
        [rows[0]?.id, store.itemPathKey, store.itemBody.portionId],
      );
      demoSession.pastOrderId = rows[0]?.id ?? 0;
    }
    console.log(`measuring on the demo database (load average ${loadAverage()}) ...`);
    small = await measure(client, store, demoSession, 'demo');
    await client.end();
    await stopApi(demoApi);
    await dropDatabase(serverUrl, `${dbName}_demo`);
  }

  // The big database: the kept one when its generation has this run's shape and migrates, else a new one.
  const databaseUrl = databaseUrlOf(dbName);
  let kept = regenerate ? null : await generatedRecord(dbName);
  if (kept && kept.shape !== SHAPE) {
    console.log(`the kept ${dbName} was generated with another shape: generating it anew`);
    kept = null;
  }
  if (kept) {
    try {
      await migrateDatabase(databaseUrl);
    } catch (error) {
      console.log(`the kept ${dbName} does not migrate (${String(error)}): generating it anew`);
      kept = null;
    }
  }
  let apiProcess: ReturnType<typeof startProcess>;
  const client = new pg.Client({ connectionString: databaseUrl });
  let store: Store;
  if (kept) {
    await client.connect();
    await refreshKept(client, kept.busyLocationId);
    apiProcess = await startApi(databaseUrl, processorUrl, processorKey);
    store = await busyStore(client);
    if (store.locationId !== kept.busyLocationId) {
      throw new Error(
        `the kept ${dbName}'s busy store ${kept.busyLocationId} is not the first open demo store now ` +
          `(${store.locationId}): run with --regenerate`,
      );
    }
    console.log(`reusing the kept ${dbName} (generated with this shape)`);
  } else {
    await recreateDatabase(serverUrl, dbName);
    await migrateDatabase(databaseUrl);
    // The API seeds the demo data at its first start; the generation then runs with the API stopped.
    apiProcess = await startApi(databaseUrl, processorUrl, processorKey);
    await client.connect();
    store = await busyStore(client);
    await stopApi(apiProcess);
    console.log(`generating (load average ${loadAverage()}) ...`);
    const generationStarted = performance.now();
    await generate(client, store);
    const generationSeconds = (performance.now() - generationStarted) / 1000;
    const { rows: counts } = await client.query<{
      locations: number;
      brands: number;
      customers: number;
      orders: number;
    }>(
      `select (select count(*)::int from locations) as locations, (select count(*)::int from brands) as brands,
         (select count(*)::int from customers) as customers,
         (select count(*)::int from orders where placed_at is not null) as orders`,
    );
    console.log(
      `generated in ${generationSeconds.toFixed(1)} s: ${JSON.stringify(counts[0])} (placed orders, the demo's included)`,
    );
    // Recorded last: a generation cut short is never reused.
    const record: Generated = { shape: SHAPE, busyLocationId: store.locationId };
    await client.query(`comment on database ${dbName} is ${client.escapeLiteral(JSON.stringify(record))}`);
    apiProcess = await startApi(databaseUrl, processorUrl, processorKey);
  }
  const catalog = openDatabase({ url: databaseUrl, poolSize: 1 });
  const readStarted = performance.now();
  const rows = await findLocations(catalog.db);
  console.log(
    `the locations catalogue (every store with its hours, brands, pickup methods, zones; read whole once by each API process, then only the stores changed since): ${rows.length} stores in ${(performance.now() - readStarted).toFixed(0)} ms`,
  );
  await catalog.close();

  const bigSession = await scaleCustomer(client, store);
  // Before the measurement: the kitchen board's plan is the one of the board measured, without this run's
  // placements.
  await explain(client, store, bigSession);
  console.log(`\nmeasuring on the big database (load average ${loadAverage()}) ...`);
  const big = await measure(client, store, bigSession, 'big');
  printTable(small ?? big, big);
  console.log(`load average at the end: ${loadAverage()} (${os.cpus().length} cores)`);
  await client.end();
  await stopApi(apiProcess);
} finally {
  stopAll();
}
process.exit(0);
