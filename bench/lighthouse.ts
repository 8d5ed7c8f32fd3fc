/** Lighthouse (mobile defaults) on Debian's Chromium: median of N runs per page. */
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { chromium, type Page } from '@playwright/test';
import { getPriority, setPriority } from 'node:os';
import { median } from './lib';

/** The niceness Lighthouse runs at while it measures (Chromium and the servers keep theirs). */
const LIGHTHOUSE_NICE = 10;

/** Sets this process's niceness; going back down needs privileges a CI user may lack (then it stays). */
function renice(value: number) {
  try {
    setPriority(value);
  } catch (error) {
    console.warn(`bench: could not set the process priority to ${value}: ${String(error)}`);
  }
}

export interface PageFigure {
  name: string;
  url: string;
  performance: number;
  /** First contentful paint. */
  fcpMs: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  accessibility: number;
  firstLoadJsKbGzip: number;
  /**
   * First contentful paint as it happened in the (unthrottled) trace Lighthouse's simulation starts from. The
   * simulation counts everything loaded before that paint, so a late one (a held frame, see `chromeFlags`) adds to
   * the LCP estimate; this column shows it.
   */
  observedFcpMs: number;
  /** The LCP element as Lighthouse names it (tag and text or selector), to see what the LCP figure waits for. */
  lcpElement: string;
  /** Every run's LCP, sorted: the spread behind the median (one page's LCP moves by a second between runs). */
  lcpRunsMs: number[];
  /** Lighthouse's full report of the kept run, for a closer look (written beside the results when asked). */
  lhr?: unknown;
}

interface LcpElementDetails {
  items?: { items?: { node?: { nodeLabel?: string; selector?: string; snippet?: string } }[] }[];
}

/** What the unthrottled load showed before Lighthouse's simulation (from the report's `metrics` audit). */
export interface ObservedMetrics {
  observedFirstContentfulPaint?: number;
  observedLargestContentfulPaint?: number;
  observedLoad?: number;
}

export function observedMetrics(lhr: {
  audits: Record<string, { details?: unknown } | undefined>;
}): ObservedMetrics {
  return (lhr.audits.metrics?.details as { items?: ObservedMetrics[] } | undefined)?.items?.[0] ?? {};
}

/** The LCP element of a report: its label (text or alt) and the selector Lighthouse gives it. */
function lcpElementOf(details: unknown): string {
  const node = (details as LcpElementDetails | undefined)?.items?.[0]?.items?.[0]?.node;
  if (!node) return '?';
  const label = (node.nodeLabel ?? '').replace(/\s+/g, ' ').slice(0, 40);
  const tag = /^<(\w+)/.exec(node.snippet ?? '')?.[1] ?? node.selector ?? '?';
  return `${tag} "${label}"`;
}

/**
 * Chromium's features the bench turns off: chrome-launcher's own list except RenderDocument, which Chromium has on
 * by default (one renderer frame per document), so pages load as a guest's Chromium loads them. A later
 * `--disable-features` replaces an earlier one rather than adding to it, hence the whole list here.
 *
 * chrome-launcher 1.2.1 turned RenderDocument off for a Chromium bug of the time (crbug.com/444150315); Puppeteer has
 * since gone back to Chromium's default (puppeteer#14745). With it off, a Lighthouse run's page reuses the frame of
 * the page the tab showed before, and on this VM the new page's frames were held: traces showed the compositor
 * asking for frames while the page's main thread, done with its scripts, got none until Lighthouse's next DevTools
 * call about 1 s or 2 s later (first paint at 1.3 s or 2.3 s, load at 0.4 s; the page's `pagereveal` fired only
 * then). Our pages were held in most runs and the reference page in none, as it paints before any script runs; a
 * held run added 1-1.5 s to our simulated LCP. With RenderDocument on, no run of 24 on four of our pages was held.
 */
const disabledFeatures = (
  chromeLauncher.Launcher.defaultFlags()
    .find((flag) => flag.startsWith('--disable-features='))
    ?.slice('--disable-features='.length)
    .split(',') ?? []
).filter((feature) => feature !== 'RenderDocument');

/** The machine's Chromium flags (README), for Lighthouse's Chromium and Playwright's alike. */
const machineFlags = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

export const chromeFlags = [
  '--headless=new',
  ...machineFlags,
  `--disable-features=${disabledFeatures.join(',')}`,
];

interface NetworkRecord {
  resourceType?: string;
  transferSize?: number;
  url?: string;
}

/**
 * How Lighthouse throttles: `simulate` (its default, and the budgets' reading) loads the page unthrottled and
 * estimates the metrics with its Lantern model; `devtools` loads it through Chromium's own network and CPU throttling
 * (the same mobile preset) and reports what the page painted. On localhost the two can disagree by more than the
 * budget: the simulation counts every font and script that happened to arrive before the unthrottled first paint.
 */
