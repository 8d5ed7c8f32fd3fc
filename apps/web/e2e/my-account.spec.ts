import { expect, test, type Page } from '@playwright/test';
import { AccountPages, DEMO_CUSTOMER, PHONE } from './pages/account-pages';
import { expectNoAxeViolations } from './pages/axe';
import { ItemPage } from './pages/item-page';
import { skipPromoPopup, waitForPromoReset } from './pages/promo-popup';
import { accountMenuButton, openLoginDialog } from './pages/session-dialogs';
import { StorePage } from './pages/store-page';

/**
 * My account with the demo customer: the guard, Personal info, Order History (four, then More Orders), the
 * order details (a modal on desktop, a page on a phone), Repeat Order with the out-of-stock Mushroom Swiss Burger
 * ('Missing items', Continue), the reorder strip on the store page (Add to Order, Edit in reorder mode). axe on
 * every page and dialog.
 */

async function signInAsDemo(page: Page) {
  await page.goto('/search-locations');
  // session-dialogs' signIn() ticks the ALTCHA box with check(), which fails here: the widget unticks it while
  // it works and ticks it when verified. A click, then waiting for 'Verified', is what a person does.
  const dialog = await openLoginDialog(page);
  await dialog.getByLabel('Email').fill(DEMO_CUSTOMER.email);
  await dialog.getByLabel('Password', { exact: true }).fill(DEMO_CUSTOMER.password);
  await dialog.getByRole('checkbox', { name: "I'm not a robot" }).click();
  await expect(dialog.getByText('Verified')).toBeVisible({ timeout: 60_000 });
  await dialog.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(dialog).toBeHidden();
  await expect(accountMenuButton(page)).toBeVisible();
  // The search page clears the promo popup's flag once hydrated; journeys here are not about the popup.
  await waitForPromoReset(page);
  await skipPromoPopup(page);
}

test('signed out, /my-account and its pages send the visitor to the sign-in', async ({ page }) => {
  for (const path of [
    '/my-account',
    '/my-account/profile',
    '/my-account/order-history',
    '/my-account/order-history/1',
  ]) {
    await page.goto(path);
    await expect(page).toHaveURL(/\/search-locations\?login=true$/);
  }
  await expect(page.getByRole('dialog', { name: 'Sign in' })).toBeVisible();
});

