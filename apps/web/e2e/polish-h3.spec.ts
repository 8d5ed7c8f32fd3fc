import { expect, test, type Locator, type Page } from '@playwright/test';
import { expectNoAxeViolations } from './pages/axe';
import { skipPromoPopup } from './pages/promo-popup';
import { SearchPage } from './pages/search-page';

/**
 * Issue 24, points 7 (one store status), 11 (the map without tiles) and 12a (Tab in the open address
 * suggestions). Clarendon (5) is the demo's offline store; Dupont Circle (1) delivers within 3 miles.
 */

const DESKTOP = { width: 1440, height: 900 };
const PHONE = { width: 412, height: 915 };

test.beforeEach(async ({ page }) => {
  await skipPromoPopup(page);
});

test.describe('one store status', () => {
  for (const [name, viewport] of [
    ['desktop', DESKTOP],
    ['phone', PHONE],
  ] as const) {
    test(`an offline store shows neither 'Open' nor an ASAP estimate behind its dialog (${name})`, async ({
      page,
    }) => {
      await page.setViewportSize(viewport);
      await page.goto('/5/menu');
      const dialog = page.getByRole('dialog', { name: 'Store is offline' });
      await expect(dialog).toBeVisible();
      // Behind the dialog: the chip and the ETA line say the same thing as the dialog.
      const chip = page.getByTestId('store-status').first();
      await expect(chip).toHaveText('Closed');
      const line = page.getByText(/^Pickup:/);
      await expect(line).toContainText('Not taking orders');
      await expect(line).not.toContainText('ASAP');
      await expectNoAxeViolations(page, 'offline store dialog');
    });
  }

  test('a search card never shows an open status beside "Store not accepting orders currently"', async ({
    page,
  }) => {
    await page.setViewportSize(DESKTOP);
    await page.goto('/search-locations');
    const search = new SearchPage(page);
    await search.searchFor('Washington', /Washington/);
    await expect(search.resultsHeading()).toBeVisible();
    const offline = page.locator('[data-store-card]').filter({ hasText: 'Capital Kitchen - Clarendon' });
    await expect(offline.getByText('Store not accepting orders currently')).toBeVisible();
    await expect(offline.getByTestId('store-status')).toHaveText('Closed');
    // Every card that cannot take orders reads Closed; every one that can does not.
    const cards = page.locator('[data-store-card]');
    const count = await cards.count();
    expect(count).toBeGreaterThan(3);
    for (let i = 0; i < count; i += 1) {
      const card = cards.nth(i);
      const refused = await card.getByText('Store not accepting orders currently').count();
      if (refused > 0) await expect(card.getByTestId('store-status')).toHaveText('Closed');
    }
    await expectNoAxeViolations(page, 'search results');
  });

  test('the Delivery tab of Order Settings shows no error before an address is checked', async ({ page }) => {
    await page.setViewportSize(DESKTOP);
    await page.goto('/1/menu');
    await page.getByRole('button', { name: 'Edit order settings' }).click();
    const dialog = page.getByRole('dialog', { name: 'Order Settings' });
    await dialog.getByRole('tab', { name: 'Delivery' }).click();
    await expect(dialog.getByRole('combobox', { name: 'Address *' })).toBeVisible();
    await expect(dialog.getByText('Delivery unavailable to this address')).toHaveCount(0);
    await expect(dialog.getByRole('alert').filter({ hasText: /\S/ })).toHaveCount(0);
    await expect(dialog.getByText('Enter an address to see whether this store delivers there')).toBeVisible();
    await expectNoAxeViolations(page, 'Order Settings, Delivery tab');

    // After a check the answer shows: Silver Spring is outside Dupont Circle's 3 miles.
    await dialog.getByRole('combobox', { name: 'Address *' }).fill('8661 Colesville');
    await dialog
      .getByRole('option', { name: /8661 Colesville Rd/ })
      .first()
      .click();
    await expect(dialog.getByText('Delivery unavailable to this address')).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Save Changes' })).toBeDisabled();
  });
});

