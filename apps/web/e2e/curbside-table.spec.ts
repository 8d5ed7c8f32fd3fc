import { expect, test, type Page } from '@playwright/test';
import { expectNoAxeViolations } from './pages/axe';
import { fillContact } from './pages/checkout-form';
import { ItemPage } from './pages/item-page';
import { placeGuestOrderForTracking } from './pages/kitchen-h5';
import { PaymentPage } from './pages/payment-page';
import { skipPromoPopup } from './pages/promo-popup';
import { StorePage } from './pages/store-page';

test.beforeEach(async ({ page }) => {
  await skipPromoPopup(page);
});

/** Two burgers (over the $10 minimum of the curbside store), checkout (contact hidden or given), a good card. */
async function orderTwoBurgersAndPay(
  page: Page,
  contactHidden = true,
  beforePay: (page: Page) => Promise<void> = async () => {},
) {
  const store = new StorePage(page);
  await store.openItem('Classic Burger');
  await new ItemPage(page).increaseQuantity();
  await new ItemPage(page).add();
  await store.expectLine(/2 x Classic Burger/);
  await store.myOrder.getByRole('link', { name: 'Checkout' }).click();
  await expect(page).toHaveURL(/\/checkout$/);
  if (contactHidden) {
    // The store hides the contact section for these orders.
    await expect(page.getByRole('heading', { name: 'Contact Information' })).toHaveCount(0);
    await expectNoAxeViolations(page, 'checkout without contact');
  } else {
    await fillContact(page, {
      firstName: 'Grace',
      lastName: 'Hopper',
      phone: '(202) 555-0177',
      email: 'grace@example.com',
    });
  }
  await page.getByRole('button', { name: 'Confirm Order' }).click();
  await expect(page).toHaveURL(/\/payment$/);
  await beforePay(page);
  const payment = new PaymentPage(page);
  await payment.enterCard('4242 4242 4242 4242');
  await payment.pay();
  await page.waitForURL(/\/order-tracking\?oid=\d+&tk=/, { timeout: 20_000 });
  await expect(page.getByText('Thanks For Your Order!')).toBeVisible();
}

