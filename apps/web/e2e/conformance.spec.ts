import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { expect, test, type Page } from '@playwright/test';
import pa11y from 'pa11y';
import puppeteer, { type Browser } from 'puppeteer';
import vnuJar from 'vnu-jar';
import { DEMO_CUSTOMER } from './pages/account-pages';
import { expectNoAxeViolations } from './pages/axe';
import { placeGuestOrderForTracking } from './pages/kitchen-h5';
import { reachPayment } from './pages/payment-instruments';
import { skipPromoPopup } from './pages/promo-popup';
import { signIn } from './pages/session-dialogs';
import { StorePage } from './pages/store-page';

/**
 * Issue 37, 'HTML and accessibility': the main pages' markup is valid HTML (the Nu HTML Checker, vnu.jar, on the
 * server's HTML and on the rendered DOM) and a second accessibility engine (HTML_CodeSniffer through pa11y, WCAG 2
 * AA) finds no error on them, beside the axe checks every journey makes.
 */

const run = promisify(execFile);

interface Document {
  name: string;
  html: string;
}

interface VnuMessage {
  type: string;
  subType?: string;
  url?: string;
  lastLine?: number;
  message: string;
  extract?: string;
}

/** The Nu HTML Checker's errors in each document, one line each ('page (server): line 3: message'). */
async function vnuErrors(documents: Document[]): Promise<string[]> {
  const dir = await mkdtemp(join(tmpdir(), 'vnu-'));
  try {
    const files = await Promise.all(
      documents.map(async (doc, index) => {
        const file = join(dir, `${index}.html`);
        await writeFile(file, doc.html);
        return file;
      }),
    );
    const { stderr } = await run(
      'java',
      ['-jar', vnuJar, '--format', 'json', '--errors-only', '--exit-zero-always', ...files],
      { maxBuffer: 64 * 1024 * 1024 },
    );
    const messages = (JSON.parse(stderr) as { messages: VnuMessage[] }).messages;
    // The checker's CSS part predates CSS of today (@property, margin-trim in Tailwind 4's stylesheet, inlined
    // in <style>): the HTML is what is checked here; the browsers the storefront supports read that CSS.
    return messages
      .filter((m) => !m.message.startsWith('CSS:'))
      .map((m) => {
        const index = Number(/(\d+)\.html$/.exec(m.url ?? '')?.[1]);
        const name = documents[index]?.name ?? m.url ?? '?';
        return `${name}: line ${m.lastLine ?? '?'}: ${m.message} [${(m.extract ?? '').trim().slice(0, 120)}]`;
      });
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

const chromiumArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

/** HTML_CodeSniffer's WCAG 2 AA errors on a page (through pa11y, in its own Chromium), one line each. */
async function codeSnifferErrors(browser: Browser, url: string, cookie: string): Promise<string[]> {
  const result = await pa11y(url, {
    browser,
    runners: ['htmlcs'],
    standard: 'WCAG2AA',
    includeWarnings: false,
    includeNotices: false,
    timeout: 60_000,
    headers: cookie ? { Cookie: cookie } : {},
    // The card frame is the processor's document (checked by axe inside the payment journeys).
    hideElements: 'iframe',
  });
  return result.issues
    .filter((issue) => issue.type === 'error')
    .map((issue) => `${url}: ${issue.code}: ${issue.message} [${issue.selector}]`);
}

/** The page's server HTML (as the browser first gets it) and its DOM once rendered. */
async function capture(page: Page, name: string, path: string): Promise<Document[]> {
  const response = await page.context().request.get(path);
  expect(response.ok(), `${path} answers ${response.status()}`).toBe(true);
  const server = await response.text();
  await page.goto(path);
  await page.waitForLoadState('load');
  await expect(page.locator('h1').first()).toBeVisible();
  const rendered = `<!DOCTYPE html>\n${await page.locator('html').evaluate((el) => el.outerHTML)}`;
  return [
    { name: `${name} (server HTML)`, html: server },
    { name: `${name} (rendered DOM)`, html: rendered },
  ];
}

test('the main pages are valid HTML and HTML_CodeSniffer finds no WCAG 2 AA error on them', async ({
  page,
  request,
  baseURL,
}) => {
  test.setTimeout(300_000);
  await skipPromoPopup(page);
  const documents: Document[] = [];
  const urls: { path: string; cookie: string }[] = [];
  const visit = async (name: string, path: string) => {
    documents.push(...(await capture(page, name, path)));
    const cookies = await page.context().cookies();
    urls.push({ path, cookie: cookies.map((c) => `${c.name}=${c.value}`).join('; ') });
  };

  await visit('accessibility statement', '/accessibility');
  await expect(page.getByRole('heading', { level: 2, name: 'Conformance target' })).toBeVisible();
  await expect(page.getByRole('link', { name: /^accessibility@/ })).toHaveAttribute('href', /^mailto:/);
  await expectNoAxeViolations(page, 'accessibility statement');
  await visit('store menu', '/1/menu');
  // Every guest page's footer links the statement; checkout and payment have no footer (spec).
  const footerLink = page.getByRole('contentinfo').getByRole('link', { name: 'Accessibility' });
  await expect(footerLink).toHaveAttribute('href', '/accessibility');
  // The navigation progress bar runs over the header: it must not be the header's colour (it was, and hid).
  const [barColour, headerColour] = await page.evaluate(() =>
    ['[role="progressbar"][aria-label="Loading page"]', 'header'].map((selector) => {
      const element = document.querySelector(selector);
      return element ? getComputedStyle(element).backgroundColor : null;
    }),
  );
  expect(barColour).toBeTruthy();
  expect(barColour).not.toBe(headerColour);
  await new StorePage(page).openItem('Classic Burger');
  await visit('item', new URL(page.url()).pathname);
  const { trackingUrl } = await placeGuestOrderForTracking(request, { locationId: 1, firstName: 'Valid' });
  await visit('order tracking', new URL(trackingUrl).pathname + new URL(trackingUrl).search);
  await reachPayment(page, { store: 1, item: 'Classic Burger' });
  await visit('payment', '/payment');
  await visit('checkout', '/checkout');
  await expect(page.getByRole('contentinfo')).toHaveCount(0);
  await page.goto('/1/menu');
  await signIn(page, DEMO_CUSTOMER);
  await visit('my account', '/my-account');
  // Last: the search page resets the promo popup's flag, which the store pages above rely on.
  await visit('search', '/search-locations');

  const htmlErrors = await vnuErrors(documents);
  const browser = await puppeteer.launch({ executablePath: '/usr/bin/chromium', args: chromiumArgs });
  const a11yErrors: string[] = [];
  try {
    for (const { path, cookie } of urls) {
      a11yErrors.push(...(await codeSnifferErrors(browser, new URL(path, baseURL).toString(), cookie)));
    }
  } finally {
    await browser.close();
  }
  expect(htmlErrors).toEqual([]);
  expect(a11yErrors).toEqual([]);
});
