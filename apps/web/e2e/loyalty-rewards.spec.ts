import { randomInt, randomUUID } from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';
import { SignJWT } from 'jose';
import { expectNoAxeViolations } from './pages/axe';
import { fillContact } from './pages/checkout-form';
import { ItemPage } from './pages/item-page';
import { call, placeGuestOrder } from './pages/kitchen-h5';
import { browserSession } from './pages/payment-api';
import { PaymentPage } from './pages/payment-page';
import { skipPromoPopup, waitForPromoReset } from './pages/promo-popup';
import { accountMenuButton } from './pages/session-dialogs';
import { scheduleIfStoreClosed, StorePage } from './pages/store-page';

/**
 * Rewards at checkout (issue 33): a loyalty member signs in through the brand app's security_token, an order
 * placed earlier (set up over the API, as the staff completes it) earns points, and the next order picks the
 * member's first Amount reward, switches to custom points (digits only: '0' is refused), goes to /payment with
 * them, switches there to the $5 reward (the payment page's Rewards part) and is placed with it: My account's
 * Rewards shows the points earned and the points held. axe on every step; phone and desktop.
 */
test.describe.configure({ timeout: 240_000 });

/** The API's secret in the journeys (playwright.config.ts): what the brand's app would sign with. */
const E2E_LOYALTY_SSO_SECRET = 'e2e-loyalty-sso-secret-not-for-production-use';
const STAFF = { 'x-staff-key': 'e2e-staff-key' };

function mintSecurityToken(claims: { sub: string; email: string; given_name: string }) {
  return new SignJWT({ email: claims.email, given_name: claims.given_name, family_name: 'Loyal' })
    .setProtectedHeader({ alg: 'HS256' })
    .setIssuer('capital-kitchen-app')
    .setAudience('storefront')
    .setSubject(claims.sub)
    .setIssuedAt()
    .setExpirationTime('5m')
    .setJti(randomUUID())
    .sign(new TextEncoder().encode(E2E_LOYALTY_SSO_SECRET));
}

/** The totals row named `label` of the checkout summary. */
function totalsRow(page: Page, label: string) {
  return page.getByRole('term').filter({ hasText: new RegExp(`^${label}$`) });
}