export type ThrottlingMethod = 'simulate' | 'devtools';

/** Lighthouse's own options for one pass (mobile defaults). */
export function flags(port: number, throttlingMethod: ThrottlingMethod = 'simulate') {
  return {
    port,
    output: 'json' as const,
    logLevel: 'error' as const,
    onlyCategories: ['performance', 'accessibility'],
    throttlingMethod,
  };
}

/**
 * Puts a page's cookies (`name=value; name=value`, as a `Cookie` header reads) in the browser's own cookie jar for
 * `url`, before each Lighthouse run on it. Lighthouse clears other storage between runs, never cookies, so a cookie
 * the page itself sets would outlive a run: setting them again each time starts every run alike.
 *
 * They used to go as Lighthouse's `extraHeaders`, which Chromium does not always send: with Chromium 156.0.8078.79
 * every checkout run of the bench was redirected to /search-locations (the document request came without the order
 * cookie, and the cookies the redirect set were then in the jar), while the same cookie sent by Node's `fetch`
 * just before and after got the checkout page. Cookies in the jar go with every request, as a guest's do.
 */
export async function putCookies(port: number, url: string, cookie: string): Promise<void> {
  const cookies = cookie
    .split(';')
    .map((pair) => pair.trim())
    .filter((pair) => pair.includes('='))
    .map((pair) => {
      const at = pair.indexOf('=');
      return { name: pair.slice(0, at), value: pair.slice(at + 1), url };
    });
  // Attached only for the call: disconnecting leaves the browser, and Lighthouse's tab, as they were.
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
  try {
    const context = browser.contexts()[0];
    if (!context) throw new Error('bench: the browser has no default context to put cookies in');
    await context.clearCookies();
    await context.addCookies(cookies);
  } finally {
    await browser.close();
  }
}

/** One Lighthouse pass on `url`, its cookies (if any) put in the browser's jar first. */
export async function lighthousePass(url: string, options: ReturnType<typeof flags>, cookie?: string) {
  if (cookie) await putCookies(options.port, url, cookie);
  return lighthouse(url, options);
}

/** How `measurePage` measures: runs (3 by default), the page's cookies, and Lighthouse's throttling method. */
export interface MeasureOptions {
  runs?: number;
  cookie?: string;
  throttlingMethod?: ThrottlingMethod;
}

/**
 * Runs Lighthouse `runs` times on one URL and gives each figure's median over the runs (Lighthouse CI's `median`
 * aggregation): performance, FCP, LCP, TBT, CLS and accessibility each their own. The JS size, observed FCP, LCP
 * element and report are the middle run's by performance. Before, every figure was the middle run's; with
 * performance at 99-100 on every run, which run that was, and so the LCP given, was close to arbitrary. Runs that
 * ended on another page are reported and left out (seen on checkout: some runs of a 9-run bench ended on
 * /search-locations, and the table gave the search page's figures as checkout's).
 *
 * Measurement hygiene on this 2-core machine, the same for the reference page and ours:
 * - one unrecorded pass first, so the servers answer as a running server does (route code loaded, pictures
 *   made, the page's later requests served once) and Lighthouse's own code is warm;
 * - Lighthouse (this process) runs at a lower CPU priority than Chromium and the servers while it measures:
 *   its event processing (top: 65-146 % CPU during a page load) otherwise competes with the browser's
 *   compositor. (It was first thought to cure first paints held up to 2 s past the load event; on a later VM
 *   they came back in most runs at nice 10, and their cause was RenderDocument being off: see `chromeFlags`.)
 */
