import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { expectNoAxeViolations } from './pages/axe';
import { fillContact } from './pages/checkout-form';
import { ItemPage } from './pages/item-page';
import { call } from './pages/kitchen-h5';
import { MAILBOX_ORIGIN } from './pages/mailbox';
import { PaymentPage } from './pages/payment-page';
import { skipPromoPopup } from './pages/promo-popup';
import { StorePage } from './pages/store-page';

/**
 * Issue 34, order notifications: a guest who turns on 'Text me updates about my order (SMS)' on the payment page
 * and pays gets the e-mail receipt at once and, when the kitchen marks the order ready, a text with the tracking
 * link, both read in the development mailbox as the guest reads their inbox and phone. The kitchen's part is the
 * staff API (as the kitchen screen calls it). Dupont Circle (1) is open around the clock.
 */

const STAFF = { 'x-staff-key': 'e2e-staff-key' };
const PHONE_VIEWPORT = { width: 412, height: 915 };

/** A guest of this run only: the mailbox is read by their own phone and e-mail. */
function uniqueGuest() {
  const n = (max: number) => Math.floor(Math.random() * max);
  const exchange = 200 + n(800);
  const line = String(n(10_000)).padStart(4, '0');
  const tag = `${Date.now().toString(36)}${n(1_000)}`;
  return {
    firstName: 'Grace',
    lastName: 'Hopper',
    phone: `(202) ${exchange}-${line}`,
    e164: `+1202${exchange}${line}`,
    email: `grace-${tag}@example.com`,
  };
}
type Guest = ReturnType<typeof uniqueGuest>;

/** One Classic Burger at Dupont Circle, checkout's contact, Confirm Order: the payment page. */
async function reachPayment(page: Page, guest: Guest) {
  await skipPromoPopup(page);
  await page.goto('/1/menu');
  await new StorePage(page).openItem('Classic Burger');
  await new ItemPage(page).add();
  await expect(page.getByRole('heading', { level: 1, name: 'Classic Burger' })).toBeHidden();
  await page.goto('/checkout');
  await expect(page.getByRole('heading', { level: 1, name: 'Checkout' })).toBeVisible();
  await fillContact(page, guest);
  await page.getByRole('button', { name: 'Confirm Order' }).click();
  await expect(page).toHaveURL(/\/payment$/);
}

/**
 * The newest message headed `heading` in the mailbox filtered to `to`, opened in a tab of its own once the outbox
 * worker has written it (the page is reloaded until it is there). The caller closes the tab.
 */
async function openMessage(context: BrowserContext, to: string, heading: string) {
  const mailbox = await context.newPage();
  const message = mailbox
    .getByRole('article')
    .filter({ has: mailbox.getByRole('heading', { name: heading }) })
    .first();
  await expect(async () => {
    await mailbox.goto(`${MAILBOX_ORIGIN}/mailbox?to=${encodeURIComponent(to)}`);
    await expect(message).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 30_000 });
  return { mailbox, message };
}

/** The kitchen moves the order on once (Received -> Preparing -> Ready), as its screen's button does. */
async function kitchenAdvances(page: Page, orderId: number, statusId: number) {
  await call(page.request, 'POST', `/v1/staff/orders/${orderId}/status`, null, { statusId }, STAFF);
}

async function optInPayAndGetTexted(page: Page, context: BrowserContext, label: string) {
  const guest = uniqueGuest();
  await reachPayment(page, guest);

  // Opt in on the payment page, then pay by card.
  const toggle = page.getByRole('switch', { name: /Text me updates about my order \(SMS\)/ });
  await expect(toggle).toHaveAttribute('aria-checked', 'false');
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-checked', 'true');
  await expectNoAxeViolations(page, `payment, texts turned on (${label})`);
  const payment = new PaymentPage(page);
  await payment.enterCard('4242 4242 4242 4242');
  await payment.pay();
  await page.waitForURL(/\/order-tracking\?oid=\d+&tk=/, { timeout: 30_000 });
  const orderId = Number(new URL(page.url()).searchParams.get('oid'));
  const number = String(orderId % 10_000).padStart(4, '0');

  // The receipt is in the guest's inbox as soon as the order is placed: store, item, total, tracking link.
  const receipt = await openMessage(context, guest.email, `Capital Kitchen receipt for order #${number}`);
  const receiptText = receipt.message.locator('pre');
  await expect(receiptText).toContainText('Thanks for ordering with Capital Kitchen, Grace!');
  await expect(receiptText).toContainText('Capital Kitchen - Dupont Circle, 1350 Connecticut Ave NW');
  await expect(receiptText).toContainText(/1 x Classic Burger {2}\$\d+\.\d\d/);
  await expect(receiptText).toContainText(/Total: \$\d+\.\d\d/);
  await expect(
    receipt.message.getByRole('link', { name: new RegExp(`/order-tracking\\?oid=${orderId}&tk=`) }),
  ).toBeVisible();
  await receipt.mailbox.close();

  // No text before the order is ready.
  await kitchenAdvances(page, orderId, 2);
  await kitchenAdvances(page, orderId, 3);

  // Ready: the text with the order number, the store and the link, which opens the order's tracking page.
  const text = await openMessage(context, guest.e164, 'Order ready');
  await expect(text.message.locator('pre')).toContainText(
    `Capital Kitchen: order #${number} is hot and ready at Capital Kitchen - Dupont Circle. Track it: `,
  );
  await expect(text.message.getByRole('heading', { name: 'Order running late' })).toHaveCount(0);
  await text.message.getByRole('link', { name: new RegExp(`/order-tracking\\?oid=${orderId}&tk=`) }).click();
  await expect(text.mailbox).toHaveURL(new RegExp(`/order-tracking\\?oid=${orderId}&tk=`));
  await expect(text.mailbox.getByText('Ready for Pickup').first()).toBeVisible();
  await expectNoAxeViolations(text.mailbox, `tracking from the text (${label})`);
  await text.mailbox.close();
}

test.describe('on a phone', () => {
  test.use({ viewport: PHONE_VIEWPORT, isMobile: true, hasTouch: true });

  test('opted in on /payment: the receipt after placing, the ready text with the tracking link', async ({
    page,
    context,
  }) => {
    await optInPayAndGetTexted(page, context, 'phone');
  });
});

test('opted in on /payment: the receipt after placing, the ready text with the tracking link (desktop)', async ({
  page,
  context,
}) => {
  await optInPayAndGetTexted(page, context, 'desktop');
});
