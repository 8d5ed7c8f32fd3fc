import { expect, test } from '@playwright/test';
import { expectNoAxeViolations } from './pages/axe';
import { ItemPage } from './pages/item-page';
import { skipPromoPopup } from './pages/promo-popup';
import { StorePage } from './pages/store-page';

/**
 * Transitions in edit mode: a Classic Burger already in My Order is edited, made a combo through the offer under
 * its title (the price difference for one, the line's 2 carried), and saved: the line becomes the combo, quantity kept.
 */
test('an ordered Classic Burger becomes its combo from the edit page, keeping its quantity', async ({
  page,
}) => {
  await skipPromoPopup(page);
  await page.goto('/1/menu');
  const store = new StorePage(page);
  const item = new ItemPage(page);

  await store.openItem('Classic Burger');
  await item.choose('Cheese', 'Swiss');
  await page
    .getByRole('group', { name: 'Quantity', exact: true })
    .getByRole('button', { name: 'Increase quantity' })
    .click();
  // (9.49 + Swiss 0.50) x 2
  await expect(item.confirmedPrice).toHaveText('Price $19.98');
  await item.add();
  await expect(page).toHaveURL(/\/1\/menu$/);
  await expect(store.line('2 x Classic Burger')).toContainText('$19.98');

  await store.editLine('Classic Burger');
  await expect(page).toHaveURL(/\/1\/menu\/1-10-101\?instance=\d+$/);
  const instance = new URL(page.url()).searchParams.get('instance');
  await expect(item.saveButton).toBeVisible();

  // The offer says what the change costs for one burger as chosen: (14.99 + Swiss 0.50) - (9.49 + Swiss 0.50)
  const offer = item.comboOffer('Make it a combo +$5.50 each');
  // The combo's name sits beside the button and describes it (aria-describedby), since 259abb0.
  await expect(offer).toHaveAccessibleDescription(/Classic Burger Combo/);
  await expectNoAxeViolations(page, 'combo offer (editing an order line)');
  await offer.click();

  await expect(page).toHaveURL(new RegExp(`/1/menu/1-10-106\\?instance=${instance}&`));
  await expect(page.getByRole('heading', { level: 1, name: 'Burger Combo' })).toBeVisible();
  const burger = item.group('Choose your burger');
  await expect(burger.getByRole('radio', { name: /Classic Burger/ })).toBeChecked();
  await expect(burger.getByText('Swiss')).toBeVisible();
  await item
    .group('Choose a side')
    .getByRole('radio', { name: /Side salad/ })
    .click();
  const salad = page.getByRole('region', { name: 'Side salad' });
  await salad.getByRole('radio', { name: /Ranch/ }).check();
  await salad.getByRole('button', { name: 'Confirm' }).click();
  await item.choose('Choose a drink', 'Bottled water');
  await expect(item.confirmedPrice).toHaveText('Price $30.98');
  await expect(item.saveButton).toContainText('$30.98');
  await item.save();

  await expect(page).toHaveURL(/\/1\/menu$/);
  const combo = store.line('2 x Burger Combo');
  await expect(combo).toContainText('$30.98');
  await expect(combo.getByRole('list', { name: 'Customizations of Burger Combo' })).toContainText('Swiss');
  await expect(store.myOrder.getByText('2 x Classic Burger', { exact: true })).toHaveCount(0);
  expect(await store.subtotal()).toBe(30.98);
});