/** The number a result card or a marker shows (the marker's, without its screen-reader name). */
const numberOf = (element: Locator) => element.getByTestId('store-number').textContent();

test.describe('the map without tiles', () => {
  test('numbered pins match the list and the basemap reads as a map from city to street zoom', async ({
    page,
  }) => {
    await page.setViewportSize(DESKTOP);
    await page.goto('/search-locations');
    await new SearchPage(page).searchFor('Washington', /Washington/);
    const cards = page.locator('[data-store-card]');
    await expect(cards.first()).toBeVisible();
    const count = await cards.count();
    const listNumbers = new Map<string, string>();
    for (let i = 0; i < count; i += 1) {
      const card = cards.nth(i);
      await expect(card.getByTestId('store-number')).toHaveText(String(i + 1));
      listNumbers.set((await card.getByRole('heading').textContent()) ?? '', String(i + 1));
    }

    const map = page.getByTestId('map-slot');
    const markers = map.locator('.leaflet-marker-icon.store-marker');
    await expect(markers.first()).toBeVisible();
    const shown = await markers.count();
    expect(shown).toBeGreaterThan(1);
    for (let i = 0; i < shown; i += 1) {
      const marker = markers.nth(i);
      const title = (await marker.getAttribute('title')) ?? '';
      expect(listNumbers.get(title), `the list's number for ${title}`).toBeDefined();
      expect(await numberOf(marker)).toBe(listNumbers.get(title));
    }

    // Land, boundaries with names and a scale: at city zoom and zoomed in to the basemap's limit.
    const labels = map.locator('.map-label');
    const scale = map.locator('.leaflet-control-scale');
    await expect(labels.filter({ hasText: 'District of Columbia' })).toBeVisible();
    await expect(scale).toBeVisible();
    await expectNoAxeViolations(page, 'results with the offline map');
    await page.screenshot({ path: test.info().outputPath('map-city.png') });
    const zoomIn = map.getByRole('button', { name: 'Zoom in' });
    for (let i = 0; i < 10 && (await zoomIn.getAttribute('aria-disabled')) !== 'true'; i += 1) {
      await zoomIn.click();
      await expect(map.locator('.leaflet-zoom-anim')).toHaveCount(0);
    }
    await expect(zoomIn).toHaveAttribute('aria-disabled', 'true');
    await expect(labels.first()).toBeInViewport();
    await expect(scale).toBeVisible();
    await page.screenshot({ path: test.info().outputPath('map-street.png') });
  });
});

async function expectFocusOnRealControl(page: Page) {
  const tag = await page.evaluate(() => document.activeElement?.tagName ?? 'none');
  expect(tag).not.toBe('BODY');
}

test.describe('Tab in the open address suggestions', () => {
  test('moves on to the Search button on the search page', async ({ page }) => {
    await page.setViewportSize(DESKTOP);
    await page.goto('/search-locations');
    const search = new SearchPage(page);
    await search.input.fill('Washington');
    await expect(page.getByRole('option').first()).toBeVisible();
    await search.input.press('ArrowDown');
    await search.input.press('Tab');
    await expect(page.getByRole('listbox')).toBeHidden();
    await expectFocusOnRealControl(page);
    await expect(page.getByRole('button', { name: 'Search', exact: true })).toBeFocused();
  });

  test('moves on inside the Order Settings dialog', async ({ page }) => {
    await page.setViewportSize(DESKTOP);
    await page.goto('/1/menu');
    await page.getByRole('button', { name: 'Edit order settings' }).click();
    const dialog = page.getByRole('dialog', { name: 'Order Settings' });
    await dialog.getByRole('tab', { name: 'Delivery' }).click();
    const input = dialog.getByRole('combobox', { name: 'Address *' });
    await input.fill('Washington');
    await expect(dialog.getByRole('option').first()).toBeVisible();
    await input.press('ArrowDown');
    await input.press('Tab');
    await expect(dialog.getByRole('listbox')).toBeHidden();
    await expectFocusOnRealControl(page);
    await expect(dialog.getByRole('button', { name: 'Search', exact: true })).toBeFocused();
  });
});
