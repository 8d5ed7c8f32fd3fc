/**
 * `npm run bench:lantern -- <url> [--runs=N] [--cookie=...] [--chrome-flags="..."] [--tbt]`: what Lighthouse's
 * simulated LCP of one page waited for. For each run it prints the figures (perf, FCP, LCP, TBT), the paint as it happened in
 * the unthrottled trace the simulation starts from, and every request and main-thread task of the simulated LCP
 * (pessimistic graph) with its simulated start and end. A request counts when it finished before the observed LCP;
 * a script when it was also run before it. `--tbt` lists instead the simulated tasks of 50 ms or more, those Total
 * Blocking Time sums. Start the servers with `npm run bench -- --serve`.
 */
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import * as Lantern from 'lighthouse/core/lib/lantern/lantern.js';
import { option } from './lib';
import { chromeFlags, flags, observedMetrics } from './lighthouse';

const args = process.argv.slice(2);
const url = args.find((a) => !a.startsWith('--'));
if (!url) {
  console.error(
    'usage: npm run bench:lantern -- <url> [--runs=N] [--cookie=...] [--chrome-flags="..."] [--tbt]',
  );
  process.exit(2);
}
const runs = Math.max(1, Math.floor(Number(option('runs') ?? 1)) || 1);
/** `--tbt`: list the simulated tasks of 50 ms or more (what TBT sums past 50 ms each) instead of the LCP graph. */
const tbt = args.includes('--tbt');
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
  const options = { ...flags(chrome.port, option('cookie')), onlyCategories: ['performance'] };
  await lighthouse(url, options); // warm-up pass, as the bench does
  for (let i = 0; i < runs; i += 1) {
    Lantern.Simulation.Simulator.allNodeTimings.clear();
    const result = await lighthouse(url, options);
    if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
    const { audits, categories } = result.lhr;
    const metric = (id: string) => Math.round(audits[id]?.numericValue ?? 0);
    const observed = observedMetrics(result.lhr);
    console.log(
      `run ${i + 1}: perf ${Math.round((categories.performance?.score ?? 0) * 100)}, FCP ${metric('first-contentful-paint')}, ` +
        `LCP ${metric('largest-contentful-paint')}, TBT ${metric('total-blocking-time')} | observed: FCP ` +
        `${observed.observedFirstContentfulPaint}, LCP ${observed.observedLargestContentfulPaint}, load ${observed.observedLoad}`,
    );
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
} finally {
  chrome.kill();
}
