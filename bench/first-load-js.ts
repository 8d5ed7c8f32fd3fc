/**
 * `node --import tsx bench/first-load-js.ts`: the first-load JS (gzip kB) of the search, menu, item and checkout
 * pages as `npm run bench` reports it (the same Lighthouse pass, the same sum: every Script request's transfer
 * size), without the API load runs, the reference page or the 30/300-item stores. Bytes do not vary between
 * runs, so one run per page (after the bench's unrecorded warm-up pass) is the bench's figure: a quick A/B of a
 * bundle change.
 *
 * It builds nothing: the storefront must be built first (`next build`, in `NEXT_DIST_DIR` if set).
 * - `--checkout=/path`: measure another checkout of the repository (e.g. a `git worktree` of an older commit,
 *   built there), with that checkout's own API and migrations; by default this one.
 * - `--scripts`: also list each page's scripts (transfer bytes, path), to see where the bytes went.
 * - `--pages=menu,item`: only these pages.
 * - BENCH_PORT_OFFSET and BENCH_DB as for `npm run bench` (two measures side by side); BENCH_API_PORT and
 *   BENCH_WEB_PORT name the two ports outright (a helper given a range of ports of its own).
 */
import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { addableItems, BENCH_SECRETS, getMenu, guestToken, isOpenOnline, searchStores } from './guest';
import { bin, option, recreateDatabase, root, startProcess, stopAll, waitForUrl } from './lib';
import { checkoutCookie, measurePage } from './lighthouse';

const offset = Number(process.env.BENCH_PORT_OFFSET ?? 0);
const apiPort = Number(process.env.BENCH_API_PORT ?? 4912 + offset);
const webPort = Number(process.env.BENCH_WEB_PORT ?? 3912 + offset);
const api = `http://localhost:${apiPort}`;
const web = `http://localhost:${webPort}`;
const checkout = `${resolve(option('checkout') ?? root)}/`;
const serverUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const dbName = process.env.BENCH_DB ?? 'storefront_bench_first_load_js';
const listScripts = process.argv.includes('--scripts');
const pageFilter = option('pages')?.split(',');

process.on('exit', stopAll);
process.on('SIGINT', () => process.exit(130));
process.on('SIGTERM', () => process.exit(143));

interface NetworkRecord {
  resourceType?: string;
  transferSize?: number;
  url?: string;
}

/** The Script requests of a Lighthouse report, as the bench sums them. */
function scriptsOf(lhr: unknown): NetworkRecord[] {
  const audits = (lhr as { audits?: Record<string, { details?: { items?: NetworkRecord[] } } | undefined> })
    .audits;
  return (audits?.['network-requests']?.details?.items ?? []).filter((r) => r.resourceType === 'Script');
}

const clientAddressSecret = `bench-${randomUUID()}-${randomUUID()}`;
try {
  startProcess(bin('tsx'), ['src/server.ts'], `${checkout}apps/api`, {
    DATABASE_URL: await recreateDatabase(serverUrl, dbName),
    API_PORT: String(apiPort),
    API_PUBLIC_URL: api,
    WEB_PUBLIC_URL: web,
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
  ];

  const figures: { name: string; kb: number }[] = [];
  for (const page of pages) {
    if (pageFilter && !pageFilter.includes(page.name)) continue;
    const cookie = await page.cookie?.();
    const figure = await measurePage(page.name, page.url, { runs: 1, cookie });
    figures.push({ name: page.name, kb: figure.firstLoadJsKbGzip });
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
