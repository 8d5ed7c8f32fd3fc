/**
 * `npm run bench:lantern -- <url> [--runs=N] [--cookie=...] [--chrome-flags="..."] [--tbt] [--versus=<url>]`: what
 * Lighthouse's simulated LCP of one page waited for. For each run it prints the figures (perf, FCP, LCP, TBT), the
 * paint as it happened in the unthrottled trace the simulation starts from, and every request and main-thread task of
 * the simulated LCP (pessimistic graph) with its simulated start and end. A request counts when it finished before
 * the observed LCP; a script when it was also run before it. `--tbt` lists instead the simulated tasks of 50 ms or
 * more, those Total Blocking Time sums. `--versus=<url>` is an A/B: runs alternate between the two URLs (A B, B A,
 * ...) in one browser and the end gives each one's medians and sorted LCPs, since one run's LCP varies by a second or
 * more from how the real load happened to interleave. Start the servers with `npm run bench -- --serve`.
 */
import * as chromeLauncher from 'chrome-launcher';
import * as Lantern from 'lighthouse/core/lib/lantern/lantern.js';
import { median, option, runsOption } from './lib';
import { chromeFlags, flags, lighthousePass, observedMetrics } from './lighthouse';

const args = process.argv.slice(2);
const url = args.find((a) => !a.startsWith('--'));
if (!url) {
  console.error(
    'usage: npm run bench:lantern -- <url> [--runs=N] [--cookie=...] [--chrome-flags="..."] [--tbt] [--versus=<url>]',
  );
  process.exit(2);
}
const runs = runsOption(1);
/** `--tbt`: list the simulated tasks of 50 ms or more (what TBT sums past 50 ms each) instead of the LCP graph. */
const tbt = args.includes('--tbt');
/** `--versus=<url>`: the B of an A/B, measured in turn with <url> (the A), `runs` times each. */
const versus = option('versus');
const extraFlags = (option('chrome-flags') ?? '').split(' ').filter(Boolean);

/** One node of a simulation: a request (type, kB, path) or a main-thread task (duration and what it ran). */
function describe(node: Lantern.Graph.Node): string {
  if (node.type === 'network') {
    const { resourceType, transferSize, url: requestUrl } = node.request;
    const path = requestUrl.replace(/^https?:\/\/[^/]+/, '').slice(0, 70);
    return `${resourceType ?? '?'} ${Math.round((transferSize ?? 0) / 1024)} kB ${path}`;
  }
  const ran = [...new Set(node.childEvents.map((e) => e.name))]
    .filter((n) => /EvaluateScript|ParseHTML|Layout|Paint|FunctionCall|RunMicrotasks|TimerFire/.test(n))
    .slice(0, 4);
  return `task ${Math.round(node.duration / 1000)} ms (${ran.join(', ')})`;
}

const chrome = await chromeLauncher.launch({
  chromePath: '/usr/bin/chromium',
  chromeFlags: [...chromeFlags, ...extraFlags],
});
try {
  const options = { ...flags(chrome.port), onlyCategories: ['performance'] };
  const cookie = option('cookie');
  const pass = (pageUrl: string) => lighthousePass(pageUrl, options, cookie);
  type Figure = { perf: number; lcp: number; tbt: number };
  const target = (name: string, pageUrl: string) => ({ name, url: pageUrl, figures: [] as Figure[] });
  const pages = versus ? [target('A', url), target('B', versus)] : [target('', url)];
  for (const page of pages) await pass(page.url); // warm-up pass, as the bench does
  for (let i = 0; i < runs; i += 1) {
    // A B, then B A: neither page always follows the other.
    for (const page of i % 2 ? [...pages].reverse() : pages) {
      Lantern.Simulation.Simulator.allNodeTimings.clear();
      const result = await pass(page.url);
      if (!result) throw new Error(`Lighthouse gave no result for ${page.url}`);
      const { audits, categories } = result.lhr;
      const metric = (id: string) => Math.round(audits[id]?.numericValue ?? 0);
      const observed = observedMetrics(result.lhr);
      const figure: Figure = {
        perf: Math.round((categories.performance?.score ?? 0) * 100),
        lcp: metric('largest-contentful-paint'),
        tbt: metric('total-blocking-time'),
      };
      page.figures.push(figure);
      console.log(
        `${page.name ? `${page.name} ` : ''}run ${i + 1}: perf ${figure.perf}, FCP ${metric('first-contentful-paint')}, ` +
          `LCP ${figure.lcp}, TBT ${figure.tbt} | observed: FCP ` +
          `${observed.observedFirstContentfulPaint}, LCP ${observed.observedLargestContentfulPaint}, load ${observed.observedLoad}`,
      );
      if (versus) continue; // an A/B prints the figures only
      const timings = Lantern.Simulation.Simulator.allNodeTimings.get(
        tbt ? 'optimisticTotalBlockingTime' : 'pessimisticLargestContentfulPaint',
      );
      if (!timings) continue;
      const rows = [...timings.entries()]
        .filter(([node, timing]) => !tbt || (node.type === 'cpu' && timing.endTime - timing.startTime >= 50))
        .sort(([, a], [, b]) => a.startTime - b.startTime);
      for (const [node, timing] of rows) {
        console.log(
          `  ${Math.round(timing.startTime)}-${Math.round(timing.endTime)}`.padEnd(14),
          describe(node),
        );
      }
    }
  }
  if (versus) {
    for (const { name, url: pageUrl, figures } of pages) {
      const lcps = figures.map((f) => f.lcp).sort((a, b) => a - b);
      console.log(
        `${name} ${pageUrl}: median perf ${median(figures.map((f) => f.perf))}, LCP ${median(lcps)}, ` +
          `TBT ${median(figures.map((f) => f.tbt))} | LCPs ${lcps.join(' ')}`,
      );
    }
  }
} finally {
  chrome.kill();
}