for (const [layout, use] of [
  ['desktop', { viewport: { width: 1280, height: 800 } }],
  ['phone', { viewport: { width: 412, height: 915 }, isMobile: true, hasTouch: true }],
] as const) {
  test.describe(layout, () => {
    test.use(use);

    test(`${layout}: a member earns points on a completed order, then redeems a reward and custom points`, async ({
      page,
    }) => {
      // A member new to the storefront (no points yet), signed in by the brand's app.
      const email = `member-${randomUUID()}@example.com`;
      const token = await mintSecurityToken({ sub: `member-${randomUUID()}`, email, given_name: 'Robin' });
      await page.goto(`/search-locations?security_token=${token}`);
      await expect(accountMenuButton(page)).toHaveText('Hi, Robin');
      await waitForPromoReset(page);

      // An earlier order of the member: 20 Fresh Lemonades ($69.80) placed over the API and completed by the
      // kitchen: 69 whole dollars at 10 points per dollar.
      const { token: session } = await browserSession(page);
      const earlier = await placeGuestOrder(page.request, {
        locationId: 1,
        firstName: 'Robin',
        quantity: 20,
        email,
        session,
      });
      for (const statusId of [2, 3, 4]) {
        await call(page.request, 'POST', `/v1/staff/orders/${earlier}/status`, null, { statusId }, STAFF);
      }
      await page.goto('/my-account/rewards');
      await expect(page.getByTestId('points-balance')).toHaveText('690');
      await expect(page.getByRole('list', { name: 'Points history' }).getByText('+690 points')).toBeVisible();

      // The next order: a Classic Burger ($9.49) at checkout.
      await skipPromoPopup(page);
      await page.goto('/1/menu');
      await scheduleIfStoreClosed(page);
      await new StorePage(page).openItem('Classic Burger');
      await new ItemPage(page).add();
      await expect(page).toHaveURL(/\/1\/menu$/);
      await page.goto('/checkout');
      await expect(page.getByRole('heading', { level: 1, name: 'Checkout' })).toBeVisible();
      const rewards = page.getByRole('group', { name: 'Rewards' });
      await expect(rewards.getByText('You have 690 points ($6.90)')).toBeVisible();
      // Not a loyalty login (the demo's customer-account login): the first Amount reward is picked.
      await expect(rewards.getByRole('radio', { name: /\$5 Off Your Order/ })).toBeChecked();
      await expect(rewards.getByText(/\$5 Off Your Order applied: -\$5\.00/)).toBeVisible({
        timeout: 30_000,
      });
      await expect(totalsRow(page, 'Discounts').locator('xpath=..')).toContainText('5.00');
      await expect(rewards.getByRole('radio', { name: /\$10 Off Your Order/ })).toBeDisabled();
      await expectNoAxeViolations(page, `checkout, reward picked (${layout})`);

      // Custom points instead: '0' is refused, 250 points take $2.50 off.
      await rewards.getByRole('radio', { name: /Custom points/ }).check();
      const points = rewards.getByRole('textbox', { name: 'Points to redeem' });
      await points.fill('0');
      await rewards.getByRole('button', { name: 'Apply' }).click();
      await expect(rewards.getByText('Only positive non-decimal numbers are allowed')).toBeVisible();
      await points.fill('250');
      await rewards.getByRole('button', { name: 'Apply' }).click();
      await expect(rewards.getByText(/250 points applied: -\$2\.50/)).toBeVisible({ timeout: 30_000 });
      await expect(rewards.getByRole('button', { name: 'Edit' })).toBeVisible();
      await expect(totalsRow(page, 'Discounts').locator('xpath=..')).toContainText('2.50');
      await expectNoAxeViolations(page, `checkout, custom points (${layout})`);

      // Paid by card with the custom points: the payment page's totals carry them, and the 250 points are held.
      await fillContact(page, {
        firstName: 'Robin',
        lastName: 'Loyal',
        phone: `(202) 555-${String(randomInt(0, 10_000)).padStart(4, '0')}`,
        email,
      });
      await page.getByRole('button', { name: 'Confirm Order' }).click();
      await expect(page).toHaveURL(/\/payment$/);
      await expect(totalsRow(page, 'Discounts').locator('xpath=..')).toContainText('2.50');
      // The payment page's Discounts section has the Rewards part too: the custom points are on, and the member
      // changes their mind there for the $5 reward; the totals and the card's amount follow.
      const discounts = page.getByRole('region', { name: 'Discounts' });
      const payRewards = discounts.getByRole('group', { name: 'Rewards' });
      await expect(payRewards.getByText('You have 690 points ($6.90)')).toBeVisible();
      await expect(payRewards.getByRole('radio', { name: /Custom points/ })).toBeChecked();
      await expect(payRewards.getByText(/250 points applied: -\$2\.50/)).toBeVisible();
      await expectNoAxeViolations(page, `payment, custom points (${layout})`);
      await payRewards.getByRole('radio', { name: /\$5 Off Your Order/ }).check();
      await expect(payRewards.getByText(/\$5 Off Your Order applied: -\$5\.00/)).toBeVisible({
        timeout: 30_000,
      });
      await expect(totalsRow(page, 'Discounts').locator('xpath=..')).toContainText('5.00');
      await expectNoAxeViolations(page, `payment, reward switched (${layout})`);
      // Placing checks the card payment matches the order's new total (21044 otherwise).
      const payment = new PaymentPage(page);
      await payment.enterCard('4242 4242 4242 4242');
      await payment.pay();
      await page.waitForURL(/\/order-tracking\?oid=\d+&tk=/, { timeout: 30_000 });

      await page.goto('/my-account/rewards');
      await expect(page.getByTestId('points-balance')).toHaveText('190');
      const history = page.getByRole('list', { name: 'Points history' });
      await expect(history.getByText('Held for an order')).toBeVisible();
      await expect(history.getByText('−500 points')).toBeVisible();
      await expectNoAxeViolations(page, `My account Rewards after redeeming (${layout})`);
    });
  });
}
