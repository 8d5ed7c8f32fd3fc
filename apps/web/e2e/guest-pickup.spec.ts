import { expect, test } from '@playwright/test';
import { expectNoAxeViolations } from './pages/axe';
import { fillContact } from './pages/checkout-form';
import { ItemPage } from './pages/item-page';
import { PaymentPage } from './pages/payment-page';
import { closePromoPopup } from './pages/promo-popup';
import { SearchPage } from './pages/search-page';
import { StorePage } from './pages/store-page';

/**
 * The whole guest path of issue 2: find a store, customise items, check out, a declined card, a good card,
 * tracking, and the kitchen moving the order on while the tracking page follows.
 */
test('a guest orders for pickup and follows the order while the kitchen prepares it', async ({
  page,
  browser,
}) => {
  // 1. Location search
  await page.goto('/');
  await expect(page).toHaveURL(/\/search-locations$/);
  await expect(page).toHaveTitle(/^Search Location \| /);
  await expect(page.getByRole('heading', { level: 1, name: "Let's start the journey!" })).toBeVisible();
  await expect(page.getByText('Find nearby stores')).toBeVisible();
  await expectNoAxeViolations(page, 'search (empty)');

  const search = new SearchPage(page);
  await search.input.fill('Was');
  await expect(page.getByText('Please enter at least 4 characters')).toBeVisible();
  await search.searchFor('Washington', /Washington/);
  await expect(search.resultsHeading()).toBeVisible();
  await expect(page.getByText(/\d+\.\d{2} mi/).first()).toBeVisible();
  await expect(page.getByText('Store not accepting orders currently').first()).toBeVisible();
  const offline = search.store('Capital Kitchen - Clarendon');
  await expect(offline.getByText('Store not accepting orders currently')).toBeVisible();
  await expect(offline.getByRole('link', { name: 'Capital Kitchen - Clarendon' })).toHaveCount(0);
  await expectNoAxeViolations(page, 'search results');

  // 2. Store page
  await search.openStore('Capital Kitchen - Dupont Circle');
  await expect(page).toHaveURL(/\/1\/menu$/);
  // The store's promo popup opens once after the search (its own journey is store-brands.spec.ts).
  await closePromoPopup(page);
  await expect(
    page.getByRole('heading', { level: 1, name: 'Capital Kitchen - Dupont Circle' }),
  ).toBeVisible();
  const store = new StorePage(page);
  await expect(store.myOrder.getByText('Your order will be shown here!')).toBeVisible();
  await expect(
    page.getByRole('navigation', { name: /categor/i }).getByRole('link', { name: 'Bowls' }),
  ).toHaveAttribute('href', /#c-/);
  await expect(page.getByText('Not Available').first()).toBeVisible();
  await expectNoAxeViolations(page, 'store menu (empty order)');

  // 3. Item customisation: portion, required radio group, required checkbox group
  await store.openItem('Build-Your-Own Bowl');
  await expect(page).toHaveTitle(/^Item Customization/);
  const item = new ItemPage(page);
  await expect(item.addButton).toBeDisabled();
  await expect(item.group('Base').getByText('Select one option')).toBeVisible();
  await expect(item.group('Protein').getByText('Select between 1 and 2')).toBeVisible();
  await expect(item.group('Toppings').getByText('(3 included in price)')).toBeVisible();
  await expectNoAxeViolations(page, 'item page');
  await item.choose('Size', 'Large');
  await item.choose('Base', 'Brown rice');
  await item.tick('Protein', 'Grilled chicken');
  await expect(item.addButton).toContainText('$13.99');
  await item.tick('Protein', 'Steak');
  await expect(item.addButton).toContainText('$15.99');
  await page
    .getByRole('group', { name: 'Quantity' })
    .getByRole('button', { name: 'Increase quantity' })
    .click();
  await expect(item.addButton).toContainText('$31.98');
  await page.getByRole('textbox', { name: 'Notes' }).fill('No onions\nplease');
  await item.add();

  // 4. The line in My Order
  await expect(page).toHaveURL(/\/1\/menu$/);
  await store.expectLine(/2 x Build-Your-Own Bowl/);
  await expect(store.myOrder.getByText('Subtotal')).toBeVisible();
  await expect(store.myOrder.getByText('$31.98').first()).toBeVisible();

  // A nested modifier panel (Confirm / Back)
  await store.openItem('Burger Combo');
  await page.getByRole('radio', { name: /Onion rings/ }).click();
  const nested = page.getByRole('region', { name: /Onion rings/ });
  await expect(nested.getByRole('button', { name: 'Confirm' })).toBeVisible();
  await nested.getByRole('radio', { name: /Chipotle mayo/ }).check();
  await nested.getByRole('button', { name: 'Confirm' }).click();
  await expect(item.addButton).toBeDisabled();
  await item.choose('Choose a drink', 'Bottled water');
  await item.add();
  await store.expectLine(/1 x Burger Combo/);
  await expectNoAxeViolations(page, 'store menu (with order)');

  // 5. Checkout
  await store.myOrder.getByRole('link', { name: 'Checkout' }).click();
  await expect(page).toHaveURL(/\/checkout$/);
  // The spec's simple layout: a back header with the page's title (issue 37, point 8).
  const header = page.getByRole('banner');
  await expect(header.getByRole('heading', { level: 1, name: 'Checkout' })).toBeVisible();
  await expect(header.getByRole('link', { name: 'Back to Menu' })).toHaveAttribute('href', '/1/menu');
  await page.getByRole('button', { name: 'Confirm Order' }).click();
  await expect(page.getByText('Please enter your First Name')).toBeVisible();
  await expect(page.getByText('Please enter your email address')).toBeVisible();
  await expectNoAxeViolations(page, 'checkout (errors shown)');
  await fillContact(page, {
    firstName: 'Ada',
    lastName: 'Lovelace',
    phone: '(202) 555-0199',
    email: 'ada@example.com',
  });
  await page.getByRole('button', { name: 'Confirm Order' }).click();

  // 6. Payment: a declined card, then a good one
  await expect(page).toHaveURL(/\/payment$/);
  await expect(page).toHaveTitle(/^Make your payment \| /);
  await expect(page.getByText('Order Total')).toBeVisible();
  await expect(page.getByText('Pay with Credit Card')).toBeVisible();
  await expect(header.getByRole('heading', { level: 1, name: 'Make your payment' })).toBeVisible();
  await expect(header.getByRole('link', { name: 'Back to Checkout' })).toHaveAttribute('href', '/checkout');
  const payment = new PaymentPage(page);
  await expect(payment.placeOrder).toBeDisabled();
  await expectNoAxeViolations(page, 'payment');
  await payment.enterCard('4000 0000 0000 0002');
  await payment.pay();
  const failed = page.getByRole('dialog', { name: /not authorized|Payment failed/ });
  await expect(failed).toBeVisible();
  await expect(failed.getByText('The transaction was not authorized')).toBeVisible();
  await failed.getByRole('button', { name: 'Close' }).click();
  await expect(failed).toBeHidden();

  await payment.enterCard('4242 4242 4242 4242');
  await payment.pay();
  await expect(page.getByText('Payment approved!')).toBeVisible();

  // 7. Tracking
  await page.waitForURL(/\/order-tracking\?oid=\d+&tk=/, { timeout: 20_000 });
  await expect(page).toHaveTitle(/^Track your Order/);
  await expect(page.getByText('Thanks For Your Order!')).toBeVisible();
  await expect(page.getByText('Capital Kitchen - Dupont Circle').first()).toBeVisible();
  await expect(page.getByText(/4242/).first()).toBeVisible();
  await expect(page.getByRole('link', { name: 'Back Menu' })).toHaveAttribute('href', '/1/menu');
  const timeline = page.getByRole('list', { name: 'Order progress' });
  await expect(timeline.getByRole('listitem').nth(1)).toHaveAttribute('aria-current', 'step');
  await expectNoAxeViolations(page, 'order tracking');
  const trackingUrl = page.url();
  const reference = new URL(trackingUrl).searchParams.get('oid');
  expect(reference).toBeTruthy();

  // 8. The kitchen sees the order and moves it on; the tracking page follows
  const kitchenContext = await browser.newContext();
  const kitchen = await kitchenContext.newPage();
  await kitchen.goto('/kitchen');
  await kitchen.getByLabel('Staff key').fill('wrong-key-123');
  await kitchen.getByRole('button', { name: 'Sign in' }).click();
  await expect(kitchen.locator('#staff-key-error')).toHaveText('That staff key is not valid.');
  await kitchen.getByLabel('Staff key').fill('e2e-staff-key');
  await kitchen.getByRole('button', { name: 'Sign in' }).click();
  await kitchen.getByLabel('Location').selectOption('1');
  // This guest's order by its number (the reference starts with it): earlier runs' orders may be on the board.
  const card = kitchen
    .getByRole('article', { name: new RegExp(`^#${reference}-`) })
    .filter({ hasText: 'Ada' });
  await expect(card).toBeVisible();
  await expect(card.getByText(/Build-Your-Own Bowl/)).toBeVisible();
  await expectNoAxeViolations(kitchen, 'kitchen');
  await card.getByRole('button', { name: /^Start preparing/ }).click();
  const markReady = card.getByRole('button', { name: /^Mark ready/ });
  await expect(markReady).toBeVisible();

  // Status 2 (preparing) is still the second stage; the page follows when it polls or regains focus.
  await page.bringToFront();
  await page.evaluate(() => window.dispatchEvent(new Event('focus')));
  await expect(timeline.getByRole('listitem').nth(1)).toHaveAttribute('aria-current', 'step');
  await markReady.click();
  await expect(card.getByRole('button', { name: /^Mark picked up/ })).toBeVisible();
  await page.evaluate(() => window.dispatchEvent(new Event('focus')));
  await expect(timeline.getByRole('listitem').nth(2)).toHaveAttribute('aria-current', 'step');
  await expect(page.getByTestId('order-status')).toHaveText(/Ready for Pickup/);
  await kitchenContext.close();
});

test('unknown pages and links say what went wrong', async ({ page }) => {
  await page.goto('/no-such-page');
  await expect(page.getByText('Page not found: /no-such-page')).toBeVisible();
  // The brand's name on the header, not the generic 'Online Ordering'.
  await expect(page.getByRole('link', { name: 'Capital Kitchen home' })).toBeVisible();
  await page.goto('/abc/menu');
  await expect(page.getByText('Page not found: /abc/menu')).toBeVisible();
  await page.goto('/99999/menu');
  await expect(page.getByText('Page not found: /99999/menu')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Capital Kitchen home' })).toBeVisible();
  await page.goto('/1/breakfast');
  await expect(page).toHaveURL(/\/error/);
  await expect(page.getByRole('link', { name: 'Capital Kitchen home' })).toBeVisible();
  await page.goto('/order-tracking?oid=999999&tk=nope');
  await expect(page.getByText('This order is no longer available.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Find nearby stores' })).toHaveAttribute(
    'href',
    '/search-locations',
  );
  await expectNoAxeViolations(page, 'unavailable tracking link');
  await page.goto('/checkout');
  await expect(page).toHaveURL(/\/search-locations/);
});
