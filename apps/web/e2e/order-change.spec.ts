import { expect, test } from '@playwright/test';
import { expectNoAxeViolations } from './pages/axe';
import { ItemPage } from './pages/item-page';
import { closePromoPopup } from './pages/promo-popup';
import { SearchPage } from './pages/search-page';
import { StorePage } from './pages/store-page';

/**
 * A settings change that removes an unavailable item: the demo's Brownie Sundae is Pickup and Dine In only, so
 * moving a pickup order with it to Delivery lists it in 'Your order will change' (Cancel keeps everything,
 * Continue removes it).
 */
test('switching a pickup order to delivery removes the item delivery cannot serve, after confirming', async ({
  page,
}) => {
  await page.goto('/search-locations?method=delivery');
  await new SearchPage(page).searchFor('1350 Connecticut', /1350 Connecticut Ave NW/);
  await expect(page).toHaveURL(/\/1\/menu\?fm=delivery$/);
  await closePromoPopup(page);
  await expect(page.getByText(/^Delivery:/)).toBeVisible();
  const sundaeCard = page.locator('[aria-disabled="true"]', { hasText: 'Brownie Sundae' });
  await expect(sundaeCard).toContainText('Not available for Delivery');

  // Pickup: the sundae can be ordered.
  const settings = page.getByRole('dialog', { name: 'Order Settings' });
  await page.getByRole('button', { name: 'Edit order settings' }).click();
  await settings.getByRole('tab', { name: 'Pickup' }).click();
  await settings.getByRole('button', { name: 'Save Changes' }).click();
  await expect(settings).toBeHidden();
  await expect(page).toHaveURL(/\/1\/menu$/);
  await expect(page.getByText(/^Pickup:/)).toBeVisible();
  await expect(sundaeCard).toHaveCount(0);

  const store = new StorePage(page);
  await store.openItem('Brownie Sundae');
  await new ItemPage(page).add();
  await store.expectLine(/1 x Brownie Sundae/);
  await store.openItem('Classic Burger');
  await new ItemPage(page).add();
  await store.expectLine(/1 x Classic Burger/);

  // Delivery: the order would lose the sundae. Cancel keeps pickup and the order as they are.
  await page.getByRole('button', { name: 'Edit order settings' }).click();
  await settings.getByRole('tab', { name: 'Delivery' }).click();
  await expect(settings.getByText('Delivery is available to this address')).toBeVisible();
  await settings.getByRole('button', { name: 'Save Changes' }).click();
  const confirm = page.getByRole('dialog', { name: 'Your order will change' });
  await expect(confirm.getByRole('listitem')).toHaveText(['1×Brownie Sundae']);
  await expectNoAxeViolations(page, "'Your order will change' dialog");
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(confirm).toBeHidden();
  await expect(settings.getByRole('tab', { name: 'Pickup' })).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('Escape');
  await expect(settings).toBeHidden();
  await expect(page.getByText(/^Pickup:/)).toBeVisible();
  await store.expectLine(/1 x Brownie Sundae/);

  // Continue: delivery, without the sundae.
  await page.getByRole('button', { name: 'Edit order settings' }).click();
  await settings.getByRole('tab', { name: 'Delivery' }).click();
  await settings.getByRole('button', { name: 'Save Changes' }).click();
  await confirm.getByRole('button', { name: 'Continue' }).click();
  await expect(confirm).toBeHidden();
  await expect(settings).toBeHidden();
  await expect(page.getByText(/^Delivery:/)).toBeVisible();
  await store.expectLine(/1 x Classic Burger/);
  await expect(store.myOrder.getByText(/Brownie Sundae/)).toHaveCount(0);
  await expect(sundaeCard).toContainText('Not available for Delivery');
});
