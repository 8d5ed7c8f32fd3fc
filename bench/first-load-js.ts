/**
 * `node --import tsx bench/first-load-js.ts`: the first-load JS (gzip kB) of the search, menu, item, checkout and
 * payment pages as `npm run bench` reports it (the same Lighthouse pass, the same sum: every Script request's transfer
 * size), without the API load runs, the reference page or the 30/300-item stores. Bytes do not vary between
 * runs, so one run per page (after the bench's unrecorded warm-up pass) is the bench's figure: a quick A/B of a
 * bundle change.
 *
 * It builds nothing: the storefront must be built first (`next build`, in `NEXT_DIST_DIR` if set).
 * - `--checkout=/path`: measure another checkout of the repository (e.g. a `git worktree` of an older commit,
 *   built there), with that checkout's own API and migrations; by default this one.
 * - `--scripts`: also list each page's scripts (transfer bytes, path), to see where the bytes went.
 * - `--tasks`: also give each page's main-thread work as Lighthouse estimates it on its mobile CPU (4x slower): by
 *   kind (script evaluation, style and layout, ...), by script, and each long task (50 ms or more) with its
 *   script: where a page's hydration goes.
 * - `--pages=menu,item`: only these pages.
 * - BENCH_PORT_OFFSET and BENCH_DB as for `npm run bench` (two measures side by side); BENCH_API_PORT,
 *   BENCH_WEB_PORT and BENCH_PROCESSOR_PORT name the three ports outright (a helper given a range of ports of its own).
 */
import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { addableItems, BENCH_SECRETS, getMenu, guestToken, isOpenOnline, searchStores } from './guest';
import {
  bin,
  option,
  recreateDatabase,
  root,
  startProcess,
  startSandboxProcessor,
  stopAll,
  waitForUrl,
} from './lib';
import { checkoutCookie, measurePage, paymentCookie } from './lighthouse';

const offset = Number(process.env.BENCH_PORT_OFFSET ?? 0);
const apiPort = Number(process.env.BENCH_API_PORT ?? 4912 + offset);
const webPort = Number(process.env.BENCH_WEB_PORT ?? 3912 + offset);
const processorPort = Number(process.env.BENCH_PROCESSOR_PORT ?? 4914 + offset);
const api = `http://localhost:${apiPort}`;
const web = `http://localhost:${webPort}`;
const checkout = `${resolve(option('checkout') ?? root)}/`;
const serverUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const dbName = process.env.BENCH_DB ?? 'storefront_bench_first_load_js';
const listScripts = process.argv.includes('--scripts');
const listTasks = process.argv.includes('--tasks');
const pageFilter = option('pages')?.split(',');

process.on('exit', stopAll);
process.on('SIGINT', () => process.exit(130));
process.on('SIGTERM', () => process.exit(143));

interface NetworkRecord {
  resourceType?: string;
  transferSize?: number;
  url?: string;
}

type Items<T> = { details?: { items?: T[] } } | undefined;
type Audits = Record<string, Items<Record<string, unknown>>>;

/** The items of one audit of a Lighthouse report. */
function itemsOf<T>(lhr: unknown, audit: string): T[] {
  return ((lhr as { audits?: Audits }).audits?.[audit] as Items<T>)?.details?.items ?? [];
}

const ms = (value: unknown) => `${Math.round(Number(value ?? 0))}`.padStart(6);
const pathOf = (url: unknown) =>
  typeof url === 'string' && url.startsWith('http') ? new URL(url).pathname : String(url);

/** The main thread's work of one run: by kind, by script (scripting and compiling), and the long tasks. */
function printTasks(lhr: unknown) {
  const kinds = itemsOf<{ groupLabel?: string; duration?: number }>(lhr, 'mainthread-work-breakdown');
  console.log(
    `  main thread: ${kinds.map((k) => `${k.groupLabel} ${Math.round(k.duration ?? 0)}`).join(', ')} ms`,
  );
  const scripts = itemsOf<{ url?: string; total?: number; scripting?: number; scriptParseCompile?: number }>(
    lhr,
    'bootup-time',
  );
  for (const s of scripts) {
    console.log(
      `  ${ms(s.total)} ms total, ${ms(s.scripting)} evaluating, ${ms(s.scriptParseCompile)} compiling  ${pathOf(s.url)}`,
    );
  }
  const tasks = itemsOf<{ url?: string; startTime?: number; duration?: number }>(lhr, 'long-tasks');
  console.log(`  long tasks: ${tasks.length}`);
  for (const t of [...tasks].sort((a, b) => (a.startTime ?? 0) - (b.startTime ?? 0))) {
    console.log(`  at ${ms(t.startTime)} ms, ${ms(t.duration)} ms  ${pathOf(t.url)}`);
  }
}

