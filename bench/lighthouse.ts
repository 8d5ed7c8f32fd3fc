/** Lighthouse (mobile defaults) on Debian's Chromium: median of N runs per page. */
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { median } from './lib';

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
}

const chromeFlags = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

interface NetworkRecord {
  resourceType?: string;
  transferSize?: number;
  url?: string;
}

/** Runs Lighthouse `runs` times on one URL and keeps the run with the median performance score. */
export async function measurePage(name: string, url: string, runs = 3, cookie?: string): Promise<PageFigure> {
  const chrome = await chromeLauncher.launch({ chromePath: '/usr/bin/chromium', chromeFlags });
  try {
    const figures: PageFigure[] = [];
    for (let i = 0; i < runs; i += 1) {
      const result = await lighthouse(
        url,
        {
          port: chrome.port,
          output: 'json',
          logLevel: 'error',
          onlyCategories: ['performance', 'accessibility'],
          ...(cookie ? { extraHeaders: { Cookie: cookie } } : {}),
        },
        undefined,
      );
      if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
      const { lhr } = result;
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
      });
    }
    const mid = median(figures.map((f) => f.performance));
    return figures.find((f) => f.performance === mid) ?? (figures[0] as PageFigure);
  } finally {
    chrome.kill();
  }
}