export async function measurePage(
  name: string,
  url: string,
  { runs = 3, cookie, throttlingMethod = 'simulate' }: MeasureOptions = {},
): Promise<PageFigure> {
  const chrome = await chromeLauncher.launch({ chromePath: '/usr/bin/chromium', chromeFlags });
  const priority = getPriority();
  try {
    renice(Math.max(priority, LIGHTHOUSE_NICE));
    const pass = () => lighthousePass(url, flags(chrome.port, throttlingMethod), cookie);
    await pass();
    const figures: PageFigure[] = [];
    const elsewhere: string[] = [];
    for (let i = 0; i < runs; i += 1) {
      const result = await pass();
      if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
      const { lhr } = result;
      // A run that ended on another page (a redirect, a client-side navigation) measured that page instead.
      const landed = new URL(lhr.finalDisplayedUrl).pathname;
      if (landed !== new URL(url).pathname) {
        elsewhere.push(landed);
        continue;
      }
      const requests =
        (lhr.audits['network-requests']?.details as { items?: NetworkRecord[] } | undefined)?.items ?? [];
      const js = requests
        .filter((r) => r.resourceType === 'Script')
        .reduce((sum, r) => sum + (r.transferSize ?? 0), 0);
      figures.push({
        name,
        url,
        performance: Math.round((lhr.categories.performance?.score ?? 0) * 100),
        fcpMs: Math.round(lhr.audits['first-contentful-paint']?.numericValue ?? 0),
        lcpMs: Math.round(lhr.audits['largest-contentful-paint']?.numericValue ?? 0),
        tbtMs: Math.round(lhr.audits['total-blocking-time']?.numericValue ?? 0),
        cls: Number((lhr.audits['cumulative-layout-shift']?.numericValue ?? 0).toFixed(3)),
        accessibility: Math.round((lhr.categories.accessibility?.score ?? 0) * 100),
        firstLoadJsKbGzip: Number((js / 1024).toFixed(1)),
        observedFcpMs: Math.round(observedMetrics(lhr).observedFirstContentfulPaint ?? 0),
        lcpElement: lcpElementOf(lhr.audits['largest-contentful-paint-element']?.details),
        lcpRunsMs: [],
        lhr,
      });
    }
    if (elsewhere.length > 0) {
      console.warn(
        `bench: ${name}: ${elsewhere.length} of ${runs} runs ended on another page (${[...new Set(elsewhere)].join(', ')}); ` +
          'they are left out of the median',
      );
    }
    if (figures.length === 0) throw new Error(`${name}: every run ended on another page than ${url}`);
    // The middle run by performance (the lower middle of an even count, which runs left out can make).
    const byPerformance = [...figures].sort((a, b) => a.performance - b.performance);
    const middle = byPerformance[Math.floor((byPerformance.length - 1) / 2)] as PageFigure;
    const medianOf = (figure: (f: PageFigure) => number) => median(figures.map(figure));
    return {
      ...middle,
      performance: Math.round(medianOf((f) => f.performance)),
      fcpMs: Math.round(medianOf((f) => f.fcpMs)),
      lcpMs: Math.round(medianOf((f) => f.lcpMs)),
      tbtMs: Math.round(medianOf((f) => f.tbtMs)),
      cls: Number(medianOf((f) => f.cls).toFixed(3)),
      accessibility: Math.round(medianOf((f) => f.accessibility)),
      lcpRunsMs: figures.map((f) => f.lcpMs).sort((a, b) => a - b),
    };
  } finally {
    renice(priority);
    chrome.kill();
  }
}

/** A guest's cookies (`name=value; ...`) once `walk` has taken a fresh browser through the storefront. */
async function guestCookie(walk: (page: Page) => Promise<void>): Promise<string> {
  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: machineFlags,
  });
  try {
    const context = await browser.newContext();
    const page = await context.newPage();
    await walk(page);
    const cookies = await context.cookies();
    return cookies.map((c) => `${c.name}=${c.value}`).join('; ');
  } finally {
    await browser.close();
  }
}

/** The item at `itemUrl` added to a new guest's order: the order checkout shows. */
async function addItem(page: Page, itemUrl: string): Promise<void> {
  await page.goto(itemUrl);
  await page.getByRole('button', { name: /add to order/i }).click();
  await page.waitForURL((url) => !url.pathname.includes('/menu/'));
}

/** The cookies of a guest whose order holds the item at `itemUrl` (the checkout page's order). */
export function checkoutCookie(itemUrl: string): Promise<string> {
  return guestCookie((page) => addItem(page, itemUrl));
}

/**
 * The cookies of a guest whose order (the item at `itemUrl`) is ready for payment: checkout's contact filled in and
 * Confirm Order pressed, the card chosen where the store asks how to pay, arrived at /payment.
 */
export function paymentCookie(itemUrl: string): Promise<string> {
  return guestCookie(async (page) => {
    await addItem(page, itemUrl);
    await page.goto(new URL('/checkout', itemUrl).href);
    await page.getByLabel(/First Name/i).fill('Bench');
    await page.getByLabel(/Last Name/i).fill('Guest');
    await page.getByLabel(/Phone/i).fill('(202) 555-0142');
    await page.getByLabel(/Email/i).fill('bench@example.com');
    await page.getByRole('button', { name: 'Confirm Order' }).click();
    // A store that takes more than cards asks how to pay first.
    const picker = page.getByRole('dialog', { name: 'Select Payment Method' });
    const arrived = page.waitForURL((url) => url.pathname === '/payment');
    await Promise.race([arrived, picker.waitFor()]);
    if (await picker.isVisible()) {
      await picker.getByRole('radio', { name: /Credit Card/ }).check();
      await picker.getByRole('button', { name: 'Continue' }).click();
    }
    await arrived;
  });
}