/** The Script requests of a Lighthouse report, as the bench sums them. */
function scriptsOf(lhr: unknown): NetworkRecord[] {
  const audits = (lhr as { audits?: Record<string, { details?: { items?: NetworkRecord[] } } | undefined> })
    .audits;
  return (audits?.['network-requests']?.details?.items ?? []).filter((r) => r.resourceType === 'Script');
}

const clientAddressSecret = `bench-${randomUUID()}-${randomUUID()}`;
try {
  // The payment page frames the processor's card page, which the API asks it for.
  const processor = await startSandboxProcessor(
    processorPort,
    await recreateDatabase(serverUrl, `${dbName}_processor`),
    web,
  );
  startProcess(bin('tsx'), ['src/server.ts'], `${checkout}apps/api`, {
    DATABASE_URL: await recreateDatabase(serverUrl, dbName),
    API_PORT: String(apiPort),
    API_PUBLIC_URL: api,
    WEB_PUBLIC_URL: web,
    PROCESSOR_URL: processor.url,
    PROCESSOR_PUBLIC_URL: processor.url,
    PROCESSOR_API_KEY: processor.key,
    LOG_LEVEL: 'warn',
    JWT_SECRET: `bench-${randomUUID()}-${randomUUID()}`,
    ...BENCH_SECRETS,
    CLIENT_ADDRESS_SECRET: clientAddressSecret,
  });
  await waitForUrl(`${api}/health`);
  // The storefront's own server, as `npm start` runs it (it signs each guest's address for the API); an older
  // checkout without one, with `next start`.
  const [command, args] = existsSync(`${checkout}apps/web/server.mjs`)
    ? [process.execPath, ['server.mjs', '-p', String(webPort)]]
    : [bin('next'), ['start', '-p', String(webPort)]];
  startProcess(command, args, `${checkout}apps/web`, {
    API_URL: api,
    API_PUBLIC_URL: api,
    WEB_PUBLIC_URL: web,
    PROCESSOR_PUBLIC_URL: processor.url,
    NEXT_TELEMETRY_DISABLED: '1',
    ...BENCH_SECRETS,
    CLIENT_ADDRESS_SECRET: clientAddressSecret,
  });
  await waitForUrl(`${web}/error`);

  const auth = { authorization: `Bearer ${await guestToken(api)}` };
  const open = (await searchStores(api, auth)).find(isOpenOnline);
  if (!open) throw new Error('no open demo store');
  const [node] = await addableItems(api, auth, await getMenu(api, auth, open.id), 1);
  if (!node) throw new Error('no demo item can be added without customisation');
  const itemUrl = `${web}/${open.id}/menu/${node.itemPathKey}`;
  const pages: { name: string; url: string; cookie?: () => Promise<string> }[] = [
    { name: 'search', url: `${web}/search-locations?lat=38.9072&lng=-77.0369&q=Washington%2C%20DC` },
    { name: 'menu', url: `${web}/${open.id}/menu` },
    { name: 'item', url: itemUrl },
    { name: 'checkout', url: `${web}/checkout`, cookie: () => checkoutCookie(itemUrl) },
    { name: 'payment', url: `${web}/payment`, cookie: () => paymentCookie(itemUrl) },
  ];

  const figures: { name: string; kb: number }[] = [];
  for (const page of pages) {
    if (pageFilter && !pageFilter.includes(page.name)) continue;
    const cookie = await page.cookie?.();
    const figure = await measurePage(page.name, page.url, { runs: 1, cookie });
    figures.push({ name: page.name, kb: figure.firstLoadJsKbGzip });
    if (listTasks) {
      console.log(`\n${page.name}: main-thread work (Lighthouse's mobile estimate)`);
      printTasks(figure.lhr);
    }
    if (listScripts) {
      console.log(`\n${page.name}: ${figure.firstLoadJsKbGzip.toFixed(1)} kB`);
      const scripts = scriptsOf(figure.lhr).sort((a, b) => (b.transferSize ?? 0) - (a.transferSize ?? 0));
      for (const s of scripts) {
        console.log(`${String(s.transferSize ?? 0).padStart(8)}  ${new URL(s.url ?? '', web).pathname}`);
      }
    }
  }
  console.log(`\nFirst-load JS, kB gzip (${checkout})`);
  for (const f of figures) console.log(`${f.name.padEnd(10)} ${f.kb.toFixed(1).padStart(7)}`);
} finally {
  stopAll();
}
process.exit(0);
