import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { ACCESS_TOKEN_COOKIE, CLIENT_TYPE_COOKIE, ORDER_COOKIE } from '../lib/cookies';
import { expectNoAxeViolations } from './pages/axe';
import { API_URL } from './pages/kitchen-h5';
import { PaymentPage } from './pages/payment-page';

/**
 * Issue 25, the payment page's schedule-order modal: 'Change' beside the ready time opens 'Pickup Time' (513 px
 * high on a desktop, 612 px on a phone), 'Save changes' puts a later time on the order, the page shows it, and
 * the card payment started before the change still pays; tracking then shows the scheduled time.
 */

const PHONE = { width: 412, height: 915 };
const STORE = 1;

async function call<T>(api: APIRequestContext, path: string, token: string | null, init: object = {}) {
  const res = await api.fetch(`${API_URL}/v1/${path}`, {
    ...init,
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
  const body = (await res.json()) as { value: T };
  expect(res.ok(), `${path}: ${JSON.stringify(body)}`).toBe(true);
  return body.value;
}

/**
 * The state checkout's 'Confirm Order' leaves (covered by the checkout journeys), made through the API as the
 * storefront makes it: a web guest's order at the 24/7 store with four Fresh Lemonades, the contact and walk-in
 * pickup; the browser then carries that guest's session and order, and /payment opens.
 */
async function openPaymentWithOrder(page: Page) {
  const api = page.request;
  const token = await call<{ accessToken: string; appType: number }>(api, 'oauth/token', null, {
    method: 'POST',
    data: { clientId: 'web', clientSecret: 'web-demo-secret' },
  });
  const menu = await call<{ snapshotId: number; menuId: number }>(
    api,
    `sales/menus?locationId=${STORE}`,
    token.accessToken,
  );
  const order = await call<{ id: number }>(api, 'sales/orders', token.accessToken, {
    method: 'POST',
    data: { menuSnapshotId: menu.snapshotId, fulfillmentMethod: 1 },
  });
  const base = `sales/orders/${order.id}`;
  await call(api, `${base}/bulk-items`, token.accessToken, {
    method: 'POST',
    data: { items: [{ itemPathKey: `${menu.menuId}-40-402`, quantity: 4 }] },
  });
  await call(api, `${base}/contact-information`, token.accessToken, {
    method: 'PATCH',
    data: { firstName: 'Grace', lastName: 'Hopper', phone: '(202) 555-0177', email: 'grace@example.com' },
  });
  await call(api, `${base}/pickup-data`, token.accessToken, { method: 'PUT', data: { pickupOption: 0 } });
  const url = test.info().project.use.baseURL ?? '';
  await page.context().addCookies([
    { name: ACCESS_TOKEN_COOKIE, value: token.accessToken, url },
    { name: CLIENT_TYPE_COOKIE, value: String(token.appType), url },
    { name: ORDER_COOKIE, value: JSON.stringify({ orderId: order.id, locationId: STORE }), url },
  ]);
  await page.goto('/payment');
  await expect(page.getByRole('heading', { level: 1, name: 'Make your payment' })).toBeVisible();
  await expect(page.getByText(/^Ready: ASAP \(about \d+ mins\)$/)).toBeVisible();
}

/** 'Change pickup time' (from the keyboard), 'Schedule for later' and the fourth time of the first day offered. */
async function scheduleLater(page: Page, height: number) {
  const change = page.getByRole('button', { name: 'Change pickup time' });
  await change.focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Pickup Time' });
  await expect(dialog).toBeVisible();
  expect((await dialog.boundingBox())?.height).toBe(height);
  await dialog.getByRole('radio', { name: 'Schedule for later' }).check();
  const save = dialog.getByRole('button', { name: 'Save changes' });
  // Scheduled without a time is not a schedule yet.
  await expect(save).toBeDisabled();
  const time = dialog.getByLabel('Time');
  await expect(time).toBeEnabled();
  await expect(time.locator('option')).not.toHaveCount(1);
  const options = await time.locator('option').allTextContents();
  // Past 'Select a time': the fourth slot, 45 minutes after the first (or the last one on a short day).
  const label = options[Math.min(4, options.length - 1)] ?? '';
  await time.selectOption({ label });
  await expectNoAxeViolations(page, 'Pickup Time modal');
  await save.click();
  await expect(dialog).toBeHidden();
  await expect(change).toBeFocused();
  // '2:30 pm' in the modal is 'Thu 11/26 2:30 PM' on the page.
  const clock = label.toUpperCase();
  await expect(page.getByText(/^Ready: /)).toContainText(clock);
  return clock;
}

test('a later pickup time chosen on the payment page is on the order that is paid and tracked', async ({
  page,
}) => {
  await openPaymentWithOrder(page);
  const payment = new PaymentPage(page);
  // The card payment starts with the page; the time changes while it is pending.
  await expect(payment.frame.getByLabel('Card number')).toBeVisible();
  const clock = await scheduleLater(page, 513);
  await expectNoAxeViolations(page, 'payment page after a time change');

  await payment.enterCard('4242 4242 4242 4242');
  await payment.pay();
  await page.waitForURL(/\/order-tracking\?oid=\d+&tk=/, { timeout: 30_000 });
  await expect(page.getByTestId('order-eta')).toContainText(`Ready at`);
  await expect(page.getByTestId('order-eta')).toContainText(clock);
});

test.describe('on a phone', () => {
  test.use({ viewport: PHONE, isMobile: true, hasTouch: true });

  test('the Pickup Time modal is 612 px high and a dismissed change leaves the time as it was', async ({
    page,
  }) => {
    await openPaymentWithOrder(page);
    const change = page.getByRole('button', { name: 'Change pickup time' });
    await change.click();
    const dialog = page.getByRole('dialog', { name: 'Pickup Time' });
    await expect(dialog).toBeVisible();
    expect((await dialog.boundingBox())?.height).toBe(612);
    await expect(dialog.getByRole('radio', { name: /^ASAP \(about \d+ mins\)$/ })).toBeChecked();
    await dialog.getByRole('radio', { name: 'Schedule for later' }).check();
    await expect(dialog.getByLabel('Time')).toBeEnabled();
    await expectNoAxeViolations(page, 'Pickup Time modal (phone)');
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(change).toBeFocused();
    await expect(page.getByText(/^Ready: ASAP \(about \d+ mins\)$/)).toBeVisible();

    // Saved, the new time is on the page; Place Order is still in the first screen.
    await scheduleLater(page, 612);
    const placeBox = await new PaymentPage(page).placeOrder.boundingBox();
    expect((placeBox?.y ?? 0) + (placeBox?.height ?? 0)).toBeLessThanOrEqual(PHONE.height);
  });
});
