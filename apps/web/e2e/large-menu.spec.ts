import { expect, test } from '@playwright/test';
import { expectNoAxeViolations } from './pages/axe';
import { closePromoPopup } from './pages/promo-popup';
import { SearchPage } from './pages/search-page';

/**
 * Issue 3, speed of large menus: the store page's HTML carries the first 30 cards and the others arrive once the
 * page is up, in their categories ('Bench Large Menu', Anchorage: the demo menu repeated to 300 items,
 * seeded for the journeys by SEED_LARGE_MENU_ITEMS).
 */
test('a 300-item store page paints its first cards, then every other card, and each opens its item', async ({
  page,
}) => {
  await page.goto('/search-locations');
  const search = new SearchPage(page);
  await search.searchFor('Anchorage', /Anchorage/);
  await search.openStore('Bench Large Menu');
  await expect(page).toHaveURL(/\/\d+\/menu$/);
  // A copy of the demo's first store: its promo popup is due after the search.
  await closePromoPopup(page);
  await expect(page.getByRole('heading', { level: 1, name: 'Bench Large Menu' })).toBeVisible();

  // The server's HTML: 30 cards (the menu's first) and every category's section (the category bar's anchors
  // lead somewhere); the other cards come from /api/menu-cards.
  const html = await (await page.request.get(page.url())).text();
  const locationId = /\/(\d+)\/menu$/.exec(page.url())?.[1];
  const deferred = (await (
    await page.request.get(`/api/menu-cards?locationId=${locationId}&menuType=menu&fulfillmentMethod=1`)
  ).json()) as { categories: { items: unknown[] }[] };
  const later = deferred.categories.reduce((n, c) => n + c.items.length, 0);
  expect(later).toBeGreaterThan(200);
  const tabs = page.getByRole('navigation', { name: /categor/i }).getByRole('link');
  const anchors = await tabs.evaluateAll((links) => links.map((a) => a.getAttribute('href')));
  expect(anchors.length).toBeGreaterThan(1);
  for (const anchor of anchors) expect(html).toContain(`id="${anchor?.slice(1)}"`);
  const section = page.locator(anchors.at(-1) ?? '#none');
  // The last category's section is in the HTML without cards.
  const lastSection = html.split(`id="${anchors.at(-1)?.slice(1)}"`)[1]?.split('</section>')[0] ?? '';
  expect(lastSection).toContain('<h2');
  expect(lastSection).not.toContain('data-item-key');

  // In the browser: every card (out-of-stock ones are not links).
  await expect(page.locator('main section li')).toHaveCount(30 + later);
  await expectNoAxeViolations(page, 'store page of 300 items');

  // The last category's tab scrolls to it; its first card (drawn by the second request) opens that item.
  await tabs.last().click();
  await expect(section.getByRole('heading', { level: 2 })).toBeInViewport();
  const card = section.locator('a[data-item-key]').first();
  await expect(card).toBeInViewport();
  const title = ((await card.getByRole('heading').textContent()) ?? '').trim();
  expect(title.length).toBeGreaterThan(0);
  await card.click();
  await expect(page).toHaveURL(/\/\d+\/menu\/1-\d+-\d+$/);
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
});
