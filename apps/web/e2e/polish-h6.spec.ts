import { expect, test, type Locator, type Page } from '@playwright/test';
import { expectNoAxeViolations } from './pages/axe';
import { ItemPage } from './pages/item-page';
import { skipPromoPopup } from './pages/promo-popup';
import { StorePage } from './pages/store-page';

/**
 * Issue 24, points 12 (focus back on what opened a dialog), 13 (a store's own not-found page) and 14 (cross-sell
 * cards, touch targets of the shared controls).
 */
test.beforeEach(async ({ page }) => {
  await skipPromoPopup(page);
});

/** What has focus, for the failure message: tag, accessible label or text. */
const focused = (page: Page) =>
  page.evaluate(() => {
    const el = document.activeElement;
    if (!el || el === document.body) return 'body';
    const name = el.getAttribute('aria-label') ?? el.textContent?.trim().slice(0, 40) ?? '';
    return `${el.tagName.toLowerCase()} '${name}'`;
  });

/**
 * Opens a dialog from `opener` with the keyboard (focus, Enter), closes it with Escape, and expects focus back on
 * the opener, as Olo and Toast sites do: a keyboard or screen-reader guest carries on where they were.
 */
async function expectFocusReturns(page: Page, opener: Locator, dialog: Locator, context: string) {
  await opener.focus();
  await expect(opener).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(dialog).toBeVisible();
  // Focus moved into the dialog (its trap), so the return below is the dialog's doing.
  await expect.poll(() => dialog.evaluate((d) => d.contains(document.activeElement))).toBe(true);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect
    .configure({ soft: true })
    .poll(
      async () => ((await opener.evaluate((el) => el === document.activeElement)) ? 'opener' : focused(page)),
      {
        message: `focus after closing ${context}`,
        timeout: 3_000,
      },
    )
    .toBe('opener');
}

test.describe('focus returns to the opener when a dialog closes', () => {
  test('desktop: store info, order settings, sign in', async ({ page }) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto('/1/menu');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();

    await expectFocusReturns(
      page,
      page.getByRole('button', { name: 'Store info' }),
      page.getByRole('dialog', { name: /Dupont Circle/ }),
      'store info',
    );
    await expectFocusReturns(
      page,
      page.getByRole('button', { name: 'Edit order settings' }),
      page.getByRole('dialog', { name: 'Order Settings' }),
      'order settings',
    );
    await expectFocusReturns(
      page,
      page.getByRole('banner').getByRole('button', { name: 'Sign in' }),
      page.getByRole('dialog', { name: 'Sign in' }),
      'sign in',
    );
    await expectNoAxeViolations(page, 'store page after the dialogs');
  });

  test('phone: categories, store info and order settings', async ({ browser }) => {
    const context = await browser.newContext({
      viewport: { width: 412, height: 915 },
      isMobile: true,
      hasTouch: true,
      baseURL: test.info().project.use.baseURL,
    });
    const page = await context.newPage();
    await skipPromoPopup(page);
    await page.goto('/1/menu');
    await expectFocusReturns(
      page,
      page.getByRole('button', { name: 'All categories' }),
      page.getByRole('dialog', { name: 'Categories' }),
      'categories',
    );
    await expectFocusReturns(
      page,
      page.getByRole('button', { name: 'Store info' }),
      page.getByRole('dialog', { name: /Dupont Circle/ }),
      'store info',
    );
    await expectFocusReturns(
      page,
      page.getByRole('button', { name: 'Edit order settings' }),
      page.getByRole('dialog', { name: 'Order Settings' }),
      'order settings',
    );
    await expectNoAxeViolations(page, 'store page on a phone after the dialogs');
    await context.close();
  });
});

test.describe('a stale item link keeps the store', () => {
  test('the 404 of an unknown item wears the store brand and leads back to its menu', async ({ page }) => {
    await page.goto('/1/menu');
    const header = page.getByRole('banner');
    const brand = (await header.getByRole('link').first().textContent())?.trim() ?? '';
    const headerColour = await header.evaluate((el) => getComputedStyle(el).backgroundColor);
    expect(brand).not.toBe('');

    const response = await page.goto('/1/menu/no-such-item');
    expect(response?.status()).toBe(404);
    // The spec's texts stay: 'Error', the status and 'Page not found: {path}'.
    await expect(page.getByRole('heading', { level: 1, name: 'Error' })).toBeVisible();
    await expect(page.getByText('Page not found: /1/menu/no-such-item')).toBeVisible();
    await expect(page.getByRole('banner')).toContainText(brand);
    expect(await page.getByRole('banner').evaluate((el) => getComputedStyle(el).backgroundColor)).toBe(
      headerColour,
    );
    await expectNoAxeViolations(page, 'store not-found page');
    await page.getByRole('link', { name: 'Back to menu' }).click();
    await expect(page).toHaveURL(/\/1\/menu$/);
    await expect(page.getByRole('button', { name: 'Store info' })).toBeVisible();
  });

  test('a catering item link goes back to the catering menu; an unknown store keeps Go back home', async ({
    page,
  }) => {
    await page.goto('/1/catering/no-such-item');
    await expect(page.getByRole('link', { name: 'Back to menu' })).toHaveAttribute('href', '/1/catering');

    const response = await page.goto('/987654/menu');
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('link', { name: 'Go back home' })).toHaveAttribute('href', '/');
    await expect(page.getByRole('link', { name: 'Back to menu' })).toHaveCount(0);
  });
});

