import { expect, test, type Page } from '@playwright/test';
import { expectNoAxeViolations } from './pages/axe';
import { ItemPage } from './pages/item-page';
import { closePromoPopup, promoDialog, skipPromoPopup } from './pages/promo-popup';

/**
 * The store and order-settings dialogs on a phone (390x844, touch): each opens, passes axe-core and can be
 * closed. The desktop journeys check what the dialogs do; this one checks that they stay accessible when laid
 * out for a small screen (the My Order panel becomes a bottom sheet there).
 */
test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

async function expectAccessibleDialog(page: Page, name: string | RegExp) {
  const dialog = page.getByRole('dialog', { name });
  await expect(dialog).toBeVisible();
  await expectNoAxeViolations(page, `'${String(name)}' dialog on a phone`);
  return dialog;
}

test('store page dialogs on a phone: promo, store info, categories, order settings, schedule, My Order, Delete item', async ({
  page,
}) => {
  await page.goto('/1/menu');
  await expect(promoDialog(page)).toBeVisible();
  await expectNoAxeViolations(page, 'promo popup on a phone');
  await closePromoPopup(page);

  await page.getByRole('button', { name: 'Store info' }).click();
  const info = await expectAccessibleDialog(page, /Dupont Circle/);
  await info.getByRole('button', { name: 'Close' }).click();
  await expect(info).toBeHidden();

  await page.getByRole('button', { name: 'All categories' }).click();
  const categories = await expectAccessibleDialog(page, 'Categories');
  await page.keyboard.press('Escape');
  await expect(categories).toBeHidden();

  await page.getByRole('button', { name: 'Edit order settings' }).click();
  const settings = await expectAccessibleDialog(page, 'Order Settings');
  await settings.getByRole('radio', { name: 'Schedule for later' }).check();
  await expectNoAxeViolations(page, 'order settings with the schedule on a phone');
  await settings.getByRole('tab', { name: 'Delivery' }).click();
  await expect(settings.getByRole('combobox', { name: 'Address *' })).toBeVisible();
  await expectNoAxeViolations(page, 'order settings, delivery tab, on a phone');
  await page.keyboard.press('Escape');
  await expect(settings).toBeHidden();

  // An empty order: the My Order bar is there and its sheet says so (ordering spec section 2).
  await page.getByRole('button', { name: /^My Order/ }).click();
  const empty = await expectAccessibleDialog(page, 'My Order');
  await expect(empty.getByText('Your order will be shown here!')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(empty).toBeHidden();

  await page
    .getByRole('link', { name: /Classic Burger/ })
    .first()
    .click();
  await new ItemPage(page).add();
  await page.getByRole('button', { name: /^My Order/ }).click();
  const sheet = await expectAccessibleDialog(page, 'My Order');
  await sheet
    .getByRole('group', { name: 'Quantity of Classic Burger' })
    .getByRole('button', { name: 'Decrease quantity' })
    .click();
  const confirm = await expectAccessibleDialog(page, 'Delete item');
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(confirm).toBeHidden();
});

test('entry prompts on a phone: method missing, store closed, curbside welcome, table ordering', async ({
  page,
}) => {
  await skipPromoPopup(page);
  await page.goto('/3/menu?fm=delivery');
  const missing = await expectAccessibleDialog(page, 'Delivery not available');
  await missing.getByRole('button', { name: 'Switch to Pickup' }).click();
  const closed = await expectAccessibleDialog(page, 'Store Closed!');
  await closed.getByRole('button', { name: 'Schedule an Order' }).click();
  await expectAccessibleDialog(page, 'Pickup Time');

  await page.goto('/6/menu?fp=curbside&fv=5');
  await expectAccessibleDialog(page, 'Curbside Pickup');

  await page.goto('/7/menu?fp=table&fv=12');
  await expectAccessibleDialog(page, 'Table ordering');
});
