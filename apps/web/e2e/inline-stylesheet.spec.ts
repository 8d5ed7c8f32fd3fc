import { expect, test, type Page } from '@playwright/test';
import { closePromoPopup } from './pages/promo-popup';
import { SearchPage } from './pages/search-page';

/**
 * Issue 3, first paint: a production build inlines the stylesheet in each document's head, so the page paints
 * without a request for a render-blocking stylesheet (one round trip, ~560 ms on a slow mobile network).
 */

/** The styles of globals.css and of a Tailwind utility, as the browser computed them. */
async function expectStyled(page: Page) {
  const body = page.locator('body');
  await expect(body).toHaveCSS('background-color', 'rgb(247, 247, 248)');
  // min-h-dvh: the viewport's height (the journeys' desktop viewport is 800 px high).
  await expect(body).toHaveCSS('min-height', '800px');
}

test.describe('without scripts', () => {
  test.use({ javaScriptEnabled: false });

  test('the search, store and item pages are styled by their own HTML, with no stylesheet requested', async ({
    page,
  }) => {
    const stylesheets: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'stylesheet') stylesheets.push(request.url());
    });
    for (const path of ['/search-locations', '/1/menu', '/1/menu/1-20-202']) {
      const response = await page.goto(path);
      const head = ((await response?.text()) ?? '').split('</head>')[0] ?? '';
      // One <style> with the whole stylesheet (and the request's CSP nonce), and no <link rel="stylesheet">.
      expect(head.match(/<style nonce="[^"]+">[^<]*\.min-h-dvh\{/g)).toHaveLength(1);
      expect(head).not.toMatch(/<link[^>]*rel="stylesheet"/);
      await expectStyled(page);
    }
    expect(stylesheets).toEqual([]);
  });
});

test('the inlined styles stay through client-side navigation', async ({ page }) => {
  await page.goto('/search-locations');
  await expectStyled(page);
  const search = new SearchPage(page);
  await search.searchFor('Washington', /Washington/);
  await search.openStore('Capital Kitchen - Dupont Circle');
  await expect(page).toHaveURL(/\/1\/menu$/);
  await closePromoPopup(page);
  await expectStyled(page);
  // Utilities that only the store page's markup uses (desktop: md:text-3xl is 30 px, text-2xl 24 px).
  const title = page.getByRole('heading', { level: 1, name: 'Capital Kitchen - Dupont Circle' });
  await expect(title).toHaveCSS('font-size', '30px');
  await expect(title).toHaveCSS('font-weight', '700');
});
