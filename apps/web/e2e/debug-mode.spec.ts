import { expect, test } from '@playwright/test';
import { expectNoAxeViolations } from './pages/axe';
import { closePromoPopup, skipPromoPopup } from './pages/promo-popup';

test.beforeEach(async ({ page }) => {
  await skipPromoPopup(page);
});

test('debug mode (outside production) lets an offline store be ordered from, and switches off again', async ({
  page,
}) => {
  await page.goto('/5/menu');
  await expect(page.getByRole('dialog', { name: 'Store is offline' })).toBeVisible();

  await page.goto('/search-locations');
  const toggle = page.getByRole('checkbox', { name: /Debug mode/ });
  await toggle.check();
  await expect(toggle).toBeChecked();
  await expectNoAxeViolations(page, 'search page with debug mode on');

  await page.goto('/5/menu');
  // The search page reset the promo flag, and the store now takes orders: its popup is due first.
  await closePromoPopup(page);
  await expect(page.getByRole('heading', { name: 'Capital Kitchen - Clarendon' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Edit order settings' })).toBeVisible();
  await expect(page.getByRole('dialog', { name: 'Store is offline' })).toHaveCount(0);

  await page.goto('/search-locations');
  await expect(toggle).toBeChecked();
  await toggle.uncheck();
  await expect(toggle).not.toBeChecked();
  await page.goto('/5/menu');
  await expect(page.getByRole('dialog', { name: 'Store is offline' })).toBeVisible();
});