test('curbside from a printed QR link through to the kitchen screen', async ({ page, browser }) => {
  await page.goto('/6/menu?fp=curbside&fv=5');
  const dialog = page.getByRole('dialog', { name: 'Curbside Pickup' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel(/Parking spot/)).toHaveValue('5');
  await dialog.getByRole('button', { name: 'Continue' }).click();
  await expect(dialog.getByText('Car details are required for Curbside')).toBeVisible();
  await expectNoAxeViolations(page, 'curbside form with an error');
  await dialog.getByLabel(/Parking spot/).fill('13');
  await dialog.getByLabel(/Car type/).selectOption({ label: 'Sedan' });
  await dialog.getByLabel(/Car color/).selectOption({ label: 'Blue' });
  await dialog.getByRole('button', { name: 'Continue' }).click();
  await expect(dialog.getByText('Parking spot must be between 1 and 12')).toBeVisible();
  await dialog.getByLabel(/Parking spot/).fill('5');
  await dialog.getByRole('button', { name: 'Continue' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText(/^Pickup \(Curbside, space 5\)/)).toBeVisible();

  await orderTwoBurgersAndPay(page);
  await expect(page.getByText(/Curbside/).first()).toBeVisible();

  const kitchenContext = await browser.newContext();
  const kitchen = await kitchenContext.newPage();
  await kitchen.goto('/kitchen');
  await kitchen.getByLabel('Staff key').fill('e2e-staff-key');
  await kitchen.getByRole('button', { name: 'Sign in' }).click();
  await kitchen.getByLabel('Location').selectOption('6');
  await expect(
    kitchen.getByRole('article').getByText('Curbside · space 5 · Blue Sedan').first(),
  ).toBeVisible();
  await expectNoAxeViolations(kitchen, 'kitchen with a curbside order');
  await kitchenContext.close();
});

test('a store without curbside says so and sends the guest to the search', async ({ page }) => {
  await page.goto('/1/menu?fp=curbside&fv=3');
  const dialog = page.getByRole('dialog', { name: 'Curbside is unavailable' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Search Locations' }).click();
  await expect(page).toHaveURL(/\/search-locations/);
});

test('a table order from fp=table: the number is checked, the order is served at the table', async ({
  page,
}) => {
  await page.goto('/7/menu?fp=table&fv=1000');
  const dialog = page.getByRole('dialog', { name: 'Table ordering' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Start my order' }).click();
  await expect(dialog.getByText('Please enter a table number between 0 and 999')).toBeVisible();
  await expectNoAxeViolations(page, 'table ordering with an error');
  await dialog.getByLabel('Table number').fill('12');
  await dialog.getByRole('button', { name: 'Start my order' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText(/^Dine In \(Table 12\)/)).toBeVisible();
  await orderTwoBurgersAndPay(page);
  // The tracking page shows where the order is served instead of the status timeline.
  await expect(page.getByRole('region', { name: 'Serving' }).getByText('Table 12')).toBeVisible();
  await expectNoAxeViolations(page, 'tracking a table order');
});

test('the pickup option is changed after ordering, on the tracking page', async ({
  page,
  browser,
  request,
}) => {
  // A walk-in order at Gaithersburg placed through the API, opened by its tracking link: the journey below walks
  // the same way to it in the storefront (store page, checkout with the contact, a good card, tracking).
  const { trackingUrl } = await placeGuestOrderForTracking(request, { locationId: 6, firstName: 'Walkin' });
  await page.goto(trackingUrl);
  await expect(page.getByText('Thanks For Your Order!')).toBeVisible();
  await expect(page.getByText('Walk-in')).toBeVisible();
  await page.getByRole('button', { name: 'Change pickup option' }).click();
  const dialog = page.getByRole('dialog', { name: 'Change pickup option' });
  const options = dialog.getByRole('radio');
  await expect(options).toHaveCount(3);
  await expect(options.nth(0)).toHaveAccessibleName(/Walk-in/);
  await expect(options.nth(1)).toHaveAccessibleName(/Drive Thru/);
  await expect(options.nth(2)).toHaveAccessibleName(/Curbside/);
  await dialog.getByRole('radio', { name: /Drive Thru/ }).check();
  await dialog.getByRole('button', { name: 'Confirm' }).click();
  await expect(dialog.getByText('Car details are required for Drive Thru')).toBeVisible();
  await expectNoAxeViolations(page, 'pickup change with an error');
  await dialog.getByLabel('Car type').selectOption({ label: 'Van' });
  await dialog.getByLabel('Car color').selectOption({ label: 'White' });
  // The drive-thru's additional field (checkout spec sections 3 and 5): a select, as it has options.
  await dialog.getByLabel('Drive-thru lane').selectOption({ label: 'Lane 2 (right)' });
  await dialog.getByRole('button', { name: 'Confirm' }).click();
  await expect(
    page.getByText('Order updated! Your new pickup option was sent to the store', { exact: true }),
  ).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('Drive Thru', { exact: true })).toBeVisible();
  // The answer shows in the pickup block, and the change modal opens with it kept: desktop, then a phone.
  const pickup = page.getByRole('region', { name: 'Pickup' });
  await expect(pickup.getByRole('term')).toHaveText('Drive-thru lane:');
  await expect(pickup.getByRole('definition')).toHaveText('Lane 2 (right)');
  await expectNoAxeViolations(page, 'tracking with a pickup answer');
  await page.setViewportSize({ width: 412, height: 915 });
  await expect(pickup.getByRole('definition')).toBeVisible();
  await expectNoAxeViolations(page, 'tracking with a pickup answer on a phone');
  await page.getByRole('button', { name: 'Change pickup option' }).click();
  await expect(dialog.getByLabel('Drive-thru lane')).toHaveValue('2');
  await expectNoAxeViolations(page, 'pickup change with its answer on a phone');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();

  // The kitchen sees the new option with the car.
  const kitchenContext = await browser.newContext();
  const kitchen = await kitchenContext.newPage();
  await kitchen.goto('/kitchen');
  await kitchen.getByLabel('Staff key').fill('e2e-staff-key');
  await kitchen.getByRole('button', { name: 'Sign in' }).click();
  await kitchen.getByLabel('Location').selectOption('6');
  const ticket = kitchen.getByRole('article').filter({ hasText: 'Drive Thru · White Van' }).last();
  await expect(ticket).toBeVisible();
  await expect(ticket.getByRole('definition')).toHaveText('Lane 2 (right)');
  await kitchenContext.close();
});

test('drive-thru chosen with the pickup option selector on the payment page', async ({ page }) => {
  await page.goto('/6/menu');
  await orderTwoBurgersAndPay(page, false, async (payment) => {
    const selector = payment.getByRole('region', { name: 'Pickup option' });
    await expect(selector.getByRole('radio', { name: /Walk-in/ })).toBeChecked();
    await selector.getByRole('radio', { name: /Drive Thru/ }).check();
    await selector.getByRole('button', { name: 'Save pickup option' }).click();
    await expect(selector.getByText('Car details are required for Drive Thru')).toBeVisible();
    await expectNoAxeViolations(payment, 'payment pickup option with an error');
    await selector.getByLabel('Car type').selectOption({ label: 'Truck' });
    await selector.getByLabel('Car color').selectOption({ label: 'Red' });
    await selector.getByRole('button', { name: 'Save pickup option' }).click();
    await expect(payment.getByText('Pickup option saved', { exact: true })).toBeVisible();
  });
  await expect(page.getByText('Drive Thru', { exact: true })).toBeVisible();
});