test('cross-sell on a laptop: Add and Customize of equal height, four whole cards before the carousel scrolls', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto('/1/menu');
  await new StorePage(page).openItem('Crispy Chicken Sandwich');
  await new ItemPage(page).add();
  const offer = page.getByRole('dialog', { name: 'Complete Your Meal!' });
  await expect(offer).toBeVisible();
  const list = offer.getByRole('list', { name: 'Suggested items' });
  await expect(list.getByRole('listitem')).toHaveCount(5);

  const heights = await list
    .getByRole('listitem')
    .evaluateAll((cards) =>
      cards.map((card) => Math.round(card.querySelector('a, button')?.getBoundingClientRect().height ?? 0)),
    );
  expect.soft(new Set(heights).size, `control heights ${heights.join(', ')}`).toBe(1);

  // How much of each of the first four cards lies outside the list's visible box (px).
  const clipped = await list.evaluate((el) => {
    const box = el.getBoundingClientRect();
    return [...el.children].slice(0, 4).map((card) => {
      const r = card.getBoundingClientRect();
      return Math.round(Math.max(0, r.right - box.right) + Math.max(0, box.left - r.left));
    });
  });
  expect(clipped, 'px of the first four cards outside the carousel').toEqual([0, 0, 0, 0]);
  await expectNoAxeViolations(page, 'cross-sell on a laptop');
});

test.describe('touch targets of the shared controls on a phone', () => {
  test.use({ viewport: { width: 412, height: 915 }, isMobile: true, hasTouch: true });

  /** Width and height of each control, for the failure message. */
  const sizes = (controls: Locator) =>
    controls.evaluateAll((els) =>
      els.map((el) => {
        const r = el.getBoundingClientRect();
        const name = el.getAttribute('aria-label') ?? el.textContent?.trim() ?? '';
        return `${name}: ${Math.round(r.width)}x${Math.round(r.height)}`;
      }),
    );
  const small = (list: string[]) =>
    list.filter((s) => {
      const [w, h] = (s.split(': ').pop() ?? '').split('x').map(Number);
      return (w ?? 0) < 44 || (h ?? 0) < 44;
    });

  test('header logo, quantity picker, dialog close and cross-sell controls are at least 44x44', async ({
    page,
  }) => {
    await page.goto('/1/menu');
    const logo = page.getByRole('banner').getByRole('link').first();
    expect.soft(small(await sizes(logo))).toEqual([]);

    await page.getByRole('button', { name: 'Store info' }).click();
    const info = page.getByRole('dialog', { name: /Dupont Circle/ });
    await expect(info).toBeVisible();
    expect.soft(small(await sizes(info.getByRole('button', { name: 'Close' })))).toEqual([]);
    await info.getByRole('button', { name: 'Close' }).click();

    await new StorePage(page).openItem('Crispy Chicken Sandwich');
    const quantity = page.getByRole('group', { name: 'Quantity', exact: true }).getByRole('button');
    await expect(quantity).toHaveCount(2);
    expect.soft(small(await sizes(quantity))).toEqual([]);
    await new ItemPage(page).add();

    const offer = page.getByRole('dialog', { name: 'Complete Your Meal!' });
    await expect(offer).toBeVisible();
    const controls = offer.getByRole('listitem').locator('a, button');
    expect.soft(small(await sizes(controls))).toEqual([]);
    expect.soft(small(await sizes(offer.getByRole('button', { name: /items$/ })))).toEqual([]);
    await offer.getByRole('button', { name: 'No, thanks' }).click();
    await expect(offer).toBeHidden();

    await page.getByRole('button', { name: /^My Order/ }).click();
    const sheet = page.getByRole('dialog', { name: 'My Order' });
    await expect(sheet).toBeVisible();
    const lineQuantity = sheet.getByRole('group', { name: /^Quantity of / }).getByRole('button');
    await expect(lineQuantity).toHaveCount(2);
    expect.soft(small(await sizes(lineQuantity))).toEqual([]);
    await expectNoAxeViolations(page, 'My Order sheet on a phone');
  });
});
