import { randomInt } from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';
import { expectNoAxeViolations } from './pages/axe';
import { fillContact } from './pages/checkout-form';
import { ItemPage } from './pages/item-page';
import { skipPromoPopup } from './pages/promo-popup';
import { scheduleIfStoreClosed, StorePage } from './pages/store-page';

/**
 * The Coupon part of checkout's Discounts section (demo coupons: README 'Coupons'), and a catering order's
 * service charge in its totals. Each journey solves the coupon captcha in the browser: minutes, not seconds.
 */
test.describe.configure({ timeout: 240_000 });

const PHONE = { viewport: { width: 412, height: 915 }, isMobile: true, hasTouch: true } as const;
const DESKTOP = { viewport: { width: 1280, height: 800 } } as const;

/** The totals row named `label` ('Discounts', 'Service Charge', ...) of the checkout summary. */
function totalsRow(page: Page, label: string) {
  return page.getByRole('term').filter({ hasText: new RegExp(`^${label}$`) });
}

async function checkoutWith(page: Page, path: string, item: string) {
  await skipPromoPopup(page);
  await page.goto(path);
  await scheduleIfStoreClosed(page);
  await new StorePage(page).openItem(item);
  await new ItemPage(page).add();
  await expect(page).toHaveURL(new RegExp(`${path}$`));
  await page.goto('/checkout');
  await expect(page.getByRole('heading', { level: 1, name: 'Checkout' })).toBeVisible();
}

async function addCoupon(page: Page, code: string) {
  const coupon = page.getByRole('group', { name: 'Coupon' });
  await coupon.getByRole('textbox', { name: 'Coupon code' }).fill(code);
  await coupon.getByRole('button', { name: 'Add' }).click();
  return coupon;
}

for (const [name, device] of [
  ['phone', PHONE],
  ['desktop', DESKTOP],
] as const) {
  test.describe(name, () => {
    test.use(device);

    test(`a coupon is invalid, valid without discount, applied, and removed on leaving checkout (${name})`, async ({
      page,
    }) => {
      await checkoutWith(page, '/1/menu', 'Classic Burger');
      const coupon = page.getByRole('group', { name: 'Coupon' });

      await addCoupon(page, 'NOPE');
      await expect(coupon.getByText('Invalid code')).toBeVisible({ timeout: 30_000 });
      await expectNoAxeViolations(page, 'checkout, invalid coupon');

      // $5 off from $25: a Classic Burger ($9.49) is not enough.
      await addCoupon(page, 'SAVE5');
      await expect(
        coupon.getByText('This coupon is valid, but it doesn’t apply any discounts to your selected items'),
      ).toBeVisible({ timeout: 30_000 });
      await expect(totalsRow(page, 'Discounts')).toHaveCount(0);
      await coupon.getByRole('button', { name: 'Remove coupon SAVE5' }).click();
      await expect(coupon.getByRole('textbox', { name: 'Coupon code' })).toBeVisible();

      // 10% off: $0.95 of $9.49, taken before tax.
      await addCoupon(page, 'welcome10');
      await expect(coupon.getByText(/welcome10 applied: -\$0\.95/)).toBeVisible({ timeout: 30_000 });
      await expect(totalsRow(page, 'Discounts')).toBeVisible();
      await expect(totalsRow(page, 'Tax')).toBeVisible();
      await expectNoAxeViolations(page, 'checkout, applied coupon');

      // Leaving checkout for the menu removes every discount.
      await page.getByRole('link', { name: 'Back to Menu' }).click();
      await expect(page).toHaveURL(/\/1\/menu$/);
      await expect
        .poll(
          async () => {
            await page.goto('/checkout');
            return page.getByRole('group', { name: 'Coupon' }).getByRole('textbox').count();
          },
          { timeout: 20_000 },
        )
        .toBe(1);
      await expect(totalsRow(page, 'Discounts')).toHaveCount(0);
    });

    test(`a catering order carries its 10% service charge in checkout's totals (${name})`, async ({
      page,
    }) => {
      await checkoutWith(page, '/1/catering', 'Burger Box for 10');
      await expect(totalsRow(page, 'Service Charge')).toBeVisible();
      const row = totalsRow(page, 'Service Charge').locator('xpath=..');
      // $149.00 x 10% = $14.90
      await expect(row).toContainText('14.90');
      await expectNoAxeViolations(page, 'checkout, catering service charge');
    });
  });
}

test('a placed order with a coupon shows its discount in the Order Confirmation totals (desktop)', async ({
  page,
  context,
  baseURL,
}) => {
  // A guest of this run only: Pay at the Store counts open unpaid orders per phone, e-mail and client address
  // (the test runner plays the load balancer in front of the storefront: TRUST_PROXY_HOPS=1).
  const address = `198.51.100.${randomInt(1, 255)}`;
  const storefront = new URL(baseURL ?? '').origin;
  await context.route(
    (url) => url.origin === storefront,
    (route) => route.continue({ headers: { ...route.request().headers(), 'x-forwarded-for': address } }),
  );
  const digits = String(randomInt(0, 10_000)).padStart(4, '0');
  await checkoutWith(page, '/8/menu', 'Classic Burger');
  const coupon = await addCoupon(page, 'WELCOME10');
  await expect(coupon.getByText(/WELCOME10 applied: -\$0\.95/i)).toBeVisible({ timeout: 30_000 });
  await fillContact(page, {
    firstName: 'Cora',
    lastName: 'Coupon',
    phone: `(202) 555-${digits}`,
    email: `cora-${digits}-${randomInt(0, 1_000_000)}@example.com`,
  });
  await page.getByRole('button', { name: 'Confirm Order' }).click();
  const picker = page.getByRole('dialog', { name: 'Select Payment Method' });
  await picker.getByRole('radio', { name: /Pay at the store/i }).check();
  await picker.getByRole('button', { name: 'Place Order' }).click();
  await page.waitForURL(/\/order-tracking\?oid=\d+&tk=/, { timeout: 30_000 });

  await page.goto('/confirmation');
  await expect(page.getByRole('heading', { level: 1, name: 'Order Confirmation' })).toBeVisible();
  await expect(totalsRow(page, 'Items').locator('xpath=..')).toContainText('$9.49');
  await expect(totalsRow(page, 'Discounts').locator('xpath=..')).toContainText('0.95');
  await expect(totalsRow(page, 'Tax')).toBeVisible();
  await expectNoAxeViolations(page, 'order confirmation with a coupon');
});