test('desktop: profile, order history, details modal, repeat order with a missing item, the reorder strip', async ({
  page,
}) => {
  const account = new AccountPages(page);
  await signInAsDemo(page);

  // /my-account goes to Personal info on a wide screen.
  await page.goto('/my-account');
  await expect(page).toHaveURL(/\/my-account\/profile$/);
  await expect(account.greeting).toHaveText(`Hi, ${DEMO_CUSTOMER.firstName}`);
  // The demo turns the 'enable saved payments' flag on: Saved Payments is in the menu, greyed with no target
  // (checkout-account section 2; its page is /my-account/saved-payments).
  const savedPayments = account.menu.getByRole('link', { name: 'Saved Payments' });
  await expect(savedPayments).toHaveAttribute('aria-disabled', 'true');
  await expect(savedPayments).not.toHaveAttribute('href');
  await expect(account.field('Email')).toHaveValue(DEMO_CUSTOMER.email);
  await expect(account.saveButton).toBeDisabled();
  await expectNoAxeViolations(page, 'Personal info');

  // Save is enabled only by a change; the change is kept (and put back, so the journey can run again).
  const phone = account.field('Phone Number');
  const before = await phone.inputValue();
  const changed = before === '2025550199' ? '2025550188' : '2025550199';
  await phone.fill(before);
  await expect(account.saveButton).toBeDisabled();
  await account.field('First Name').fill('');
  await account.field('First Name').blur();
  await expect(page.getByText('Please enter your name')).toBeVisible();
  await account.field('First Name').fill(DEMO_CUSTOMER.firstName);
  await phone.fill(changed);
  await expect(account.saveButton).toBeEnabled();
  await account.saveButton.click();
  await expect(page.getByText('Your personal info was saved.').first()).toBeVisible();
  await expect(account.saveButton).toBeDisabled();
  await page.reload();
  await expect(account.field('Phone Number')).toHaveValue(changed);
  await account.field('Phone Number').fill(before);
  await account.saveButton.click();
  await expect(account.saveButton).toBeDisabled();

  // Order History: four cards, then More Orders shows the rest.
  await account.menu.getByRole('link', { name: 'Order History' }).click();
  await expect(account.orderCards).toHaveCount(4);
  await expect(account.orderCards.first()).toContainText('Dupont Circle');
  await expect(account.orderCards.first()).toContainText(/\d+ items?/);
  await expectNoAxeViolations(page, 'Order History');
  await account.moreOrders.click();
  await expect(account.orderCards).toHaveCount(7);
  await expect(account.moreOrders).toBeHidden();

  // Order Details opens as a modal over the list, at the details URL.
  const latest = account.orderCards.first();
  await latest.getByRole('link', { name: 'Order Details' }).click();
  const details = page.getByRole('dialog', { name: 'Order Details' });
  await expect(details).toBeVisible();
  await expect(page).toHaveURL(/\/my-account\/order-history\/\d+$/);
  await expect(details).toContainText('Mushroom Swiss Burger');
  await expect(details).toContainText('Total');
  await expectNoAxeViolations(page, 'Order Details dialog');
  await page.keyboard.press('Escape');
  await expect(details).toBeHidden();
  await expect(page).toHaveURL(/\/my-account\/order-history$/);
  await expect(account.orderCards).toHaveCount(7);

  // Repeat Order: the Mushroom Swiss Burger is out of stock today.
  await account.repeatOrder(account.orderCards.first());
  const missing = account.missingItemsDialog();
  await expect(missing).toBeVisible();
  await expect(missing.getByRole('listitem')).toHaveText(['Mushroom Swiss Burger']);
  await expectNoAxeViolations(page, 'Missing items dialog');
  await missing.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/\/1\/menu$/);
  const store = new StorePage(page);
  await store.expectLine(/Classic Burger/);
  await store.expectLine(/Fresh Lemonade/);
  await expect(store.myOrder.getByText('Mushroom Swiss Burger')).toHaveCount(0);

  // The reorder strip: Add to Order adds the past line again; the out-of-stock one is struck through.
  const strip = page.getByRole('region', { name: 'Order it again' });
  await expect(strip).toBeVisible();
  await expectNoAxeViolations(page, 'store page with the reorder strip');
  const lemonade = strip.getByRole('listitem').filter({ hasText: 'Fresh Lemonade' });
  await expect(lemonade).toContainText('2 x Fresh Lemonade');
  await expect(lemonade).toContainText(/Ordered on \d{2}\/\d{2}\/\d{2}/);
  const subtotal = await store.subtotal();
  await lemonade.getByRole('button', { name: /^Add to Order/ }).click();
  await expect(page.getByText('Added to your order').first()).toBeVisible();
  await expect.poll(() => store.subtotal()).toBeGreaterThan(subtotal);
  const struck = strip.getByRole('listitem').filter({ hasText: 'Mushroom Swiss Burger' });
  if ((await struck.count()) > 0)
    await expect(struck.getByRole('button', { name: /^Add to Order/ })).toBeDisabled();

  // Edit: the item page in reorder mode, preselected with the past line's choices.
  await lemonade.getByRole('link', { name: 'Edit Fresh Lemonade' }).click();
  await expect(page).toHaveURL(/pastItemId=\d+/);
  await expect(page.getByRole('heading', { level: 1, name: 'Fresh Lemonade' })).toBeVisible();
  const item = new ItemPage(page);
  await expect(
    item
      .group('Flavor')
      .getByRole('checkbox', { name: /Strawberry/ })
      .or(item.group('Flavor').getByRole('radio', { name: /Strawberry/ })),
  ).toBeChecked();
  await expect(page.getByRole('group', { name: 'Quantity' }).locator('output')).toHaveText('2');
  await expectNoAxeViolations(page, 'item page in reorder mode');

  // Ordering again in few taps (issue 37): Add to Order on the strip, then its 'Go to checkout', and the checkout
  // cross-sell does not stop a repeated order on the way (then Confirm Order and Place Order).
  await page.goto('/1/menu');
  const again = page.getByRole('region', { name: 'Order it again' }).getByRole('listitem').first();
  await again.getByRole('button', { name: /^Add to Order/ }).click();
  await expect(page.getByText('Added to your order').first()).toBeVisible();
  await again.getByRole('link', { name: 'Go to checkout' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Checkout' })).toBeVisible();
  await expect(page).toHaveURL(/\/checkout$/);
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Confirm Order' })).toBeVisible();
});

test.describe('on a phone', () => {
  test.use(PHONE);

  test('the menu is /my-account, order details are a page, axe on both', async ({ page }) => {
    const account = new AccountPages(page);
    await signInAsDemo(page);
    await page.goto('/my-account');
    await expect(page).toHaveURL(/\/my-account$/);
    await expect(account.greeting).toHaveText(`Hi, ${DEMO_CUSTOMER.firstName}`);
    await expect(account.menu).toBeVisible();
    await expectNoAxeViolations(page, 'My account menu on a phone');

    await account.menu.getByRole('link', { name: 'Order History' }).click();
    await expect(account.orderCards).toHaveCount(4);
    await expectNoAxeViolations(page, 'Order History on a phone');
    await account.orderCards.first().getByRole('link', { name: 'Order Details' }).click();
    await expect(page).toHaveURL(/\/my-account\/order-history\/\d+$/);
    await expect(page.getByRole('heading', { level: 2, name: 'Order Details' })).toBeVisible();
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect(page.getByRole('main')).toContainText('Mushroom Swiss Burger');
    await expectNoAxeViolations(page, 'Order Details page on a phone');

    // Personal info, reached from the menu, with the way back to it.
    await page.getByRole('link', { name: 'My account' }).click();
    await account.menu.getByRole('link', { name: 'Personal info' }).click();
    await expect(account.saveButton).toBeDisabled();
    await expectNoAxeViolations(page, 'Personal info on a phone');
  });
});
