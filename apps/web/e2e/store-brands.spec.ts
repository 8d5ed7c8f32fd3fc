import { expect, test } from '@playwright/test';
import { expectNoAxeViolations } from './pages/axe';
import { promoDialog, skipPromoPopup, waitForPromoReset } from './pages/promo-popup';
import { scheduleIfStoreClosed } from './pages/store-page';

/**
 * Issue 3, store page: the brand filter of the food hall (three brands) and the promo popup's once-only rule.
 */
test('the food hall brand filter narrows the menu to the chosen brands, on desktop and mobile', async ({
  page,
}) => {
  await skipPromoPopup(page);
  await page.goto('/8/menu');
  await scheduleIfStoreClosed(page);
  await expect(page.getByRole('heading', { level: 1, name: 'Union Market Food Hall' })).toBeVisible();
  const brands = page.getByRole('navigation', { name: 'Brands' });
  await expect(brands.getByRole('link', { name: 'All menus' })).toHaveAttribute('aria-current', 'true');
  await expect(page.getByRole('heading', { level: 2, name: 'Burgers' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'Tacos' })).toBeVisible();
  await expectNoAxeViolations(page, 'food hall, all brands');

  await brands.getByRole('link', { name: 'Chesapeake Tacos' }).click();
  await expect(page).toHaveURL(/\/8\/menu\?brands=3$/);
  await expect(brands.getByRole('link', { name: 'Chesapeake Tacos' })).toHaveAttribute(
    'aria-current',
    'true',
  );
  await expect(page.getByRole('link', { name: /Crab Taco/ })).toBeVisible();
  await expect(page.getByRole('main').getByRole('heading', { level: 2 })).toHaveText(['Tacos']);
  await expect(page.getByRole('link', { name: /Classic Burger/ })).toHaveCount(0);
  await expectNoAxeViolations(page, 'food hall, one brand');

  // A second brand joins the first; the URL is shareable and server-rendered.
  await brands.getByRole('link', { name: 'Potomac Noodle Bar' }).click();
  await expect(page).toHaveURL(/\/8\/menu\?brands=2%2C3$/);
  await expect(page.getByRole('main').getByRole('heading', { level: 2 })).toHaveText(['Noodles', 'Tacos']);

  // Mobile: the food hall's template draws the collapsible logo panel.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/8/menu?brands=3');
  await scheduleIfStoreClosed(page);
  // The role query skips React's hidden streaming copy of the page that may still be in the DOM right after load.
  const selectMenu = page.getByRole('group').getByText('Select a Menu');
  await expect(selectMenu).toBeVisible();
  await selectMenu.click();
  const panel = page.getByRole('navigation', { name: 'Brands' });
  await expect(panel.getByRole('link', { name: 'Chesapeake Tacos' })).toHaveAttribute('aria-current', 'true');
  await expectNoAxeViolations(page, 'food hall, mobile logo panel open');
  await panel.getByRole('link', { name: 'Potomac Noodle Bar' }).click();
  await expect(page).toHaveURL(/\/8\/menu\?brands=2%2C3$/);
  await expect(page.getByRole('link', { name: /Vegetable Ramen/ })).toBeVisible();
});

test('the promo popup shows once, and again after the location search', async ({ page }) => {
  await page.goto('/1/menu');
  const dialog = promoDialog(page);
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('img')).toBeVisible();
  await expectNoAxeViolations(page, 'promo popup open');
  // Keyboard: focus is in the dialog and Tab cycles through its controls only; Escape closes it.
  const focusInDialog = () => dialog.evaluate((el) => el.contains(document.activeElement));
  await expect.poll(focusInDialog).toBe(true);
  for (let i = 0; i < 4; i += 1) {
    await page.keyboard.press('Tab');
    expect(await focusInDialog()).toBe(true);
  }
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  // Focus returns to the page, and a reload does not show it again.
  await page.reload();
  await page.waitForLoadState('networkidle');
  await expect(
    page.getByRole('heading', { level: 1, name: 'Capital Kitchen - Dupont Circle' }),
  ).toBeVisible();
  await expect(dialog).toHaveCount(0);

  await page.goto('/search-locations');
  await waitForPromoReset(page);
  await page.goto('/1/menu');
  await expect(dialog).toBeVisible();
  // Its picture opens the milkshake on this store's menu (an in-app target).
  await dialog.getByRole('link', { name: /Milkshake Mondays/ }).click();
  await expect(page).toHaveURL(/\/1\/menu\/1-50-502$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Milkshake' })).toBeVisible();
});
