import { expect, test } from '@playwright/test';
import { expectNoAxeViolations } from './pages/axe';
import { fillContact } from './pages/checkout-form';
import { ItemPage } from './pages/item-page';
import { skipPromoPopup } from './pages/promo-popup';
import { scheduleIfStoreClosed, StorePage } from './pages/store-page';

/**
 * Issue 37, point 11, the parts a guest sees: checkout's payment-method information (checkout spec section 2)
 * and, on the payment page, the drive-thru's additional field (checkout spec sections 3 and 5: a select, as it
 * has options), at the curbside store (6), whose one card method takes checkout straight to /payment.
 */

const GUEST = { firstName: 'Grace', lastName: 'Hopper', phone: '(202) 555-0137', email: 'grace@example.com' };
const VIEWPORTS = [
  { name: 'phone', use: { viewport: { width: 412, height: 915 }, isMobile: true, hasTouch: true } },
  { name: 'desktop', use: { viewport: { width: 1280, height: 800 } } },
] as const;

for (const { name, use } of VIEWPORTS) {
  test.describe(name, () => {
    test.use(use);

    test('checkout says how the guest will pay, and the payment page asks the drive-thru lane', async ({
      page,
    }) => {
      await skipPromoPopup(page);
      await page.goto('/6/menu');
      await scheduleIfStoreClosed(page);
      // Two burgers: the store's minimum order is $10.
      for (let i = 0; i < 2; i += 1) {
        await new StorePage(page).openItem('Classic Burger');
        await new ItemPage(page).add();
        await expect(page.getByRole('heading', { level: 1, name: 'Classic Burger' })).toBeHidden();
        await expect(page).toHaveURL(/\/6\/menu$/);
      }

      await page.goto('/checkout');
      const info = page.getByRole('region', { name: 'Payment Method' });
      await expect(info).toContainText(/You will pay with .+\./);
      await expect(info).toContainText('Pay online on the next page.');
      await expectNoAxeViolations(page, `checkout with its payment method (${name})`);

      await fillContact(page, GUEST);
      await page.getByRole('button', { name: 'Confirm Order' }).click();
      await expect(page).toHaveURL(/\/payment$/);
      await page.getByRole('radio', { name: 'Drive Thru' }).check();
      const lane = page.getByRole('combobox', { name: 'Drive-thru lane' });
      await expect(lane.getByRole('option')).toHaveText(['Choose…', 'Lane 1 (left)', 'Lane 2 (right)']);
      await lane.selectOption({ label: 'Lane 2 (right)' });
      await page.getByLabel('Car type').selectOption({ label: 'Sedan' });
      await page.getByLabel('Car color').selectOption({ label: 'Blue' });
      await page.getByRole('button', { name: 'Save pickup option' }).click();
      // The toast and its live region both say it.
      await expect(page.getByText('Pickup option saved').first()).toBeVisible();
      await expectNoAxeViolations(page, `payment page with the drive-thru lane (${name})`);
      // Kept on the order: the page shows the lane chosen when it loads again.
      await page.reload();
      await expect(page.getByRole('combobox', { name: 'Drive-thru lane' })).toHaveValue('2');
    });
  });
}
