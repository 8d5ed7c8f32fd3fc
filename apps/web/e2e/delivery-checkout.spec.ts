import { expect, test } from '@playwright/test';
import { expectNoAxeViolations } from './pages/axe';
import { fillContact } from './pages/checkout-form';
import { ItemPage } from './pages/item-page';
import { PaymentPage } from './pages/payment-page';
import { closePromoPopup } from './pages/promo-popup';
import { SearchPage } from './pages/search-page';
import { StorePage } from './pages/store-page';

const dollars = (text: string | null) =>
  Number(/\$\s*([\d,]+\.\d{2})/.exec(text ?? '')?.[1]?.replace(/,/g, ''));

/** Delivery end to end: the address on the order, the zone's fee, the driver tip defaulted to 10%, payment. */
test('a guest orders delivery: fee, driver tip defaulted to 10% of the subtotal and changed, then pays', async ({
  page,
}) => {
  await page.goto('/search-locations?method=delivery');
  await new SearchPage(page).searchFor('1350 Connecticut', /1350 Connecticut Ave NW/);
  await expect(page).toHaveURL(/\/1\/menu\?fm=delivery$/);
  // The search page resets the promo flag: the popup opens once here.
  await closePromoPopup(page);
  await expect(page.getByText(/^Delivery:/)).toBeVisible();

  const store = new StorePage(page);
  await store.openItem('Classic Burger');
  await new ItemPage(page).increaseQuantity();
  await new ItemPage(page).add();
  await store.expectLine(/2 x Classic Burger/);
  // The zone's fee shows before checkout.
  await expect(store.myOrder.getByText('Delivery fee').locator('..')).toContainText('$3.99');
  await store.myOrder.getByRole('link', { name: 'Checkout' }).click();
  await expect(page).toHaveURL(/\/checkout$/);

  await expect(page.getByText(/^Deliver to: 1350 Connecticut Ave NW/)).toBeVisible();
  await expect(page.getByText('Delivery fee: $3.99')).toBeVisible();
  const summary = page.locator('dl');
  const row = (label: string) => summary.locator('div', { has: page.getByText(label, { exact: true }) });
  await expect(row('Driver Tip')).toBeVisible();
  const subtotal = dollars(await row('Item Total').textContent());
  expect(dollars(await row('Driver Tip').textContent())).toBeCloseTo(Math.round(subtotal * 10) / 100, 2);
  await expect(row('Delivery Fee')).toContainText('$3.99');
  // The payment tip is for pickup and dine-in only.
  await expect(page.getByRole('group', { name: /^Tip/ })).toHaveCount(0);
  await expectNoAxeViolations(page, 'delivery checkout');

  await page.getByLabel('Change driver tip ($)').fill('5');
  await page.getByRole('button', { name: 'Update tip' }).click();
  await expect(row('Driver Tip')).toContainText('$5.00');

  // Another guest than the pickup journey's Ada, whose kitchen card is looked up by name at the same store.
  await fillContact(page, {
    firstName: 'Dorothy',
    lastName: 'Vaughan',
    phone: '(202) 555-0164',
    email: 'dorothy@example.com',
  });
  await page.getByRole('button', { name: 'Confirm Order' }).click();
  await expect(page).toHaveURL(/\/payment$/);
  await expect(page.locator('dl').getByText('Driver Tip')).toBeVisible();
  const payment = new PaymentPage(page);
  await payment.enterCard('4242 4242 4242 4242');
  await payment.pay();
  await page.waitForURL(/\/order-tracking\?oid=\d+&tk=/, { timeout: 20_000 });
  await expect(page.getByText('Thanks For Your Order!')).toBeVisible();
  // Tracking shows the delivery address and the same totals rows, fee and driver tip included.
  await expect(page.getByRole('region', { name: 'Fulfillment' }).locator('address')).toContainText(
    '1350 Connecticut Ave NW',
  );
  const tracking = page.locator('dl');
  await expect(tracking.getByText('Delivery Fee', { exact: true }).locator('..')).toContainText('$3.99');
  await expect(tracking.getByText('Driver Tip', { exact: true }).locator('..')).toContainText('$5.00');
});
